package validate_test

import (
	"net/url"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/relurl/relurl/validate"
)

// loadMix reads the realistic mix of 20 URLs (about 1 KB) that every
// benchmark of relurl measures, beside net/url on the same input.
func loadMix(b *testing.B) []string {
	b.Helper()
	data, err := os.ReadFile("../testdata/bench/mix.txt")
	if err != nil {
		b.Fatal(err)
	}
	return strings.Split(strings.TrimSpace(string(data)), "\n")
}

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
	mix := loadMix(b)
	b.Run("net-url-Parse", func(b *testing.B) {
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
	b.Run("validate-Validate", func(b *testing.B) {
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

// BenchmarkLong measures the validator's throughput on one long valid URL.
func BenchmarkLong(b *testing.B) {
	for _, n := range []int{1 << 10, 1 << 20, 10 << 20} {
		s := "http://a/" + strings.Repeat("seg%41/", n/7)
		b.Run(byteSize(n), func(b *testing.B) {
			b.SetBytes(int64(len(s)))
			b.ReportAllocs()
			for b.Loop() {
				if !validate.Valid(s) {
					b.Fatal("invalid")
				}
			}
		})
	}
}

func byteSize(n int) string {
	switch {
	case n >= 1<<20:
		return strconv.Itoa(n>>20) + "MB"
	case n >= 1<<10:
		return strconv.Itoa(n>>10) + "KB"
	}
	return strconv.Itoa(n) + "B"
}
