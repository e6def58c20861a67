package extract

import (
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
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
				want["golden-"+filepath.Base(name)] = seedFile(string(data))
			}
		}
		for _, s := range hostileShapes(k) {
			want["hostile-"+strings.ReplaceAll(s.Name, " ", "-")] = seedFile(s.Make(64))
		}
		if len(want) == 0 {
			t.Errorf("%v: no golden document or hostile shape to seed %s with", k, fuzzTargets[k])
		}
		dir := filepath.Join("testdata", "fuzz", fuzzTargets[k])
		have := map[string]string{}
		entries, _ := os.ReadDir(dir)
		for _, e := range entries {
			if strings.HasPrefix(e.Name(), "golden-") || strings.HasPrefix(e.Name(), "hostile-") {
				data, err := os.ReadFile(filepath.Join(dir, e.Name()))
				if err != nil {
					t.Fatal(err)
				}
				have[e.Name()] = string(data)
			}
		}
		if !*update {
			if !maps.Equal(have, want) {
				t.Errorf("%s: the golden and hostile seeds are stale (%d files, want %d): go test ./lint/extract -run TestFuzzSeeds -update", dir, len(have), len(want))
			}
			continue
		}
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		for name := range have {
			if err := os.Remove(filepath.Join(dir, name)); err != nil {
				t.Fatal(err)
			}
		}
		for name, data := range want {
			if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// seedFile is a Go fuzz corpus file of one string argument.
func seedFile(s string) string {
	return "go test fuzz v1\nstring(" + strconv.Quote(s) + ")\n"
}
