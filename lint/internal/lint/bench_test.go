package lint

import (
	"os"
	"strings"
	"testing"

	"github.com/relurl/relurl/internal/scale"
	"github.com/relurl/relurl/lint/internal/extract"
)

// BenchmarkFileHTML lints a page of 2 000 links, a few of them bad, as
// File does for every HTML file (the BASE element, every URL attribute,
// every rule on). MB/s is of HTML read.
func BenchmarkFileHTML(b *testing.B) {
	var page strings.Builder
	page.WriteString(`<html><head><base href="https://www.example.com/docs/a/index.html"></head><body>` + "\n")
	links := []string{"/about/team.html", "../b/c.html#s", "https://www.example.com/x?id=1&amp;l=en",
		"page.html", "#top", "//cdn.example.net/app.js", "/a b.html", "../../../../up.html"}
	for i := range 2000 {
		page.WriteString(`<p>Some text and <a href="` + links[i%len(links)] + `">a link</a> in a paragraph.</p>` + "\n")
	}
	page.WriteString("</body></html>\n")
	data := []byte(page.String())
	l, err := New(Options{})
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		l.File("bench.html", data, extract.KindHTML)
	}
}

// BenchmarkFileURLs lints the URL list of the site's test data, many
// times over.
func BenchmarkFileURLs(b *testing.B) {
	one, err := os.ReadFile("testdata/ordinary.urls")
	if err != nil {
		b.Fatal(err)
	}
	data := []byte(strings.Repeat(string(one), 100))
	l, err := New(Options{Retrieval: "http://www.example.com/docs/guide/index.html"})
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		l.File("bench.urls", data, extract.KindText)
	}
}

// BenchmarkFilePages lints 50 pages of scale.Pages, one after the other.
// MB/s is of HTML read.
func BenchmarkFilePages(b *testing.B) {
	pages := scale.Pages(50)
	n := 0
	for _, p := range pages {
		n += len(p)
	}
	l, err := New(Options{})
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(n))
	for b.Loop() {
		for _, p := range pages {
			l.File("page.html", p, extract.KindHTML)
		}
	}
}
