package extract

import (
	"fmt"
	"slices"
	"testing"

	"github.com/yuin/goldmark/parser"

	rbase "github.com/relurl/relurl/lint/internal/base"
)

// The fuzz targets hold every extractor to the invariants of checkRef:
// every URL's span lies inside the file, in order, and the text it holds,
// decoded by the URL's encodings, is the URL; and every directive and
// note lies inside the file. Their seeds are testdata/fuzz/<target>: the
// golden documents of the kind and its hostile shapes at 64 bytes
// (golden-*, hostile-*, which TestFuzzSeeds keeps in step with
// testdata/golden and hostileShapes), documents of the kind around
// generated URLs (written by "make corpus"), and what the targets found.
// The targets hold what they need in this file: OSS-Fuzz compiles each
// with the package's non-test files alone.

// FuzzMarkdown: the Markdown reader (links, images, autolinks,
// definitions, raw HTML); and its fast path for plain paragraphs finds
// what goldmark alone finds (checkMarkdownFast).
func FuzzMarkdown(f *testing.F) {
	f.Fuzz(func(t *testing.T, markdown string) {
		checkExtract(t, markdown, KindMarkdown)
		checkMarkdownFast(t, markdown)
	})
}

// checkMarkdownFast reads src with the fast path and without it, and
// fails unless both hand on the same URLs, places, kinds and notes.
func checkMarkdownFast(t *testing.T, src string) {
	t.Helper()
	read := func(p parser.Parser) []string {
		var out []string
		readMarkdownWith(p, src, rbase.Context{Retrieval: "http://a/b/c;p?q"}, &Handler{
			Ref: func(r Ref) {
				s := fmt.Sprintf("%q %s %v %q %v", r.URL, r.Where, r.Encodings, r.Unwritable, r.Mappable())
				for i := 0; i <= len(r.URL); i++ {
					s += fmt.Sprint(" ", r.Map.At(i))
				}
				if r.Base != nil {
					s += " base " + r.Base.URL.URL
				}
				out = append(out, s)
			},
			Directive: func(d Directive) { out = append(out, fmt.Sprintf("directive %+v", d)) },
			Note:      func(n Note) { out = append(out, fmt.Sprintf("note %+v", n)) },
		})
		return out
	}
	fast, ref := read(markdownParser()), read(markdownReferenceParser())
	if !slices.Equal(fast, ref) {
		t.Fatalf("the fast path reads %q\nas  %q\nnot %q", src, fast, ref)
	}
}

// FuzzCSS: the style sheet reader (url(), @import, image-set()).
func FuzzCSS(f *testing.F) {
	f.Fuzz(func(t *testing.T, css string) { checkExtract(t, css, KindCSS) })
}

// FuzzXML: the XML scanner and its vocabularies (xml:base, XLink, Atom,
// RSS, sitemaps, SVG).
func FuzzXML(f *testing.F) {
	f.Fuzz(func(t *testing.T, xml string) { checkExtract(t, xml, KindXML) })
}

// FuzzHTML covers the HTML reader's meta refresh and CSS (STYLE elements,
// style attributes) with the rest.
func FuzzHTML(f *testing.F) {
	f.Fuzz(func(t *testing.T, html string) { checkExtract(t, html, KindHTML) })
}

// fuzzTargets names the fuzz target of each kind, for TestFuzzSeeds (no
// other file names them: OSS-Fuzz finds a target's file by its name).
var fuzzTargets = map[Kind]string{
	KindMarkdown: "FuzzMarkdown",
	KindCSS:      "FuzzCSS",
	KindXML:      "FuzzXML",
	KindHTML:     "FuzzHTML",
}

// checkExtract extracts src as a document of kind k and checks every Ref
// (checkRef), directive and note it reports.
func checkExtract(t *testing.T, src string, k Kind) {
	t.Helper()
	Extract(src, k, "http://a/b/c;p?q", Handler{
		Ref: func(r Ref) { checkRef(t, src, r) },
		Anchor: func(a Anchor) {
			// A page the reader finds a refresh in is one MayRedirect,
			// which a chain of redirects trusts to skip the others,
			// does not rule out.
			if a.Kind == AnchorRefresh && !MayRedirect([]byte(src)) {
				t.Fatalf("a refresh to %q in a page MayRedirect says holds none", a.Value)
			}
		},
		Directive: func(d Directive) {
			if d.Offset < 0 || d.Offset > d.End || d.End > len(src) {
				t.Fatalf("directive %+v outside a file of %d bytes", d, len(src))
			}
		},
		Note: func(n Note) {
			if n.Offset < 0 || n.Offset > len(src) || n.Message == "" {
				t.Fatalf("note %+v in a file of %d bytes", n, len(src))
			}
		},
	})
}

// checkRef checks the invariants of a Ref: its map stays in the file and
// in order, and the text its span holds, decoded by its encodings, is the
// URL (where the map is exact and the URL is one piece of the file).
func checkRef(t *testing.T, src string, r Ref) {
	t.Helper()
	prev := -1
	for i := 0; i <= len(r.URL); i++ {
		at := r.Map.At(i)
		if at < 0 || at > len(src) || r.Mappable() && at < prev {
			t.Fatalf("%q (%s): byte %d placed at %d, after %d, in a file of %d bytes", r.URL, r.Where, i, at, prev, len(src))
		}
		prev = at
	}
	if r.Base == nil && r.Err == nil {
		t.Errorf("%q (%s): no base", r.URL, r.Where)
	}
	if !r.Mappable() || r.Unwritable != "" || r.Err != nil {
		return
	}
	text := src[r.Map.At(0):r.Map.At(len(r.URL))]
	if got := decodeAs(r.Encodings, text); !slices.Contains(got, r.URL) {
		t.Errorf("%q (%s): its span holds %q, which decodes to %q", r.URL, r.Where, text, got)
	}
}

// decodeAs decodes text, a span of the file, by the encodings enc, from
// the outermost in: the readings it may have ([Readings]).
func decodeAs(enc []Encoding, text string) []string { return Readings(enc, text) }
