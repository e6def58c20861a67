package extract

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"github.com/relurl/relurl/internal/scale"
	"github.com/relurl/relurl/internal/testseed"
	rbase "github.com/relurl/relurl/resolve/base"
)

// checkTagFilter holds the HTML reader's raw scan of a start tag to the
// tokenizer's reading of it, over every start tag of doc: scanAttrs finds
// the tokenizer's attribute names, in order, and the repeated names the
// tokenizer drops (so that a tag it passes over as holding no URL has
// none), and isStyleTag says whether the tokenizer names the tag "style".
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
		var want, wantValues []string
		for more {
			var k, v []byte
			k, v, more = z.TagAttr()
			want, wantValues = append(want, string(k)), append(wantValues, string(v))
		}
		var got []string
		var firsts []rawAttr
		seen := map[string]bool{}
		attrs := scanAttrs(nil, raw)
		for _, a := range attrs {
			// The tokenizer reads NUL as U+FFFD, and keeps the first of
			// repeated names.
			if k := strings.ReplaceAll(a.key, "\x00", "\uFFFD"); !seen[k] {
				seen[k] = true
				got, firsts = append(got, k), append(firsts, a)
			}
		}
		if !slices.Equal(got, want) {
			t.Fatalf("scanAttrs(%q) finds %q, the tokenizer %q", raw, got, want)
		}
		// Where rawTag takes the raw text for the tokenizer's reading, it
		// is: the same name, and for each attribute the same value.
		if tag, ok := rawTag(raw, attrs); ok && anyURLAttr(attrs) {
			if tag != string(name) {
				t.Fatalf("rawTag(%q) = %q, the tokenizer's name %q", raw, tag, name)
			}
			for i, a := range firsts {
				if _, isURL := htmlAttrDef(a.key); isURL && raw[a.valStart:a.valEnd] != wantValues[i] {
					t.Fatalf("rawTag(%q): %s=%q, the tokenizer's %q", raw, a.key, raw[a.valStart:a.valEnd], wantValues[i])
				}
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
	// Values the tokenizer reads otherwise than they are written: an
	// unclosed quote at the end (whose ">" it keeps), carriage returns,
	// references, NUL; a NUL in a tag's name.
	for _, doc := range []string{`<a href="x>`, `<a href='x>`, "<a href=\"y\r\nz\">", "<a href=a\rb>", `<a href="&amp;">`,
		"<a href=\"\x00\">", "<a\x00 href=x>", `<a href="x" href="y">`, `<meta http-equiv=refresh content="0;url=x">`} {
		checkTagFilter(t, doc)
	}
	rng := rand.New(rand.NewPCG(uint64(testseed.Seed(t, 18)), 0))
	pieces := []string{"href", "HREF", "hReF", "src", "srcset", "style", "STYLE", "content", "data", "data-src", "hreflang",
		"xlink:href", "x", "=", "==", "'", `"`, "/", "//", " ", "\t", "\n", "\f", "\r", "\x00", ">", "<", "a", "style/",
		"=href", "href=", "'href'", `"src"`, "&amp;", "\u00e9", "\xff", "\r\n", "&", "=x", "='y'", `="z"`, "meta", "content"}
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

// TestHTMLBaseSettled holds readHTML's base, settled where the head ends,
// to htmlBase's reading of the whole document (a BASE tag anywhere, then
// the HTML parser's BASE element in the head): every URL of a document
// has the base htmlBase gives it, and the parser's note when it cannot
// read the head. The documents are the golden ones, the benchmark corpus,
// and documents put together at random from head and body elements, BASE
// tags in and out of the head, TEMPLATE, comments and raw text
// (RELURL_SEED).
func TestHTMLBaseSettled(t *testing.T) {
	var docs []string
	files, _ := filepath.Glob("testdata/golden/*.html")
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		docs = append(docs, string(data))
	}
	pages, _ := filepath.Glob("../../testdata/bench/pydocs/*/*.html")
	for _, name := range pages[:min(3, len(pages))] {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		docs = append(docs, string(data))
	}
	rng := rand.New(rand.NewPCG(uint64(testseed.Seed(t, 18)), 1))
	pieces := []string{"<html>", "<head>", "</head>", "<body>", "<title>t</title>", `<link href="l">`, `<meta content="m">`,
		`<base href="http://b/c/">`, `<BASE HREF="http://B/">`, `<Base href="rel/">`, `<base>`, "<template>", "</template>",
		`<script>"<base href='http://s/'>"</script>`, "<!-- <base href=http://c/> -->", `<style>a{b:url(s)}</style>`,
		"<noscript><base href=http://n/></noscript>", `<p><a href="x">`, "text", "<svg><base href=http://v/></svg>",
		`<a href="y">`, "\n", "<div>", `<img src="z">`, "<!-- relurl:ignore -->"}
	n := 3000
	if testing.Short() {
		n = 300
	}
	for range n {
		var b strings.Builder
		for range 1 + rng.IntN(10) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		docs = append(docs, b.String())
	}
	for _, doc := range docs {
		ctx := rbase.Context{Retrieval: "http://r/s/t"}
		want, wantErr := htmlBase(doc, ctx, establish(nil, ctx, true))
		var notes []Note
		Extract(doc, KindHTML, ctx.Retrieval, Handler{
			Ref: func(r Ref) {
				if r.Base.URL != want.URL || (r.Base.Err == nil) != (want.Err == nil) {
					t.Fatalf("%q: %q has the base %+v, htmlBase says %+v", doc, r.URL, r.Base.URL, want.URL)
				}
			},
			Note: func(n Note) { notes = append(notes, n) },
		})
		if (wantErr != nil) != (len(notes) > 0) {
			t.Fatalf("%q: notes %v, htmlBase's error %v", doc, notes, wantErr)
		}
	}
}
