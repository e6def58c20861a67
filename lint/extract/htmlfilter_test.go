package extract

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"github.com/relurl/relurl/internal/scale"
	"github.com/relurl/relurl/internal/testseed"
)

// checkTagFilter holds the HTML reader's quick tests of a start tag's raw
// text to the tokenizer's reading of it, over every start tag of doc: a
// tag where the tokenizer finds an attribute of htmlAttrs passes
// mayHaveURLAttr (a tag that fails it is skipped), and isStyleTag says
// whether the tokenizer names the tag "style".
func checkTagFilter(t *testing.T, doc string) {
	t.Helper()
	z := html.NewTokenizer(strings.NewReader(doc))
	off := 0
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			return
		}
		raw := doc[off : off+len(z.Raw())]
		off += len(z.Raw())
		if tt != html.StartTagToken && tt != html.SelfClosingTagToken {
			continue
		}
		name, more := z.TagName()
		if got, want := isStyleTag(raw), string(name) == "style"; got != want {
			t.Fatalf("isStyleTag(%q) = %v, but the tokenizer names the tag %q", raw, got, name)
		}
		for more {
			var k []byte
			k, _, more = z.TagAttr()
			if _, ok := htmlAttrs[string(k)]; ok && !mayHaveURLAttr(raw) {
				t.Fatalf("mayHaveURLAttr(%q) = false, but the tokenizer finds the attribute %q", raw, k)
			}
		}
	}
}

// TestTagFilter runs checkTagFilter over the golden documents, the
// benchmark corpus (pages of the Python documentation), the hostile
// shapes, and tags put together at random from the pieces the tokenizer
// tells attributes apart by (RELURL_SEED).
func TestTagFilter(t *testing.T) {
	files, _ := filepath.Glob("testdata/golden/*.html")
	pages, _ := filepath.Glob("../../testdata/bench/pydocs/*.html")
	sub, _ := filepath.Glob("../../testdata/bench/pydocs/*/*.html")
	pages = append(pages, sub...)
	if len(pages) == 0 {
		t.Error("no page of the benchmark corpus")
	}
	for _, name := range append(files, pages...) {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		checkTagFilter(t, string(data))
	}
	for _, s := range scale.HostileShapes() {
		checkTagFilter(t, s.Make(4<<10))
	}
	rng := rand.New(rand.NewPCG(uint64(testseed.Seed(t, 18)), 0))
	pieces := []string{"href", "HREF", "hReF", "src", "srcset", "style", "STYLE", "content", "data", "data-src", "hreflang",
		"xlink:href", "x", "=", "==", "'", `"`, "/", "//", " ", "\t", "\n", "\f", "\r", "\x00", ">", "<", "a", "style/",
		"=href", "href=", "'href'", `"src"`, "&amp;", "\u00e9", "\xff"}
	n := 20000
	if testing.Short() {
		n = 2000
	}
	var b strings.Builder
	for range n {
		b.Reset()
		b.WriteString("<")
		b.WriteString([]string{"a", "style", "STYLE", "img", "meta", "style ", "style/", "x"}[rng.IntN(8)])
		for range 1 + rng.IntN(8) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		if rng.IntN(4) > 0 {
			b.WriteString(">")
		}
		b.WriteString("text")
		checkTagFilter(t, b.String())
	}
}
