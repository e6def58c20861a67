package extract

import (
	"strconv"
	"strings"
	"sync"

	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/parser"
	gtext "github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"

	"github.com/relurl/relurl/lint/internal/extract/internal/gfm"
)

// Insertion is text to insert into a document at an offset.
type Insertion struct {
	At   int
	Text string
}

// MarkdownSafeInsertion returns the index of the first of the insertions
// into src, a Markdown document, that leaves what the page shows as it
// was and puts comment, which its Text holds, where relurl reads it as a
// directive; -1 when none does. The language server's "suppress here"
// asks it of the places it may write <!-- relurl:ignore RULE --> in
// (decision E-12). It parses the document before and after as GitHub
// renders Markdown (CommonMark, its tables, strikethrough, bare URLs and
// footnotes; emphasis, which relurl's reader leaves out, too) and compares
// what the two trees render to, the inserted comment left out: the blocks
// and their nesting, a list's kind, start and tightness, a task list
// item's box and a GitHub alert's marker, the text with its white space
// collapsed as a browser collapses it, code and raw HTML exactly (a line
// added inside <pre> is a line on the page). A comment that makes a block
// of its own between blocks shows nothing and is allowed; one that splits
// a paragraph or a list, ends a table or lands inside code is not. An
// insertion out of range, or whose Text does not hold comment, is never
// safe.
func MarkdownSafeInsertion(src, comment string, insertions []Insertion) int {
	before := ""
	for i, ins := range insertions {
		k := strings.Index(ins.Text, comment)
		if ins.At < 0 || ins.At > len(src) || k < 0 || comment == "" {
			continue
		}
		after := src[:ins.At] + ins.Text + src[ins.At:]
		read := false
		Extract(after, KindMarkdown, "", Handler{Directive: func(d Directive) { read = read || d.Offset == ins.At+k }})
		if !read {
			continue
		}
		if before == "" {
			before = markdownRendering(src, comment)
		}
		if markdownRendering(after, comment) == before {
			return i
		}
	}
	return -1
}

// markdownRenderParser reads Markdown as GitHub renders it: every
// parser relurl's reader uses, and emphasis and strikethrough.
var markdownRenderParser = sync.OnceValue(func() parser.Parser {
	return parser.NewParser(
		parser.WithBlockParsers(append(parser.DefaultBlockParsers(),
			util.Prioritized(gfm.NewFootnoteBlockParser(), 999))...),
		parser.WithInlineParsers(append(parser.DefaultInlineParsers(),
			util.Prioritized(gfm.NewFootnoteParser(), 101),
			util.Prioritized(gfm.NewStrikethroughParser(), 500),
			util.Prioritized(gfm.NewLinkifyParser(), 999))...),
		parser.WithParagraphTransformers(append(parser.DefaultParagraphTransformers(),
			util.Prioritized(gfm.NewTableParagraphTransformer(), 200))...),
	)
})

// The marks of markdownRendering: a block's start and end (white space
// next to them does not show), an inline element's.
const (
	blockOpen, blockClose   = "\x01", "\x02"
	inlineOpen, inlineClose = "\x03", "\x04"
)

// markdownRendering returns what src renders to, in a form that two
// renderings the reader cannot tell apart share (see MarkdownSafeInsertion);
// raw HTML that is comment, and HTML blocks that hold nothing else, are
// left out.
func markdownRendering(src, comment string) string {
	source := []byte(src)
	doc := markdownRenderParser().Parse(gtext.NewReader(source))
	var b strings.Builder
	exact := func(s string) {
		b.WriteString(strings.ReplaceAll(strconv.Quote(s), " ", `\x20`))
	}
	lines := func(n ast.Node) string {
		var l strings.Builder
		for i := range n.Lines().Len() {
			seg := n.Lines().At(i)
			l.Write(seg.Value(source))
		}
		return l.String()
	}
	firstLine := func(n ast.Node) string {
		if c := n.FirstChild(); c != nil && c.Type() == ast.TypeBlock && c.Lines().Len() > 0 {
			seg := c.Lines().At(0)
			return strings.TrimSpace(string(seg.Value(source)))
		}
		return ""
	}
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		kind := n.Kind().String()
		if !entering {
			switch n.(type) {
			case *ast.RawHTML, *ast.HTMLBlock, *ast.CodeBlock, *ast.FencedCodeBlock, *ast.CodeSpan, *ast.LinkReferenceDefinition:
				return ast.WalkContinue, nil // written whole on entering
			}
			switch {
			case n.Type() == ast.TypeBlock:
				if n.Parent() != nil && n.Parent().Kind() == east.KindFootnote && n.NextSibling() == nil {
					// The footnote's link back follows on the line: the
					// space before it shows.
					b.WriteString(inlineOpen + "backlink" + inlineClose)
				}
				b.WriteString(blockOpen + "/" + kind + blockClose)
			case n.Type() == ast.TypeInline && n.Kind() != ast.KindText && n.Kind() != ast.KindString:
				b.WriteString(inlineOpen + "/" + kind + inlineClose)
			}
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.Text:
			b.Write(n.Segment.Value(source))
			switch {
			case n.HardLineBreak():
				b.WriteString(blockOpen + "br" + blockClose)
			case n.SoftLineBreak():
				b.WriteByte('\n')
			}
			return ast.WalkContinue, nil
		case *ast.String:
			b.Write(n.Value)
			return ast.WalkContinue, nil
		case *ast.RawHTML:
			var raw strings.Builder
			for i := range n.Segments.Len() {
				seg := n.Segments.At(i)
				raw.Write(seg.Value(source))
			}
			if raw.String() == comment {
				return ast.WalkSkipChildren, nil
			}
			b.WriteString(inlineOpen + kind)
			exact(raw.String())
			b.WriteString(inlineClose)
			return ast.WalkSkipChildren, nil
		case *ast.HTMLBlock:
			content := lines(n)
			if n.HasClosure() {
				content += string(n.ClosureLine.Value(source))
			}
			kept := strings.ReplaceAll(content, comment, "")
			if kept != content && strings.TrimSpace(kept) == "" {
				return ast.WalkSkipChildren, nil
			}
			b.WriteString(blockOpen + kind)
			exact(kept)
			b.WriteString(blockClose + blockOpen + "/" + kind + blockClose)
			return ast.WalkSkipChildren, nil
		case *ast.CodeBlock, *ast.FencedCodeBlock:
			b.WriteString(blockOpen + kind)
			if f, ok := n.(*ast.FencedCodeBlock); ok && f.Info != nil {
				exact(string(f.Info.Segment.Value(source)))
			}
			exact(lines(n))
			b.WriteString(blockClose + blockOpen + "/" + kind + blockClose)
			return ast.WalkSkipChildren, nil
		case *ast.CodeSpan:
			var code strings.Builder
			for c := n.FirstChild(); c != nil; c = c.NextSibling() {
				if t, ok := c.(*ast.Text); ok {
					code.Write(t.Segment.Value(source))
				}
			}
			b.WriteString(inlineOpen + kind)
			exact(code.String())
			b.WriteString(inlineClose + inlineOpen + "/" + kind + inlineClose)
			return ast.WalkSkipChildren, nil
		case *ast.LinkReferenceDefinition:
			return ast.WalkSkipChildren, nil
		}
		attrs := ""
		switch n := n.(type) {
		case *ast.Heading:
			attrs = strconv.Itoa(n.Level)
		case *ast.List:
			attrs = strconv.Itoa(n.Start) + " " + string(n.Marker) + " " + strconv.FormatBool(n.IsTight)
		case *ast.ListItem:
			// A task list item's box (GitHub): "[ ]", "[x]" or "[X]" first.
			l := firstLine(n)
			if len(l) >= 3 && l[0] == '[' && l[2] == ']' && strings.IndexByte(" xX", l[1]) >= 0 && (len(l) == 3 || l[3] == ' ' || l[3] == '\t') {
				attrs = l[:3]
			}
		case *ast.Blockquote:
			// A GitHub alert's marker, "[!NOTE]", alone on the first line.
			if l := firstLine(n); strings.HasPrefix(l, "[!") {
				attrs, _, _ = strings.Cut(l, "\n")
			}
		case *ast.Emphasis:
			attrs = strconv.Itoa(n.Level)
		case *ast.Link:
			attrs = strconv.Quote(string(n.Destination)) + strconv.Quote(string(n.Title))
		case *ast.Image:
			attrs = strconv.Quote(string(n.Destination)) + strconv.Quote(string(n.Title))
		case *ast.AutoLink:
			attrs = strconv.Quote(string(n.URL(source)))
		}
		if n.Type() == ast.TypeBlock {
			b.WriteString(blockOpen + kind + " " + attrs + blockClose)
		} else {
			b.WriteString(inlineOpen + kind + " " + attrs + inlineClose)
		}
		return ast.WalkContinue, nil
	})
	return collapseRendering(b.String())
}

// collapseRendering collapses each run of white space to one space, as a
// browser does in text, and drops the space next to a block's mark.
func collapseRendering(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	space := false
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case ' ', '\t', '\n', '\r', '\f':
			space = true
		default:
			if space && c != blockOpen[0] && (b.Len() == 0 || b.String()[b.Len()-1] != blockClose[0]) {
				b.WriteByte(' ')
			}
			space = false
			b.WriteByte(c)
		}
	}
	return b.String()
}
