package grammar_test

import (
	"net/url"
	"testing"

	"github.com/relurl/relurl/grammar"
	"github.com/relurl/relurl/internal/benchdata"
)

// BenchmarkMix compares the reference parser with net/url.Parse on the
// realistic mix of 20 URLs and on the other corpora, in the same run;
// ns/op is per corpus.
func BenchmarkMix(b *testing.B) {
	for _, corpus := range []string{"mix", "realworld"} {
		inputs := benchdata.Lines(b, corpus+".txt")
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
	for _, sh := range benchdata.Shapes(b) {
		for _, size := range []struct {
			name string
			n    int
		}{{"1KB", 1_000}, {"32KB", 32_000}, {"1MB", grammar.MaxInput}} {
			s := sh.Make(size.n)
			b.Run("shape="+sh.Name+"/size="+size.name+"/impl=grammar", func(b *testing.B) {
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
