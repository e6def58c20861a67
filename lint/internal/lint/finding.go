package lint

import (
	"cmp"
	"slices"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/relurl/relurl/ast"
	"github.com/relurl/relurl/lint/internal/compare"
	"github.com/relurl/relurl/lint/internal/fix"
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
	// Target, on a finding of the target rules and of
	// portability/whatwg-target, is where the reference leads, the same
	// for every reference to one place however it is written: the path
	// under the root ("whatsnew/changelog.html", "api/" for a directory,
	// "./" for the root), with its fragment for target/fragment
	// ("install.html#linux"), or the URL it resolves to outside the root,
	// without its fragment. "" on the other findings. The text format
	// groups repeated findings by it (decision U-5).
	Target string
	// Readings, on a finding of the portability family, are the URL's
	// three readings (RFC 1808, RFC 3986 as Go's net/url reads it, the
	// WHATWG URL Standard) and their divergences, as package compare
	// reports them ([Finding.ReadingsTable] renders them); nil otherwise,
	// and on a finding decoded by [Finding.UnmarshalBinary], which keeps
	// only their table. Findings of one URL share the report: do not
	// modify it.
	Readings *compare.Report
	// Edit, when the linter computes fixes ([Options.Fixes]), is the
	// finding's automatic fix: a byte edit of the file inside the URL's
	// span, made only when it is safe (docs/fixes.md: the fixed URL is
	// valid and every reader resolves it where it resolved the original).
	// The findings of one URL share one Edit, which mends them all; nil
	// when there is none, and NoFix says why.
	Edit *fix.Edit
	// NoFix, when the linter computes fixes and Edit is nil, is why the
	// finding has no automatic fix, and NoFixDetail says it for this
	// finding in one line.
	NoFix       fix.Reason
	NoFixDetail string

	// col16 and endCol16 are the columns counted in UTF-16 code units, as
	// SARIF counts them by default.
	col16, endCol16 int
	// textAt is the offset of Text in URL.
	textAt int
	// line is the text of the finding's first line, for the caret view,
	// or of the part of it that the view shows, which begins lineFrom
	// bytes into the line (a fragment's finding keeps no more: see
	// caretWindow).
	line     string
	lineFrom int
	// suggestions are [Finding.Suggestions], behind a pointer so that a
	// Finding stays comparable.
	suggestions *[]fix.Suggestion
	// readings is the table of the readings of a finding decoded, whose
	// Readings are not kept ([Finding.ReadingsTable]).
	readings string
}

// Suggestions returns the fixes offered for the finding but never made
// automatically: the spellings of the §5.2 loophole, each going where
// browsers go and read alike by every reader. The findings of a URL share
// the slice: do not modify it.
func (f *Finding) Suggestions() []fix.Suggestion {
	if f.suggestions == nil {
		return nil
	}
	return *f.suggestions
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

// TextOffset returns the offset of Text in URL (URL[TextOffset():] begins
// with Text), for a view of a long URL around the offending text; 0 for a
// finding that is about no URL.
func (f *Finding) TextOffset() int { return f.textAt }

// SourceLine returns the text of the line the finding starts on, without
// its line ending, when the finding came from [Linter.File] or its
// kin; otherwise "". For a finding of a fragment checked at the end of a
// run ([CheckDeferred]) it is the part of the line that [Finding.Caret]
// shows, and a longer line is cut.
func (f *Finding) SourceLine() string { return f.line }

// Caret renders the finding's line with "^" under the offending text, as
// [ast.Diagnostic.Caret] does, or returns "" when the line is not known.
func (f *Finding) Caret() string {
	if f.line == "" && f.Column <= 1 {
		return ""
	}
	start := f.Column - 1 - f.lineFrom
	end := start + (f.EndOffset - f.Offset)
	if f.EndLine != f.Line {
		end = len(f.line)
	}
	d := ast.Diagnostic{Offset: start, End: min(end, len(f.line))}
	return d.Caret(f.line)
}

// caretWindow returns the part of a finding's line that its caret view
// shows ([Finding.Caret], [ast.Diagnostic.Caret]), copied, and the offset
// in line where it begins: the finding begins at byte column col of
// line and spans n bytes (to the line's end when it ends on a later
// line, sameLine false). A fragment's reference kept to the end of the
// run keeps this much of its line, not the file it is in, and its caret
// view is the one the whole line would give (TestCaretWindow).
func caretWindow(line string, col, n int, sameLine bool) (string, int) {
	from, to := caretBounds(line, col, n, sameLine)
	return strings.Clone(line[from:to]), from
}

// caretBounds returns where in line the part caretWindow copies begins
// and ends.
func caretBounds(line string, col, n int, sameLine bool) (from, to int) {
	// ast.Diagnostic.Caret's context, a rune more either side (so that it
	// still sees where the line goes on), and the longest offending text
	// it shows.
	const context = 32 + utf8.UTFMax + 1
	start := min(max(col-1, 0), len(line))
	end := len(line)
	if sameLine {
		end = min(start+max(n, 0), len(line))
	}
	end = min(end, start+ast.QuoteWindow)
	from, to = max(0, start-context), min(len(line), end+context)
	for from > 0 && !utf8.RuneStart(line[from]) {
		from--
	}
	return from, to
}

// placer sets the positions of findings from their offsets into src:
// line, byte column and UTF-16 column of each start and end, and the text
// of the start's line. It sweeps src once, in order of the findings'
// starts, so that its cost is linear in the file whatever order the
// findings come in: a minified page with its thousands of findings on one
// line costs what the same page on many lines does (TestPlaceLinear). An end
// is counted from its start (a finding spans part of one URL). The sweep
// goes on from one call of place to the next, so a file's findings may be
// placed in chunks, in order; a chunk that begins before the sweep (a
// document that gives its URLs out of order) costs the distance back.
type placer struct {
	src string
	// The line the sweep is in: its number, where it starts and ends (-1
	// when its end is not known yet); the cursor j in it, and the UTF-16
	// column at j.
	line, start, end int
	j, col16         int
	// work counts the bytes stepped over, for the test that holds the
	// placer linear.
	work int
}

func newPlacer(src string) *placer { return &placer{src: src, line: 1, end: -1, col16: 1} }

// place sets the positions of findings, which are in order of Offset.
func (p *placer) place(findings []Finding) {
	for i := range findings {
		f := &findings[i]
		ps := p.locate(f.Offset, f.EndOffset)
		f.Line, f.Column, f.col16, f.line = ps.line, ps.col, ps.col16, ps.text
		f.EndLine, f.EndColumn, f.endCol16 = ps.endLine, ps.endCol, ps.endCol16
	}
}

// position is where a span of the file is: the line, byte column and
// UTF-16 column of its start and of its end, and the text of the start's
// line.
type position struct {
	line, col, col16, endLine, endCol, endCol16 int
	text                                        string
}

// locate returns the position of the span [off, end), which begins at or
// after the span located before it (or costs the distance back).
func (p *placer) locate(off, end int) position {
	src := p.src
	off = max(0, min(off, len(src)))
	p.seek(off)
	ps := position{line: p.line, col: off - p.start + 1, col16: p.col16, text: strings.TrimSuffix(src[p.start:p.end], "\r")}
	// The end, counted from the start.
	end = max(off, min(end, len(src)))
	line, start, col16 := p.line, p.start, p.col16
	for k := off; k < end; {
		if src[k] == '\n' {
			line, start, col16 = line+1, k+1, 1
			k++
			continue
		}
		r, n := utf8.DecodeRuneInString(src[k:end])
		col16 += utf16Len(r)
		k += n
	}
	p.work += end - off
	ps.endLine, ps.endCol, ps.endCol16 = line, end-start+1, col16
	return ps
}

// seek moves the sweep to offset off. The lines it passes whole are
// counted in one step (strings.Count), not read one by one, and the
// UTF-16 column counts an ASCII byte as one without decoding it.
func (p *placer) seek(off int) {
	src := p.src
	if off < p.start {
		// Back: to the start of off's line, counting the lines passed.
		start := strings.LastIndexByte(src[:off], '\n') + 1
		p.line -= strings.Count(src[start:p.start], "\n")
		p.work += p.start - start
		p.start, p.end, p.j, p.col16 = start, -1, start, 1
	}
	if p.end < 0 || off > p.end {
		// Forward: to the line off is in, past the lines before it.
		from := max(p.j, p.start)
		if k := strings.LastIndexByte(src[from:off], '\n'); k >= 0 {
			p.line += strings.Count(src[from:from+k+1], "\n")
			p.start, p.j, p.col16 = from+k+1, from+k+1, 1
			p.work += k + 1
		}
		p.end = len(src)
		if k := strings.IndexByte(src[p.start:], '\n'); k >= 0 {
			p.end = p.start + k
		}
		p.work += p.end - p.start
	}
	if off < p.j {
		p.work += p.j - p.start
		p.j, p.col16 = p.start, 1
	}
	for p.j < off {
		if c := src[p.j]; c < utf8.RuneSelf {
			p.col16++
			p.j++
			p.work++
			continue
		}
		r, n := utf8.DecodeRuneInString(src[p.j:off])
		p.col16 += utf16Len(r)
		p.j += n
		p.work += n
	}
}

// utf16Len is how many UTF-16 code units r takes.
func utf16Len(r rune) int {
	if r >= 0x10000 {
		return 2
	}
	return 1
}

// place sorts findings by offset, keeping the order of those at the same
// offset, and sets their positions in src. It returns the bytes the
// placer stepped over.
func place(src string, findings []Finding) (work int) {
	sortFindings(findings)
	p := newPlacer(src)
	p.place(findings)
	return p.work
}

// sortFindings sorts findings by offset, keeping the order of those at the
// same offset (the order of the catalog, within a URL).
func sortFindings(findings []Finding) {
	slices.SortStableFunc(findings, func(a, b Finding) int { return cmp.Compare(a.Offset, b.Offset) })
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
