package compare

import (
	"os"
	"path/filepath"
	"testing"
	"unicode/utf8"

	"github.com/relurl/relurl/internal/fuzzseed"
)

// TestSeedCorporaClassified runs the properties of the differential
// target on every pair of the package's seed corpora (both targets'; they
// are not named here, so that OSS-Fuzz's grep for a target's name finds
// its own file alone), and holds the
// input libFuzzer found (a reference whose escaped semicolon the three
// readings disagree on) to the classes decision C-6 gives it.
func TestSeedCorporaClassified(t *testing.T) {
	n := 0
	targets, err := os.ReadDir(filepath.Join("testdata", "fuzz"))
	if err != nil || len(targets) < 2 {
		t.Fatalf("the corpora: %d, %v", len(targets), err)
	}
	for _, target := range targets {
		dir := filepath.Join("testdata", "fuzz", target.Name())
		entries, err := os.ReadDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			data, err := os.ReadFile(filepath.Join(dir, e.Name()))
			if err != nil {
				t.Fatal(err)
			}
			args, err := fuzzseed.Parse(data)
			if err != nil {
				t.Fatalf("%s/%s: %v", dir, e.Name(), err)
			}
			base, ok1 := args[0].(string)
			ref, ok2 := args[1].(string)
			if len(args) != 2 || !ok1 || !ok2 {
				t.Fatalf("%s/%s: %q is not a base and a reference", dir, e.Name(), args)
			}
			if len(base)+len(ref) > 4096 || !utf8.ValidString(base) || !utf8.ValidString(ref) {
				continue // as the targets
			}
			checkReport(t, Reference(base, ref))
			n++
		}
	}
	if n < 100 {
		t.Errorf("%d seeds checked, want the corpora's (more than 100)", n)
	}
	// The scheme's case is a divergence of its own (class case); the
	// semicolon net/url decodes where the others keep it escaped is
	// percent-encoding.
	rep := Reference("http:/.g/F", "EeUOGdym:/>/user:pnews://w%3B@host~80")
	checkReport(t, rep)
	classes := map[Class]bool{}
	for _, d := range rep.Divergences {
		classes[d.Class] = true
	}
	if !classes[PercentEncoding] || !classes[Case] || len(classes) != 2 {
		t.Errorf("the escaped semicolon libFuzzer found diverges as %v, want percent-encoding and case\n%s", classes, dump(rep))
	}
}
