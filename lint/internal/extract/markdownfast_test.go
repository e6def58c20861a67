package extract

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/relurl/relurl/internal/testtool"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	gtext "github.com/yuin/goldmark/text"
)

// TestMarkdownFastPath: on documents at the edges of what the fast path
// takes, it reads what goldmark alone reads (checkMarkdownFast, which
// the Markdown fuzz target runs on everything), and it takes the paragraphs it is
// for.
func TestMarkdownFastPath(t *testing.T) {
	for _, c := range []struct {
		doc  string
		fast int // paragraphs the fast path takes
	}{
		{"see [a](b) and ![c](d.png) end\n", 1},
		{"see [a](b)\nand [c](<d e>) on two lines\n\nnext [e](f)\n", 2},
		{"- item [a](b)\n- item [c](d)\n\n> quoted [e](f)\n", 3},
		{"[a]: /def\n\n[a] and [a](b)\n", 0},
		{"[a](b)\n[a]: /def\n", 0},
		{"a | b\n--|--\n[x](y) | z\n", 0},
		{"see www.example.com/[a](b)\n", 0},
		{"see http://example.com/[a](b)\n", 0},
		{"see [http://x.y](b) [www.x.y](c)\n", 1},
		{"see [a](b \"title\")\n", 0},
		{"see [a]( b)\n", 0},
		{"see [a](b(c))\n", 0},
		{"see [a](<>)\n", 0},
		{"see [a](<b>c)\n", 0},
		{"see [^1](b)\n\n[^1]: note\n", 1},
		{"see `[a](b)` and [c](d)\n", 1},
		{"see `a` `<b>` `http://c` [d](e) `f|g`\n", 0},
		{"see `a` `<b>` `http://c` [d](e) `f\\g`\n", 1},
		{"see `a\nb` [c](d)\n", 0},
		{"see `a``b` [c](d)\n", 0},
		{"see ``a`` [c](d)\n", 0},
		{"see `a` [c](d) `\n", 0},
		{"see [a`b](c) `d`\n", 0},
		{"see `[a](b)`x`[c](d)`\n", 1},
		{"see <a href=x>[a](b)</a>\n", 0},
		{"see \\[a](b)\n", 1},
		{"\\[[`15d880bcb6`](https://github.com/n/c/15d880bcb6)] - **console**: x (R B) [#17706](https://github.com/n/p/17706)\n", 1},
		{"see [a `]` b](c)\n", 1},
		{"see [a `]` b](c) [d `e](f)` g\n", 0},
		{"see [a `b](c)\n", 0},
		{"see \\\\[a](b) \\` [c](d) \\a\n", 1},
		{"see \\|[a](b)\n", 0},
		{"see \\<a> [c](d) \\``e` [f](g)\n", 0},
		{"end \\\n[a](b)\n", 1},
		{"see ] and ](x) and [a](b)]\n", 1},
		{"see [a\\]b](c)\n", 0},
		{"\\![a](b) \\\\![c](d)\n", 1},
		{"see http\\://x.y/[a](b) www\\.x.y\n", 1},
		{"see [a](b&amp;c) [d](e&#x20;f)\n", 1},
		{"a [b](c)\r\nd [e](f)\r\n", 1},
		{"a [b](c)\rd [e](f)\n", 0},
		{"tab\t[b](c)\n", 0},
		{"\t\tindented code [a](b)\n\npara\n", 1},
		{"Title [a](b)\n=====\n", 0},
		{"[a](b)\n---\n", 0},
		{"> [a](b)\n---\n", 1},
		{"Title [a](b)\n===\n    code [c](d)\n", 0},
		{"[a](b)\n\n---\n", 1},
		{"1. [a](b)\n\n   [c](d)\n", 2},
		{"[a [b](c)](d)\n", 0},
		{"[a](b)](c)\n", 1},
		{"x]y [a](b)\n", 1},
		{"ünïcödé [ä](ö/ü) \u00a0[a](b\u00a0c)\n", 1},
		{"[a](b\x00c)\n", 0},
	} {
		checkMarkdownFast(t, c.doc)
		if got := countFast(c.doc); got != c.fast {
			t.Errorf("%q: the fast path took %d paragraphs, want %d", c.doc, got, c.fast)
		}
	}
}

// countFast counts the paragraphs of doc the fast path takes.
func countFast(doc string) int {
	root := markdownParser().Parse(gtext.NewReader([]byte(doc)), parser.WithContext(parser.NewContext()))
	n := 0
	_ = ast.Walk(root, func(node ast.Node, entering bool) (ast.WalkStatus, error) {
		if entering && node.Kind() == kindFastParagraph {
			n++
		}
		return ast.WalkContinue, nil
	})
	return n
}

// TestMarkdownFastPathSpec: on every example of the CommonMark spec and
// of goldmark's tests of the GitHub extensions (from goldmark's module,
// as `go mod download` leaves it), the fast path reads what goldmark
// alone reads.
func TestMarkdownFastPathSpec(t *testing.T) {
	dir := testtool.ModuleDir(t, "github.com/yuin/goldmark")
	data, err := os.ReadFile(filepath.Join(dir, "_test", "spec.json"))
	if err != nil {
		t.Skipf("goldmark's module holds no spec examples: %v", err)
	}
	var examples []struct {
		Markdown string `json:"markdown"`
	}
	if err := json.Unmarshal(data, &examples); err != nil {
		t.Fatal(err)
	}
	docs := make([]string, 0, len(examples)+64)
	for _, e := range examples {
		docs = append(docs, e.Markdown)
	}
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
	if len(docs) < 600 {
		t.Fatalf("only %d examples", len(docs))
	}
	fast := 0
	for _, d := range docs {
		checkMarkdownFast(t, d)
		fast += countFast(d)
	}
	if fast < 100 {
		t.Errorf("the fast path took only %d paragraphs of %d examples", fast, len(docs))
	}
	t.Logf("%d examples; the fast path took %d paragraphs", len(docs), fast)
}
