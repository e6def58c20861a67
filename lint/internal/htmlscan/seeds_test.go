package htmlscan

import (
	"flag"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/relurl/relurl/internal/fuzzseed"
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
		want["page-"+strings.TrimSuffix(filepath.Base(p), ".html")] = fuzzseed.File(string(data))
	}
	n := 0
	for _, c := range scanCases {
		want["case-"+strconv.Itoa(n)] = fuzzseed.File(c.doc)
		n++
	}
	for _, c := range stateCases {
		want["case-"+strconv.Itoa(n)] = fuzzseed.File(c.doc)
		n++
	}
	fuzzseed.Sync(t, filepath.Join("testdata", "fuzz", seedDir), fuzzseed.Prefixed("page-", "case-"), want, *update,
		"go test ./internal/htmlscan -run TestFuzzSeeds -update")
}
