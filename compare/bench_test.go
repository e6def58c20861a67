package compare_test

import (
	"bufio"
	"net/url"
	"os"
	"strings"
	"testing"

	wurl "github.com/nlnwa/whatwg-url/url"

	"github.com/relurl/relurl"
	"github.com/relurl/relurl/compare"
)

// mix reads the 20-URL mix of the root package's benchmarks
// (testdata/bench/mix.txt: one URL a line, "# " comments, `""` the empty
// string).
func mix(tb testing.TB) []string {
	tb.Helper()
	f, err := os.Open("../testdata/bench/mix.txt")
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var lines []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case line == "" || strings.HasPrefix(line, "# "):
			continue
		case line == `""`:
			line = ""
		}
		lines = append(lines, line)
	}
	return lines
}

// BenchmarkCompare compares each URL of the mix three ways (impl=compare)
// beside what the linter runs without it, relurl.Parse and url.Parse
// (impl=parse), in the same run; the target of issue 11 is a ratio of at
// most 10. ns/op is per corpus. base=none reads each URL alone, base=§5
// resolves it against the §5 base read once.
func BenchmarkCompare(b *testing.B) {
	urls := mix(b)
	b.Run("corpus=mix/impl=parse", func(b *testing.B) {
		for b.Loop() {
			for _, s := range urls {
				_, _ = relurl.Parse(s)
				_, _ = url.Parse(s)
			}
		}
	})
	// The WHATWG library alone: the floor of what compare can cost.
	b.Run("corpus=mix/impl=whatwg-url", func(b *testing.B) {
		for b.Loop() {
			for _, s := range urls {
				_, _ = wurl.Parse(s)
			}
		}
	})
	b.Run("corpus=mix/impl=compare/base=none", func(b *testing.B) {
		for b.Loop() {
			for _, s := range urls {
				compare.URL(s)
			}
		}
	})
	base := compare.NewBase("http://a/b/c/d;p?q#f")
	b.Run("corpus=mix/impl=compare/base=§5", func(b *testing.B) {
		for b.Loop() {
			for _, s := range urls {
				base.Reference(s)
			}
		}
	})
}
