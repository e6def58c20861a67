package runner_test

import (
	"io"
	"math"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/relurl/relurl/internal/scale"
	"github.com/relurl/relurl/lint/internal/format"
	"github.com/relurl/relurl/lint/internal/lint"
	"github.com/relurl/relurl/lint/internal/runner"
)

// targetCorpora are the trees of BenchmarkLintTargets: the sample of the
// Python documentation checked in under testdata/bench/pydocs, and, when
// they are installed (Debian's python3.11-doc and apache2-doc), the whole
// of the Python 3.11 documentation and the Apache manual, linted where
// they are (their symbolic links are the Apache manual's language
// variants).
func targetCorpora() []struct{ name, dir string } {
	corpora := []struct{ name, dir string }{{"sample", filepath.Join("..", "..", "..", "testdata", "bench", "pydocs")}}
	for _, c := range []struct{ name, dir string }{
		{"python3.11-docs", "/usr/share/doc/python3.11/html"},
		{"apache-manual", "/usr/share/doc/apache2-doc/manual"},
	} {
		if _, err := os.Stat(c.dir); err == nil {
			corpora = append(corpora, c)
		}
	}
	return corpora
}

// lintTree lints dir as relurl lint -j 1 DIR does, the target rules on
// or off, the text format to nowhere, and returns the CPU time it took.
func lintTree(b *testing.B, l *lint.Linter, dir string, targets bool) time.Duration {
	rep, err := format.New("text", io.Discard, format.Options{})
	if err != nil {
		b.Fatal(err)
	}
	r := runner.Run{Linter: l, Jobs: 1, Root: dir}
	if targets {
		r.Targets = &runner.Targets{}
	}
	t0 := scale.CPUTime()
	sum, err := r.Lint([]string{dir}, rep)
	t := scale.CPUTime() - t0
	if err != nil || sum.Files == 0 || sum.TargetsOn != targets {
		b.Fatalf("%v: %d files linted, targets %v", err, sum.Files, sum.TargetsOn)
	}
	return t
}

// targetRuns is how many times BenchmarkLintTargets lints a tree each
// way in one iteration, in turn: the least CPU time of each is kept, since
// what else the machine does only adds to a run's time.
const targetRuns = 5

// BenchmarkLintTargets lints each tree with the target rules (where each
// reference leads: the tree's files and anchors) as relurl lint -j 1 DIR
// does, and without them, targetRuns times each in turn in each
// iteration, and reports x-notargets, the least CPU time with the rules
// over the least without: information (the default run is bounded against
// the floor, as a process: decision S-18), the two measured in turn
// so that both see the machine as it is, and each at its least so that
// one run slowed by the machine does not move it. runs-each reports
// targetRuns. ns/op and MB/s are the first run with the rules alone (the
// timer is stopped for the others).
func BenchmarkLintTargets(b *testing.B) {
	l, err := lint.New(lint.Options{})
	if err != nil {
		b.Fatal(err)
	}
	for _, corpus := range targetCorpora() {
		b.Run("corpus="+corpus.name, func(b *testing.B) {
			var ratios float64
			n := 0
			for b.Loop() {
				with, without := time.Duration(math.MaxInt64), time.Duration(math.MaxInt64)
				for i := range targetRuns {
					if i > 0 {
						b.StopTimer()
					}
					with = min(with, lintTree(b, l, corpus.dir, true))
					b.StopTimer()
					without = min(without, lintTree(b, l, corpus.dir, false))
					b.StartTimer()
				}
				ratios += with.Seconds() / without.Seconds()
				n++
			}
			b.ReportMetric(ratios/float64(n), "x-notargets")
			b.ReportMetric(targetRuns, "runs-each")
		})
	}
}
