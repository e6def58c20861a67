package validate_test

import (
	"net/url"
	"runtime"
	"strings"
	"testing"

	"github.com/relurl/relurl/internal/benchdata"
	"github.com/relurl/relurl/validate"
)

func mixBytes(mix []string) int64 {
	n := 0
	for _, s := range mix {
		n += len(s)
	}
	return int64(n)
}

// BenchmarkMix compares the validator with net/url.Parse on the mix, in
// the same run; ns/op is per mix of 20 URLs.
func BenchmarkMix(b *testing.B) {
	mix := benchdata.Lines(b, "mix.txt")
	b.Run("impl=net-url", func(b *testing.B) {
		b.SetBytes(mixBytes(mix))
		b.ReportAllocs()
		for b.Loop() {
			for _, s := range mix {
				if _, err := url.Parse(s); err != nil {
					b.Fatal(err)
				}
			}
		}
	})
	b.Run("impl=validate", func(b *testing.B) {
		b.SetBytes(mixBytes(mix))
		b.ReportAllocs()
		for b.Loop() {
			for _, s := range mix {
				if _, d := validate.Validate(s); d != nil {
					b.Fatal(d)
				}
			}
		}
	})
}

// BenchmarkLong measures the validator's throughput on one long valid URL
// dense in slashes and escapes (3 bytes in 7 are an escape), beside
// net/url.Parse. The scaling series of every shape is the root package's
// BenchmarkScaling.
func BenchmarkLong(b *testing.B) {
	for _, size := range []struct {
		name string
		n    int
	}{{"1KB", 1_000}, {"1MB", 1_000_000}, {"10MB", 10_000_000}} {
		s := "http://a/" + strings.Repeat("seg%41/", size.n/7)
		b.Run("size="+size.name+"/impl=net-url", func(b *testing.B) {
			b.SetBytes(int64(len(s)))
			defer reportPerByte(b, len(s))
			b.ReportAllocs()
			for b.Loop() {
				if _, err := url.Parse(s); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run("size="+size.name+"/impl=validate", func(b *testing.B) {
			b.SetBytes(int64(len(s)))
			defer reportPerByte(b, len(s))
			b.ReportAllocs()
			for b.Loop() {
				if !validate.Valid(s) {
					b.Fatal("invalid")
				}
			}
		})
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

// BenchmarkInvalid validates all-invalid inputs of 1 KB to 10 MB (one
// diagnostic per run of bad bytes): the bytes allocated per input byte (B/B) fall as the input grows,
// since at most MaxDiagnostics diagnostics are kept and each message is
// bounded; the time per byte (ns/B) stays flat.
func BenchmarkInvalid(b *testing.B) {
	for _, size := range []struct {
		name string
		n    int
	}{{"1KB", 1_000}, {"32KB", 32_000}, {"1MB", 1_000_000}, {"10MB", 10_000_000}} {
		for _, s := range allInvalid(size.n) {
			b.Run("shape="+s.name+"/size="+size.name, func(b *testing.B) {
				b.SetBytes(int64(len(s.text)))
				b.ReportAllocs()
				defer reportPerByte(b, len(s.text))
				var before, after runtime.MemStats
				runtime.ReadMemStats(&before)
				for b.Loop() {
					if _, d := validate.Validate(s.text); d == nil {
						b.Fatal("valid")
					}
				}
				runtime.ReadMemStats(&after)
				b.ReportMetric(float64(after.TotalAlloc-before.TotalAlloc)/float64(b.N)/float64(len(s.text)), "B/B")
			})
		}
	}
}
