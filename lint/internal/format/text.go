package format

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/relurl/relurl/ast"
	"github.com/relurl/relurl/lint/internal/lint"
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
type Text struct {
	w       *bufio.Writer
	verbose bool
}

// NewText returns the text format, writing to w.
func NewText(w io.Writer, verbose bool) *Text { return &Text{w: bufio.NewWriter(w), verbose: verbose} }

// Start does nothing: the text format has no header.
func (t *Text) Start([]lint.Setting) error { return nil }

// File writes the file's findings; they may wait in a buffer until Flush
// or End.
func (t *Text) File(r *report.FileResult) error {
	for i := range r.Findings {
		f := &r.Findings[i]
		fmt.Fprintf(t.w, "%s:%d:%d: %s: %s [%s]\n", f.File, f.Line, f.Column, f.Severity, f.Message, f.Rule)
		if !t.verbose {
			continue
		}
		if c := f.Caret(); c != "" {
			for line := range strings.SplitSeq(c, "\n") {
				fmt.Fprintf(t.w, "    %s\n", line)
			}
		}
		if r := f.ReadingsTable(); r != "" {
			for line := range strings.SplitSeq(r, "\n") {
				fmt.Fprintf(t.w, "      %s\n", line)
			}
		}
		if f.Fix != "" {
			fmt.Fprintf(t.w, "    fix: %s\n", f.Fix)
		}
		switch {
		case f.Edit != nil:
			fmt.Fprintf(t.w, "    automatic fix: %s\n", ast.Quote(f.Edit.URL, 0))
		case f.NoFix != "":
			fmt.Fprintf(t.w, "    no automatic fix (%s): %s\n", f.NoFix, f.NoFixDetail)
		}
		for _, sg := range f.Suggestions() {
			fmt.Fprintf(t.w, "    suggestion: %s\n", sg.Message)
		}
	}
	return nil
}

// Flush writes out what is buffered.
func (t *Text) Flush() error {
	if err := t.w.Flush(); err != nil {
		return fmt.Errorf("writing findings: %w", err)
	}
	return nil
}

// End writes out what is buffered.
func (t *Text) End(*report.Summary) error { return t.Flush() }
