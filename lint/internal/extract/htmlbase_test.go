package extract

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/relurl/relurl/internal/testseed"
	rbase "github.com/relurl/relurl/lint/internal/base"
)

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
	pages, _ := filepath.Glob("../../../testdata/bench/pydocs/*/*.html")
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
