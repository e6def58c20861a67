package format

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/relurl/relurl/ast"
	"github.com/relurl/relurl/lint/internal/lint"
	"github.com/relurl/relurl/lint/internal/quote"
	"github.com/relurl/relurl/lint/internal/report"
)

// Text writes findings one per line, as compilers do:
//
//	file:line:col: severity: message [rule]
//
// with line and column counted from 1, the column in bytes. Verbose adds,
// under each, the line with a caret under the offending text, for a
// portability finding the URL's three readings ([lint.Finding.ReadingsTable]),
// and the suggested fix; when the linter computes fixes, the URL its
// automatic fix writes, or why there is none, and the suggestions.
//
// Every file name, URL and message is written through [Safe]. With
// [Options.Color], the place is bold and the severity and the rule id
// coloured, by ANSI escapes. At the end (on [Options.Repeats], when it is
// set), when some fault is met in more than one reference, it names those
// with the most findings, at most [TopFaults] of them: what is broken (a target rule's place, another rule's URL), the
// rule, how many findings and files (decision U-5). With [Options.Faults]
// it writes each fault once instead, by its first finding and its
// counts, the faults with the most findings first.
type Text struct {
	w      *bufio.Writer
	opts   Options
	faults faults
}

// TopFaults is the most faults the text format names at its end.
const TopFaults = 5

// NewText returns the text format, writing to w.
func NewText(w io.Writer, opts Options) *Text {
	return &Text{w: bufio.NewWriter(w), opts: opts, faults: faults{keep: opts.Faults}}
}

// Start does nothing: the text format has no header.
func (t *Text) Start([]lint.Setting) error { return nil }

// The ANSI escapes of the text format's colours.
const (
	ansiReset = "\x1b[0m"
	ansiBold  = "\x1b[1m"
	ansiRule  = "\x1b[36m" // cyan
)

// severityColor is the colour of a severity's name.
func severityColor(s ast.Severity) string {
	switch s {
	case ast.SeverityError:
		return "\x1b[1;31m" // bold red
	case ast.SeverityWarning:
		return "\x1b[1;33m" // bold yellow
	}
	return "\x1b[1;34m" // bold blue
}

// paint writes s in the colour c, when the format colours.
func (t *Text) paint(w *bufio.Writer, c, s string) {
	if t.opts.Color {
		w.WriteString(c)
		w.WriteString(s)
		w.WriteString(ansiReset)
		return
	}
	w.WriteString(s)
}

// File writes the file's findings; they may wait in a buffer until Flush
// or End.
func (t *Text) File(r *report.FileResult) error {
	for i := range r.Findings {
		f := &r.Findings[i]
		if t.opts.Faults {
			t.faults.add(f, func() string {
				var b bytes.Buffer
				w := bufio.NewWriter(&b)
				t.finding(w, f)
				w.Flush()
				return b.String()
			})
			continue
		}
		t.faults.add(f, nil)
		t.finding(t.w, f)
	}
	return nil
}

// finding writes one finding, and with Verbose what is under it.
func (t *Text) finding(w *bufio.Writer, f *lint.Finding) {
	t.paint(w, ansiBold, Safe(f.File)+":"+strconv.Itoa(f.Line)+":"+strconv.Itoa(f.Column)+":")
	w.WriteByte(' ')
	t.paint(w, severityColor(f.Severity), f.Severity.String())
	w.WriteString(": ")
	w.WriteString(Safe(f.Message))
	w.WriteByte(' ')
	t.paint(w, ansiRule, "["+f.Rule+"]")
	w.WriteByte('\n')
	if !t.opts.Verbose {
		return
	}
	if c := f.Caret(); c != "" {
		for line := range strings.SplitSeq(c, "\n") {
			fmt.Fprintf(w, "    %s\n", line)
		}
	}
	if r := f.ReadingsTable(); r != "" {
		for line := range strings.SplitSeq(r, "\n") {
			fmt.Fprintf(w, "      %s\n", Safe(line))
		}
	}
	if f.Fix != "" {
		fmt.Fprintf(w, "    fix: %s\n", Safe(f.Fix))
	}
	switch {
	case f.Edit != nil:
		fmt.Fprintf(w, "    automatic fix: %s\n", ast.Quote(f.Edit.URL, 0))
	case f.NoFix != "":
		fmt.Fprintf(w, "    no automatic fix (%s): %s\n", f.NoFix, Safe(f.NoFixDetail))
	}
	for _, sg := range f.Suggestions() {
		fmt.Fprintf(w, "    suggestion: %s\n", Safe(sg.Message))
	}
}

// Flush writes out what is buffered.
func (t *Text) Flush() error {
	if err := t.w.Flush(); err != nil {
		return fmt.Errorf("writing findings: %w", err)
	}
	return nil
}

// End writes each fault once (with Faults), or the faults repeated most,
// and writes out what is buffered.
func (t *Text) End(*report.Summary) error {
	if t.opts.Faults {
		for _, g := range t.faults.top(-1, 1) {
			line := strings.TrimSuffix(g.first, "\n")
			head, rest, _ := strings.Cut(line, "\n")
			fmt.Fprintf(t.w, "%s (%s)\n", head, counts(g))
			if rest != "" {
				fmt.Fprintln(t.w, rest)
			}
		}
		return t.Flush()
	}
	if err := t.Flush(); err != nil {
		return err
	}
	top := t.faults.top(TopFaults, 2)
	if len(top) == 0 {
		return nil
	}
	w, color := t.w, t.opts.Color
	if t.opts.Repeats != nil {
		w, color = bufio.NewWriter(t.opts.Repeats), t.opts.RepeatsColor
	}
	n := 0
	for _, g := range top {
		n += g.count
	}
	fmt.Fprintf(w, "%d of %s come from %s (--faults lists each fault once):\n", n, plural(t.faults.total, "finding"), plural(len(top), "fault"))
	for _, g := range top {
		w.WriteString("  ")
		w.WriteString(quote.Quote(g.what))
		w.WriteByte(' ')
		if color {
			w.WriteString(ansiRule + "[" + g.rule + "]" + ansiReset)
		} else {
			w.WriteString("[" + g.rule + "]")
		}
		fmt.Fprintf(w, ": %s\n", counts(g))
	}
	if err := w.Flush(); err != nil {
		return fmt.Errorf("writing findings: %w", err)
	}
	return nil
}

// counts says how many findings a fault has, in how many files.
func counts(g *fault) string {
	return plural(g.count, "finding") + " in " + plural(g.files, "file")
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return strconv.Itoa(n) + " " + what + "s"
}
