package extract

import (
	"fmt"

	rbase "github.com/relurl/relurl/lint/internal/base"
)

// DocumentBase returns the base RFC 1808 §3 establishes in a document of
// kind k (Markdown, CSS or XML) retrieved by retrieval ("" for none), as
// the linter reads it. For Markdown it is the BASE element of its raw HTML
// when that would be in the head of the page it renders to, otherwise the
// retrieval URL (§3.3); for CSS, the retrieval URL, a style sheet's own
// URL; for XML, the base of an element, set by the xml:base attributes of
// the element and its ancestors (XML Base, resolved against one another
// by §4) over the retrieval URL: the element whose start tag or content
// holds the byte offset at, or the root element when at is negative.
// element names that element ("" when the offset is outside the root, or
// the document has none). For HTML and messages, see package resolve/base.
// A document that would not be read ([Note]s of kind "too-costly") is an
// error.
func DocumentBase(src string, k Kind, retrieval string, at int) (b *Base, element string, err error) {
	ctx := rbase.Context{Retrieval: retrieval}
	switch k {
	case KindMarkdown:
		if msg, _, _ := markdownTooCostly(src); msg != "" {
			return nil, "", fmt.Errorf("markdown not read: %s", msg)
		}
		_, _, _, b := parseMarkdown(src, ctx)
		return b, "", nil
	case KindXML:
		x := newXMLReader(src, establish(nil, ctx, true), &Handler{})
		x.at, x.atRoot = at, at < 0
		x.run()
		if x.foundBase == nil {
			return x.docBase, "", nil
		}
		return x.foundBase, x.foundName, nil
	case KindCSS:
		return establish(nil, ctx, true), "", nil
	}
	return nil, "", fmt.Errorf("the base of a document of kind %v is found by package resolve/base", k)
}
