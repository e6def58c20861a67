package lint

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/relurl/relurl/lint/internal/extract"
)

// benchKindDocument makes a document of kind k of about n bytes with the
// links, words and proportions of scale.Pages: prose with a link every
// 150 bytes or so, a few of them bad.
func benchKindDocument(k extract.Kind, n int) []byte {
	links := []string{"/about/team.html", "../b/c.html#s", "https://www.example.com/x?id=1&l=en", "page.html",
		"#top", "//cdn.example.net/app.js", "/docs/guide/intro.html", "images/photo-7.jpg", "../../index.html",
		"https://github.com/relurl/relurl", "/search?q=url&page=2", "style.css", "./local/file.html",
		"/a%20b.html", "../../../../up.html", "http://example.org/path/to/page?x=1#frag"}
	words := strings.Fields("lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor")
	rng := rand.New(rand.NewPCG(7, uint64(k)))
	text := func() string {
		var w []string
		for range 3 + rng.IntN(10) {
			w = append(w, words[rng.IntN(len(words))])
		}
		return strings.Join(w, " ")
	}
	link := func() string { return links[rng.IntN(len(links))] }
	var b strings.Builder
	switch k {
	case extract.KindHTML:
		b.WriteString("<!DOCTYPE html>\n<html><head><title>x</title></head><body>\n")
		for b.Len() < n {
			fmt.Fprintf(&b, "<p class=\"text\">%s <a href=\"%s\">%s</a> %s.</p>\n", text(), strings.ReplaceAll(link(), "&", "&amp;"), text(), text())
		}
		b.WriteString("</body></html>\n")
	case extract.KindMarkdown:
		b.WriteString("# Title\n\n")
		for b.Len() < n {
			fmt.Fprintf(&b, "%s [%s](%s) %s.\n", text(), text(), link(), text())
			if rng.IntN(5) == 0 {
				fmt.Fprintf(&b, "\n## %s\n\n- %s `code`\n\n", text(), text())
			}
		}
	case extract.KindCSS:
		for i := 0; b.Len() < n; i++ {
			fmt.Fprintf(&b, ".c%d > a:hover { color: #%03x; background: url(%s) no-repeat; margin: 0 auto; }\n", i, i%4096, link())
		}
	case extract.KindXML:
		b.WriteString("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<feed xmlns=\"http://www.w3.org/2005/Atom\">\n<title>x</title>\n")
		for b.Len() < n {
			fmt.Fprintf(&b, "<entry><title>%s</title><link href=\"%s\"/><summary>%s %s</summary></entry>\n",
				text(), strings.ReplaceAll(link(), "&", "&amp;"), text(), text())
		}
		b.WriteString("</feed>\n")
	}
	return []byte(b.String())
}

// BenchmarkFileKind lints a 1 MB document of each kind with a link every
// 150 bytes or so, HTML's beside the others in the same run (the target:
// none is to be slower than half the HTML path per byte). MB/s is of the
// document read.
func BenchmarkFileKind(b *testing.B) {
	l, err := New(Options{Retrieval: "https://www.example.com/docs/a/index.html"})
	if err != nil {
		b.Fatal(err)
	}
	for _, k := range []extract.Kind{extract.KindHTML, extract.KindMarkdown, extract.KindCSS, extract.KindXML} {
		data := benchKindDocument(k, 1<<20)
		b.Run("kind="+k.String(), func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			for b.Loop() {
				l.File("bench", data, k)
			}
		})
	}
}
