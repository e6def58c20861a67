package htmlscan

import (
	"flag"
	"maps"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the fuzz target's seeds (TestFuzzSeeds)")

// TestFuzzSeeds keeps the fuzz target's seeds in step with their sources:
// page-NAME is the page testdata/pages/NAME, case-N the document of the
// table case N (scanCases, then stateCases). They are files rather than
// f.Add calls because libFuzzer sees only the files. go test -update
// rewrites them; the other files there (inputs the fuzzer found) are left
// alone.
func TestFuzzSeeds(t *testing.T) {
	want := map[string]string{}
	pages, err := filepath.Glob(filepath.Join("testdata", "pages", "*.html"))
	if err != nil || len(pages) == 0 {
		t.Fatalf("no seed pages: %v", err)
	}
	for _, p := range pages {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		want["page-"+strings.TrimSuffix(filepath.Base(p), ".html")] = seedFile(string(data))
	}
	n := 0
	for _, c := range scanCases {
		want["case-"+strconv.Itoa(n)] = seedFile(c.doc)
		n++
	}
	for _, c := range stateCases {
		want["case-"+strconv.Itoa(n)] = seedFile(c.doc)
		n++
	}
	dir := filepath.Join("testdata", "fuzz", seedDir)
	have := map[string]string{}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), "page-") || strings.HasPrefix(e.Name(), "case-") {
			data, err := os.ReadFile(filepath.Join(dir, e.Name()))
			if err != nil {
				t.Fatal(err)
			}
			have[e.Name()] = string(data)
		}
	}
	if !*update {
		if !maps.Equal(have, want) {
			t.Errorf("%s: the seeds are stale (%d files, want %d): go test ./internal/htmlscan -run TestFuzzSeeds -update", dir, len(have), len(want))
		}
		return
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

// seedFile is a Go fuzz corpus file of one string argument.
func seedFile(s string) string {
	return "go test fuzz v1\nstring(" + strconv.Quote(s) + ")\n"
}
