package resolution

import (
	"testing"

	"github.com/relurl/relurl/validate"
)

// FuzzTrace: on any two strings, cut by §2.4 as Lenient cuts them, the
// trace records the resolution Reference makes, consistently
// (CheckTrace). Its seeds are testdata/fuzz/FuzzTrace (written by "make
// corpus": the §5 pairs and generated ones; TestTrace runs every row of
// the tables). It holds what it needs in this file: OSS-Fuzz compiles it
// with the package's non-test files alone.
func FuzzTrace(f *testing.F) {
	f.Fuzz(func(t *testing.T, base, ref string) {
		if err := CheckTrace(validate.Split(base), validate.Split(ref)); err != nil {
			t.Fatal(err)
		}
	})
}
