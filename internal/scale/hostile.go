package scale

import (
	"fmt"
	"strings"
)

// HostileShape is an input built to cost the reader of one kind of
// document more than its size: the shapes each reader was hardened
// against, kept so that none comes back.
type HostileShape struct {
	// Kind is the kind of document, as package lint/extract names it.
	Kind string
	// Name says what the input is.
	Name string
	// Make returns the input at about n bytes.
	Make func(n int) string
}

// HostileShapes returns the hostile shapes of every kind, by kind.
func HostileShapes() []HostileShape {
	return []HostileShape{
		// markdown
		{"markdown", "nested lists on a line", func(n int) string { return strings.Repeat("- ", n/2) + "x\n" }},
		{"markdown", "nested quotes on a line", func(n int) string { return strings.Repeat(">", n) + " x\n" }},
		{"markdown", "nested lists by lines", func(n int) string {
			var b strings.Builder
			for i := 0; b.Len() < n; i++ {
				b.WriteString(strings.Repeat("  ", min(i, 40)) + "- [x](y)\n")
			}
			return b.String()
		}},
		{"markdown", "open brackets", func(n int) string { return strings.Repeat("[", n) }},
		{"markdown", "link openers", func(n int) string { return strings.Repeat("[a](", n/4) }},
		{"markdown", "pointy openers", func(n int) string { return strings.Repeat("[a](<", n/5) }},
		{"markdown", "links on a line", func(n int) string { return strings.Repeat("[a](b) ", n/7) }},
		{"markdown", "backticks", func(n int) string { return strings.Repeat("`a``b", n/5) }},
		{"markdown", "comment openers", func(n int) string { return strings.Repeat("a <!-- ", n/7) }},
		{"markdown", "definitions", func(n int) string { return strings.Repeat("[a]:\n", n/5) }},
		{"markdown", "www", func(n int) string { return strings.Repeat("www.", n/4) + "a.b" }},
		{"markdown", "table rows", func(n int) string { return "| a | b |\n|---|---|\n" + strings.Repeat("| [x](y) | z |\n", n/15) }},
		{"markdown", "backslashes", func(n int) string { return "[a](" + strings.Repeat(`\`, n) + ")" }},
		{"markdown", "entities", func(n int) string { return "[a](" + strings.Repeat("&amp;", n/5) + ")" }},
		{"markdown", "ordinary paragraphs", func(n int) string { return strings.Repeat(ordinaryMarkdown, n/len(ordinaryMarkdown)+1) }},
		// css
		{"css", "open parentheses", func(n int) string { return strings.Repeat("(", n) }},
		{"css", "image-set", func(n int) string { return strings.Repeat(`image-set("a" `, n/14) }},
		{"css", "url openers", func(n int) string { return strings.Repeat("url(", n/4) }},
		{"css", "open string", func(n int) string { return `@import "` + strings.Repeat("a", n) }},
		{"css", "open comment", func(n int) string { return "/*" + strings.Repeat("url(a)", n/6) }},
		{"css", "escapes", func(n int) string { return "url(" + strings.Repeat(`\41 `, n/4) + ")" }},
		{"css", "backslashes", func(n int) string { return "url(" + strings.Repeat(`\`, n) }},
		{"css", "many urls", func(n int) string { return strings.Repeat("a{b:url(c)}", n/11) }},
		// xml
		{"xml", "nested elements", func(n int) string { return strings.Repeat("<a>", n/3) }},
		{"xml", "nested bases", func(n int) string {
			return strings.Repeat(`<a xml:base="b/">`, n/17)
		}},
		{"xml", "nested namespaces", func(n int) string {
			var b strings.Builder
			for i := 0; b.Len() < n; i++ {
				fmt.Fprintf(&b, `<p%d:a xmlns:p%d="u" xlink:href="x">`, i, i)
			}
			return b.String()
		}},
		{"xml", "billion laughs", func(n int) string {
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
		}},
		{"xml", "ampersands", func(n int) string { return `<a href="` + strings.Repeat("&", n) + `"/>` }},
		{"xml", "long reference", func(n int) string { return `<a href="&#` + strings.Repeat("0", n) + `65;"/>` }},
		{"xml", "open comment", func(n int) string { return "<!--" + strings.Repeat("<a href='x'>", n/12) }},
		{"xml", "open cdata", func(n int) string {
			return "<urlset xmlns='http://www.sitemaps.org/schemas/sitemap/0.9'><loc><![CDATA[" + strings.Repeat("a", n)
		}},
		{"xml", "open doctype", func(n int) string { return "<!DOCTYPE x [" + strings.Repeat("<!-- -->", n/8) }},
		{"xml", "open tag", func(n int) string { return "<a " + strings.Repeat(`href="x" `, n/9) }},
		{"xml", "lt", func(n int) string { return strings.Repeat("<", n) }},
		{"xml", "split loc", func(n int) string {
			return "<urlset xmlns='http://www.sitemaps.org/schemas/sitemap/0.9'><loc>" + strings.Repeat("a<!---->", n/8) + "</loc></urlset>"
		}},
		{"xml", "style runs", func(n int) string {
			return "<svg xmlns='http://www.w3.org/2000/svg'><style>" + strings.Repeat("<![CDATA[url(a)]]><!---->", n/25) + "</style></svg>"
		}},
		// html
		{"html", "style attribute", func(n int) string { return `<p style="` + strings.Repeat("url(a) ", n/7) + `">` }},
		{"html", "style element", func(n int) string { return "<style>" + strings.Repeat("(", n) + "</style>" }},
		{"html", "refresh", func(n int) string { return `<meta http-equiv=refresh content="` + strings.Repeat("0", n) + `;url=x">` }},
		{"html", "nested links", func(n int) string { return strings.Repeat(`<div><a href="x">`, n/17) }},
		{"html", "long attributes", func(n int) string {
			return `<a title="` + strings.Repeat("t", n/2) + `" href="` + strings.Repeat("h", n/2) + `">x</a>`
		}},
		{"html", "many attributes", func(n int) string {
			var b strings.Builder
			b.WriteString("<a")
			for i := 0; b.Len() < n; i++ {
				fmt.Fprintf(&b, " d%d=x href=y", i)
			}
			return b.String() + ">"
		}},
		{"html", "many comments", func(n int) string { return strings.Repeat(`<!-- relurl: a --><a href="x">`, n/30) }},
		{"html", "open comment", func(n int) string { return "<!--" + strings.Repeat("-<a href=x>", n/11) }},
		{"html", "unclosed quote", func(n int) string { return `<a href="` + strings.Repeat(`x><a href=`, n/10) }},
		{"html", "script escapes", func(n int) string { return "<script><!--" + strings.Repeat("<script>--></script><!--", n/24) }},
		{"html", "character references", func(n int) string { return `<a href="` + strings.Repeat("&amp&#1;&notin;&x", n/17) + `">` }},
		{"html", "lt", func(n int) string { return strings.Repeat("<", n) }},
	}
}

// Hostile returns the hostile shape of the kind with the given name; it
// panics when there is none.
func Hostile(kind, name string) func(n int) string {
	for _, s := range HostileShapes() {
		if s.Kind == kind && s.Name == name {
			return s.Make
		}
	}
	panic(fmt.Sprintf("scale: no hostile shape %q of kind %s", name, kind))
}

// ordinaryMarkdown is a page of an ordinary README.
const ordinaryMarkdown = `## Installing

Run ` + "`go install example.com/tool@latest`" + `, or see the [guide](docs/guide.md#install) and
the [FAQ][faq]. Images: ![logo](img/logo.png "Logo").

- one item with <https://example.com/a?b=c> and http://example.com/bare
- two: a [link](../up/one.html)

[faq]: https://example.com/faq

`
