package lint

import (
	"fmt"
	"strconv"

	"github.com/relurl/relurl/ast"
	"github.com/relurl/relurl/lint/internal/suggest"
)

// Level is what a configuration sets a rule or a family to: off, or on
// with a severity.
type Level uint8

// The levels. The zero Level is none.
const (
	LevelOff Level = iota + 1
	LevelError
	LevelWarning
	LevelInfo
)

// levelNames are the names [ParseLevel] reads.
var levelNames = []string{"off", "error", "warning", "info"}

// ParseLevel reads "off", "error", "warning" or "info".
func ParseLevel(s string) (Level, error) {
	if s == "off" {
		return LevelOff, nil
	}
	sev, err := ast.ParseSeverity(s)
	if err != nil {
		return 0, fmt.Errorf("%s is not off, error, warning or info%s", ast.Quote(s, 0), suggest.Phrase(suggest.Closest(s, levelNames), nil))
	}
	return levelOf(sev), nil
}

func levelOf(sev ast.Severity) Level {
	switch sev {
	case ast.SeverityError:
		return LevelError
	case ast.SeverityWarning:
		return LevelWarning
	}
	return LevelInfo
}

// Severity returns the severity a level turns a rule on with, and false
// for LevelOff (or the zero Level).
func (l Level) Severity() (ast.Severity, bool) {
	switch l {
	case LevelError:
		return ast.SeverityError, true
	case LevelWarning:
		return ast.SeverityWarning, true
	case LevelInfo:
		return ast.SeverityInfo, true
	}
	return 0, false
}

// String returns "off", "error", "warning" or "info".
func (l Level) String() string {
	if l == LevelOff {
		return "off"
	}
	if sev, ok := l.Severity(); ok {
		return sev.String()
	}
	return "Level(" + strconv.Itoa(int(l)) + ")"
}

// MarshalText spells the level as [Level.String] does.
func (l Level) MarshalText() ([]byte, error) { return []byte(l.String()), nil }

// UnmarshalText reads a level as [ParseLevel] does.
func (l *Level) UnmarshalText(text []byte) error {
	v, err := ParseLevel(string(text))
	if err != nil {
		return err
	}
	*l = v
	return nil
}
