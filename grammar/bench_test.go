package grammar_test

import (
	"fmt"
	"net/url"
	"os"
	"strings"
	"testing"

	"github.com/relurl/relurl/grammar"
)

// BenchmarkMix compares the reference parser with net/url.Parse on the
// realistic mix of 20 URLs, in the same run; ns/op is per mix.
func BenchmarkMix(b *testing.B) {
	data, err := os.ReadFile("../testdata/bench/mix.txt")
	if err != nil {
		b.Fatal(err)
	}
	mix := strings.Split(strings.TrimSpace(string(data)), "\n")
	b.Run("net-url-Parse", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			for _, s := range mix {
				if _, err := url.Parse(s); err != nil {
					b.Fatal(err)
				}
			}
		}
	})
	b.Run("grammar-Parse", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			for _, s := range mix {
				if _, err := grammar.Parse(s); err != nil {
					b.Fatal(err)
				}
			}
		}
	})
}

// BenchmarkScaling shows the reference parser is linear: ns per byte
// should hold steady from 1 KB to 1 MB, for coarse tokens (long segments)
// and for the worst case, one token per byte.
func BenchmarkScaling(b *testing.B) {
	shapes := map[string]func(n int) string{
		"segments":  func(n int) string { return "http://a/" + strings.Repeat("abcdefg/", n/8) },
		"semicolon": func(n int) string { return "a:" + strings.Repeat(";", n) },
	}
	for _, name := range []string{"segments", "semicolon"} {
		for _, n := range []int{1 << 10, 1 << 14, 1 << 17, 900_000} {
			s := shapes[name](n)
			b.Run(fmt.Sprintf("%s/%d", name, n), func(b *testing.B) {
				b.SetBytes(int64(len(s)))
				for b.Loop() {
					if _, err := grammar.Parse(s); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
