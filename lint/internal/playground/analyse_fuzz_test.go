package playground

import (
	"encoding/json"
	"testing"

	"github.com/relurl/relurl/resolve"
	"github.com/relurl/relurl/validate"
)

// FuzzAnalyse: no input panics, the report marshals, and what it says
// agrees with the library: the URL's verdict, and the result of resolving
// it against the base (strict where §4 takes the pair, lenient where not).
// Its arguments are in the order of the module's other pairs, the base
// first, so that its seeds are theirs: testdata/fuzz/FuzzAnalyse (written
// by "make corpus": the §5 pairs and generated ones; and a few by hand).
// It holds what it needs in this file: OSS-Fuzz compiles it with the
// package's non-test files alone.
func FuzzAnalyse(f *testing.F) {
	f.Fuzz(func(t *testing.T, base, ref string) {
		if len(ref)+len(base) > 2048 {
			return
		}
		rep := Analyse(ref, base)
		if _, err := json.Marshal(rep); err != nil {
			t.Fatal(err)
		}
		if rep.URL.Valid != validate.Valid(ref) {
			t.Fatalf("Analyse(%q): valid %v", ref, rep.URL.Valid)
		}
		if base == "" {
			return
		}
		want := resolve.Lenient(base, ref)
		if u, err := resolve.Resolve(base, ref); err == nil {
			want = u
		}
		if rep.Resolution.Result != want.String() {
			t.Fatalf("Analyse(%q, %q): result %q, want %q", ref, base, rep.Resolution.Result, want)
		}
	})
}
