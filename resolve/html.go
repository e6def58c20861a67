package resolve

import (
	"fmt"
	"io"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// SourceHTMLBase is the [Base.Source] of a base found in an HTML BASE
// element.
const SourceHTMLBase = "HTML BASE element"

// FindHTMLBase returns the HREF of the first BASE element with one in the
// HEAD of the HTML document read from r, as RFC 1808 §10 describes (HTML
// element and attribute names are case-insensitive; leading and trailing
// white space of the value is dropped, as HTML does for URLs). found is
// false when there is none. The document is read with the HTML parser of
// golang.org/x/net/html, so a BASE element counts as in the HEAD exactly
// when an HTML parser puts it there.
func FindHTMLBase(r io.Reader) (href string, found bool, err error) {
	doc, err := html.Parse(r)
	if err != nil {
		return "", false, fmt.Errorf("reading HTML: %w", err)
	}
	head := findElement(doc, atom.Head)
	if head == nil {
		return "", false, nil
	}
	for n := range head.Descendants() {
		if n.Type != html.ElementNode || n.DataAtom != atom.Base {
			continue
		}
		for _, a := range n.Attr {
			if a.Namespace == "" && a.Key == "href" {
				return strings.Trim(a.Val, " \t\n\f\r"), true, nil
			}
		}
	}
	return "", false, nil
}

// HTMLBase establishes the base of the HTML document read from r (§3): its
// BASE element (§3.1, §10) if it has one, otherwise the layers of ctx.
// A BASE element whose HREF is not an absolute generic-RL URL is an error
// (§10: "The HREF attribute must be an absolute URL").
func HTMLBase(r io.Reader, ctx Context) (Base, error) {
	href, found, err := FindHTMLBase(r)
	if err != nil {
		return Base{}, err
	}
	var embedded *Base
	if found {
		embedded = &Base{URL: href, Source: SourceHTMLBase}
	}
	return Establish(embedded, ctx)
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
