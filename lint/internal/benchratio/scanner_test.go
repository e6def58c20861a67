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
// x-notargets, says how many runs of each it is the least of, and judges
// the Python docs and the Apache manual against 1.3×, with what is left
// when one is over.
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
		"the least CPU time of 5 runs of each, in turn, in each iteration (BenchmarkLintTargets; run of 2026-01-02T03:04Z, load 0.10 0.20 0.30; the target: at most 1.3)",
		"corpus=sample x-notargets 2.00 (25.000ms with them)",
		"relurl lint with the target rules, python3.11-docs 1.25× without (target ≤ 1.3×): met",
		"relurl lint with the target rules, apache-manual 1.70× without (target ≤ 1.3×): NOT MET",
		"What is left:",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("the report lacks %q:\n%s", want, b.String())
		}
	}
}
