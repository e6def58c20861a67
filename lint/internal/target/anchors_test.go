package target

import (
	"slices"
	"strings"
	"testing"

	"github.com/relurl/relurl/lint/internal/extract"
)

func anchorsOf(t *testing.T, doc string, k extract.Kind, slugs Slugs) *Anchors {
	t.Helper()
	var found []extract.Anchor
	extract.Extract(doc, k, "", extract.Handler{Anchor: func(a extract.Anchor) { found = append(found, a) }})
	return NewAnchors(k, found, slugs)
}

// TestMarkdownAnchors: a Markdown document's anchors are its headings'
// (by the text GitHub renders: inlines without their markup, escapes and
// references decoded, images left out) and its raw HTML's ids and names.
func TestMarkdownAnchors(t *testing.T) {
	doc := strings.Join([]string{
		"# `fs.readFile(path[, options], callback)`",
		"## _Emphasis_ and __strong__",
		"## snake_case_name",
		"## __init__ method",
		"## [Link text](http://x/) here",
		"## ![an image](a.png) Image",
		"## A &amp; B",
		`## Escaped \_under\_`,
		"## <code>raw</code> html",
		"## Ref [link][r]",
		"## ~~gone~~ here",
		"## Usage",
		"## Usage",
		"Setext *heading*",
		"---",
		`<a id="Raw-Id"></a><a name="named"></a><span name="not-an-a"></span>`,
		"",
		"    # not a heading: code",
		"",
		"[r]: http://x/",
		"",
	}, "\n")
	got := anchorsOf(t, doc, extract.KindMarkdown, SlugsGitHub).Names()
	want := []string{
		"-image", "Raw-Id", "a--b", "emphasis-and-strong", "escaped-_under_", "fsreadfilepath-options-callback",
		"gone-here", "init-method", "link-text-here", "named", "raw-html", "ref-link", "setext-heading", "snake_case_name",
		"usage", "usage-1",
	}
	if !slices.Equal(got, want) {
		t.Errorf("GitHub's anchors\n%q\nwant\n%q", got, want)
	}
	none := anchorsOf(t, doc, extract.KindMarkdown, SlugsNone).Names()
	if !slices.Equal(none, []string{"Raw-Id", "named"}) {
		t.Errorf("no heading anchors: %q, want the raw HTML's alone", none)
	}
	gm := anchorsOf(t, doc, extract.KindMarkdown, SlugsGoldmark)
	for _, id := range []string{"fsreadfilepath-options-callback", "-emphasis--and---strong--", "usage", "usage-1", "setext-heading"} {
		if m := gm.Find(id); !m.Found {
			t.Errorf("goldmark's anchors lack %q: %q", id, gm.Names())
		}
	}
}

// TestFind: the HTML standard's indicated part of a document: an id or
// an a element's name as written, then percent-decoded (UTF-8), the empty
// fragment and "top" the top; nothing else, in HTML, in other letter
// case, which Match names. GitHub's Markdown anchors match in any case.
func TestFind(t *testing.T) {
	html := anchorsOf(t, `<h1 id="Intro">x</h1><p id="a b">y</p><a name="old">z</a><p name="not">n</p>`+
		`<p id="caf%C3%A9"></p><p id="café-2"></p><p id="100%"></p><p id="&amp;amp">e</p><p id="x=1"></p>`, extract.KindHTML, SlugsGitHub)
	for _, tc := range []struct {
		frag               string
		found, top, params bool
		caseOnly, dec      string
	}{
		{frag: "Intro", found: true, dec: "Intro"},
		{frag: "intro", caseOnly: "Intro", dec: "intro"},
		{frag: "a%20b", found: true, dec: "a b"},
		{frag: "old", found: true, dec: "old"},
		{frag: "not", dec: "not"},
		{frag: "caf%C3%A9", found: true, dec: "caf%C3%A9"},
		{frag: "caf%c3%a9-2", found: true, dec: "café-2"},
		{frag: "100%", found: true, dec: "100%"},
		{frag: "&amp", found: true, dec: "&amp"},
		{frag: "", top: true},
		{frag: "top", top: true, dec: "top"},
		{frag: "TOP", top: true, dec: "TOP"},
		{frag: "%74op", top: true, dec: "top"},
		{frag: "%ff", dec: "\uFFFD"},
		{frag: "nope", dec: "nope"},
		// The fragment directive is taken away; parameters name nothing.
		{frag: "Intro:~:text=usage", found: true, dec: "Intro"},
		{frag: ":~:text=usage", top: true},
		{frag: "nope:~:text=a", dec: "nope"},
		{frag: "url=a%20b.html&base=http://a/", top: true, params: true, dec: "url=a%20b.html&base=http://a/"},
		{frag: "t=10,20", top: true, params: true, dec: "t=10,20"},
		{frag: "x=1", found: true, dec: "x=1"},
		{frag: "x%3D1", found: true, dec: "x=1"},
		{frag: "y%3D1", dec: "y=1"},
	} {
		m := html.Find(tc.frag)
		if m.Found != tc.found || m.Top != tc.top || m.Params != tc.params || m.CaseOnly != tc.caseOnly || m.Decoded != tc.dec ||
			m.CaseFound != (tc.caseOnly != "") {
			t.Errorf("Find(%q) = %+v, want found %v top %v params %v case-only %q decoded %q", tc.frag, m, tc.found, tc.top, tc.params, tc.caseOnly, tc.dec)
		}
		// Compact anchors answer alike, but keep no name to give.
		c := html.Compact().Find(tc.frag)
		if c.Found != tc.found || c.Top != tc.top || c.Params != tc.params || c.CaseOnly != "" || c.Decoded != tc.dec ||
			c.CaseFound != (tc.caseOnly != "") {
			t.Errorf("compact: Find(%q) = %+v, want found %v top %v params %v case found %v decoded %q", tc.frag, c, tc.found, tc.top, tc.params, tc.caseOnly != "", tc.dec)
		}
	}
	if c := html.Compact(); c.Names() != nil || c.Len() != html.Len() || !c.Same(html) || c.Compact() != c {
		t.Errorf("compact anchors: names %q, %d anchors of %d, same %v", c.Names(), c.Len(), html.Len(), c.Same(html))
	}
	md := anchorsOf(t, "# Getting Started\n", extract.KindMarkdown, SlugsGitHub)
	if m := md.Find("Getting-Started"); !m.Found {
		t.Errorf("GitHub's anchors in other case: %+v", m)
	}
	if m := md.Compact().Find("Getting-Started"); !m.Found {
		t.Errorf("GitHub's anchors, compact, in other case: %+v", m)
	}
	gm := anchorsOf(t, "# Getting Started\n", extract.KindMarkdown, SlugsGoldmark)
	if m := gm.Find("Getting-Started"); m.Found || m.CaseOnly != "getting-started" {
		t.Errorf("goldmark's anchors in other case: %+v", m)
	}
	if a := NewAnchors(extract.KindCSS, nil, SlugsGitHub); a != nil {
		t.Errorf("a style sheet has anchors: %v", a)
	}
}

// TestHashLower: hashLower is the hash of the name in lower case, said to
// differ exactly when strings.ToLower changes the name: ASCII names
// lowered in place, longer or non-ASCII ones by strings.ToLower.
func TestHashLower(t *testing.T) {
	for _, name := range []string{"", "a", "A", "abc", "aBc", "Section-1.2", "ÄÖ", "straße", "x\xffY",
		strings.Repeat("a", 64), strings.Repeat("A", 64), strings.Repeat("A", 65), strings.Repeat("a", 65), "İ"} {
		l := strings.ToLower(name)
		h, differs := hashLower(name)
		if differs != (l != name) || differs && h != hashAnchor(l) {
			t.Errorf("hashLower(%q) = %x, %v; want %x, %v", name, h, differs, hashAnchor(l), l != name)
		}
	}
}
