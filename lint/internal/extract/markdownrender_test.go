package extract

import (
	"bytes"
	"math/rand"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/renderer/html"

	"github.com/relurl/relurl/internal/testseed"
)

// TestMarkdownSafeInsertion: a comment inserted where the page shows the
// same and relurl reads it is safe; one that splits a paragraph or a
// list, ends a table, adds a line inside <pre>, breaks a task list's box
// or an alert's marker, or lands where it is text, is not (decision
// E-12). ‸ marks the place. Each safe case is also rendered to HTML by
// goldmark with GitHub's extensions, a renderer apart from the check,
// and must render as before once the comment is taken out.
func TestMarkdownSafeInsertion(t *testing.T) {
	const c = "<!-- relurl:ignore x -->"
	for _, tc := range []struct {
		doc, ins string
		safe     bool
	}{
		{"‸Text [a](b).\n", c + "\n", true},
		{"Intro.\n\n‸Text [a](b).\n", c + "\n", true},
		{"Some text\n‸and [a](b).\n", c + "\n", false},
		{"Some text‸\nand [a](b).\n", " " + c, true},
		{"Some text‸  \nand [a](b).\n", " " + c, true},
		{"Some text  ‸\nand [a](b).\n", " " + c, false},
		{"Some text‸\\\nand [a](b).\n", " " + c + " ", true},
		{"1. one\n‸2. two [a](b)\n3. three\n", c + "\n", false},
		{"1. one‸\n2. two [a](b)\n3. three\n", " " + c, true},
		{"- one\n‸- two [a](b)\n", c + "\n", false},
		{"- one\n‸  - two [a](b)\n", "  " + c + "\n", true},
		{"| a | b |\n|---|---|\n‸| [x](y) | z |\n", c + "\n", false},
		{"| a | b |\n|---|---|‸\n| [x](y) | z |\n", " " + c, false},
		{"| a | b |\n|---|---|\n| ‸[x](y) | z |\n", c, true},
		{"<pre>\nline one\n‸<a href=\"x\">x</a>\n</pre>\n", c + "\n", false},
		{"<pre>\nline one‸\n<a href=\"x\">x</a>\n</pre>\n", " " + c, false},
		{"<pre>\nline one‸\n<a href=\"x\">x</a>\n</pre>\n", c, true},
		{"<pre>\nline one\n‸<a href=\"x\">x</a>\n</pre>\n", c, true},
		{"```\ncode‸\n```\n[a](b)\n", c, false},
		{"    code‸\n\n[a](b)\n", " " + c, false},
		{"Text `code‸` [a](b)\n", c, false},
		{"- [ ] one\n- ‸[ ] two [a](b)\n", c, false},
		{"- [ ] one‸\n- [ ] two [a](b)\n", " " + c, true},
		{"> [!NOTE]‸\n> See [a](b)\n", " " + c, false},
		{"> [!NOTE]\n> See ‸[a](b)\n", c, true},
		{"> quoted\n‸> and [a](b)\n", "> " + c + "\n", false},
		{"> quoted‸\n> and [a](b)\n", " " + c, true},
		{"<textarea>\nx‸\n</textarea>[a](b)\n", c, false},
		{"<div title=\"x‸\">\n[a](b)\n</div>\n", c, false},
		{"# Title‸\n[a](b)\n", " " + c, true},
		{"Title‸\n=====\n[a](b)\n", " " + c, true},
		{"*one‸\ntwo* [a](b)\n", " " + c, true},
	} {
		at := strings.Index(tc.doc, "‸")
		src := strings.Replace(tc.doc, "‸", "", 1)
		if got := MarkdownSafeInsertion(src, c, []Insertion{{At: at, Text: tc.ins}}) == 0; got != tc.safe {
			t.Errorf("%q: safe %v, want %v", src[:at]+tc.ins+src[at:], got, tc.safe)
			continue
		}
		if tc.safe {
			before, after := renderGFM(t, src), renderGFM(t, src[:at]+tc.ins+src[at:])
			after = strings.ReplaceAll(after, c, "")
			if squeeze(before) != squeeze(after) {
				t.Errorf("%q: renders\n%s\nnot\n%s", src[:at]+tc.ins+src[at:], after, before)
			}
		}
	}
	if i := MarkdownSafeInsertion("x\n", c, []Insertion{{At: -1, Text: c}, {At: 3, Text: c}, {At: 0, Text: "y"}, {At: 0, Text: c + "\n"}}); i != 3 {
		t.Errorf("insertion %d taken, want 3 (the others are out of range or hold no comment)", i)
	}
}

// renderGFM renders src as GitHub's Markdown, raw HTML included.
func renderGFM(t *testing.T, src string) string {
	t.Helper()
	var b bytes.Buffer
	md := goldmark.New(goldmark.WithExtensions(extension.GFM, extension.Footnote), goldmark.WithRendererOptions(html.WithUnsafe()))
	if err := md.Convert([]byte(src), &b); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// squeeze collapses white space outside <pre> as a browser does, and
// drops it next to the tags of blocks, where it does not show.
func squeeze(s string) string {
	pre := regexp.MustCompile(`(?s)<pre>.*?</pre>`)
	block := regexp.MustCompile(` ?(</?(p|li|ul|ol|h[1-6]|table|thead|tbody|tr|td|th|blockquote|div|section|hr|br|input)( [^>]*)?/?>) ?`)
	space := regexp.MustCompile(`\s+`)
	pres := pre.FindAllString(s, -1)
	var b strings.Builder
	for i, part := range pre.Split(s, -1) {
		b.WriteString(block.ReplaceAllString(space.ReplaceAllString(part, " "), "$1"))
		if i < len(pres) {
			b.WriteString(pres[i])
		}
	}
	return strings.TrimSpace(b.String())
}

// TestMarkdownSafeInsertionProperty: on real documents, at random line
// starts, line ends and spaces, every insertion MarkdownSafeInsertion
// allows renders to the same HTML (goldmark with GitHub's extensions,
// the comment taken out), and it allows most line ends.
func TestMarkdownSafeInsertionProperty(t *testing.T) {
	const c = "<!-- relurl:ignore x -->"
	rng := rand.New(rand.NewSource(testseed.Seed(t, 1)))
	tries := 40
	if testing.Short() {
		tries = 10
	}
	allowed, tried := 0, 0
	for _, name := range []string{"testdata/golden/readme.md", "../../../examples/docs/getting-started.md", "../../../docs/editors.md", "../../../docs/ci.md"} {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		src := string(data)
		before := squeeze(renderGFM(t, src))
		for range tries {
			at, ins := rng.Intn(len(src)), ""
			switch rng.Intn(3) {
			case 0: // a line of its own
				at = strings.LastIndexByte(src[:at], '\n') + 1
				ins = c + "\n"
			case 1: // the end of a line
				if k := strings.IndexByte(src[at:], '\n'); k >= 0 {
					at += k
				}
				ins = " " + c
			default: // after a space
				if k := strings.IndexByte(src[at:], ' '); k >= 0 {
					at += k + 1
				}
				ins = c
			}
			tried++
			if MarkdownSafeInsertion(src, c, []Insertion{{At: at, Text: ins}}) != 0 {
				continue
			}
			allowed++
			after := strings.ReplaceAll(renderGFM(t, src[:at]+ins+src[at:]), c, "")
			if got := squeeze(after); got != before {
				t.Errorf("%s: %q allowed at %d (line %d), but the page changes", name, ins, at, strings.Count(src[:at], "\n")+1)
			}
		}
	}
	if allowed < tried/4 {
		t.Errorf("only %d of %d insertions allowed", allowed, tried)
	}
	t.Logf("%d of %d insertions allowed", allowed, tried)
}
