package extract

import (
	"slices"
	"testing"
)

// TestAnchors: the anchors of a document, in its order: every element's
// id, an a element's name (in any case), the tokenizer's values
// (character references decoded, a repeated attribute's first), those of
// the head before its base is settled; a Markdown document's headings
// and its raw HTML's; none in a comment or a script; none asked for, none
// looked for.
func TestAnchors(t *testing.T) {
	for _, tc := range []struct {
		kind Kind
		doc  string
		want []Anchor
	}{
		{KindHTML, `<html><head><base href="http://a/"><meta id="m"></head><body>` +
			`<p id="a&amp;b" id="dup">x</p><A NAME="Old">y</A><span name="no">z</span>` +
			"<div id='q\r\nr'></div><!-- <p id=\"comment\"> --><script>'<p id=\"script\">'</script><p id>",
			[]Anchor{{Kind: AnchorID, Value: "m", Offset: 45}, {Kind: AnchorID, Value: "a&b", Offset: 68},
				{Kind: AnchorName, Value: "Old", Offset: 100}, {Kind: AnchorID, Value: "q\nr", Offset: 143}}},
		{KindMarkdown, "# Title *here*\n\nText <a id=\"raw\"></a>\n\nSetext\n---\n",
			[]Anchor{{Kind: AnchorHeading, Value: "Title *here*", Source: "Title *here*", Offset: 2},
				{Kind: AnchorHeading, Value: "Setext", Source: "Setext", Offset: 39},
				{Kind: AnchorID, Value: "raw", Offset: 28}}},
	} {
		var got []Anchor
		Extract(tc.doc, tc.kind, "", Handler{Anchor: func(a Anchor) { got = append(got, a) }})
		if !slices.Equal(got, tc.want) {
			t.Errorf("%s %q:\n got %+v\nwant %+v", tc.kind, tc.doc, got, tc.want)
		}
		refs := 0
		Extract(tc.doc, tc.kind, "", Handler{Ref: func(Ref) { refs++ }})
		if refs == 0 && tc.kind == KindHTML {
			t.Errorf("%s: no URL read without an Anchor handler", tc.kind)
		}
	}
	// The anchors are read from the attributes that hold no URL: an
	// anchor's attribute that became one would no longer give anchors.
	for _, name := range []string{"id", "name"} {
		if _, ok := htmlAttrDef(name); ok {
			t.Errorf("%q is read as a URL attribute: its anchors are not read", name)
		}
	}
}
