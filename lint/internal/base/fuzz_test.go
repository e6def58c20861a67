package base

import (
	"testing"

	"github.com/relurl/relurl/validate"
)

// FuzzDocuments: no HTML document or message panics the base finders; a
// base found is valid; every entity, field and body the walk finds lies
// in the input, and every offset its maps give too. Its seeds are
// testdata/fuzz/FuzzDocuments: HTML documents and messages around
// generated URLs (written by "make corpus"), and three messages by hand
// (an embedded message, quoted-printable and base64 bodies). It holds
// only what it needs, in this file: OSS-Fuzz compiles it with the
// package's non-test files alone.
func FuzzDocuments(f *testing.F) {
	f.Fuzz(func(t *testing.T, doc string) {
		if b, err := HTML(doc, Context{}); err == nil && b.URL != "" && !validate.Valid(b.URL) {
			t.Fatalf("HTML: invalid base %q", b.URL)
		}
		_, _ = Message(doc, Context{Retrieval: "http://r/"})
		in := func(what string, off int) {
			if off < 0 || off > len(doc) {
				t.Fatalf("%s maps to %d, outside the input of %d bytes", what, off, len(doc))
			}
		}
		var walk func(e *Entity)
		walk = func(e *Entity) {
			in("the entity", e.Map.At(0))
			in("the entity's end", e.Map.At(len(e.Text)))
			for _, fl := range e.Header {
				if fl.From > fl.To || fl.To > e.BodyStart {
					t.Fatalf("part %q: field %+v outside the header [0, %d)", e.Path, fl, e.BodyStart)
				}
				in("a field", e.Map.At(fl.From))
			}
			text, m := e.Decoded()
			for i := 0; i <= len(text); i += 1 + len(text)/16 {
				in("a decoded byte", m.At(i))
			}
			for _, n := range e.Notes {
				in("a note", n.Offset)
			}
			for _, p := range e.Parts {
				walk(p)
			}
		}
		walk(ReadMessage(doc))
	})
}
