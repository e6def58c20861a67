package grammar_test

import (
	"bufio"
	"net/url"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/relurl/relurl/grammar"
)

// benchLines reads a corpus file of ../testdata/bench: one input a line;
// lines beginning "# " are comments (no URL has a space).
func benchLines(b *testing.B, name string) []string {
	b.Helper()
	f, err := os.Open("../testdata/bench/" + name)
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	var lines []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		switch line := sc.Text(); {
		case line == "" || strings.HasPrefix(line, "# "):
		case line == `""`:
			lines = append(lines, "")
		default:
			lines = append(lines, line)
		}
	}
	if err := sc.Err(); err != nil {
		b.Fatal(err)
	}
	return lines
}

// BenchmarkMix compares the reference parser with net/url.Parse on the
// realistic mix of 20 URLs and on the other corpora, in the same run;
// ns/op is per corpus.
func BenchmarkMix(b *testing.B) {
	for _, corpus := range []string{"mix", "realworld"} {
		inputs := benchLines(b, corpus+".txt")
		b.Run("corpus="+corpus+"/impl=net-url", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				for _, s := range inputs {
					if _, err := url.Parse(s); err != nil {
						b.Fatal(err)
					}
				}
			}
		})
		b.Run("corpus="+corpus+"/impl=grammar", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				for _, s := range inputs {
					if _, err := grammar.Parse(s); err != nil {
						b.Fatal(err)
					}
				}
			}
		})
	}
}

// BenchmarkScaling shows the reference parser is linear: ns and bytes
// allocated per input byte should hold steady from 1 KB to its limit
// (grammar.MaxInput, 1 MB), for every shape of testdata/bench/shapes.txt:
// coarse tokens (long segments) and the worst cases, one token per byte
// (":" or ";" repeated).
func BenchmarkScaling(b *testing.B) {
	for _, line := range benchLines(b, "shapes.txt") {
		f := strings.Split(line, "\t")
		if len(f) != 4 {
			b.Fatalf("shapes.txt: %q: want 4 tab-separated fields", line)
		}
		var prefix, unit, suffix string
		for i, p := range []*string{&prefix, &unit, &suffix} {
			var err error
			if *p, err = strconv.Unquote(f[i+1]); err != nil {
				b.Fatalf("shapes.txt: %q: %v", line, err)
			}
		}
		for _, size := range []struct {
			name string
			n    int
		}{{"1KB", 1_000}, {"32KB", 32_000}, {"1MB", grammar.MaxInput}} {
			k := max(1, (size.n-len(prefix)-len(suffix))/len(unit))
			s := prefix + strings.Repeat(unit, k) + suffix
			b.Run("shape="+f[0]+"/size="+size.name+"/impl=grammar", func(b *testing.B) {
				b.SetBytes(int64(len(s)))
				defer reportPerByte(b, len(s))
				b.ReportAllocs()
				for b.Loop() {
					if _, err := grammar.Parse(s); err != nil {
						b.Fatalf("%.60v", err)
					}
				}
			})
		}
	}
}

// reportPerByte adds ns/B, the time per input byte, to a benchmark of one
// input of n bytes: the figure a scaling series is read by (exact, where
// the bytes behind MB/s are rounded to two decimals).
func reportPerByte(b *testing.B, n int) {
	if b.N > 0 && n > 0 {
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/B")
	}
}
