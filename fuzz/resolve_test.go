package fuzz

import (
	"testing"

	"github.com/relurl/relurl"
	"github.com/relurl/relurl/resolve"
)

// FuzzResolve checks resolution of any two strings: no panic, lenient
// resolution of anything, an error for an invalid pair, and for a valid
// pair the properties of resolveProps (props.go).
func FuzzResolve(f *testing.F) {
	f.Fuzz(func(t *testing.T, base, ref string) {
		_ = resolve.Lenient(base, ref)
		b, r, ok := validPair(base, ref)
		if !ok {
			if _, err := relurl.Resolve(base, ref); err == nil && base != "" {
				t.Fatalf("Resolve(%q, %q) accepted an invalid pair", base, ref)
			}
			return
		}
		if msg := resolveProps(b, r); msg != "" {
			t.Fatal(msg)
		}
	})
}
