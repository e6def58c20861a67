package fuzz

import "testing"

// FuzzRelative checks that Relative inverts Resolve on valid pairs and is
// never longer than its target (relativeProps, props.go).
func FuzzRelative(f *testing.F) {
	f.Fuzz(func(t *testing.T, base, ref string) {
		b, r, ok := validPair(base, ref)
		if !ok {
			return
		}
		if msg := relativeProps(b, r); msg != "" {
			t.Fatal(msg)
		}
	})
}
