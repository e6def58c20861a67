package resolve_test

import (
	"runtime"
	"testing"
	"time"

	"github.com/relurl/relurl/internal/benchdata"
	"github.com/relurl/relurl/resolve"
)

// relShape is a long target for Relative, against the §5 base.
type relShape struct {
	name string
	// target returns the shape's target at about n bytes.
	target func(n int) string
}

// relShapes are the long targets Relative is measured on: every shape of
// testdata/bench/shapes.txt, taken without its prefix as a reference and
// resolved against the §5 base (so that the target is one Relative meets,
// a result of Resolve: a long path, segments, escapes, "../" kept above
// the root, a path of ":", params of ";", an absolute URL of another
// scheme...), and two more with the answers links within a site have: a
// path below the base's directory ("seg/seg/…g", no copy) and one beside it
// ("../x/seg/…g", built).
func relShapes(tb testing.TB) []relShape {
	tb.Helper()
	var shapes []relShape
	for _, sh := range benchdata.Shapes(tb) {
		shapes = append(shapes, relShape{sh.Name, func(n int) string {
			u, err := resolve.Resolve(rfcBase, sh.Ref(n))
			if err != nil {
				tb.Fatalf("shape %s: %.80v", sh.Name, err)
			}
			return u.String()
		}})
	}
	below := benchdata.Shape{Prefix: "http://a/b/c/", Unit: "seg/", Suffix: "g"}
	beside := benchdata.Shape{Prefix: "http://a/b/x/", Unit: "seg/", Suffix: "g"}
	return append(shapes, relShape{"below", below.Make}, relShape{"beside", beside.Make})
}

// relSizes are the sizes of the targets: 1 KiB and 64 KiB, the sizes the
// targets for Relative name, and 1 MiB beyond them.
var relSizes = []struct {
	name string
	n    int
}{{"1KiB", 1 << 10}, {"64KiB", 1 << 16}, {"1MiB", 1 << 20}}

// BenchmarkRelativeVsResolve is a pair: Relative(base, t)
// beside Resolve(base, r) of its own answer r, for long targets t of every
// shape, the two timed call by call in the same loop so that a busy machine
// slows both alike. It reports, per byte of t:
//
//	ns/B           Relative's time
//	resolve-ns/B   Resolve's time, on the same bytes
//	x-resolve      the ratio of the two (the target: at most 1.5)
//	B/B            bytes Relative allocates (the target: at most 2)
//	resolve-B/B    bytes Resolve allocates
//
// ns/op is the time of both calls together, and so are B/op and
// allocs/op. (The size is named target=, not size=, so that
// internal/benchratio does not read the pair as a scaling series of one
// call.)
func BenchmarkRelativeVsResolve(b *testing.B) {
	for _, sh := range relShapes(b) {
		for _, size := range relSizes {
			t := sh.target(size.n)
			r, err := resolve.Relative(rfcBase, t)
			if err != nil {
				b.Fatalf("%s: %.80v", sh.name, err)
			}
			b.Run("shape="+sh.name+"/target="+size.name, func(b *testing.B) {
				relB := allocBytes(b, func() { _, _ = resolve.Relative(rfcBase, t) })
				resB := allocBytes(b, func() { _, _ = resolve.Resolve(rfcBase, r) })
				var rel, res time.Duration
				for b.Loop() {
					t0 := time.Now()
					if _, err := resolve.Relative(rfcBase, t); err != nil {
						b.Fatal(err)
					}
					t1 := time.Now()
					if _, err := resolve.Resolve(rfcBase, r); err != nil {
						b.Fatal(err)
					}
					rel += t1.Sub(t0)
					res += time.Since(t1)
				}
				n := float64(b.N) * float64(len(t))
				b.ReportMetric(float64(rel.Nanoseconds())/n, "ns/B")
				b.ReportMetric(float64(res.Nanoseconds())/n, "resolve-ns/B")
				b.ReportMetric(float64(rel)/float64(res), "x-resolve")
				b.ReportMetric(relB/float64(len(t)), "B/B")
				b.ReportMetric(resB/float64(len(t)), "resolve-B/B")
			})
		}
	}
}

// allocBytes is the number of bytes one call of f allocates, on average
// over a few calls.
func allocBytes(tb testing.TB, f func()) float64 {
	tb.Helper()
	const runs = 8
	f() // warm up
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for range runs {
		f()
	}
	runtime.ReadMemStats(&after)
	return float64(after.TotalAlloc-before.TotalAlloc) / runs
}

// TestRelativeAllocBytes holds Relative to its memory target:
// at most 2 bytes allocated per byte of the target, for a target of every
// shape at 64 KiB (in fact 0 when the answer is a tail of the target, and 1
// when it is built).
func TestRelativeAllocBytes(t *testing.T) {
	const n = 1 << 16
	for _, sh := range relShapes(t) {
		target := sh.target(n)
		perByte := allocBytes(t, func() { _, _ = resolve.Relative(rfcBase, target) }) / float64(len(target))
		if perByte > 2 {
			t.Errorf("shape %s: Relative allocates %.2f bytes per byte of a %d-byte target, want at most 2", sh.name, perByte, len(target))
		}
	}
}
