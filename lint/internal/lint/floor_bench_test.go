package lint_test

import (
	"io"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/relurl/relurl/internal/scale"
	"github.com/relurl/relurl/lint/internal/format"
	"github.com/relurl/relurl/lint/internal/htmlfloor"
	"github.com/relurl/relurl/lint/internal/lint"
	"github.com/relurl/relurl/lint/internal/runner"
)

// The linter against its floor: BenchmarkLintHTML lints the
// benchmark corpus as relurl lint -j 1 does, BenchmarkTokenizerFloor only
// reads and tokenizes it (package internal/htmlfloor). The corpus is a
// sample of 20 pages of the Python 3.11 documentation checked in under
// testdata/bench/pydocs, and the whole documentation when it is installed
// (see floorCorpora).

// floorCorpora are the corpora of BenchmarkLintHTML: the checked-in
// sample, and the whole of the Python 3.11 documentation when it is
// installed (Debian's python3.11-doc) or RELURL_BENCH_HTML names another
// tree; the features are taken away on the sample only.
func floorCorpora() []struct{ name, dir string } {
	corpora := []struct{ name, dir string }{{"sample", filepath.Join("..", "..", "..", "testdata", "bench", "pydocs")}}
	if dir := os.Getenv("RELURL_BENCH_HTML"); dir != "" {
		corpora = append(corpora, struct{ name, dir string }{"tree", dir})
	} else if _, err := os.Stat(pythonDocs); err == nil {
		corpora = append(corpora, struct{ name, dir string }{"python3.11-docs", pythonDocs})
	}
	return corpora
}

// pythonDocs is where Debian's python3.11-doc puts the HTML documentation.
const pythonDocs = "/usr/share/doc/python3.11/html"

// floorCorpus copies the HTML files under src into a directory of their
// own, where a configuration file may be put, and returns it, its files
// in the order a walk finds them, and their size.
func floorCorpus(b *testing.B, src string) (dir string, files []string, size int64) {
	found, err := htmlfloor.HTMLFiles([]string{src})
	if err != nil || len(found) == 0 {
		b.Fatalf("the corpus %s: %d files, %v", src, len(found), err)
	}
	dir = b.TempDir()
	for _, f := range found {
		data, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		rel, _ := filepath.Rel(src, f)
		to := filepath.Join(dir, rel)
		if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
			b.Fatal(err)
		}
		if err := os.WriteFile(to, data, 0o644); err != nil {
			b.Fatal(err)
		}
		size += int64(len(data))
	}
	files, err = htmlfloor.HTMLFiles([]string{dir})
	if err != nil {
		b.Fatal(err)
	}
	return dir, files, size
}

// lintRun lints the directory dir as relurl lint -j 1 DIR does: a walk,
// one job, the text format (to nowhere), the configuration's skips and
// overrides when there is one.
func lintRun(b *testing.B, l *lint.Linter, cfg *runner.Config, dir string, files int) {
	rep, err := format.New("text", io.Discard, format.Options{})
	if err != nil {
		b.Fatal(err)
	}
	r := runner.Run{Linter: l, Jobs: 1}
	if cfg != nil {
		r.Skip, r.Overrides, r.Dir = cfg.Skips, cfg.Overrides, cfg.Dir
	}
	sum, err := r.Lint([]string{dir}, rep)
	if err != nil || sum.Files != files {
		b.Fatalf("%v: %d of %d files linted", err, sum.Files, files)
	}
}

// floorFeatures are the variants of BenchmarkLintHTML: every default
// feature on, and each of them taken away, so that what each costs is the
// difference of the ratios.
var floorFeatures = []struct {
	name string
	opts lint.Options
	// config, when not "", is a configuration file's text: the run asks
	// it about every file.
	config string
}{
	{name: "default"},
	{name: "config", config: `
exclude = ["_sources/**", "_static/", "*.min.html", "!keep.html", "**/_build/**"]
include = ["**/*.html", "**/*.htm"]
[rules]
"fsegment/colon" = "warning"
[allow]
chars = "~"
[[override]]
paths = ["whatsnew/**"]
rules = { syntax = "warning" }
`},
	{name: "no-whatwg", opts: lint.Options{Disable: []string{lint.RuleWHATWGResolution, lint.RuleWHATWGParse}}},
	{name: "no-portability", opts: lint.Options{Disable: []string{"portability"}}},
	{name: "syntax-only", opts: lint.Options{Disable: []string{"rfc1808", "portability", "suppress", "input"}}},
}

// BenchmarkLintHTML lints the corpus as relurl lint -j 1 DIR does, with every
// default feature on (features=default: the default rules, the WHATWG and
// RFC 3986 portability rules among them, relurl: directives read), with a
// configuration as well (features=config) and with features taken away.
// In each iteration it also reads and tokenizes the corpus as
// BenchmarkTokenizerFloor does, with the timer stopped, and reports
// x-floor, the linter's CPU time over the floor's: the ratio held at
// 1.25, the two measured in turn so that both see the machine as
// it is. ns/op and MB/s are the linter's alone.
func BenchmarkLintHTML(b *testing.B) {
	for _, corpus := range floorCorpora() {
		dir, files, size := floorCorpus(b, corpus.dir)
		for _, f := range floorFeatures {
			if corpus.name != "sample" && f.name != "default" {
				continue
			}
			b.Run("corpus="+corpus.name+"/features="+f.name, func(b *testing.B) {
				opts := f.opts
				var cfg *runner.Config
				if f.config != "" {
					var err error
					if cfg, err = runner.ParseConfig(filepath.Join(dir, runner.ConfigName), []byte(f.config)); err != nil {
						b.Fatal(err)
					}
					opts = cfg.Options()
				}
				l, err := lint.New(opts)
				if err != nil {
					b.Fatal(err)
				}
				b.SetBytes(size)
				var linting, floor time.Duration
				for b.Loop() {
					t0 := scale.CPUTime()
					lintRun(b, l, cfg, dir, len(files))
					t1 := scale.CPUTime()
					b.StopTimer()
					var c htmlfloor.Counts
					if err := c.Read(files); err != nil {
						b.Fatal(err)
					}
					t2 := scale.CPUTime()
					b.StartTimer()
					linting += t1 - t0
					floor += t2 - t1
				}
				b.ReportMetric(linting.Seconds()/floor.Seconds(), "x-floor")
			})
		}
	}
}

// BenchmarkTokenizerFloor reads and tokenizes the corpus, reading every
// start tag's name and attributes (package internal/htmlfloor): the floor
// BenchmarkLintHTML is measured against.
func BenchmarkTokenizerFloor(b *testing.B) {
	for _, corpus := range floorCorpora() {
		_, files, size := floorCorpus(b, corpus.dir)
		b.Run("corpus="+corpus.name, func(b *testing.B) {
			b.SetBytes(size)
			for b.Loop() {
				var c htmlfloor.Counts
				if err := c.Read(files); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
