package base

import (
	"fmt"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/relurl/relurl/lint/internal/htmlscan"
)

// SourceHTML is the [URL.Source] of a base found in an HTML BASE element.
const SourceHTML = "HTML BASE element"

// HTMLSpace is ASCII white space as HTML defines it: tab, line feed, form
// feed, carriage return and space. HTML drops it around a URL in an
// attribute, and it separates the URLs of a list.
const HTMLSpace = " \t\n\f\r"

// IsHTMLSpace reports whether c is one of HTMLSpace's bytes, without a
// search of them: readers of every URL of a page ask it at each end.
func IsHTMLSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r'
}

// LooksLikeHTML reports whether doc reads as HTML rather than as a message
// or text: its first character, after a UTF-8 byte order mark and HTML
// white space, is "<".
func LooksLikeHTML[T ~string | ~[]byte](doc T) bool {
	i := 0
	if len(doc) >= 3 && doc[0] == 0xEF && doc[1] == 0xBB && doc[2] == 0xBF {
		i = 3
	}
	for i < len(doc) && strings.IndexByte(HTMLSpace, doc[i]) >= 0 {
		i++
	}
	return i < len(doc) && doc[i] == '<'
}

// FindInHTML returns the HREF of the first BASE element with one in the
// HEAD of the HTML document doc, as RFC 1808 §10 describes (HTML element
// and attribute names are case-insensitive; leading and trailing white
// space of the value is dropped, as HTML does for URLs). found is false
// when there is none.
//
// The document is read with the HTML parser of golang.org/x/net/html, so a
// BASE element counts as in the HEAD exactly when an HTML parser puts it
// there. Only the part of doc in which the head can still change is
// parsed: up to the first start tag that ends the head. So a page nested
// deeper in its body than that parser's limit of 512 open elements is
// read; a document nested that deep before its head ends (templates in
// templates) is an error.
func FindInHTML(doc string) (href string, found bool, err error) {
	root, err := html.Parse(strings.NewReader(headPart(doc)))
	if err != nil {
		return "", false, fmt.Errorf("reading HTML: %w", err)
	}
	head := findElement(root, atom.Head)
	if head == nil {
		return "", false, nil
	}
	for n := range head.Descendants() {
		if n.Type != html.ElementNode || n.DataAtom != atom.Base {
			continue
		}
		for _, a := range n.Attr {
			if a.Namespace == "" && a.Key == "href" {
				return strings.Trim(a.Val, HTMLSpace), true, nil
			}
		}
	}
	return "", false, nil
}

// HTML establishes the base of the HTML document doc (§3): its BASE
// element (§3.1, §10) if it has one, otherwise the layers of ctx. A BASE
// element whose HREF is not an absolute generic-RL URL is an error (§10:
// "The HREF attribute must be an absolute URL"), a [*LayerError].
func HTML(doc string, ctx Context) (URL, error) {
	href, found, err := FindInHTML(doc)
	if err != nil {
		return URL{}, err
	}
	var embedded *URL
	if found {
		embedded = &URL{URL: href, Source: SourceHTML}
	}
	return Establish(embedded, ctx)
}

// headPart returns the part of doc the HTML parser has read when its head
// can no longer change: doc up to the end of the first start tag that
// ends the head, after which the parser is in the "in body" (or "in
// frameset") insertion mode, where a BASE element goes into the current
// node or nowhere, never into the head. That is any start tag but those
// the "in head" and "after head" modes take into the head (base,
// basefont, bgsound, link, meta, noframes, noscript, script, style,
// template, title) and html and head. The tokens up to that tag are the
// same in the part as in the whole (each ends before the tag does), and
// so is the head built from them. Before that tag the parser reads no
// foreign content (svg and math end the head), so a standalone tokenizer
// sees the tags it sees; the tags are read by package internal/htmlscan,
// which reads them as that tokenizer does. A TEMPLATE start tag, inside which other tags do
// not end the head, makes it give up and return the whole document.
//
// Parsing the part rather than the whole is what lets [FindInHTML] read
// pages nested deeper, in their body, than the parser's limit of 512
// open elements; it also saves building the body's tree.
func headPart(doc string) string {
	sc := htmlscan.New(doc)
	for {
		switch sc.Next() {
		case htmlscan.EOF:
			return doc
		case htmlscan.StartTag:
			switch sc.Name() {
			case "template":
				return doc
			case "html", "head", "base", "basefont", "bgsound", "link", "meta", "noframes", "noscript",
				"script", "style", "title":
				continue
			}
			_, end := sc.Raw()
			return doc[:end]
		}
	}
}

// findElement returns the first element of type a in document order.
func findElement(n *html.Node, a atom.Atom) *html.Node {
	for d := range n.Descendants() {
		if d.Type == html.ElementNode && d.DataAtom == a {
			return d
		}
	}
	return nil
}
