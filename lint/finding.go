package lint

import (
	"sort"
	"unicode/utf8"

	"github.com/relurl/relurl/ast"
	"github.com/relurl/relurl/compare"
)

// Finding is one diagnostic about a URL in a file.
//
// Positions are in the file as it is stored: Line and Column count from 1,
// and Column counts bytes from the start of the line (so a tab, or a byte
// of a UTF-8 sequence, is one column). Offset and EndOffset are byte
// offsets into the file, half-open. When a URL was decoded from its
// source (an HTML character reference, a quoted-printable body), positions
// point at the source text the offending characters were decoded from;
// in a base64 body, which cannot be mapped, they point at the start of the
// body.
type Finding struct {
	// File is the file's name as given to the linter.
	File string
	// Line and Column locate the start of the offending text.
	Line, Column int
	// EndLine and EndColumn locate its end (exclusive).
	EndLine, EndColumn int
	// Offset and EndOffset are the same span as byte offsets.
	Offset, EndOffset int
	// Rule is the id of the rule, as listed by [Rules].
	Rule string
	// Severity is the rule's severity, as configured.
	Severity ast.Severity
	// Message says what is wrong.
	Message string
	// Fix suggests a fix, or is empty.
	Fix string
	// Production is the production of RFC 1808 §2.2 (or of RFC 1738) the
	// finding is about.
	Production string
	// Text is the offending text, as it is in the URL.
	Text string
	// URL is the URL the finding is in, as the document means it (HTML
	// character references decoded).
	URL string
	// Where says where in the document the URL is: "line", "<a href>",
	// "<img srcset>", "Base header", "<URL:> in part 1.2".
	Where string
	// Base is the base URL the reference was checked against, or "".
	Base string
	// Readings, on a finding of the portability family, are the URL's
	// three readings (RFC 1808, RFC 3986 as Go's net/url reads it, the
	// WHATWG URL Standard) and their divergences, as package compare
	// reports them ([Finding.ReadingsTable] renders them); nil otherwise.
	// Findings of one URL share the report: do not modify it.
	Readings *compare.Report

	// col16 and endCol16 are the columns counted in UTF-16 code units, as
	// SARIF counts them by default.
	col16, endCol16 int
	// line is the text of the finding's first line, for the caret view.
	line string
}

// ColumnsUTF16 returns the finding's column and end column counted in
// UTF-16 code units, from 1, as SARIF counts them by default; for a finding
// not made from a file's text, Column and EndColumn.
func (f *Finding) ColumnsUTF16() (col, endCol int) {
	if f.col16 == 0 {
		return f.Column, f.EndColumn
	}
	return f.col16, f.endCol16
}

// SourceLine returns the text of the line the finding starts on, without
// its line ending, when the finding came from [Linter.File] or its
// kin; otherwise "".
func (f *Finding) SourceLine() string { return f.line }

// Caret renders the finding's line with "^" under the offending text, as
// [ast.Diagnostic.Caret] does, or returns "" when the line is not known.
func (f *Finding) Caret() string {
	if f.line == "" && f.Column <= 1 {
		return ""
	}
	start := f.Column - 1
	end := start + (f.EndOffset - f.Offset)
	if f.EndLine != f.Line {
		end = len(f.line)
	}
	d := ast.Diagnostic{Offset: start, End: min(end, len(f.line))}
	return d.Caret(f.line)
}

// lines indexes the starts of the lines of a file. It remembers where it
// last counted UTF-16 columns, so that the findings of one long line (a
// minified HTML page) cost time linear in the line, not quadratic; it is
// not safe for concurrent use.
type lines struct {
	src    string
	starts []int
	// the last position counted: its offset, line index and UTF-16 column
	lastOff, lastLine, lastCol16 int
}

func newLines(src string) *lines {
	ls := &lines{src: src, starts: []int{0}, lastLine: -1}
	for i := 0; i < len(src); i++ {
		if src[i] == '\n' {
			ls.starts = append(ls.starts, i+1)
		}
	}
	return ls
}

// pos returns the 1-based line and byte column of offset, and the column in
// UTF-16 code units.
func (ls *lines) pos(off int) (line, col, col16 int) {
	off = max(0, min(off, len(ls.src)))
	i := sort.Search(len(ls.starts), func(i int) bool { return ls.starts[i] > off }) - 1
	start := ls.starts[i]
	col16 = 1
	j := start
	if ls.lastLine == i && ls.lastOff <= off && ls.lastOff >= start {
		j, col16 = ls.lastOff, ls.lastCol16
	}
	for j < off {
		r, n := utf8.DecodeRuneInString(ls.src[j:off])
		if r >= 0x10000 {
			col16 += 2
		} else {
			col16++
		}
		j += n
	}
	ls.lastOff, ls.lastLine, ls.lastCol16 = off, i, col16
	return i + 1, off - start + 1, col16
}

// line returns the 1-based line of offset.
func (ls *lines) line(off int) int {
	off = max(0, min(off, len(ls.src)))
	return sort.Search(len(ls.starts), func(i int) bool { return ls.starts[i] > off })
}

// text returns line n (1-based) without its line ending.
func (ls *lines) text(n int) string {
	start := ls.starts[n-1]
	end := len(ls.src)
	if n < len(ls.starts) {
		end = ls.starts[n] - 1
	}
	if end > start && ls.src[end-1] == '\r' {
		end--
	}
	return ls.src[start:end]
}
