package validate_test

import (
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/relurl/relurl/internal/benchdata"
	"github.com/relurl/relurl/internal/handpass"
	"github.com/relurl/relurl/validate"
)

// readerCorpora are the corpora BenchmarkReaders and
// BenchmarkReadersInterleaved read.
func readerCorpora(b *testing.B) []struct {
	name   string
	inputs []string
} {
	return []struct {
		name   string
		inputs []string
	}{
		{"mix", benchdata.Lines(b, "mix.txt")},
		{"realworld", benchdata.Lines(b, "realworld.txt")},
		{"section5", benchdata.Lines(b, "section5.txt")},
		{"1MB", []string{"http://a/" + strings.Repeat("seg%41/", 1_000_000/7)}},
	}
}

// BenchmarkReadersInterleaved reads each corpus with the hand-written pass
// and the generated reader in turn on every iteration and reports the
// ratio of their best times over the iterations (gen/hand, below 1 when
// the generated reader is faster): on a shared machine, whose load moves
// between the sub-benchmarks of BenchmarkReaders and within them, the best
// of many turns taken in alternation is the time of each without it.
func BenchmarkReadersInterleaved(b *testing.B) {
	for _, c := range readerCorpora(b) {
		b.Run("corpus="+c.name, func(b *testing.B) {
			hand, gen := time.Duration(1<<62), time.Duration(1<<62)
			for b.Loop() {
				t0 := time.Now()
				for _, s := range c.inputs {
					if _, d := handpass.Validate(s); d != nil {
						b.Fatal(d)
					}
				}
				t1 := time.Now()
				for _, s := range c.inputs {
					if _, d := validate.Validate(s); d != nil {
						b.Fatal(d)
					}
				}
				hand, gen = min(hand, t1.Sub(t0)), min(gen, time.Since(t1))
			}
			b.ReportMetric(float64(gen)/float64(hand), "gen/hand")
		})
	}
}

// BenchmarkReaders sets the reader of validate, generated from the BNF,
// beside the hand-written single pass it replaced (internal/handpass, the
// test oracle) and net/url.Parse, in one run, on the mix, the real-world
// corpus, the references of §5 and one valid URL of 1 MB dense in escapes
// and slashes; ns/op is per corpus.
func BenchmarkReaders(b *testing.B) {
	corpora := readerCorpora(b)
	impls := []struct {
		name  string
		valid func(string) bool
	}{
		{"net-url", func(s string) bool { _, err := url.Parse(s); return err == nil }},
		{"handwritten", func(s string) bool { _, d := handpass.Validate(s); return d == nil }},
		{"generated", func(s string) bool { _, d := validate.Validate(s); return d == nil }},
	}
	for _, c := range corpora {
		n := 0
		for _, s := range c.inputs {
			n += len(s)
		}
		for _, impl := range impls {
			b.Run("corpus="+c.name+"/impl="+impl.name, func(b *testing.B) {
				b.SetBytes(int64(n))
				b.ReportAllocs()
				for b.Loop() {
					for _, s := range c.inputs {
						if !impl.valid(s) {
							b.Fatalf("%.40q is invalid", s)
						}
					}
				}
			})
		}
	}
}
