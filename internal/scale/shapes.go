package scale

import (
	"fmt"
	"strings"
)

// The shapes of input of the scaling suite, in the order the table prints them.
const (
	// LongLine is a document on one line: many links, each with findings
	// (for a list of URLs, one line is one URL).
	LongLine = "long-line"
	// ManyLines is the same links, one a line.
	ManyLines = "many-lines"
	// ManyFindings is links whose URLs each break the grammar over and
	// over: past validate.MaxDiagnostics, the rest are counted.
	ManyFindings = "many-findings"
	// ManyURLsPerLine is lines of ten links each.
	ManyURLsPerLine = "many-urls-per-line"
	// LongURL is one URL of nearly the whole input: a long path.
	LongURL = "long-url"
	// DeepDotDot is one relative URL of "../" over and over.
	DeepDotDot = "deep-dotdot"
	// DeepNesting is the kind's own nesting (elements, block quotes,
	// multipart entities, @media blocks, xml:base), with links inside.
	DeepNesting = "deep-nesting"
	// ManyFiles is many small files of links.
	ManyFiles = "many-files"
	// InvalidBytes is URLs of bytes no URL may hold: controls, space,
	// DEL, the national and punctuation characters, every non-ASCII byte.
	InvalidBytes = "invalid-bytes"
)

// Shapes are the shapes of input, [LongLine] first, then [LongHead],
// which only HTML has.
var Shapes = []string{LongLine, ManyLines, ManyFindings, ManyURLsPerLine, LongURL, DeepDotDot, DeepNesting, ManyFiles, InvalidBytes, LongHead}

// BadLink is a reference with two findings (a scheme followed by a
// relative path, and ".." in it), the link of a minified page with all
// its findings on one line.
const BadLink = "http:/a/../g"

// invalidBytes are the bytes no production of RFC 1808 §2.2 allows
// anywhere in a URL, tab, line feed, form feed and carriage return aside
// (a line or an attribute cannot hold some of them as they are).
var invalidBytes = func() string {
	var b []byte
	for c := 0; c < 0x100; c++ {
		switch {
		case c == '\t' || c == '\n' || c == '\f' || c == '\r' || c == 0:
		case c < 0x20 || c >= 0x7f || strings.IndexByte(" \"<>\\^`{|}", byte(c)) >= 0:
			b = append(b, byte(c))
		}
	}
	return string(b)
}()

// repeat returns unit repeated to n bytes or just under, at least once.
func repeat(unit string, n int) string { return strings.Repeat(unit, max(1, n/len(unit))) }

// URL returns a URL of about n bytes of the given shape: [LongURL] (a
// valid absolute URL with a long path), [DeepDotDot] ("../" over and over,
// then "g"), [InvalidBytes] (nothing but bytes no URL may hold) or
// [ManyFindings] (a path with a fault every few bytes). ok is false for
// the other shapes, which are not one URL.
func URL(shape string, n int) (u string, ok bool) {
	switch shape {
	case LongURL:
		return "http://a/" + repeat("seg/", n-9), true
	case DeepDotDot:
		return repeat("../", n-1) + "g", true
	case InvalidBytes:
		return repeat(invalidBytes, n), true
	case ManyFindings:
		return "http://a/" + repeat("b c^d%zz/", n-9), true
	}
	return "", false
}

// URLLines returns lines of URLs, about n bytes in all, each line a URL
// of RFC 1808 §5 or a short URL with a fault.
func URLLines(n int) string {
	return repeat("g;x?y#s\nhttp://a/b/c/d;p?q#f\n../../g\na b\nhttp://a/%zz\n/./g\n", n)
}

// Kinds are the kinds of document [Document] writes, named as package
// lint/extract names them.
var Kinds = []string{"text", "html", "message", "mbox", "markdown", "css", "xml"}

// syntax is how a kind of document writes links.
type syntax struct {
	head, tail string
	// link writes a link to u, which the kind can hold (see carry).
	link func(u string) string
	// sep separates links on one line.
	sep string
	// carry drops from a URL of invalid bytes those the kind cannot
	// hold in a link at all (a ">" in "<URL:...>").
	carry func(u string) string
	// nest writes k levels of the kind's nesting, with links in them.
	nest func(k int, link string) string
}

const messageHead = "From: a@example.com\nSubject: scale\nBase: <URL:http://a/b/c/d;p?q>\nContent-Type: text/plain\n\n"

func syntaxOf(kind string) syntax {
	keep := func(u string) string { return u }
	switch kind {
	case "text":
		return syntax{link: keep, sep: " ", carry: keep}
	case "html":
		return syntax{
			head: "<!DOCTYPE html>\n<html><head><title>scale</title></head><body>\n", tail: "\n</body></html>\n",
			link:  func(u string) string { return `<a href="` + escapeHTML(u) + `">x</a>` },
			carry: keep,
			nest: func(k int, link string) string {
				return strings.Repeat("<div>"+link, k) + strings.Repeat("</div>", k)
			},
		}
	case "message", "mbox":
		head := messageHead
		if kind == "mbox" {
			head = "From a@example.com Mon Jan  1 00:00:00 2024\n" + messageHead
		}
		return syntax{
			head: head, tail: "\n",
			link: func(u string) string { return "<URL:" + u + ">" }, sep: " ",
			carry: func(u string) string { return strings.ReplaceAll(u, ">", "") },
			nest: func(k int, link string) string {
				var b strings.Builder
				for i := range k {
					fmt.Fprintf(&b, "Content-Type: multipart/mixed; boundary=\"b%d\"\n\n--b%d\nContent-Type: text/plain\n\n%s\n--b%d\n", i, i, link, i)
				}
				b.WriteString("Content-Type: text/plain\n\n" + link + "\n")
				for i := k - 1; i >= 0; i-- {
					fmt.Fprintf(&b, "--b%d--\n", i)
				}
				return b.String()
			},
		}
	case "markdown":
		return syntax{
			head: "# Scale\n\n", tail: "\n",
			link: func(u string) string { return "[x](<" + escapeMarkdown(u) + ">)" }, sep: " ",
			carry: keep,
			// A block quote k deep on one line, then as many lines of
			// links that continue its paragraph (lazily, without ">"):
			// nesting by indentation would cost k² bytes for k levels.
			nest: func(k int, link string) string {
				return strings.Repeat("> ", k) + link + "\n" + strings.Repeat(link+"\n", k)
			},
		}
	case "css":
		return syntax{
			tail: "\n",
			link: func(u string) string { return `a{background:url("` + escapeCSS(u) + `")}` }, sep: " ",
			carry: keep,
			nest: func(k int, link string) string {
				return strings.Repeat("@media screen{"+link, k) + strings.Repeat("}", k)
			},
		}
	case "xml":
		return syntax{
			head: "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<feed xmlns=\"http://www.w3.org/2005/Atom\" xml:base=\"http://a/b/c/d\">\n",
			tail: "\n</feed>\n",
			link: func(u string) string { return `<link href="` + escapeXML(u) + `"/>` },
			// XML has no place for control characters, not even as
			// references: they would end the document at the first.
			carry: func(u string) string {
				return strings.Map(func(r rune) rune {
					if r < 0x20 {
						return -1
					}
					return r
				}, u)
			},
			nest: func(k int, link string) string {
				return strings.Repeat(`<entry xml:base="b/">`+link, k) + strings.Repeat("</entry>", k)
			},
		}
	}
	panic("scale: unknown kind " + kind)
}

func escapeHTML(u string) string {
	return strings.NewReplacer("&", "&amp;", `"`, "&quot;").Replace(u)
}

func escapeXML(u string) string {
	return strings.NewReplacer("&", "&amp;", `"`, "&quot;", "<", "&lt;").Replace(u)
}

// escapeMarkdown escapes what a destination in "<…>" cannot hold as it
// is: "<", ">" and "\" (CommonMark §6.3).
func escapeMarkdown(u string) string {
	return strings.NewReplacer(`\`, `\\`, "<", `\<`, ">", `\>`).Replace(u)
}

func escapeCSS(u string) string {
	return strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(u)
}

// Document returns a document of the kind (one of [Kinds]) of about n
// bytes in the given shape (one of [Shapes] but [ManyFiles], which is
// many of the documents of [ManyLines]). ok is false where the kind has no
// such shape: a list of URLs nests nothing.
func Document(kind, shape string, n int) (doc string, ok bool) {
	sx := syntaxOf(kind)
	body := n - len(sx.head) - len(sx.tail)
	links := func(u string, perLine int) string {
		one := sx.link(u)
		k := max(1, body/(len(one)+len(sx.sep)))
		var b strings.Builder
		b.Grow(max(0, body) + len(one))
		for i := range k {
			if i > 0 {
				if perLine > 0 && i%perLine == 0 {
					b.WriteByte('\n')
				} else {
					b.WriteString(sx.sep)
				}
			}
			b.WriteString(one)
		}
		return b.String()
	}
	var text string
	switch shape {
	case LongLine:
		text = links(BadLink, 0)
	case ManyLines:
		text = links(BadLink, 1)
	case ManyURLsPerLine:
		text = links(BadLink, 10)
	case ManyFindings:
		u, _ := URL(ManyFindings, 360)
		text = links(u, 1)
	case InvalidBytes:
		text = links(sx.carry(invalidBytes), 1)
	case LongURL, DeepDotDot:
		u, _ := URL(shape, body-len(sx.link("")))
		text = sx.link(u)
	case DeepNesting:
		if sx.nest == nil {
			return "", false
		}
		one := sx.nest(1, sx.link(BadLink))
		text = sx.nest(max(1, body/len(one)), sx.link(BadLink))
	default:
		return "", false
	}
	return sx.head + text + sx.tail, true
}

// Message returns a message of about n bytes in the given shape, for the
// MIME walk (package resolve/base), which reads header fields and the
// structure of entities but not the text of a body: [LongLine] is one
// header field of nearly the whole message, [ManyLines] many header
// fields, [ManyFiles] a multipart message of many parts (the message's
// files), [LongURL] a Base header holding a long URL, [DeepNesting]
// multipart entities nested in each other, [InvalidBytes] nothing but
// bytes no URL may hold, and [LongHead] a text/html message whose head
// holds many elements before its BASE element. ok is false for the other
// shapes.
func Message(shape string, n int) (msg string, ok bool) {
	const body = "\n<URL:g>\n"
	switch shape {
	case LongLine:
		return "Subject: " + repeat("x", n) + "\nBase: <URL:http://a/b/>\n" + body, true
	case ManyLines:
		return repeat("X-Field: a value\n", n) + "Base: <URL:http://a/b/>\n" + body, true
	case ManyFiles:
		part := "--b\nContent-Type: text/plain\nBase: <URL:http://a/b/>\n\n<URL:g>\n"
		return "Content-Type: multipart/mixed; boundary=b\n\n" + repeat(part, n) + "--b--\n", true
	case LongURL:
		u, _ := URL(LongURL, n)
		return "Base: <URL:" + u + ">\n" + body, true
	case DeepNesting:
		doc, _ := Document("message", DeepNesting, n)
		return doc, true
	case InvalidBytes:
		return repeat(invalidBytes, n), true
	case LongHead:
		return "Content-Type: text/html\n\n" + HTMLLongHead(n), true
	}
	return "", false
}

// LongHead is an HTML document whose head holds many elements before its
// BASE element, which the HTML parser reads to find it (§10, §3.1).
const LongHead = "long-head"

// HTMLLongHead returns an HTML document of about n bytes of [LongHead].
func HTMLLongHead(n int) string {
	return "<!DOCTYPE html>\n<html><head>\n" + repeat(`<meta name="a" content="b">`+"\n", n) +
		`<base href="http://a/b/c/">` + "\n</head><body><a href=\"g\">x</a></body></html>\n"
}

// ReferenceUnits are the units of the long references the three readings
// of package compare are measured on (entry "compare.Reference"), one
// shape each: a cost each reader might pay more than once per byte. Dot
// segments and empty ones (removed, or bounded for the WHATWG library by
// compare.MaxWHATWGSegments), bad and good escapes, white space and
// backslashes a browser strips or turns, the delimiters of params, query
// and login, non-ASCII, an IPv6 opener, and labels that read as an IPv4
// address.
var ReferenceUnits = []string{"../", "a/", "%zz", "%41", "\t", `\`, "?", ";", ":", "é", "//", "@", "[", "0."}

// Reference returns a reference of about n bytes: "http://h/" and unit
// over and over.
func Reference(unit string, n int) string { return "http://h/" + repeat(unit, n-9) }
