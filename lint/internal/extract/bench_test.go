package extract

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// benchLinks are the links of the benchmark documents, drawn at random
// as a site's pages repeat them.
var benchLinks = []string{"/about/team.html", "../b/c.html#s", "https://www.example.com/x?id=1&l=en", "page.html",
	"#top", "//cdn.example.net/app.js", "/docs/guide/intro.html", "images/photo-7.jpg", "../../index.html",
	"https://github.com/relurl/relurl", "/search?q=url&page=2", "style.css", "./local/file.html", "/a%20b.html"}

var benchWords = strings.Fields("lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor")

// BenchDocument returns a document of kind k of about n bytes, like a
// site's: prose with links in the proportions of the HTML benchmark
// pages (a link every 150 bytes or so). It is exported to the package's
// tests and to package lint's benchmarks through bench_export_test.go.
func benchDocument(k Kind, n int) string {
	rng := rand.New(rand.NewPCG(42, uint64(k)))
	text := func() string {
		var w []string
		for range 3 + rng.IntN(10) {
			w = append(w, benchWords[rng.IntN(len(benchWords))])
		}
		return strings.Join(w, " ")
	}
	link := func() string { return benchLinks[rng.IntN(len(benchLinks))] }
	var b strings.Builder
	switch k {
	case KindHTML:
		b.WriteString("<!DOCTYPE html>\n<html><head><title>x</title><base href=\"https://www.example.com/docs/a/\"></head><body>\n")
		for b.Len() < n {
			fmt.Fprintf(&b, "<p class=\"text\">%s <a href=\"%s\">%s</a> %s.</p>\n", text(), strings.ReplaceAll(link(), "&", "&amp;"), text(), text())
			if rng.IntN(4) == 0 {
				fmt.Fprintf(&b, "<div class=\"card\"><img src=\"%s\" alt=\"%.15s\"></div>\n", link(), text())
			}
		}
		b.WriteString("</body></html>\n")
	case KindMarkdown:
		b.WriteString("# Title\n\n")
		for i := 0; b.Len() < n; i++ {
			fmt.Fprintf(&b, "%s [%s](%s) %s.\n", text(), text(), link(), text())
			switch rng.IntN(6) {
			case 0:
				fmt.Fprintf(&b, "\n- %s ![%s](%s)\n- `code` and <%s>\n\n", text(), text(), "img/x.png", "https://example.com/a")
			case 1:
				fmt.Fprintf(&b, "\n## %s\n\n", text())
			case 2:
				fmt.Fprintf(&b, "\n```\n%s\n```\n\n", text())
			}
		}
	case KindCSS:
		for i := 0; b.Len() < n; i++ {
			fmt.Fprintf(&b, ".c%d > a:hover, .c%d .b { color: #%03x; margin: 0 auto; padding: %dpx; }\n", i, i, i%4096, i%20)
			if rng.IntN(3) == 0 {
				fmt.Fprintf(&b, ".i%d { background: url(%s) no-repeat; font: 12px/1.5 \"Helvetica\", sans-serif; }\n", i, link())
			}
		}
	case KindXML:
		b.WriteString("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<feed xmlns=\"http://www.w3.org/2005/Atom\" xml:base=\"https://www.example.com/blog/\">\n<title>x</title>\n")
		for b.Len() < n {
			fmt.Fprintf(&b, "<entry>\n  <title>%s</title>\n  <link href=\"%s\"/>\n  <id>tag:example.com,2024:%d</id>\n  <summary>%s %s %s</summary>\n</entry>\n",
				text(), strings.ReplaceAll(link(), "&", "&amp;"), rng.IntN(1000), text(), text(), text())
		}
		b.WriteString("</feed>\n")
	}
	return b.String()
}

// BenchmarkExtract reads a 1 MB document of each kind and hands its URLs
// to a handler that counts them: the extractors alone, HTML's beside the
// others in the same run. MB/s is of the document read.
func BenchmarkExtract(b *testing.B) {
	for _, k := range []Kind{KindHTML, KindMarkdown, KindCSS, KindXML} {
		src := benchDocument(k, 1<<20)
		b.Run("kind="+k.String(), func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			n := 0
			for b.Loop() {
				Extract(src, k, "https://www.example.com/docs/a/b.html", Handler{Ref: func(Ref) { n++ }})
			}
		})
	}
}
