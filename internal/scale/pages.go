package scale

import (
	"fmt"
	"math/rand/v2"
	"strings"
)

// Pages makes n pages of about 52 KB, like a generated site's: a
// head (a BASE element on every third page), then paragraphs, list items
// and images with links drawn from a small set, as navigation and
// boilerplate repeat them.
func Pages(n int) [][]byte {
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
