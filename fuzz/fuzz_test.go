package fuzz

import (
	"testing"

	"github.com/relurl/relurl/internal/cases"
)

// FuzzParse holds the two readers to their invariant (see [disagreement])
// on arbitrary input: no panic, the same verdict, equal ASTs, the same
// first error offset, and a byte-for-byte round trip. It is seeded with the
// §5 examples and every case of testdata/urls.txt.
func FuzzParse(f *testing.F) {
	for _, s := range section5 {
		f.Add(s)
	}
	if cs, err := cases.Load("../testdata/urls.txt"); err == nil {
		for _, c := range cs {
			f.Add(c.Input)
		}
	}
	f.Fuzz(func(t *testing.T, s string) {
		if msg := disagreement(s); msg != "" {
			t.Fatalf("%q: %s", s, msg)
		}
	})
}
