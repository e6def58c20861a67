package relurl_test

import (
	"net/url"
	"strings"
	"testing"

	"github.com/relurl/relurl"
	"github.com/relurl/relurl/internal/benchdata"
)

// The benchmarks of the importer's face, each beside net/url in the same
// run. Sub-benchmark names are key=value pairs so that benchstat can put
// the implementations side by side (benchstat -col /impl) and sizes in
// columns (benchstat -col /size); make bench prints both, and the ratios.
//
// The corpus is testdata/bench, read by internal/benchdata: mix.txt (the
// 20-URL mix of the targets), realworld.txt, section5.txt (the base and the
// references of RFC 1808 §5), resolve.txt (base and reference pairs from
// web pages) and shapes.txt, the long inputs, made to each size rather
// than committed.

// pair is a base and a reference to resolve against it.
type pair struct{ base, ref string }

// benchPairs reads the §5 examples (the first line is the base) or the
// tab-separated pairs of resolve.txt.
func benchPairs(tb testing.TB, name string) []pair {
	tb.Helper()
	lines := benchdata.Lines(tb, name)
	var pairs []pair
	if name == "section5.txt" {
		for _, ref := range lines[1:] {
			pairs = append(pairs, pair{lines[0], ref})
		}
		return pairs
	}
	for _, line := range lines {
		base, ref, ok := strings.Cut(line, "\t")
		if !ok {
			tb.Fatalf("%s: %q is not base<TAB>ref", name, line)
		}
		pairs = append(pairs, pair{base, ref})
	}
	return pairs
}

// sizes are the sizes of the scaling series, named as the series prints
// them; 1 KB and 1 MB are decimal, so that 1MB fits grammar.MaxInput.
var sizes = []struct {
	name string
	n    int
}{
	{"1KB", 1_000}, {"32KB", 32_000}, {"1MB", 1_000_000}, {"10MB", 10_000_000},
}

func totalLen(ss []string) int64 {
	n := 0
	for _, s := range ss {
		n += len(s)
	}
	return int64(n)
}

// TestBenchCorpus keeps the corpus valid, so that the benchmarks measure
// the fast path of every reader and net/url does the same work.
func TestBenchCorpus(t *testing.T) {
	var inputs []string
	for _, name := range []string{"mix.txt", "realworld.txt", "section5.txt"} {
		inputs = append(inputs, benchdata.Lines(t, name)...)
	}
	for _, sh := range benchdata.Shapes(t) {
		inputs = append(inputs, sh.Make(1000), sh.Ref(1000))
	}
	for _, s := range inputs {
		if _, err := relurl.Parse(s); err != nil {
			t.Errorf("%.60q: %v", s, err)
		}
	}
	for _, name := range []string{"section5.txt", "resolve.txt"} {
		for _, p := range benchPairs(t, name) {
			if _, err := relurl.Resolve(p.base, p.ref); err != nil {
				t.Errorf("%s: Resolve(%q, %q): %v", name, p.base, p.ref, err)
			}
			if _, err := netResolve(p.base, p.ref); err != nil {
				t.Errorf("%s: net/url on (%q, %q): %v", name, p.base, p.ref, err)
			}
		}
	}
	if n := len(benchdata.Lines(t, "mix.txt")); n != 20 {
		t.Errorf("mix.txt has %d URLs, want the 20 of the targets", n)
	}
}

// TestParseNoAllocs holds relurl.Parse and relurl.Validate to the promise
// of the fast path on the whole corpus: a valid URL costs no allocation.
func TestParseNoAllocs(t *testing.T) {
	var inputs []string
	for _, name := range []string{"mix.txt", "realworld.txt", "section5.txt"} {
		inputs = append(inputs, benchdata.Lines(t, name)...)
	}
	for _, sh := range benchdata.Shapes(t) {
		inputs = append(inputs, sh.Make(10_000))
	}
	for _, s := range inputs {
		if n := testing.AllocsPerRun(20, func() { _, _ = relurl.Parse(s) }); n != 0 {
			t.Errorf("Parse(%.60q) allocates %v times, want 0", s, n)
		}
		if n := testing.AllocsPerRun(20, func() { _, _ = relurl.Validate(s) }); n != 0 {
			t.Errorf("Validate(%.60q) allocates %v times, want 0", s, n)
		}
	}
}

// BenchmarkParse is relurl.Parse against net/url.Parse on each corpus of
// URLs; ns/op is per corpus (20 URLs for the mix).
func BenchmarkParse(b *testing.B) {
	for _, corpus := range []string{"mix", "realworld", "section5"} {
		inputs := benchdata.Lines(b, corpus+".txt")
		b.Run("corpus="+corpus+"/impl=net-url", func(b *testing.B) {
			b.SetBytes(totalLen(inputs))
			b.ReportAllocs()
			for b.Loop() {
				for _, s := range inputs {
					if _, err := url.Parse(s); err != nil {
						b.Fatal(err)
					}
				}
			}
		})
		b.Run("corpus="+corpus+"/impl=relurl", func(b *testing.B) {
			b.SetBytes(totalLen(inputs))
			b.ReportAllocs()
			for b.Loop() {
				for _, s := range inputs {
					if _, err := relurl.Parse(s); err != nil {
						b.Fatal(err)
					}
				}
			}
		})
	}
}

// netResolve is what a net/url user writes for relurl.Resolve.
func netResolve(base, ref string) (string, error) {
	b, err := url.Parse(base)
	if err != nil {
		return "", err
	}
	r, err := url.Parse(ref)
	if err != nil {
		return "", err
	}
	return b.ResolveReference(r).String(), nil
}

// BenchmarkResolve is relurl.Resolve (strings in, string out) against
// net/url's Parse(base), Parse(ref), ResolveReference and String, on the §5
// examples and on links from web pages; ns/op is per corpus. The answers
// differ where net/url follows RFC 3986; only the time is compared.
func BenchmarkResolve(b *testing.B) {
	for _, corpus := range []string{"section5", "resolve"} {
		pairs := benchPairs(b, corpus+".txt")
		b.Run("corpus="+corpus+"/impl=net-url", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				for _, p := range pairs {
					if _, err := netResolve(p.base, p.ref); err != nil {
						b.Fatal(err)
					}
				}
			}
		})
		b.Run("corpus="+corpus+"/impl=relurl", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				for _, p := range pairs {
					if _, err := relurl.Resolve(p.base, p.ref); err != nil {
						b.Fatal(err)
					}
				}
			}
		})
	}
}

// resolveBase is the base of RFC 1808 §5, against which the scaling series
// resolves each shape.
const resolveBase = "http://a/b/c/d;p?q#f"

// BenchmarkScaling is the series of long inputs, 1 KB to 10 MB, of every
// shape: op=Validate is relurl.Validate on the shape (beside net/url.Parse),
// op=Resolve is relurl.Resolve of the shape without its prefix, as a
// reference, against the §5 base (beside net/url). It asserts nothing
// about time: make bench prints ns per byte and bytes allocated per input
// byte at each size, for reading linearity off.
func BenchmarkScaling(b *testing.B) {
	for _, sh := range benchdata.Shapes(b) {
		for _, size := range sizes {
			s, ref := sh.Make(size.n), sh.Ref(size.n)
			name := "shape=" + sh.Name + "/size=" + size.name
			b.Run("op=Validate/"+name+"/impl=net-url", func(b *testing.B) {
				b.SetBytes(int64(len(s)))
				defer reportPerByte(b, len(s))
				b.ReportAllocs()
				for b.Loop() {
					if _, err := url.Parse(s); err != nil {
						b.Fatalf("%.60v", err)
					}
				}
			})
			b.Run("op=Validate/"+name+"/impl=relurl", func(b *testing.B) {
				b.SetBytes(int64(len(s)))
				defer reportPerByte(b, len(s))
				b.ReportAllocs()
				for b.Loop() {
					if _, d := relurl.Validate(s); d != nil {
						b.Fatalf("%.60v", d)
					}
				}
			})
			b.Run("op=Resolve/"+name+"/impl=net-url", func(b *testing.B) {
				if _, err := netResolve(resolveBase, ref); err != nil {
					b.Skipf("net/url: %.60v", err) // ":::" has no scheme for net/url
				}
				b.SetBytes(int64(len(ref)))
				defer reportPerByte(b, len(ref))
				b.ReportAllocs()
				for b.Loop() {
					if _, err := netResolve(resolveBase, ref); err != nil {
						b.Fatalf("%.60v", err)
					}
				}
			})
			b.Run("op=Resolve/"+name+"/impl=relurl", func(b *testing.B) {
				b.SetBytes(int64(len(ref)))
				defer reportPerByte(b, len(ref))
				b.ReportAllocs()
				for b.Loop() {
					if _, err := relurl.Resolve(resolveBase, ref); err != nil {
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
