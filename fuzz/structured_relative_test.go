package fuzz

import "testing"

// FuzzStructuredRelative is grammar-aware: it reads its input as the
// choices of package gen's productions (gen.Bytes) and builds from them a
// generic-RL base and a valid reference, production by production. On
// every pair it checks the properties of resolution (resolveProps) and
// that Relative inverts Resolve (relativeProps). It is the structured twin
// of the raw-string target in relative_test.go.
func FuzzStructuredRelative(f *testing.F) {
	f.Fuzz(func(t *testing.T, data []byte) {
		base, ref := drawPair(data)
		if msg := resolveProps(base, ref); msg != "" {
			t.Fatal(msg)
		}
		if msg := relativeProps(base, ref); msg != "" {
			t.Fatal(msg)
		}
	})
}
