package extract

import (
	"fmt"
	"sort"
	"strings"
	"sync"
	"unicode/utf8"
	"unsafe"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	gtext "github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"

	rbase "github.com/relurl/relurl/lint/internal/base"
	"github.com/relurl/relurl/lint/internal/extract/internal/gfm"
)

// Markdown is read with github.com/yuin/goldmark, a maintained CommonMark
// parser (it passes the CommonMark spec's examples) with GitHub's
// extensions (package internal/gfm: goldmark's own, copied so that their
// regular expressions are compiled on first use, decision S-9), whose
// tree keeps the place of what matters here: the start
// of each link and image, the lines of each block, the segments of raw
// HTML and of autolinks. Its destinations are the raw bytes of the file
// (slices of the source); this file places them by identity of the slice
// or, failing that, by finding them after the link text, and decodes
// them as CommonMark says (markdownUnescape).
//
// Only the parsers that decide where URLs are are used: every block
// parser, code spans (which hide what they hold), links, autolinks, raw
// HTML, GitHub's tables (a "|" splits a row's cells before links are
// read), its extended autolinks and its footnotes (a footnote definition
// "[^1]: text" is no link reference definition). Emphasis and
// strikethrough are left out: links take precedence over them
// (CommonMark §6.4), so they change no URL, and they cost a third of the
// parse.

// markdownParser is the parser, built once: goldmark's parsers hold no
// state between parses (each Parse has a Context of its own). It reads
// plain paragraphs by the fast path (markdownfast.go);
// markdownReferenceParser, goldmark alone, is what the fast path is held
// to.
var markdownParser = sync.OnceValue(func() parser.Parser { return newMarkdownParser(true) })

// markdownReferenceParser is markdownParser without the fast path.
var markdownReferenceParser = sync.OnceValue(func() parser.Parser { return newMarkdownParser(false) })

// newMarkdownParser builds the parser, with the fast path or without.
func newMarkdownParser(fast bool) parser.Parser {
	transformers := append(parser.DefaultParagraphTransformers(),
		util.Prioritized(gfm.NewTableParagraphTransformer(), 200))
	if fast {
		transformers = append(transformers, util.Prioritized(fastParagraphs{}, 10))
	}
	return parser.NewParser(
		parser.WithBlockParsers(append(parser.DefaultBlockParsers(),
			util.Prioritized(gfm.NewFootnoteBlockParser(), 999))...),
		parser.WithInlineParsers(
			util.Prioritized(parser.NewCodeSpanParser(), 100),
			util.Prioritized(newRefWatch(), 200),
			util.Prioritized(parser.NewAutoLinkParser(), 300),
			util.Prioritized(parser.NewRawHTMLParser(), 400),
			util.Prioritized(gfm.NewFootnoteParser(), 101),
			util.Prioritized(gfm.NewLinkifyParser(), 999),
		),
		parser.WithParagraphTransformers(transformers...),
	)
}

// markdownEvent is one thing found in a Markdown document, kept until all
// are found, to be handed on in document order.
type markdownEvent struct {
	at    int
	ref   Ref
	dir   Directive
	isDir bool
}

// readMarkdown reads the URLs of a Markdown document: the destinations of
// its inline links and images and of its link reference definitions (a
// link that uses a definition is its definition's URL, checked once,
// there), its autolinks (<http://…>, and bare http://, https://, ftp://
// and www. links as GitHub writes them; not e-mail addresses), and,
// through the HTML reader, the URLs, style sheets and directives of its raw
// HTML (HTML blocks and inline HTML, read together as the one HTML
// document they make). Nothing in a code span or code block is read.
//
// The base is the document's, as for HTML: the BASE element of its raw
// HTML when an HTML parser would put it in the head of the page the
// document renders to (raw HTML before any Markdown content), otherwise
// the retrieval URL (§3.3).
func readMarkdown(src string, ctx rbase.Context, h *Handler) {
	readMarkdownWith(markdownParser(), src, ctx, h)
}

// readMarkdownWith is readMarkdown with the parser p.
func readMarkdownWith(p parser.Parser, src string, ctx rbase.Context, h *Handler) {
	msg, at, links := markdownTooCostly(src)
	if msg != "" {
		h.note(Note{Offset: at, Kind: NoteMarkdownTooCostly, Where: "the document", Message: msg})
		return
	}
	r, html, m, b := parseMarkdownWith(p, src, ctx, links, h.Anchor != nil)
	for _, hd := range r.headings {
		h.Anchor(r.headingAnchor(hd))
	}
	// The references to labels without a definition are notes, handed on
	// in their place among the links.
	notes := undefinedRefs(r.pc, src)
	if h.Note == nil {
		notes = nil
	}
	noteBefore := func(at int) {
		for len(notes) > 0 && notes[0].Offset < at {
			h.note(notes[0])
			notes = notes[1:]
		}
	}
	defer noteBefore(len(src) + 1)
	// The links one by one, in the document's order: the tree's, unless
	// an extension ever moves a node (or a link is placed other than by
	// its slice of the source), when they are sorted by place.
	ordered, prev := true, -1
	r.each(func(l *mdLink) bool {
		at, ok := subOffset(r.source, l.raw)
		ordered = ok && at >= prev
		prev = at
		return ordered
	})
	var refs []Ref
	n := r.count()
	if !ordered {
		refs = make([]Ref, 0, n)
		r.each(func(l *mdLink) bool { refs = append(refs, r.link(*l)); return true })
		sort.SliceStable(refs, func(i, j int) bool { return refs[i].Map.At(0) < refs[j].Map.At(0) })
	}
	// next returns the next link's Ref.
	i, nextLink := 0, r.iter()
	next := func() Ref {
		var ref Ref
		if refs != nil {
			ref = refs[i]
			i++
		} else {
			ref = r.link(*nextLink())
		}
		ref.Base = b
		return ref
	}
	if len(r.html) == 0 {
		for range n {
			ref := next()
			noteBefore(ref.Map.At(0))
			h.ref(ref)
		}
		return
	}
	// The raw HTML's URLs and directives, in their order, merged with the
	// links'.
	var events []markdownEvent
	scanHTML(html, m, nil, b, "", &Handler{
		Ref: func(ref Ref) {
			if !r.onePiece(ref.Map.At(0), ref.Map.At(len(ref.URL))) {
				ref.Unwritable = "the URL is built from pieces of raw HTML that the Markdown writes apart"
			}
			events = append(events, markdownEvent{at: ref.Map.At(0), ref: ref})
		},
		Directive: func(d Directive) { events = append(events, markdownEvent{at: d.Offset, dir: d, isDir: true}) },
		Note:      h.Note,
		Anchor:    h.Anchor,
	})
	emit := func(e markdownEvent) {
		noteBefore(e.at)
		if e.isDir {
			h.directive(e.dir)
		} else {
			h.ref(e.ref)
		}
	}
	k := 0
	for range n {
		ref := next()
		for at := ref.Map.At(0); k < len(events) && events[k].at < at; k++ {
			emit(events[k])
		}
		noteBefore(ref.Map.At(0))
		h.ref(ref)
	}
	for ; k < len(events); k++ {
		emit(events[k])
	}
}

// MaxMarkdownNesting is the deepest nesting of lists and block quotes on
// one line that the Markdown reader reads. CommonMark sets no limit;
// goldmark's time grows with the square of it.
const MaxMarkdownNesting = 100

// markdownBudget is the work the Markdown reader allows itself per byte
// of a document (see markdownTooCostly).
const markdownBudget = 512

// markdownTooCostly says why a document is not to be parsed, and where,
// or returns "". goldmark is linear on ordinary documents but not on
// every input: some of its scans run to the end of the line (or of the
// paragraph) from each bracket, backtick or "<", its bare-URL scans run
// to the end of the word from each "(", "_", "~" or "*", and its lists
// and block quotes cost the square of their nesting on a line. This
// pass, linear itself, bounds that work from above:
//   - each line costs its length times one more than the number of its
//     container markers and of the brackets, backticks, "<" and "|" on it
//     that are not in a plain inline link or code span (simpleLinkAt,
//     simpleCodeSpanEnd: goldmark reads one at a constant cost per byte,
//     so lines of links and code cost no more than prose);
//   - each "(", "_", "~" and "*" outside plain links, the rest of its
//     word (up to white space), where a bare-URL scan from it may run;
//   - each line eight times the square of its indentation, which goldmark
//     weighs against each list open;
//   - each paragraph (lines up to a blank line or a list item) its length
//     times the number of constructs that can scan across its lines
//     (backtick runs not in plain code spans, "<!", "<?", lines that
//     begin with "|" or with a "[" that begins no plain link).
//
// A document whose cost passes markdownBudget per byte (ordinary
// documents cost a few) or that nests more than MaxMarkdownNesting lists
// and block quotes on a line is not read, and a Note says so: the time
// per byte stays bounded, at worst about twenty times an ordinary
// document's.
//
// links counts the plain links it saw, which the fast path will find (or
// fewer): the room to make for them.
func markdownTooCostly(src string) (msg string, at, links int) {
	budget := markdownBudget*len(src) + 1<<20
	cost := 0
	blockLen, blockT := 0, 0
	var fence codeFence
	for ls := 0; ls < len(src); {
		le := strings.IndexByte(src[ls:], '\n')
		if le < 0 {
			le = len(src)
		} else {
			le += ls
		}
		line := src[ls:le]
		// Container markers at the start of the line.
		lead := 0
		for lead < len(line) && (line[lead] == ' ' || line[lead] == '\t') {
			lead++
		}
		if fence.open() {
			if fence.inside(line, lead) {
				// A line of a fenced code block outside any container:
				// goldmark reads it once, as text.
				cost += len(line) + 1
				if fence.closes(line, lead) {
					fence = codeFence{}
				}
				ls = le + 1
				continue
			}
			fence = codeFence{}
		} else if f := openFence(line, lead); f.open() {
			cost += blockLen*blockT + len(line) + 1
			blockLen, blockT = 0, 0
			fence = f
			ls = le + 1
			continue
		}
		m, i := 0, lead
		for {
			for i < len(line) && (line[i] == ' ' || line[i] == '\t') {
				i++
			}
			if i < len(line) && line[i] == '>' {
				m++
				i++
				continue
			}
			if n := listMarker(line[i:]); n > 0 {
				m++
				i += n
				continue
			}
			break
		}
		if m > MaxMarkdownNesting {
			return fmt.Sprintf("a line nests %d lists and block quotes, and relurl reads Markdown nested at most %d deep: "+
				"the document's URLs are not checked", m, MaxMarkdownNesting), ls, 0
		}
		end := len(line)
		for end > i && (line[end-1] == ' ' || line[end-1] == '\t' || line[end-1] == '\r') {
			end--
		}
		if end == i || listMarker(line[lead:]) > 0 {
			cost += blockLen * blockT
			blockLen, blockT = 0, 0
		}
		blockLen += len(line)
		if i < len(line) && (line[i] == '|' || line[i] == '[' && !hasSimpleLink(line, i)) {
			blockT++
		}
		t, wordEnd := 0, 0
		for k := i; k < len(line); k++ {
			c := line[k]
			if !markdownCostly[c] {
				continue
			}
			switch c {
			case '(', '_', '~', '*':
				// A bare-URL scan from here runs to the end of the word at
				// most; each word's end is looked for once.
				if wordEnd <= k {
					wordEnd = k + 1
					for wordEnd < len(line) && line[wordEnd] != ' ' && line[wordEnd] != '\t' {
						wordEnd++
					}
				}
				cost += wordEnd - k
			case '[':
				if _, _, end := simpleLinkAt(line, k); end > 0 {
					k = end - 1
					links++
					continue
				}
				t++
			case '`':
				if end := simpleCodeSpanEnd(line, k); end > 0 {
					k = end - 1
					continue
				}
				t++
				if k == i || line[k-1] != '`' {
					blockT++
				}
			case '<':
				t++
				if k+1 < len(line) && (line[k+1] == '!' || line[k+1] == '?') {
					blockT++
				}
			default: // ']', '|'
				t++
			}
		}
		cost += len(line)*(t+m+1) + 8*i*i
		if cost > budget {
			return fmt.Sprintf("the document holds constructs that cost the Markdown parser time growing faster than its size "+
				"(long lines or paragraphs full of brackets, backticks or \"<\"), past relurl's bound of %d per byte: "+
				"its URLs are not checked", markdownBudget), ls, 0
		}
		ls = le + 1
	}
	if cost+blockLen*blockT > budget {
		return fmt.Sprintf("the document holds constructs that cost the Markdown parser time growing faster than its size "+
			"(long lines or paragraphs full of brackets, backticks or \"<\"), past relurl's bound of %d per byte: "+
			"its URLs are not checked", markdownBudget), max(0, len(src)-blockLen), 0
	}
	return "", 0, links
}

// codeFence is a fenced code block (CommonMark §4.5) that markdownTooCostly
// is inside of: one opened by a line that begins with no container marker
// and at most three spaces, so that it is not inside a list or a block
// quote. Its lines are code, read by goldmark once whatever they hold, so
// a code block may show Markdown nested as deep as it likes (the rules
// page's example of this very finding does). The block ends at its
// closing fence; markdownTooCostly also ends it, erring towards counting,
// at a blank line (the fence may have been the text of an HTML block,
// which a blank line ends) and at a line indented less than the fence (the
// fence may have been a list item's, which such a line ends).
type codeFence struct {
	char   byte // '`' or '~'; 0 when no block is open
	n      int  // the length of the opening run
	indent int  // the opening fence's indentation
}

func (f codeFence) open() bool { return f.char != 0 }

// openFence returns the fence that line (lead bytes of white space
// first) opens, or a closed one: at most three spaces, then three or more
// backticks or tildes, and for backticks an info string without one.
func openFence(line string, lead int) codeFence {
	if lead > 3 || strings.IndexByte(line[:lead], '\t') >= 0 || lead+3 > len(line) {
		return codeFence{}
	}
	c := line[lead]
	if c != '`' && c != '~' {
		return codeFence{}
	}
	n := lead
	for n < len(line) && line[n] == c {
		n++
	}
	if n-lead < 3 || c == '`' && strings.IndexByte(line[n:], '`') >= 0 {
		return codeFence{}
	}
	return codeFence{char: c, n: n - lead, indent: lead}
}

// inside says whether line (lead bytes of white space first) is still a
// line of the block f, its closing fence included; when not, the block
// ends before the line, which is read as any other.
func (f codeFence) inside(line string, lead int) bool {
	if strings.TrimRight(line, " \t\r") == "" {
		return false
	}
	col := 0
	for _, c := range []byte(line[:lead]) {
		if c == '\t' {
			col += 4 - col%4
		} else {
			col++
		}
	}
	return col >= f.indent
}

// closes says whether line closes f.
func (f codeFence) closes(line string, lead int) bool {
	if lead > 3 || strings.IndexByte(line[:lead], '\t') >= 0 {
		return false
	}
	n := lead
	for n < len(line) && line[n] == f.char {
		n++
	}
	return n-lead >= f.n && strings.TrimRight(line[n:], " \t\r") == ""
}

// markdownCostly are the bytes markdownTooCostly looks at: what begins
// goldmark's bare-URL scans, brackets, backticks, "<" and "|".
var markdownCostly = func() (t [256]bool) {
	for _, c := range []byte("(_~*[]`<|") {
		t[c] = true
	}
	return t
}()

// listMarker returns the length of the list marker (and the one space
// after it) that s begins with: "-", "*" or "+", or 1 to 9 digits and "."
// or ")", then a space or tab; 0 when s begins none.
func listMarker(s string) int {
	i := 0
	switch {
	case len(s) > 0 && (s[0] == '-' || s[0] == '*' || s[0] == '+'):
		i = 1
	default:
		for i < len(s) && i < 9 && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		if i == 0 || i >= len(s) || s[i] != '.' && s[i] != ')' {
			return 0
		}
		i++
	}
	if i < len(s) && (s[i] == ' ' || s[i] == '\t') {
		return i + 1
	}
	return 0
}

// parseMarkdown parses a Markdown document and finds its destinations,
// its raw HTML joined with its map, and its base: the BASE element of the
// raw HTML before any Markdown content, or the layers of ctx.
func parseMarkdown(src string, ctx rbase.Context) (r *markdownReader, html string, m rbase.Map, b *Base) {
	return parseMarkdownWith(markdownParser(), src, ctx, 0, false)
}

// parseMarkdownWith is parseMarkdown with the parser p, making room for
// the given number of links the fast path may find; with headings, the
// reader keeps the document's headings.
func parseMarkdownWith(p parser.Parser, src string, ctx rbase.Context, links int, headings bool) (r *markdownReader, html string, m rbase.Map, b *Base) {
	// goldmark reads its source and never writes to it (its readers hand
	// out slices of it, and no parser changes one: checked in v1.8.7 and
	// held by the Markdown fuzz target, whose documents are strings), so it is given
	// src's own bytes rather than a copy of a file that may be large (a
	// copy costs what BenchmarkFileKind/kind=markdown shows).
	source := unsafe.Slice(unsafe.StringData(src), len(src))
	pc := parser.NewContext()
	if links > 0 {
		fast := make([]mdLink, 0, links)
		pc.Set(fastLinksKey, &fast)
	}
	doc := p.Parse(gtext.NewReader(source), parser.WithContext(pc))
	r = &markdownReader{src: src, source: source, pc: pc, wantHeadings: headings}
	if fast, _ := pc.Get(fastLinksKey).(*[]mdLink); fast != nil {
		r.fast = *fast
	}
	r.walk(doc)
	html, m = rbase.Join(src, r.html)
	// Past the HTML parser's limit the fallback stands (its error is
	// readHTML's to note, when it reads the raw HTML).
	b, _ = htmlBase(html[:r.headEnd(m)], ctx, establish(nil, ctx, true))
	return r, html, m, b
}

// mdLink is a destination found in the tree: what kind, where the node
// begins, its raw bytes and (for an autolink) its scheme implied.
type mdLink struct {
	where string
	pos   int
	raw   []byte
	// autolink: the bytes are the URL as they are; www: "http://" is
	// implied before them.
	autolink, www bool
}

// markdownReader walks a goldmark tree.
type markdownReader struct {
	src    string
	source []byte
	// The links found, in the tree's order, are runs of slow, the links
	// of goldmark's nodes, and of fast, the links the fast path found
	// (which fastParagraph nodes index): not copied into one slice.
	runs       []linkRun
	slow, fast []mdLink
	// html are the pieces of raw HTML, in order; head counts those before
	// the first Markdown content (which ends the head of the page the
	// document renders to).
	html    [][2]int
	head    int
	content bool
	// headings are the document's headings, when wantHeadings; pc is the
	// parse's context, which holds its link reference definitions.
	wantHeadings bool
	headings     []*ast.Heading
	pc           parser.Context
}

// linkRun is a run of the links a markdownReader found: [from:to] of its
// fast links, or of its slow ones.
type linkRun struct {
	fast     bool
	from, to int
}

// add records the links [from:to] of the fast or slow ones as the next.
func (r *markdownReader) add(fast bool, from, to int) {
	if from == to {
		return
	}
	if k := len(r.runs) - 1; k >= 0 && r.runs[k].fast == fast && r.runs[k].to == from {
		r.runs[k].to = to
		return
	}
	r.runs = append(r.runs, linkRun{fast: fast, from: from, to: to})
}

// addSlow records a link of goldmark's tree as the next.
func (r *markdownReader) addSlow(l mdLink) {
	r.slow = append(r.slow, l)
	r.add(false, len(r.slow)-1, len(r.slow))
}

// count returns the number of links found.
func (r *markdownReader) count() int {
	n := 0
	for _, run := range r.runs {
		n += run.to - run.from
	}
	return n
}

// each calls f with each link found, in order, while it returns true.
func (r *markdownReader) each(f func(*mdLink) bool) {
	next := r.iter()
	for l := next(); l != nil && f(l); l = next() {
	}
}

// iter returns a function that returns each link found, in order, and
// nil past the last.
func (r *markdownReader) iter() func() *mdLink {
	k, j := 0, -1
	return func() *mdLink {
		for k < len(r.runs) {
			run := r.runs[k]
			if j < run.from {
				j = run.from
			}
			if j < run.to {
				links := r.slow
				if run.fast {
					links = r.fast
				}
				j++
				return &links[j-1]
			}
			k, j = k+1, -1
		}
		return nil
	}
}

// headEnd returns the offset in the joined raw HTML where the head ends:
// the end of the pieces before any Markdown content.
func (r *markdownReader) headEnd(m rbase.Map) int {
	n := 0
	for _, p := range r.html[:r.head] {
		n += p[1] - p[0]
	}
	return n
}

// onePiece reports whether the file's [from, to) lies in one piece of
// raw HTML.
func (r *markdownReader) onePiece(from, to int) bool {
	k := sort.Search(len(r.html), func(k int) bool { return r.html[k][1] > from })
	return k < len(r.html) && r.html[k][0] <= from && to <= r.html[k][1]
}

func (r *markdownReader) addHTML(from, to int) {
	if to <= from {
		return
	}
	if k := len(r.html); k > 0 && r.html[k-1][1] == from {
		r.html[k-1][1] = to
	} else {
		r.html = append(r.html, [2]int{from, to})
	}
	if !r.content {
		r.head = len(r.html)
	}
}

// walk visits the tree in document order.
func (r *markdownReader) walk(doc ast.Node) {
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		if n.Parent() == doc {
			switch n.Kind() {
			case ast.KindHTMLBlock, ast.KindLinkReferenceDefinition:
			default:
				r.content = true
			}
		}
		switch n := n.(type) {
		case *ast.Heading:
			if r.wantHeadings {
				r.headings = append(r.headings, n)
			}
		case *fastParagraph:
			r.add(true, n.from, n.to)
		case *ast.Link:
			if n.Reference == nil {
				r.addSlow(mdLink{where: "Markdown link", pos: n.Pos(), raw: n.Destination})
			}
		case *ast.Image:
			if n.Reference == nil {
				r.addSlow(mdLink{where: "Markdown image", pos: n.Pos(), raw: n.Destination})
			}
		case *ast.LinkReferenceDefinition:
			if r.inForce(n) {
				r.addSlow(mdLink{where: "link reference definition", pos: n.Pos(), raw: n.Destination})
			}
		case *ast.AutoLink:
			if n.AutoLinkType == ast.AutoLinkURL {
				where := "autolink"
				if !strings.HasPrefix(r.src[max(0, n.Pos()):], "<") {
					where = "bare URL"
				}
				r.addSlow(mdLink{where: where, pos: n.Pos(), raw: n.Label(r.source), autolink: true, www: n.Protocol != nil})
			}
		case *ast.RawHTML:
			for i := range n.Segments.Len() {
				s := n.Segments.At(i)
				r.addHTML(s.Start, s.Stop)
			}
		case *ast.HTMLBlock:
			lines := n.Lines()
			for i := range lines.Len() {
				s := lines.At(i)
				r.addHTML(s.Start, s.Stop)
			}
			if n.HasClosure() {
				r.addHTML(n.ClosureLine.Start, n.ClosureLine.Stop)
			}
		case *ast.CodeSpan, *ast.CodeBlock, *ast.FencedCodeBlock:
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
}

// inForce reports whether the link reference definition n is the one its
// label stands for: the first definition of the label in the document
// (CommonMark §4.7, "If there are several matching link reference
// definitions, the one that comes first in the document is used"), as
// goldmark keeps it. A later one is ignored by every renderer: it is no
// link, and its destination is neither checked nor counted (decision
// L-53).
func (r *markdownReader) inForce(n *ast.LinkReferenceDefinition) bool {
	ref, ok := r.pc.Reference(util.ToLinkReference(n.Label))
	return ok && len(n.Label) > 0 && len(ref.Label()) > 0 && unsafe.SliceData(ref.Label()) == unsafe.SliceData(n.Label)
}

// link returns the Ref of a destination found in the tree (its Base is
// the caller's to set).
func (r *markdownReader) link(l mdLink) Ref {
	from, ok := subOffset(r.source, l.raw)
	if !ok {
		from, ok = r.find(l)
	}
	enc := []Encoding{EncodingMarkdown}
	if l.autolink {
		enc = []Encoding{EncodingMarkdownAutolink}
	}
	if !ok {
		// The coarser place: every byte at the start of the link.
		at := max(0, min(l.pos, len(r.src)))
		u := string(l.raw)
		if !l.autolink {
			u, _ = markdownUnescape(u)
		} else if l.www {
			u = "http://" + u
		}
		return Ref{URL: u, Map: spanMap(rbase.Map{}, len(u), at, at), Where: l.where, Encodings: enc}
	}
	to := from + len(l.raw)
	t := plain(r.src, from, to)
	switch {
	case l.www:
		idx := make([]int, 0, len(l.raw)+8)
		for range len("http://") {
			idx = append(idx, from)
		}
		for k := from; k <= to; k++ {
			idx = append(idx, k)
		}
		return Ref{URL: "http://" + t.s, Map: indexMap(rbase.Map{}, idx), Where: l.where, Encodings: enc}
	case l.autolink:
		return Ref{URL: t.s, Map: plainMap(rbase.Map{}, from), Where: l.where, Encodings: enc}
	}
	u, sub := markdownUnescape(t.s)
	return Ref{URL: u, Map: t.mapOf(rbase.Map{}, 0, len(t.s), sub), Where: l.where, Encodings: enc}
}

// subOffset returns the offset in source of sub when sub is a slice of
// source's array (as goldmark's destinations usually are): it compares
// the addresses of the elements, so a copy is never taken for the
// original.
func subOffset(source, sub []byte) (int, bool) {
	if len(sub) == 0 || len(source) == 0 {
		return 0, false
	}
	off := cap(source) - cap(sub)
	if off < 0 || off+len(sub) > len(source) || &source[off] != &sub[0] {
		return 0, false
	}
	return off, true
}

// find locates the raw destination of l in the file when goldmark's is a
// copy (an empty destination, or one on a line whose indentation goldmark
// expanded): after the first "](" from the start of the link (or, for a
// definition, the first "]:"), past white space, one line end and the
// markers of the containers on the next line.
func (r *markdownReader) find(l mdLink) (int, bool) {
	s := r.src
	if l.pos < 0 || l.pos >= len(s) || l.autolink {
		return 0, false
	}
	open := "]("
	if l.where == "link reference definition" {
		open = "]:"
	}
	k := strings.Index(s[l.pos:], open)
	if k < 0 {
		return 0, false
	}
	i := l.pos + k + 2
	for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
		i++
	}
	if i < len(s) && (s[i] == '\n' || s[i] == '\r') {
		if s[i] == '\r' && i+1 < len(s) && s[i+1] == '\n' {
			i++
		}
		i++
		for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '>') {
			i++
		}
	}
	if i < len(s) && s[i] == '<' {
		i++
	}
	if len(s)-i >= len(l.raw) && s[i:i+len(l.raw)] == string(l.raw) {
		return i, true
	}
	return 0, false
}

// markdownUnescape decodes a link destination as CommonMark does (§2.4,
// §2.5, §6.3), in one pass: a backslash before ASCII punctuation is that
// character; an entity reference (an HTML5 entity name and ";") and a
// numeric character reference ("&#" and 1 to 7 digits, or "&#x" and 1 to
// 6 hex digits, and ";") are their characters, U+FFFD for zero or a code
// point past U+10FFFF or a surrogate. Anything else is itself. It returns
// the decoded text and, unless it is s as it is (nil), the offset in s of
// each decoded byte and of the end.
func markdownUnescape(s string) (string, []int) {
	k := strings.IndexAny(s, `\&`)
	if k < 0 {
		return s, nil
	}
	var b strings.Builder
	b.Grow(len(s))
	b.WriteString(s[:k])
	sub := make([]int, 0, len(s)+1)
	for i := range k {
		sub = append(sub, i)
	}
	put := func(str string, at int) {
		b.WriteString(str)
		for range len(str) {
			sub = append(sub, at)
		}
	}
	for i := k; i < len(s); {
		c := s[i]
		if c == '\\' && i+1 < len(s) && util.IsPunct(s[i+1]) {
			put(s[i+1:i+2], i)
			i += 2
			continue
		}
		if c == '&' {
			if t, n := markdownReference(s[i:]); n > 0 {
				put(t, i)
				i += n
				continue
			}
		}
		b.WriteByte(c)
		sub = append(sub, i)
		i++
	}
	sub = append(sub, len(s))
	return b.String(), sub
}

// markdownReference reads the entity or numeric character reference at
// the start of s (CommonMark §6.2) and returns its text and length, or a
// length of 0.
func markdownReference(s string) (string, int) {
	if len(s) > 2 && s[1] == '#' {
		j, hex := 2, false
		if s[j] == 'x' || s[j] == 'X' {
			j, hex = 3, true
		}
		start := j
		var v rune
		for j < len(s) && (hex && isHexDigit(s[j]) || !hex && s[j] >= '0' && s[j] <= '9') {
			d := s[j]
			switch {
			case d >= 'a':
				v = v*16 + rune(d-'a'+10)
			case d >= 'A':
				v = v*16 + rune(d-'A'+10)
			case hex:
				v = v*16 + rune(d-'0')
			default:
				v = v*10 + rune(d-'0')
			}
			j++
			if hex && j-start > 6 || !hex && j-start > 7 {
				return "", 0
			}
		}
		if j == start || j >= len(s) || s[j] != ';' {
			return "", 0
		}
		if v == 0 || v > utf8.MaxRune || v >= 0xD800 && v <= 0xDFFF {
			v = utf8.RuneError
		}
		return string(v), j + 1
	}
	j := 1
	for j < len(s) && j <= 32 && isAlnum(s[j]) {
		j++
	}
	if j == 1 || j >= len(s) || s[j] != ';' {
		return "", 0
	}
	e, ok := util.LookUpHTML5EntityByName(s[1:j])
	if !ok {
		return "", 0
	}
	return string(e.Characters), j + 1
}

func isHexDigit(c byte) bool {
	return c >= '0' && c <= '9' || c|0x20 >= 'a' && c|0x20 <= 'f'
}

// headingAnchor returns the anchor of the heading n: its text as GitHub
// renders it, and its last line as written.
func (r *markdownReader) headingAnchor(n *ast.Heading) Anchor {
	a := Anchor{Kind: AnchorHeading, Offset: max(0, n.Pos())}
	lines := n.Lines()
	if k := lines.Len(); k > 0 {
		last := lines.At(k - 1)
		a.Source = string(last.Value(r.source))
		a.Offset = lines.At(0).Start
	}
	var b strings.Builder
	if r.inlineText(&b, n, false) {
		// An "_" may be emphasis, which the reader's parser, without the
		// emphasis parser, leaves as text: the heading's inlines are read
		// again with every parser.
		b.Reset()
		r.reparseHeading(&b, n)
	}
	a.Value = b.String()
	return a
}

// inlineText writes the text of the inlines under n as GitHub's pages
// hold it: the text of text nodes (backslash escapes and entity and
// numeric references decoded; in a code span, as written), line breaks
// as line feeds, an autolink's URL, nothing of raw HTML's tags and
// images. It reports whether a text holds "_", which may be emphasis.
func (r *markdownReader) inlineText(b *strings.Builder, n ast.Node, code bool) (underscore bool) {
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		switch c := c.(type) {
		case *ast.Text:
			v := string(c.Segment.Value(r.source))
			if code {
				b.WriteString(v)
			} else {
				underscore = underscore || strings.IndexByte(v, '_') >= 0
				u, _ := markdownUnescape(v)
				b.WriteString(u)
			}
			if c.SoftLineBreak() || c.HardLineBreak() {
				b.WriteByte('\n')
			}
		case *ast.String:
			b.Write(c.Value)
		case *ast.CodeSpan:
			r.inlineText(b, c, true)
		case *ast.RawHTML, *ast.Image:
		case *ast.AutoLink:
			b.Write(c.Label(r.source))
		default:
			underscore = r.inlineText(b, c, code) || underscore
		}
	}
	return underscore
}

// headingParser reads the inlines of a heading with every inline parser
// GitHub has: CommonMark's (emphasis among them), strikethrough and bare
// URLs.
var headingParser = sync.OnceValue(func() parser.Parser {
	return parser.NewParser(
		parser.WithBlockParsers(parser.DefaultBlockParsers()...),
		parser.WithInlineParsers(append(parser.DefaultInlineParsers(),
			util.Prioritized(gfm.NewStrikethroughParser(), 500),
			util.Prioritized(gfm.NewLinkifyParser(), 999))...),
		parser.WithParagraphTransformers(parser.DefaultParagraphTransformers()...),
	)
})

// reparseHeading writes the text of the heading n (see inlineText) read
// again by headingParser, with the document's link reference
// definitions: its one line after "# ", or its lines as a setext
// heading's.
func (r *markdownReader) reparseHeading(b *strings.Builder, n *ast.Heading) {
	lines := n.Lines()
	var src []byte
	if lines.Len() == 1 {
		line := lines.At(0)
		src = append([]byte("# "), line.Value(r.source)...)
	} else {
		for i := range lines.Len() {
			line := lines.At(i)
			src = append(src, line.Value(r.source)...)
			if len(src) > 0 && src[len(src)-1] != '\n' {
				src = append(src, '\n')
			}
		}
		src = append(src, "=\n"...)
	}
	pc := parser.NewContext()
	for _, ref := range r.pc.References() {
		pc.AddReference(ref)
	}
	doc := headingParser().Parse(gtext.NewReader(src), parser.WithContext(pc))
	sub := &markdownReader{source: src}
	for c := doc.FirstChild(); c != nil; c = c.NextSibling() {
		if h, ok := c.(*ast.Heading); ok {
			sub.inlineText(b, h, false)
			return
		}
	}
}
