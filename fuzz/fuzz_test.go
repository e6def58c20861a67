package fuzz

import (
	"testing"

	"github.com/relurl/relurl/internal/cases"
)

// tableInputs returns the inputs of the case table, or none if it cannot
// be read (a fuzz engine may run the targets away from the repository).
func tableInputs() []string {
	cs, err := cases.Load("../testdata/urls.txt")
	if err != nil {
		return nil
	}
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.Input
	}
	return out
}

// FuzzParse holds the two readers to their invariant (see [disagreement])
// on arbitrary input: no panic, the same verdict, equal ASTs, the same
// first error offset, and a byte-for-byte round trip. It is seeded with the
// §5 examples and every case of testdata/urls.txt.
func FuzzParse(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, s string) {
		if msg := disagreement(s); msg != "" {
			t.Fatalf("%q: %s", s, msg)
		}
	})
}
