package lint

import (
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/relurl/relurl/lint/extract"
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

// benchPages makes n pages of about 52 KB, like a generated site's: a
// head (a BASE element on every third page), then paragraphs, list items
// and images with links drawn from a small set, as navigation and
// boilerplate repeat them.
func benchPages(n int) [][]byte {
	links := []string{"/about/team.html", "../b/c.html#s", "https://www.example.com/x?id=1&amp;l=en", "page.html",
		"#top", "//cdn.example.net/app.js", "/docs/guide/intro.html", "images/photo-7.jpg", "../../index.html",
		"https://github.com/relurl/relurl", "mailto:info@example.com", "/search?q=url&amp;page=2", "style.css",
		"./local/file.html", "/a b.html", "../../../../up.html", "http://example.org/path/to/page?x=1#frag"}
	words := strings.Fields("lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor")
	rng := rand.New(rand.NewPCG(42, 42))
	text := func() string {
		var w []string
		for range 3 + rng.IntN(10) {
			w = append(w, words[rng.IntN(len(words))])
		}
		return strings.Join(w, " ")
	}
	pages := make([][]byte, n)
	for i := range pages {
		var b strings.Builder
		fmt.Fprintf(&b, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Page %d</title>\n", i)
		if i%3 == 0 {
			fmt.Fprintf(&b, "<base href=\"https://www.example.com/docs/s%d/index.html\">\n", i)
		}
		b.WriteString("<link rel=\"stylesheet\" href=\"/css/site.css\"><script src=\"/js/app.js\"></script></head>\n<body class=\"page\">\n")
		for b.Len() < 52000 {
			l, t := links[rng.IntN(len(links))], text()
			switch r := rng.Float64(); {
			case r < 0.6:
				fmt.Fprintf(&b, "<p class=\"text\">%s <a href=\"%s\" title=\"%.10s\">link</a> %s.</p>\n", t, l, t, t)
			case r < 0.75:
				fmt.Fprintf(&b, "<div class=\"card\"><img src=\"%s\" alt=\"%.15s\" width=\"100\" height=\"80\"></div>\n", l, t)
			case r < 0.85:
				fmt.Fprintf(&b, "<li><a href=\"%s\">%s</a></li>\n", l, t)
			default:
				fmt.Fprintf(&b, "<p>%s <em>%s</em> <span class=\"x\">%s</span></p>\n", t, t, t)
			}
		}
		b.WriteString("</body></html>\n")
		pages[i] = []byte(b.String())
	}
	return pages
}

// BenchmarkFilePages lints 50 pages of benchPages, one after the other.
// MB/s is of HTML read.
func BenchmarkFilePages(b *testing.B) {
	pages := benchPages(50)
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
