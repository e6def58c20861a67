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
