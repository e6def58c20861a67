package resolve

import (
	"testing"

	"github.com/relurl/relurl/grammar"
)

// FuzzReference: no input panics; for a valid base and reference the
// result is a valid absoluteURL that parses back into exactly the
// components step 7 recombined, and Relative finds a reference no longer
// than ref that resolves to the same URL. Its seeds are
// testdata/fuzz/FuzzReference (written by "make corpus": the §5 examples
// and generated pairs). The target holds only what it needs, in this file:
// OSS-Fuzz compiles it with the package's non-test files alone.
func FuzzReference(f *testing.F) {
	f.Fuzz(func(t *testing.T, base, ref string) {
		_ = Lenient(base, ref).String()
		u, err := Resolve(base, ref)
		if err != nil {
			return
		}
		s := u.String()
		if back, err := grammar.Parse(s); err != nil || back.WithoutSpans() != u {
			t.Fatalf("Resolve(%q, %q) = %q: parses back as %#v, %v; recombined %#v", base, ref, s, back.WithoutSpans(), err, u)
		}
		if base == "" {
			return
		}
		// Against a base, every result is an absoluteURL (§4), generic-RL
		// unless step 6 left an empty first segment after a net_loc or
		// the reference was opaque itself.
		if !u.Scheme.Present {
			t.Fatalf("Resolve(%q, %q) = %q, not absolute", base, ref, s)
		}
		r, err := Relative(base, s)
		if err != nil {
			t.Fatalf("Relative(%q, %q): %v", base, s, err)
		}
		if back, err := Resolve(base, r); err != nil || back.String() != s {
			t.Fatalf("Relative(%q, %q) = %q, which resolves to %q, %v", base, s, r, back, err)
		}
		if len(r) > len(ref) {
			t.Fatalf("Relative(%q, %q) = %q, longer than %q", base, s, r, ref)
		}
	})
}
