package main

import (
	"strings"
	"testing"
)

// TestScannerReport: the scanner's section sets each tree's scanner beside
// the tokenizer of the same tree and judges the ratio against 4×.
func TestScannerReport(t *testing.T) {
	out := `pkg: github.com/relurl/relurl/internal/htmlscan
BenchmarkHTML/tree=python3.11/impl=htmlscan-2   10   100000000 ns/op   500.00 MB/s   0 B/op   0 allocs/op
BenchmarkHTML/tree=python3.11/impl=tokenizer-2  10   500000000 ns/op   100.00 MB/s   9 B/op   9 allocs/op
BenchmarkHTML/tree=git/impl=htmlscan-2          10   100000000 ns/op   300.00 MB/s   0 B/op   0 allocs/op
BenchmarkHTML/tree=git/impl=tokenizer-2         10   300000000 ns/op   100.00 MB/s   9 B/op   9 allocs/op
`
	results, _, err := read(strings.NewReader(out))
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	scanner(&b, results)
	got := strings.Join(strings.Fields(b.String()), " ")
	for _, want := range []string{
		"HTML scanner, python3.11 5.00× the tokenizer (500 against 100 MB/s; 0 against 9 allocs/op) (target ≥ 4×): met",
		"HTML scanner, git 3.00× the tokenizer (300 against 100 MB/s; 0 against 9 allocs/op) (target ≥ 4×): NOT MET",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("the report lacks %q:\n%s", want, b.String())
		}
	}
}

// TestReadersReport: the readers' section gives the generated reader's
// throughput as a share of the hand-written pass's and judges it against
// 0.9×.
func TestReadersReport(t *testing.T) {
	out := `pkg: github.com/relurl/relurl/validate
BenchmarkReadersInterleaved/corpus=mix-2   100   9000 ns/op   0.9800 gen/hand
BenchmarkReadersInterleaved/corpus=1MB-2   100   9000 ns/op   1.2500 gen/hand
`
	results, _, err := read(strings.NewReader(out))
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	readers(&b, results)
	got := strings.Join(strings.Fields(b.String()), " ")
	for _, want := range []string{
		"generated reader, mix 1.02× the hand-written pass's throughput (target ≥ 0.9×): met",
		"generated reader, 1MB 0.80× the hand-written pass's throughput (target ≥ 0.9×): NOT MET",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("the report lacks %q:\n%s", want, b.String())
		}
	}
}

// TestTargetRulesReport: the target rules' section gives each tree's
// x-notargets and says how many runs of each it is the least of, as
// information: no target, no verdict.
func TestTargetRulesReport(t *testing.T) {
	out := `pkg: github.com/relurl/relurl/lint/runner
BenchmarkLintTargets/corpus=sample-2            8   25000000 ns/op   2.000 x-notargets   5.000 runs-each
BenchmarkLintTargets/corpus=python3.11-docs-2   1  500000000 ns/op   1.250 x-notargets   5.000 runs-each
BenchmarkLintTargets/corpus=apache-manual-2     1  400000000 ns/op   1.700 x-notargets   5.000 runs-each
`
	results, _, err := read(strings.NewReader(out))
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	targetRules(&b, results, header{"date": "2026-01-02T03:04Z", "loadavg": "0.10 0.20 0.30 1/2 3"})
	got := strings.Join(strings.Fields(b.String()), " ")
	for _, want := range []string{
		"the least CPU time of 5 runs of each, in turn, in each iteration (BenchmarkLintTargets; run of 2026-01-02T03:04Z, load 0.10 0.20 0.30; information:",
		"corpus=sample x-notargets 2.00 (25.000ms with them)",
		"corpus=apache-manual x-notargets 1.70 (400.000ms with them)",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("the report lacks %q:\n%s", want, b.String())
		}
	}
	for _, not := range []string{"target ≤", "NOT MET", "met", "What is left"} {
		if strings.Contains(got, not) {
			t.Errorf("the section judges a ratio it only informs of (%q):\n%s", not, b.String())
		}
	}
}

// TestSplice: a report of some benchmarks rewrites the sections it has
// rows for, keeps the others and their order, and adds the sections the
// old report lacks at its end.
func TestSplice(t *testing.T) {
	old := "relurl benchmark report\n\ndate:     A\n\nScaling: old\n\n  s 1\n\nThe target rules: old, 5 runs\nof each:\n\n  corpus=a x 1\n\nWhole processes (old):\n\n  floor 1\n\nTargets of the built programs:\n\n  lint NOT MET\n\n  What is left: old\n"
	new := "relurl benchmark report\n\ndate:     B\n\nScaling: new\n\n\nThe target rules: new, 3 runs\nof each:\n\n  corpus=a x 2\n\nWhole processes (new):\n\n  floor 2\n\n  tree:\n    lint 2\n\nTargets of the built programs:\n\n  lint met\n\nPeak memory:\n\n  rss 1\n"
	want := "relurl benchmark report\n\ndate:     A\n\nScaling: old\n\n  s 1\n\nThe target rules: new, 3 runs\nof each:\n\n  corpus=a x 2\n\nWhole processes (new):\n\n  floor 2\n\n  tree:\n    lint 2\n\nTargets of the built programs:\n\n  lint met\n\nPeak memory:\n\n  rss 1\n"
	if got := splice(old, new); got != want {
		t.Errorf("splice:\n%s\nwant:\n%s", got, want)
	}
	// The last section of a run, in place of one followed by others,
	// keeps the empty line before them; one in place of the report's last
	// adds none at the end.
	old = "relurl benchmark report\n\nWhole processes (old):\n\n  floor 1\n\nPeak memory:\n\n  rss 1\n"
	new = "relurl benchmark report\n\nPeak memory:\n\n  rss 2\n\nWhole processes (new):\n\n  floor 2\n"
	want = "relurl benchmark report\n\nWhole processes (new):\n\n  floor 2\n\nPeak memory:\n\n  rss 2\n"
	if got := splice(old, new); got != want {
		t.Errorf("splice of the run's last section:\n%s\nwant:\n%s", got, want)
	}
}
