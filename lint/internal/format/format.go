package format

import (
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/relurl/relurl/lint/internal/lint"
	"github.com/relurl/relurl/lint/internal/report"
)

// Options says how a format writes.
type Options struct {
	// Verbose makes the text format show, under each finding, its line
	// with a caret under the offending text, and the suggested fix.
	Verbose bool
	// Color makes the text format colour the severities and rule ids with
	// ANSI escapes (decision U-6): for a terminal.
	Color bool
	// Faults makes the text format write each fault once, with how many
	// findings it has, instead of every finding ([Text]).
	Faults bool
	// Repeats, when not nil, is where the text format writes, at its end,
	// the faults repeated most, coloured when RepeatsColor says so; nil
	// is where it writes the findings, coloured as they are. relurl lint
	// writes them on standard error, with its summary, so that standard
	// output holds the findings alone, a line each.
	Repeats      io.Writer
	RepeatsColor bool
	// Root is the directory SARIF file URIs are made relative to, the root
	// of the repository the log is uploaded for; "" leaves them as they
	// are.
	Root string
	// Version is the tool's version, for SARIF; "" leaves it out.
	Version string
	// Warn, when not nil, is told what a reader of the output should know
	// that the output cannot say: that GitHub code scanning keeps only the
	// first 25 000 results of a SARIF run.
	Warn func(msg string)
}

// formats are the formats by name, in the order they are documented.
var formats = []struct {
	name string
	make func(w io.Writer, opts Options) report.Reporter
}{
	{"text", func(w io.Writer, opts Options) report.Reporter { return NewText(w, opts) }},
	{"json", func(w io.Writer, _ Options) report.Reporter { return NewJSON(w) }},
	{"sarif", func(w io.Writer, opts Options) report.Reporter { return NewSARIF(w, opts) }},
	{"github", func(w io.Writer, opts Options) report.Reporter { return NewGitHub(w, opts) }},
}

// Names returns the names of the formats: "text", "json", "sarif",
// "github".
func Names() []string {
	names := make([]string, len(formats))
	for i, f := range formats {
		names[i] = f.name
	}
	return names
}

// New returns the format called name, writing to w.
func New(name string, w io.Writer, opts Options) (report.Reporter, error) {
	for _, f := range formats {
		if f.name == name {
			return f.make(w, opts), nil
		}
	}
	return nil, fmt.Errorf("%q: want %s", name, orList(Names()))
}

// orList spells names as "a, b or c".
func orList(names []string) string {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// Write writes findings with the format rep, as the report of one run
// over one file: Start with rules, File, End.
func Write(rep report.Reporter, rules []lint.Setting, findings []lint.Finding) error {
	if err := rep.Start(rules); err != nil {
		return err
	}
	if err := rep.File(&report.FileResult{Findings: findings}); err != nil {
		return err
	}
	return rep.End(&report.Summary{Files: 1})
}

// Window sizes of the output formats, so that output stays bounded by the
// input whatever it holds: a 10 MB URL with 20 findings writes 20 windows,
// not 200 MB.
const (
	// URLWindow is the most bytes of a finding's URL the JSON format
	// writes: a longer URL is cut to a window around the offending text,
	// marked "url_cut".
	URLWindow = 1024
	// TextWindow is the most bytes of a finding's offending text the JSON
	// format writes: a longer text is cut to its first TextWindow bytes,
	// marked "text_cut", as relurl parse --json cuts a diagnostic's text.
	TextWindow = 64
)

// window returns s cut to at most size bytes around the offset at, on
// rune boundaries, and whether it was cut.
func window(s string, at, size int) (string, bool) {
	if len(s) <= size {
		return s, false
	}
	at = max(0, min(at, len(s)))
	from := max(0, at-size/4)
	to := min(len(s), from+size)
	from = max(0, to-size)
	for from > 0 && !utf8.RuneStart(s[from]) {
		from++
	}
	for to < len(s) && to > from && !utf8.RuneStart(s[to]) {
		to--
	}
	return s[from:to], true
}
