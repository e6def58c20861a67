package fuzz

import "testing"

// FuzzParse holds the two readers to their invariant (see disagreement in
// props.go) on arbitrary input: no panic, the same verdict, equal ASTs,
// the same first error offset, and a byte-for-byte round trip. Its seeds
// are testdata/fuzz/FuzzParse: the §5 examples, every case of
// testdata/urls.txt, and generated URLs, valid and not.
func FuzzParse(f *testing.F) {
	f.Fuzz(func(t *testing.T, s string) {
		if msg := disagreement(s); msg != "" {
			t.Fatalf("%q: %s", s, msg)
		}
	})
}
