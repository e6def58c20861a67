package extract

import (
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	gtext "github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// The fast path for the inlines of plain paragraphs. goldmark's inline
// parser is the reference: it reads every paragraph byte by byte, makes a
// node for each run of text and calls its parsers at every space, and it
// was two thirds of the time relurl took on Markdown. Most paragraphs
// hold nothing but prose and inline links, where CommonMark's reading is
// plain: such a paragraph (simpleInlines says which) is not handed to
// goldmark's inline parser, and its links are found by one scan of its
// lines. The block structure (lists, quotes, code blocks, headings,
// tables, definitions, HTML blocks) is goldmark's in every case.
//
// The two readings are the same on every document: the Markdown fuzz target,
// TestMarkdownFastPath and TestMarkdownFastPathSpec (the CommonMark
// spec's examples) compare the URLs, places, kinds and notes found with
// the fast path (markdownParser) and without it (markdownReferenceParser).

// kindFastParagraph is the kind of a paragraph read by the fast path.
var kindFastParagraph = ast.NewNodeKind("RelurlFastParagraph")

// fastParagraph is a paragraph whose inlines the fast path read: raw to
// goldmark, which does not parse its inlines. Its links are [from:to] of
// the slice the parse's context keeps under fastLinksKey.
type fastParagraph struct {
	ast.BaseBlock
	from, to int
}

// fastLinksKey keeps in a parse's context the links the fast path finds,
// a *[]mdLink: one slice for the document rather than one a paragraph.
var fastLinksKey = parser.NewContextKey()

// Kind implements ast.Node.
func (n *fastParagraph) Kind() ast.NodeKind { return kindFastParagraph }

// IsRaw implements ast.Node: goldmark leaves the lines as they are.
func (n *fastParagraph) IsRaw() bool { return true }

// Dump implements ast.Node.
func (n *fastParagraph) Dump(source []byte, level int) { ast.DumpHelper(n, source, level, nil, nil) }

// fastParagraphs is the paragraph transformer of the fast path. It runs
// before goldmark's own (link reference definitions, tables): a paragraph
// it takes holds neither.
type fastParagraphs struct{}

// Transform replaces a paragraph whose inlines are plain with a
// fastParagraph holding its links.
func (fastParagraphs) Transform(p *ast.Paragraph, reader gtext.Reader, pc parser.Context) {
	if line, _ := reader.PeekLine(); mayUnderline(line) {
		// goldmark closes a paragraph before it makes it a setext heading
		// with the line under it, and makes none if the paragraph was
		// transformed: it stays goldmark's.
		return
	}
	links, _ := pc.Get(fastLinksKey).(*[]mdLink)
	if links == nil {
		links = new([]mdLink)
		pc.Set(fastLinksKey, links)
	}
	from := len(*links)
	var ok bool
	if *links, ok = simpleInlines(*links, reader.Source(), p.Lines()); !ok {
		*links = (*links)[:from]
		return
	}
	n := &fastParagraph{from: from, to: len(*links)}
	n.SetLines(p.Lines())
	n.SetBlankPreviousLines(p.HasBlankPreviousLines())
	parent := p.Parent()
	parent.ReplaceChild(parent, p, n)
}

// mayUnderline reports whether line may be a setext heading's underline
// (after the markers of block quotes): "=" and "-" and white space only.
func mayUnderline(line []byte) bool {
	i := 0
	for i < len(line) && (line[i] == ' ' || line[i] == '\t' || line[i] == '>') {
		i++
	}
	bar := false
	for ; i < len(line); i++ {
		switch line[i] {
		case '=', '-':
			bar = true
		case ' ', '\t', '\r', '\n':
		default:
			return false
		}
	}
	return bar
}

// simpleInlines appends to links the inline links and images of a
// paragraph whose lines are lines, and returns true, when every inline
// construct it holds is one whose CommonMark reading is plain:
// "[text](destination)" or "![text](destination)" on one line, the text
// without brackets or backslashes (plain code spans aside) and not a
// footnote's ("^"), the destination one or more bytes without space,
// control characters, brackets, parentheses or backslashes, or
// "<destination>" with no "<" or ">" inside; code spans of one backtick
// closed on their line (simpleCodeSpanEnd), whose text is skipped;
// backslash escapes in the text; and "]" that closes nothing. It returns
// false (and links, which the caller cuts back) when the paragraph holds
// anything else that could begin an inline goldmark reads differently or
// that the fast path does not read: a "<" (autolinks, raw HTML), another
// backtick, a "|" (a table; escaped too), a "[" that begins no such
// link, a control character, a line goldmark pads (a tab it expanded),
// or a bare URL's "://" or "www." outside a destination (GitHub's
// autolinks, which may take brackets in).
// Entity references are decoded later, in destinations only, as on
// goldmark's path (markdownReader.link).
func simpleInlines(links []mdLink, source []byte, lines *gtext.Segments) ([]mdLink, bool) {
	for k := range lines.Len() {
		seg := lines.At(k)
		if seg.Padding != 0 || seg.Start < 0 || seg.Stop > len(source) || seg.Start > seg.Stop {
			return links, false
		}
		line := source[seg.Start:seg.Stop]
		escaped := -1 // the last byte an escape made text
		for i := 0; i < len(line); i++ {
			switch c := line[i]; {
			case fastPlain[c]:
			case c == '\n' || c == '\r':
				// A line end: only at the end of the line.
				if i+1 < len(line) && !(c == '\r' && i+2 == len(line) && line[i+1] == '\n') {
					return links, false
				}
			case c == '\\':
				// A backslash before ASCII punctuation makes it text ("\\["
				// opens no link); before anything else it is itself.
				if i+1 < len(line) && util.IsPunct(line[i+1]) {
					if line[i+1] == '|' {
						return links, false
					}
					i++
					escaped = i
				}
			case c == '`':
				end := simpleCodeSpanEnd(line, i)
				if end == 0 {
					return links, false
				}
				i = end - 1
			case c == '[':
				l, n, ok := simpleLink(line, i, i > 0 && line[i-1] == '!' && escaped != i-1)
				if !ok {
					return links, false
				}
				l.pos += seg.Start
				links = append(links, l)
				i += n - 1
			case c == ':' && i+2 < len(line) && line[i+1] == '/' && line[i+2] == '/':
				return links, false
			case c|0x20 == 'w' && i+3 < len(line) && line[i+1]|0x20 == 'w' && line[i+2]|0x20 == 'w' && line[i+3] == '.':
				return links, false
			case c == ':' || c|0x20 == 'w':
			default:
				return links, false
			}
		}
	}
	return links, true
}

// simpleCodeSpanEnd returns the offset past the code span that begins
// with the backtick at line[i] when it is a plain one: one backtick, then
// the next backtick on the line, which is one too, with no control
// character or "|" (a table's cell separator, even in code) between
// (CommonMark's closing run, which hides what lies between); 0 otherwise.
func simpleCodeSpanEnd[S string | []byte](line S, i int) int {
	if i > 0 && line[i-1] == '`' {
		return 0
	}
	for j := i + 1; j < len(line); j++ {
		switch c := line[j]; {
		case c == '`':
			if j == i+1 || j+1 < len(line) && line[j+1] == '`' {
				return 0
			}
			return j + 1
		case c < 0x20 || c == 0x7f || c == '|':
			return 0
		}
	}
	return 0
}

// simpleLink reads the link that begins with the "[" at line[i], as
// simpleInlines describes it (an image when image: a "!" that is not
// escaped comes before): its destination (a slice of line, placed by its
// address as goldmark's are) and length from the "[".
func simpleLink(line []byte, i int, image bool) (mdLink, int, bool) {
	from, to, end := simpleLinkAt(line, i)
	if end == 0 {
		return mdLink{}, 0, false
	}
	l := mdLink{where: "Markdown link", pos: i, raw: line[from:to]}
	if image {
		l.where, l.pos = "Markdown image", i-1
	}
	return l, end - i, true
}

// hasSimpleLink reports whether a plain link begins at line[i].
func hasSimpleLink(line string, i int) bool {
	_, _, end := simpleLinkAt(line, i)
	return end > 0
}

// simpleLinkAt reads the plain link "[text](destination)" that begins at
// line[i] (see simpleInlines): where its destination begins and ends,
// and the offset past its ")"; end is 0 when none begins there.
func simpleLinkAt[S string | []byte](line S, i int) (from, to, end int) {
	j := i + 1
	if j < len(line) && line[j] == '^' {
		return 0, 0, 0
	}
	for j < len(line) && line[j] != ']' {
		switch c := line[j]; {
		case c == '`':
			// A code span in the text hides what it holds ("]" too).
			if j = simpleCodeSpanEnd(line, j); j == 0 {
				return 0, 0, 0
			}
			continue
		case c == '[' || !fastLabel[c]:
			return 0, 0, 0
		}
		j++
	}
	if j+1 >= len(line) || line[j+1] != '(' {
		return 0, 0, 0
	}
	from = j + 2
	if from < len(line) && line[from] == '<' {
		// "<destination>": goldmark's is what lies between.
		from++
		to = from
		for to < len(line) && fastAngled[line[to]] {
			to++
		}
		if to == from || to+1 >= len(line) || line[to] != '>' || line[to+1] != ')' {
			return 0, 0, 0
		}
		return from, to, to + 2
	}
	to = from
	for to < len(line) && fastDestination[line[to]] {
		to++
	}
	if to == from || to >= len(line) || line[to] != ')' {
		return 0, 0, 0
	}
	return from, to, to + 1
}

// The bytes the fast path reads as they are: fastPlain in a paragraph's
// text (':' and 'w' are looked at for bare URLs, '\\' for escapes), fastLabel in a link's
// text, fastDestination in its destination, fastAngled in one written
// between "<" and ">" (where spaces are the destination's).
var fastPlain, fastLabel, fastDestination, fastAngled = func() (plain, label, dest, angled [256]bool) {
	for c := range 256 {
		b := byte(c)
		ok := b >= 0x20 && b != 0x7f && b != '<' && b != '`' && b != '\\' && b != '|'
		plain[c] = ok && b != '[' && b != ':' && b|0x20 != 'w'
		label[c] = ok && b != '[' && b != ']'
		dest[c] = ok && b != ' ' && b != '(' && b != ')' && b != '[' && b != ']'
		angled[c] = ok && b != '>'
	}
	return
}()
