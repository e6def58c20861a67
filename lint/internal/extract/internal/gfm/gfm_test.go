package gfm_test

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	gast "github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"

	"github.com/relurl/relurl/internal/testseed"
	"github.com/relurl/relurl/internal/testtool"
	"github.com/relurl/relurl/lint/internal/extract/internal/gfm"
)

// newParser is goldmark's CommonMark parser with GitHub's tables,
// extended autolinks, footnotes and strikethrough, from the given
// constructors.
func newParser(table func() parser.ParagraphTransformer, footnoteBlock func() parser.BlockParser,
	footnote, linkify, strike func() parser.InlineParser) parser.Parser {
	return parser.NewParser(
		parser.WithBlockParsers(append(parser.DefaultBlockParsers(), util.Prioritized(footnoteBlock(), 999))...),
		parser.WithInlineParsers(append(parser.DefaultInlineParsers(),
			util.Prioritized(footnote(), 101), util.Prioritized(strike(), 500), util.Prioritized(linkify(), 999))...),
		parser.WithParagraphTransformers(append(parser.DefaultParagraphTransformers(),
			util.Prioritized(table(), 200))...),
	)
}

var (
	goldmarkParser = newParser(extension.NewTableParagraphTransformer, extension.NewFootnoteBlockParser,
		extension.NewFootnoteParser, func() parser.InlineParser { return extension.NewLinkifyParser() },
		extension.NewStrikethroughParser)
	copyParser = newParser(gfm.NewTableParagraphTransformer, gfm.NewFootnoteBlockParser,
		gfm.NewFootnoteParser, gfm.NewLinkifyParser, gfm.NewStrikethroughParser)
)

// tree writes the tree p reads from doc, one node a line, with what each
// node holds of the source: its lines or its segment, and the fields of
// links, autolinks, tables and footnotes.
func tree(p parser.Parser, doc string) string {
	src := []byte(doc)
	root := p.Parse(text.NewReader(src))
	var b strings.Builder
	depth := 0
	err := gast.Walk(root, func(n gast.Node, entering bool) (gast.WalkStatus, error) {
		if !entering {
			depth--
			return gast.WalkContinue, nil
		}
		fmt.Fprintf(&b, "%s%s pos=%d", strings.Repeat("  ", depth), n.Kind(), n.Pos())
		depth++
		if n.Type() == gast.TypeBlock {
			for i := 0; i < n.Lines().Len(); i++ {
				s := n.Lines().At(i)
				fmt.Fprintf(&b, " [%d,%d pad %d]", s.Start, s.Stop, s.Padding)
			}
		}
		switch n := n.(type) {
		case *gast.Text:
			fmt.Fprintf(&b, " %q soft=%v hard=%v raw=%v", n.Segment.Value(src), n.SoftLineBreak(), n.HardLineBreak(), n.IsRaw())
		case *gast.AutoLink:
			fmt.Fprintf(&b, " type=%d url=%q label=%q protocol=%q", n.AutoLinkType, n.URL(src), n.Label(src), n.Protocol)
		case *gast.Link:
			fmt.Fprintf(&b, " dest=%q title=%q", n.Destination, n.Title)
		case *gast.Image:
			fmt.Fprintf(&b, " dest=%q title=%q", n.Destination, n.Title)
		case *east.Table:
			fmt.Fprintf(&b, " align=%v", n.Alignments)
		case *east.TableCell:
			fmt.Fprintf(&b, " align=%v", n.Alignment)
		case *east.Footnote:
			fmt.Fprintf(&b, " ref=%q index=%d", n.Ref, n.Index)
		case *east.FootnoteLink:
			fmt.Fprintf(&b, " index=%d", n.Index)
		case *east.FootnoteList:
			fmt.Fprintf(&b, " count=%d", n.Count)
		}
		b.WriteByte('\n')
		return gast.WalkContinue, nil
	})
	if err != nil {
		fmt.Fprintf(&b, "walk: %v\n", err)
	}
	return b.String()
}

// hostile are inputs at the edges of the copied parsers: autolinks at
// goldmark's bound of 256 characters, trailing punctuation and
// parentheses, entity-like endings, tables with escaped pipes in code
// spans and rows wider or narrower than the header, footnote labels at
// and past their limit; strikethrough of one, two and three tildes.
var hostile = []string{
	"www." + strings.Repeat("a", 255) + ".com and www." + strings.Repeat("a", 257) + ".com",
	"http://" + strings.Repeat("a", 256) + ".org/x http://" + strings.Repeat("b", 257) + ".org/",
	"see (http://a.example/b_(c)) and http://a.example/b?c=d&amp; http://a.example/q&x; *www.a.b* _www.c.d_ ~www.e.f~",
	"ftp://ftp.example.org/pub/. https://x.example:8080/a),. mail@example.com. x@y a.b-c@d.e- a@b.c_",
	"| a | `b \\| c` |\n|:-|-:|\n| 1 | 2 | 3 |\n| 4 |\n\n|x|\n|:-:|\n|`y\\|z`|",
	"a | b\n--- | ---\nc | d\n\nnot | a table\n--- | --- | ---\ne | f",
	"[^1] and [^" + strings.Repeat("x", 998) + "] and ![^2]\n\n[^1]: one\n    more\n[^2]:\n[^" + strings.Repeat("y", 1000) + "]: long",
	"[^]: empty\n[^ ]: blank\n[^a]:tight\n\n[^a] [^b]",
	"www.\x00.com http://\xff.example/ \t www.a.b\r\nhttp://c.d",
	"~~a~~ ~b~ ~~~c~~~ ~~d~ **~~e~~** ~~f\ng~~ \\~~h~~ `~~i~~` ~~[j](k)~~ a~~b~~c ~~ l ~~",
}

// examples are goldmark's own tests of the four extensions and the
// CommonMark spec's examples, from goldmark's module directory.
func examples(t testing.TB) []string {
	dir := testtool.ModuleDir(t, "github.com/yuin/goldmark")
	var docs []string
	for _, name := range []string{"table.txt", "linkify.txt", "footnote.txt", "strikethrough.txt"} {
		data, err := os.ReadFile(filepath.Join(dir, "extension", "_test", name))
		if err != nil {
			t.Fatal(err)
		}
		// goldmark's test format: a number, the Markdown, the HTML.
		for _, c := range strings.Split(string(data), "//= = = = = = = = = = = = = = = = = = = = = = = =//") {
			if parts := strings.Split(c, "//- - - - - - - - -//\n"); len(parts) == 3 {
				docs = append(docs, parts[1])
			}
		}
	}
	data, err := os.ReadFile(filepath.Join(dir, "_test", "spec.json"))
	if err != nil {
		t.Fatal(err)
	}
	var spec []struct {
		Markdown string `json:"markdown"`
	}
	if err := json.Unmarshal(data, &spec); err != nil {
		t.Fatal(err)
	}
	for _, e := range spec {
		docs = append(docs, e.Markdown)
	}
	return docs
}

// TestSameAsGoldmark: on goldmark's tests of tables, autolinks,
// footnotes and strikethrough, the CommonMark spec's examples and hostile inputs, the
// copied parsers build the tree goldmark's build, node for node.
func TestSameAsGoldmark(t *testing.T) {
	docs := append(examples(t), hostile...)
	if len(docs) < 700 {
		t.Fatalf("only %d documents", len(docs))
	}
	tables, links, notes, strikes := 0, 0, 0, 0
	for i, doc := range docs {
		want, got := tree(goldmarkParser, doc), tree(copyParser, doc)
		if got != want {
			t.Errorf("document %d %q:\ngoldmark's tree:\n%s\nthe copy's:\n%s", i, doc, want, got)
		}
		tables += strings.Count(want, "Table pos")
		links += strings.Count(want, "AutoLink")
		notes += strings.Count(want, "FootnoteLink")
		strikes += strings.Count(want, "Strikethrough pos")
	}
	if tables < 10 || links < 40 || notes < 10 || strikes < 5 {
		t.Errorf("the documents hold %d tables, %d autolinks, %d footnote links, %d strikethroughs: too few to hold the copy to goldmark",
			tables, links, notes, strikes)
	}
}

// pieces are what the random documents of TestSameAsGoldmarkRandom are
// made of: the tokens the copied parsers look at, and some text.
var pieces = []string{
	"www.", "http://", "https://", "ftp://", "mailto:", "example", ".com", ".org", "a", "b1", "-", "_", ".",
	"(", ")", "|", "\\|", ":", "-", "---", ":-:", "\n", "\n\n", " ", "    ", "\t", "`", "[^", "[", "]", "]:",
	"![", "@", "&", "&amp;", ";", "*", "~", "!", "?", ",", "/", "#", "=", "%", "<", ">", "- ", "> ", "1. ",
	"\\", "\"", "'", "\u00e9", "\xff",
}

// TestSameAsGoldmarkRandom holds the copied parsers to goldmark's on
// random documents made of the pieces they look at.
func TestSameAsGoldmarkRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(uint64(testseed.Seed(t, 1808)), 0))
	n := 3000
	if testing.Short() {
		n = 300
	}
	for i := 0; i < n; i++ {
		var b strings.Builder
		for k := rng.IntN(40); k >= 0; k-- {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		doc := b.String()
		if want, got := tree(goldmarkParser, doc), tree(copyParser, doc); got != want {
			t.Fatalf("document %q:\ngoldmark's tree:\n%s\nthe copy's:\n%s", doc, want, got)
		}
	}
}
