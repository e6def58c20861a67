package extract

import (
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/relurl/relurl/internal/fuzzseed"
)

// TestFuzzSeeds keeps the hand-made part of the fuzz targets' seed
// corpora in step with its sources: in testdata/fuzz/<target>, golden-NAME
// is the golden document NAME of the target's kind and hostile-SHAPE the
// kind's hostile shape SHAPE at 64 bytes. They are files rather than f.Add
// calls because libFuzzer sees only the files (OSS-Fuzz zips them), and
// because under libFuzzer a target's body runs for every input. go test
// -update (and make corpus) rewrites them; the other files there ("make
// corpus"'s doc-*, crashers) are left alone.
func TestFuzzSeeds(t *testing.T) {
	golden, err := filepath.Glob("testdata/golden/*")
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range slices.Sorted(maps.Keys(fuzzTargets)) {
		want := map[string]string{}
		for _, name := range golden {
			if kk, ok := KindByName(name); ok && kk == k && !strings.HasSuffix(name, ".golden") {
				data, err := os.ReadFile(name)
				if err != nil {
					t.Fatal(err)
				}
				want["golden-"+filepath.Base(name)] = fuzzseed.File(string(data))
			}
		}
		for _, s := range hostileShapes(k) {
			want["hostile-"+strings.ReplaceAll(s.Name, " ", "-")] = fuzzseed.File(s.Make(64))
		}
		if len(want) == 0 {
			t.Errorf("%v: no golden document or hostile shape to seed %s with", k, fuzzTargets[k])
		}
		fuzzseed.Sync(t, filepath.Join("testdata", "fuzz", fuzzTargets[k]), fuzzseed.Prefixed("golden-", "hostile-"), want, *update,
			"go test ./lint/extract -run TestFuzzSeeds -update")
	}
}
