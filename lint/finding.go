package lint

import (
	"cmp"
	"slices"
	"sort"
	"strings"
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

// place sets the positions of findings from their offsets into src:
// line, byte column and UTF-16 column of each start and end, and the text
// of the start's line. It sorts the offsets and places them in one sweep
// over src, so that its cost is linear in the file (plus the sort) in
// whatever order the findings come: a minified page with its thousands of
// findings on one line costs what the same page on many lines does (issue
// 18.1). It returns the bytes it stepped over, for the test that holds it
// linear.
func place(src string, findings []Finding) (work int) {
	type point struct {
		off int
		i   int  // the finding
		end bool // its end, not its start
	}
	pts := make([]point, 0, 2*len(findings))
	for i := range findings {
		f := &findings[i]
		pts = append(pts, point{max(0, min(f.Offset, len(src))), i, false}, point{max(0, min(f.EndOffset, len(src))), i, true})
	}
	slices.SortFunc(pts, func(a, b point) int { return cmp.Compare(a.off, b.off) })
	// The line the sweep is in: its number, where it starts and ends; the
	// cursor j within it, and the UTF-16 column at j.
	line, start, end := 1, 0, -1
	j, col16 := 0, 1
	for _, p := range pts {
		for {
			if end < 0 {
				end = len(src)
				if k := strings.IndexByte(src[start:], '\n'); k >= 0 {
					end = start + k
				}
				work += end - start
			}
			if p.off <= end {
				break
			}
			line, start, end = line+1, end+1, -1
			j, col16 = start, 1
		}
		for j < p.off {
			r, n := utf8.DecodeRuneInString(src[j:p.off])
			if r >= 0x10000 {
				col16 += 2
			} else {
				col16++
			}
			j += n
			work += n
		}
		f := &findings[p.i]
		if p.end {
			f.EndLine, f.EndColumn, f.endCol16 = line, p.off-start+1, col16
			continue
		}
		f.Line, f.Column, f.col16 = line, p.off-start+1, col16
		text := src[start:end]
		f.line = strings.TrimSuffix(text, "\r")
	}
	return work
}

// lines finds the line of an offset, for the suppressions, which must know
// a URL's line as it is met (before place runs). Its index of line starts
// is built on first use: a file without directives never builds it.
type lines struct {
	src    string
	starts []int
}

// line returns the 1-based line of offset.
func (ls *lines) line(off int) int {
	if ls.starts == nil {
		ls.starts = []int{0}
		for i := 0; ; {
			k := strings.IndexByte(ls.src[i:], '\n')
			if k < 0 {
				break
			}
			i += k + 1
			ls.starts = append(ls.starts, i)
		}
	}
	off = max(0, min(off, len(ls.src)))
	return sort.Search(len(ls.starts), func(i int) bool { return ls.starts[i] > off })
}
