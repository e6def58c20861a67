package format

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/relurl/relurl/lint/internal/lint"
	"github.com/relurl/relurl/lint/internal/report"
)

// GitHub writes GitHub Actions workflow commands, one per finding, which
// a workflow step's output turns into annotations on the lines they name:
//
//	::error file=docs/a.html,line=9,col=42,endColumn=43,title=segment/char::space is not allowed in segment; write it as %20
//
// The command is error, warning or notice by the finding's severity.
// file is the path relative to [Options.Root] ("/" separators), or the
// absolute path of a file outside it; line and col count from 1, columns
// in UTF-16 code units as in SARIF; endLine is written only when the
// finding ends on another line. Properties and message are escaped as
// GitHub's toolkit does: "%", "\r" and "\n" everywhere, ":" and "," in
// properties too, after [Safe] escaped what a log would act on. A file that could not be read is an error command with
// the title "input".
type GitHub struct {
	w    *bufio.Writer
	opts Options
	// file and path are the last file's name and its path as written.
	file, path string
	// num is room for a number written.
	num [20]byte
}

// NewGitHub returns the GitHub Actions format, writing to w.
func NewGitHub(w io.Writer, opts Options) *GitHub { return &GitHub{w: bufio.NewWriter(w), opts: opts} }

// Start does nothing: workflow commands have no header.
func (g *GitHub) Start([]lint.Setting) error { return nil }

// File writes a command per finding, and one for a file not read: an
// ::error for one that could not be read, a ::warning for one not read
// for leading out of the root ([report.SkippedOutside]).
func (g *GitHub) File(r *report.FileResult) error {
	if r.Err != nil {
		p, _ := relToRoot(r.Name, g.opts.Root)
		fmt.Fprintf(g.w, "::error file=%s,title=input::%s\n", escapeProperty(Safe(p)), escapeData(Safe(r.Err.Error())))
	}
	if r.Skipped == report.SkippedOutside {
		p, _ := relToRoot(r.Name, g.opts.Root)
		fmt.Fprintf(g.w, "::warning file=%s,title=input::%s\n", escapeProperty(Safe(p)), escapeData(Safe("skipped: "+r.SkipWhy())))
	}
	for i := range r.Findings {
		f := &r.Findings[i]
		if f.File != g.file || g.path == "" {
			g.file = f.File
			g.path, _ = relToRoot(f.File, g.opts.Root)
			g.path = Safe(g.path)
		}
		p := g.path
		col, endCol := f.ColumnsUTF16()
		w := g.w
		w.WriteString("::")
		w.WriteString(lint.Names(f.Severity).GitHub)
		w.WriteString(" file=")
		propertyEscaper.WriteString(w, p)
		g.int(",line=", max(1, f.Line))
		if f.EndLine > f.Line {
			g.int(",endLine=", f.EndLine)
		}
		g.int(",col=", max(1, col))
		g.int(",endColumn=", max(1, endCol))
		w.WriteString(",title=")
		propertyEscaper.WriteString(w, f.Rule)
		w.WriteString("::")
		dataEscaper.WriteString(w, Safe(f.Message))
		w.WriteByte('\n')
	}
	return nil
}

// int writes a property whose value is the number n.
func (g *GitHub) int(property string, n int) {
	g.w.WriteString(property)
	g.w.Write(strconv.AppendInt(g.num[:0], int64(n), 10))
}

// Flush writes out what is buffered.
func (g *GitHub) Flush() error {
	if err := g.w.Flush(); err != nil {
		return fmt.Errorf("writing findings: %w", err)
	}
	return nil
}

// End writes out what is buffered.
func (g *GitHub) End(*report.Summary) error { return g.Flush() }

// The escapers of workflow commands, built once: a strings.Replacer is
// immutable and safe for concurrent use, and building one per finding
// made --format github many times slower than the text format
// (TestGitHubCost counts the allocations of a command).
var (
	dataEscaper     = strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A")
	propertyEscaper = strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C")
)

// escapeData escapes a workflow command's message as GitHub's toolkit
// does (@actions/core, command.ts): "%", "\r", "\n".
func escapeData(s string) string { return dataEscaper.Replace(s) }

// escapeProperty escapes a workflow command's property value: as data,
// and ":" and "," too.
func escapeProperty(s string) string { return propertyEscaper.Replace(s) }
