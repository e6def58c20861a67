package lint

import (
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/relurl/relurl/internal/interleave"
	"github.com/relurl/relurl/internal/scale"
	"github.com/relurl/relurl/lint/internal/extract"
)

// pyDocsDir is where Debian's python3.11-doc puts the Python 3.11
// documentation: 530 HTML pages, real HTML with real links.
const pyDocsDir = "/usr/share/doc/python3.11/html"

// benchDoc is a page and the URL it was retrieved by.
type benchDoc struct {
	name, retrieval string
	data            string
}

// pyDocsPages reads every step-th page of the Python documentation, each
// with its address on docs.python.org as its retrieval URL, or skips the
// benchmark when the package is not installed.
func pyDocsPages(b *testing.B, step int) []benchDoc {
	b.Helper()
	var names []string
	err := filepath.WalkDir(pyDocsDir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".html") {
			names = append(names, p)
		}
		return err
	})
	if err != nil || len(names) == 0 {
		b.Skipf("the Python 3.11 documentation is not in %s (apt-get install python3.11-doc): %v", pyDocsDir, err)
	}
	slices.Sort(names)
	var docs []benchDoc
	for i := 0; i < len(names); i += step {
		data, err := os.ReadFile(names[i])
		if err != nil {
			b.Fatal(err)
		}
		rel, _ := filepath.Rel(pyDocsDir, names[i])
		docs = append(docs, benchDoc{names[i], "https://docs.python.org/3.11/" + filepath.ToSlash(rel), string(data)})
	}
	return docs
}

// BenchmarkWHATWG measures what the WHATWG rules cost on HTML, against
// their bound (at most 1.5 times the linter without them): each iteration
// lints the corpus with the default rules and with the WHATWG rules
// disabled, one right after the other (in alternating order, so that both
// see the same load on a shared machine), and the quotient of the two
// medians is reported as "x-off". The corpora: scale.Pages as
// BenchmarkFilePages lints them (no retrieval URL: a third of the pages
// have a BASE, the others' relative links have no base), the same with a
// retrieval URL (every relative link compared against a base), and every
// eighth page of the Python documentation with its docs.python.org address
// (skipped where the documentation is not installed).
func BenchmarkWHATWG(b *testing.B) {
	on, err := New(Options{})
	if err != nil {
		b.Fatal(err)
	}
	off, err := New(Options{Disable: []string{RuleWHATWGResolution, RuleWHATWGParse}})
	if err != nil {
		b.Fatal(err)
	}
	pages := func(retrieval string) func(*testing.B) []benchDoc {
		return func(*testing.B) []benchDoc {
			var docs []benchDoc
			for i, p := range scale.Pages(50) {
				docs = append(docs, benchDoc{"page.html", strings.ReplaceAll(retrieval, "N", string(rune('a'+i%26))), string(p)})
			}
			return docs
		}
	}
	for _, c := range []struct {
		name   string
		corpus func(*testing.B) []benchDoc
	}{
		{"corpus=pages", pages("")},
		{"corpus=pages/base", pages("https://www.example.com/docs/N/guide/index.html")},
		{"corpus=pydocs", func(b *testing.B) []benchDoc { return pyDocsPages(b, 8) }},
	} {
		b.Run(c.name, func(b *testing.B) {
			docs := c.corpus(b)
			n := 0
			for _, d := range docs {
				n += len(d.data)
			}
			lintAll := func(l *Linter) func() {
				return func() {
					for _, d := range docs {
						l.Check(d.name, d.data, extract.KindHTML, d.retrieval, nil)
					}
				}
			}
			b.SetBytes(int64(2 * n)) // each iteration lints the corpus twice
			b.ReportMetric(interleave.Ratio(b, lintAll(on), lintAll(off)), "x-off")
		})
	}
}
