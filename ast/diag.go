package ast

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Severity ranks a diagnostic. Only error-severity diagnostics make a URL
// invalid. The zero Severity is no severity at all: a value that was never
// set, which [Severity.MarshalText] refuses.
type Severity uint8

const (
	// SeverityError marks input outside the §2.2 language.
	SeverityError Severity = iota + 1
	// SeverityWarning marks valid input that is likely a mistake.
	SeverityWarning
	// SeverityInfo marks valid input worth knowing about.
	SeverityInfo
)

// String returns "error", "warning" or "info", and "Severity(N)" for any
// other value.
func (s Severity) String() string {
	switch s {
	case SeverityError:
		return "error"
	case SeverityWarning:
		return "warning"
	case SeverityInfo:
		return "info"
	}
	return "Severity(" + strconv.Itoa(int(s)) + ")"
}

// Valid reports whether s is one of the three severities.
func (s Severity) Valid() bool { return s >= SeverityError && s <= SeverityInfo }

// MarshalText spells the severity as [Severity.String] does. It fails for
// a value that is not one of the three severities.
func (s Severity) MarshalText() ([]byte, error) {
	if !s.Valid() {
		return nil, fmt.Errorf("%v is not error, warning or info", s)
	}
	return []byte(s.String()), nil
}

// UnmarshalText reads a severity as [ParseSeverity] does.
func (s *Severity) UnmarshalText(text []byte) error {
	v, err := ParseSeverity(string(text))
	if err != nil {
		return err
	}
	*s = v
	return nil
}

// ParseSeverity reads "error", "warning" or "info", in any case; "note",
// SARIF's name for info, is info too.
func ParseSeverity(s string) (Severity, error) {
	for v := SeverityError; v <= SeverityInfo; v++ {
		if strings.EqualFold(s, v.String()) {
			return v, nil
		}
	}
	if strings.EqualFold(s, "note") {
		return SeverityInfo, nil
	}
	return 0, fmt.Errorf("severity %q: want error, warning or info", s)
}

// Rule ids of the syntax diagnostics. An id names the production whose rule
// was broken, then the kind of breakage; ids are stable across releases.
const (
	// RuleEscapeMalformed: "%" not followed by two hex digits (escape = "%" hex hex).
	RuleEscapeMalformed = "escape/malformed"
	// RuleNetLocChar: a character net_loc = *( pchar | ";" | "?" ) does not allow.
	RuleNetLocChar = "net_loc/char"
	// RuleFsegmentChar: a character fsegment = 1*pchar does not allow.
	RuleFsegmentChar = "fsegment/char"
	// RuleSegmentChar: a character segment = *pchar does not allow.
	RuleSegmentChar = "segment/char"
	// RuleParamChar: a character param = *( pchar | "/" ) does not allow.
	RuleParamChar = "param/char"
	// RuleQueryChar: a character query = *( uchar | reserved ) does not allow.
	RuleQueryChar = "query/char"
	// RuleFragmentChar: a character fragment = *( uchar | reserved ) does not allow.
	RuleFragmentChar = "fragment/char"
	// RuleFragmentHash: a second "#", inside the fragment.
	RuleFragmentHash = "fragment/hash"
	// RuleNetPathEmptySegment: a relative "//" net_loc followed by "//": the
	// abs_path of a net_path cannot begin with an empty segment.
	RuleNetPathEmptySegment = "net_path/empty-segment"
	// RuleGrammar: the reference parser's error; it names no finer rule.
	RuleGrammar = "URL/syntax"
	// RuleTooLong: an input longer than a reader's documented limit.
	RuleTooLong = "URL/too-long"
	// RuleTooManyErrors: the last diagnostic of a URL that has more than
	// a reader's documented maximum (validate.MaxDiagnostics); it says how
	// many more there were, and spans them.
	RuleTooManyErrors = "URL/too-many-errors"
)

// Diagnostic is relurl's one error and diagnostic type: a finding about
// the input bytes [Offset, End).
type Diagnostic struct {
	// Offset and End delimit the offending text, in bytes from the start
	// of the input.
	Offset, End int
	// Production is the §2.2 production whose rule was broken, spelled as
	// the RFC spells it ("net_loc", "fsegment", "escape").
	Production string
	// Text is the offending text, input[Offset:End].
	Text string
	// Message says what is wrong, in lower case, without trailing
	// punctuation.
	Message string
	// Rule is the diagnostic's stable id, such as "escape/malformed".
	Rule string
	// Severity ranks the finding.
	Severity Severity
}

// Error returns the diagnostic on one line: "offset N: production: message".
func (d *Diagnostic) Error() string {
	return "offset " + strconv.Itoa(d.Offset) + ": " + d.Production + ": " + d.Message
}

// Caret renders the diagnostic under the input it was found in: the input
// on one line, with bytes that would not print shown as Go escapes (\x00,
// \u00e9), and a line of "^" under the offending text. An input longer than
// about 72 columns is cut to a window around the offending text, and an
// offending text longer than [QuoteWindow] bytes is shown by its first
// QuoteWindow bytes and a "…" marked "^", so that the view is short
// however long the run (a megabyte of invalid UTF-8 is one diagnostic).
func (d *Diagnostic) Caret(input string) string {
	const context = 32
	start, end := d.Offset, d.End
	if start < 0 || start > len(input) {
		start = len(input)
	}
	if end < start || end > len(input) {
		end = start
	}
	cut := false
	if end-start > QuoteWindow {
		cut, end = true, start+QuoteWindow
		for end > start && !utf8.RuneStart(input[end]) {
			end--
		}
	}
	from, to := max(0, start-context), min(len(input), end+context)
	if cut {
		to = end
	}
	for from > 0 && !utf8.RuneStart(input[from]) {
		from--
	}
	for to < len(input) && !utf8.RuneStart(input[to]) {
		to++
	}
	var line, marks strings.Builder
	if from > 0 {
		line.WriteString("…")
		marks.WriteByte(' ')
	}
	for i := from; i < to; {
		r, n := utf8.DecodeRuneInString(input[i:])
		var shown string
		switch {
		case r == utf8.RuneError && n <= 1:
			shown = fmt.Sprintf(`\x%02x`, input[i])
		case r < 0x20 || r == 0x7f:
			shown = fmt.Sprintf(`\x%02x`, r)
		case r >= 0x80 && !strconv.IsPrint(r):
			shown = fmt.Sprintf(`\u%04x`, r)
		default:
			shown = input[i : i+n]
		}
		line.WriteString(shown)
		mark := " "
		if i >= start && i < end {
			mark = "^"
		}
		if start == end && i == start {
			// A point: one caret under the first column of the
			// character it stands before.
			marks.WriteByte('^')
			marks.WriteString(strings.Repeat(" ", utf8.RuneCountInString(shown)-1))
		} else {
			marks.WriteString(strings.Repeat(mark, utf8.RuneCountInString(shown)))
		}
		i += n
	}
	if start == end && start >= to {
		marks.WriteByte('^') // a point at the end of the input
	}
	if to < len(input) {
		line.WriteString("…")
		if cut {
			marks.WriteByte('^')
		}
	}
	return line.String() + "\n" + strings.TrimRight(marks.String(), " ")
}

// Diagnostics is a list of diagnostics, in order of offset. Like
// go/scanner.ErrorList, its [Diagnostics.Err] is nil when the list holds
// no error.
type Diagnostics []Diagnostic

// Err returns the list as an error if it holds any error-severity
// diagnostic, and nil (never a typed nil) otherwise.
func (l Diagnostics) Err() error {
	if l.HasErrors() {
		return l
	}
	return nil
}

// HasErrors reports whether any diagnostic has error severity.
func (l Diagnostics) HasErrors() bool {
	for i := range l {
		if l[i].Severity == SeverityError {
			return true
		}
	}
	return false
}

// First returns the first error-severity diagnostic, or nil.
func (l Diagnostics) First() *Diagnostic {
	for i := range l {
		if l[i].Severity == SeverityError {
			return &l[i]
		}
	}
	return nil
}

// Error returns the first diagnostic's message, and how many more follow.
func (l Diagnostics) Error() string {
	switch len(l) {
	case 0:
		return "no diagnostics"
	case 1:
		return l[0].Error()
	}
	d := l.First()
	if d == nil {
		d = &l[0]
	}
	return d.Error() + " (and " + strconv.Itoa(len(l)-1) + " more)"
}

// Unwrap returns each diagnostic as a *Diagnostic, so that errors.As finds
// them through any error that wraps the list.
func (l Diagnostics) Unwrap() []error {
	errs := make([]error, len(l))
	for i := range l {
		errs[i] = &l[i]
	}
	return errs
}
