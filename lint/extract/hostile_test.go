package extract

import (
	"fmt"
	"os"
	"runtime"
	"strings"
	"testing"
	"time"
)

// hostileShapes are inputs built to cost an extractor more than their
// size, by kind: each makes a document of about n bytes.
var hostileShapes = map[Kind]map[string]func(n int) string{
	KindMarkdown: {
		"nested lists on a line":  func(n int) string { return strings.Repeat("- ", n/2) + "x\n" },
		"nested quotes on a line": func(n int) string { return strings.Repeat(">", n) + " x\n" },
		"nested lists by lines": func(n int) string {
			var b strings.Builder
			for i := 0; b.Len() < n; i++ {
				b.WriteString(strings.Repeat("  ", min(i, 40)) + "- [x](y)\n")
			}
			return b.String()
		},
		"open brackets":       func(n int) string { return strings.Repeat("[", n) },
		"link openers":        func(n int) string { return strings.Repeat("[a](", n/4) },
		"pointy openers":      func(n int) string { return strings.Repeat("[a](<", n/5) },
		"links on a line":     func(n int) string { return strings.Repeat("[a](b) ", n/7) },
		"backticks":           func(n int) string { return strings.Repeat("`a``b", n/5) },
		"comment openers":     func(n int) string { return strings.Repeat("a <!-- ", n/7) },
		"definitions":         func(n int) string { return strings.Repeat("[a]:\n", n/5) },
		"www":                 func(n int) string { return strings.Repeat("www.", n/4) + "a.b" },
		"table rows":          func(n int) string { return "| a | b |\n|---|---|\n" + strings.Repeat("| [x](y) | z |\n", n/15) },
		"backslashes":         func(n int) string { return "[a](" + strings.Repeat(`\`, n) + ")" },
		"entities":            func(n int) string { return "[a](" + strings.Repeat("&amp;", n/5) + ")" },
		"ordinary paragraphs": func(n int) string { return strings.Repeat(ordinaryMarkdown, n/len(ordinaryMarkdown)+1) },
	},
	KindCSS: {
		"open parentheses": func(n int) string { return strings.Repeat("(", n) },
		"image-set":        func(n int) string { return strings.Repeat(`image-set("a" `, n/14) },
		"url openers":      func(n int) string { return strings.Repeat("url(", n/4) },
		"open string":      func(n int) string { return `@import "` + strings.Repeat("a", n) },
		"open comment":     func(n int) string { return "/*" + strings.Repeat("url(a)", n/6) },
		"escapes":          func(n int) string { return "url(" + strings.Repeat(`\41 `, n/4) + ")" },
		"backslashes":      func(n int) string { return "url(" + strings.Repeat(`\`, n) },
		"many urls":        func(n int) string { return strings.Repeat("a{b:url(c)}", n/11) },
	},
	KindXML: {
		"nested elements": func(n int) string { return strings.Repeat("<a>", n/3) },
		"nested bases": func(n int) string {
			return strings.Repeat(`<a xml:base="b/">`, n/17)
		},
		"nested namespaces": func(n int) string {
			var b strings.Builder
			for i := 0; b.Len() < n; i++ {
				fmt.Fprintf(&b, `<p%d:a xmlns:p%d="u" xlink:href="x">`, i, i)
			}
			return b.String()
		},
		"billion laughs": func(n int) string {
			var b strings.Builder
			b.WriteString("<?xml version=\"1.0\"?>\n<!DOCTYPE lolz [\n <!ENTITY lol \"lol\">\n")
			for i := 1; i <= 9; i++ {
				fmt.Fprintf(&b, " <!ENTITY lol%d \"%s\">\n", i, strings.Repeat(fmt.Sprintf("&lol%d;", i-1), 10))
			}
			b.WriteString("]>\n<lolz>")
			for b.Len() < n {
				b.WriteString(`<a href="&lol9;">&lol9;</a>`)
			}
			return b.String() + "</lolz>"
		},
		"ampersands":     func(n int) string { return `<a href="` + strings.Repeat("&", n) + `"/>` },
		"long reference": func(n int) string { return `<a href="&#` + strings.Repeat("0", n) + `65;"/>` },
		"open comment":   func(n int) string { return "<!--" + strings.Repeat("<a href='x'>", n/12) },
		"open cdata": func(n int) string {
			return "<urlset xmlns='http://www.sitemaps.org/schemas/sitemap/0.9'><loc><![CDATA[" + strings.Repeat("a", n)
		},
		"open doctype": func(n int) string { return "<!DOCTYPE x [" + strings.Repeat("<!-- -->", n/8) },
		"open tag":     func(n int) string { return "<a " + strings.Repeat(`href="x" `, n/9) },
		"lt":           func(n int) string { return strings.Repeat("<", n) },
		"split loc": func(n int) string {
			return "<urlset xmlns='http://www.sitemaps.org/schemas/sitemap/0.9'><loc>" + strings.Repeat("a<!---->", n/8) + "</loc></urlset>"
		},
		"style runs": func(n int) string {
			return "<svg xmlns='http://www.w3.org/2000/svg'><style>" + strings.Repeat("<![CDATA[url(a)]]><!---->", n/25) + "</style></svg>"
		},
	},
	KindHTML: {
		"style attribute": func(n int) string { return `<p style="` + strings.Repeat("url(a) ", n/7) + `">` },
		"style element":   func(n int) string { return "<style>" + strings.Repeat("(", n) + "</style>" },
		"refresh":         func(n int) string { return `<meta http-equiv=refresh content="` + strings.Repeat("0", n) + `;url=x">` },
	},
}

// ordinaryMarkdown is a page of an ordinary README.
const ordinaryMarkdown = `## Installing

Run ` + "`go install example.com/tool@latest`" + `, or see the [guide](docs/guide.md#install) and
the [FAQ][faq]. Images: ![logo](img/logo.png "Logo").

- one item with <https://example.com/a?b=c> and http://example.com/bare
- two: a [link](../up/one.html)

[faq]: https://example.com/faq

`

// TestHostileLinear runs every hostile shape at two sizes and fails when
// the time per byte grows with the size (quadratic time would grow it
// eightfold between them), or when a Ref breaks its invariants. The
// timings are CPU time (the process's, garbage collection included), the
// best of three runs, to stand a machine shared with other work.
func TestHostileLinear(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("timings: not under -short or the race detector (go test ./lint/extract runs them)")
	}
	small, large := 128<<10, 1<<20
	for k, shapes := range hostileShapes {
		for name, f := range shapes {
			t.Run(k.String()+"/"+name, func(t *testing.T) {
				var per [2]float64
				for i, n := range []int{small, large} {
					src := f(n)
					Extract(src, k, "http://a/b/c", Handler{Ref: func(r Ref) { checkRef(t, src, r) }})
					best := time.Duration(1 << 62)
					for range 3 {
						runtime.GC()
						start := cpuTime()
						Extract(src, k, "http://a/b/c", Handler{})
						best = min(best, cpuTime()-start)
					}
					per[i] = float64(best) / float64(len(src))
				}
				// 8× the input: linear time keeps the time per byte, quadratic
				// multiplies it by 8. Allow 4× for caches, the garbage
				// collector's larger heap and the clock's grain.
				if ratio := per[1] / per[0]; ratio > 4 && per[1] > 20 {
					t.Errorf("time per byte grew %.1f× from %d to %d bytes (%.0f ns/B): not linear", ratio, small, large, per[1])
				}
			})
		}
	}
}

// TestHostileNotes: what an extractor will not read is said in a Note.
func TestHostileNotes(t *testing.T) {
	for _, tt := range []struct {
		kind Kind
		src  string
		want string
	}{
		{KindMarkdown, strings.Repeat("- ", 10000) + "x\n", NoteMarkdownTooCostly},
		{KindMarkdown, strings.Repeat("[a](", 20000), NoteMarkdownTooCostly},
		{KindXML, hostileShapes[KindXML]["billion laughs"](4 << 10), NoteXMLEntity},
		{KindXML, "\xFF\xFE<\x00a\x00>\x00", NoteXMLEncoding},
	} {
		var notes []Note
		Extract(tt.src, tt.kind, "", Handler{Note: func(n Note) { notes = append(notes, n) }})
		if len(notes) == 0 || notes[0].Kind != tt.want || notes[0].Message == "" {
			t.Errorf("%v %.30q…: notes %+v, want %s", tt.kind, tt.src, notes, tt.want)
		}
	}
}

// TestHostileBig reads the big inputs: a 50 MB Markdown file,
// 10 000 nested lists, an XML document nested 100 000 deep, a billion
// laughs; it reports time and memory. RELURL_HOSTILE_BIG=1 runs the 50 MB
// file (a minute under the race detector); the others always run.
func TestHostileBig(t *testing.T) {
	mdSize := 2 << 20
	if os.Getenv("RELURL_HOSTILE_BIG") != "" {
		mdSize = 50 << 20
	}
	for _, tt := range []struct {
		name string
		kind Kind
		src  string
	}{
		{"Markdown", KindMarkdown, strings.Repeat(ordinaryMarkdown, mdSize/len(ordinaryMarkdown))},
		{"10 000 nested lists", KindMarkdown, strings.Repeat("- ", 10000) + "[x](y)\n"},
		{"10 000 nested lists by lines", KindMarkdown, nestedListLines(10000)},
		{"XML 100 000 deep", KindXML, strings.Repeat(`<a xml:base="b/" href="c">`, 100000)},
		{"billion laughs", KindXML, hostileShapes[KindXML]["billion laughs"](1 << 20)},
	} {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		start := time.Now()
		refs, notes := 0, 0
		Extract(tt.src, tt.kind, "http://a/b/c", Handler{Ref: func(Ref) { refs++ }, Note: func(Note) { notes++ }})
		d := time.Since(start)
		runtime.ReadMemStats(&after)
		t.Logf("%s: %d bytes in %v (%.1f MB/s), %d URLs, %d notes, %.1f bytes allocated per byte",
			tt.name, len(tt.src), d, float64(len(tt.src))/d.Seconds()/1e6, refs, notes,
			float64(after.TotalAlloc-before.TotalAlloc)/float64(len(tt.src)))
	}
}

// nestedListLines is n lists nested by indentation, one item a line:
// the items up to MaxMarkdownNesting deep, then as deep as their
// indentation allows (four spaces more than the marker make an indented
// code block, which ends the nesting).
func nestedListLines(n int) string {
	var b strings.Builder
	for i := range n {
		b.WriteString(strings.Repeat("  ", min(i, 200)))
		b.WriteString("- item\n")
	}
	return b.String()
}
