package fuzz

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/leanovate/gopter"
	"github.com/relurl/relurl/ast"
	"github.com/relurl/relurl/gen"
)

var writeCorpus = flag.Bool("write-corpus", false, "rewrite the generated seed corpora in testdata/fuzz")

// corpusSize is the number of generated seeds per target.
const corpusSize = 64

// TestWriteCorpus writes the seed corpora of the fuzz targets from the
// generators, with a fixed seed, when run with -write-corpus ("make
// corpus"). Without the flag it checks the committed corpora exist.
func TestWriteCorpus(t *testing.T) {
	p := gopter.DefaultGenParameters().WithSize(20).CloneWithSeed(1808)
	urls, bases, invalid := gen.URL(), gen.GenericRL(), gen.Invalid()
	one := func(n int) []any {
		if n%3 == 2 {
			return []any{invalid(p).Result.(gen.Violation).Input}
		}
		return []any{urls(p).Result.(ast.URL).String()}
	}
	two := func(int) []any {
		return []any{bases(p).Result.(ast.URL).String(), urls(p).Result.(ast.URL).String()}
	}
	targets := map[string]func(int) []any{
		"FuzzParse": one, "FuzzValidate": one, "FuzzNetURL": one, "FuzzResolve": two, "FuzzRelative": two,
	}
	for _, name := range []string{"FuzzParse", "FuzzValidate", "FuzzNetURL", "FuzzResolve", "FuzzRelative"} {
		dir := filepath.Join("testdata", "fuzz", name)
		if !*writeCorpus {
			if entries, err := os.ReadDir(dir); err != nil || len(entries) < corpusSize {
				t.Errorf("%s: %d seeds (%v); run make corpus", dir, len(entries), err)
			}
			continue
		}
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		for i := range corpusSize {
			body := "go test fuzz v1\n"
			for _, v := range targets[name](i) {
				body += fmt.Sprintf("string(%s)\n", strconv.Quote(v.(string)))
			}
			if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("gen-%02d", i)), []byte(body), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
}
