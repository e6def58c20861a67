package compare

import (
	"strings"
	"testing"
	"time"
)

// TestLinear holds the comparison to time linear in the input: a long
// hostile input costs per byte what a short one does, within a generous
// factor, the best of five runs at each size (the machine may be shared).
func TestLinear(t *testing.T) {
	if testing.Short() {
		t.Skip("timing test")
	}
	shapes := []string{"../", "a/", "%zz", "%41", "\t", `\`, "?", ";", ":", "é", "//", "@", "[", "0."}
	for _, sh := range shapes {
		perByte := func(n int) float64 {
			ref := "http://h/" + strings.Repeat(sh, n/len(sh))
			b := NewBase("http://a/b/c/d;p?q#f")
			// The best of five: a busy machine only ever adds time.
			best := time.Duration(1 << 62)
			for range 5 {
				start := time.Now()
				b.Reference(ref)
				best = min(best, time.Since(start))
			}
			return float64(best) / float64(len(ref))
		}
		small, large := perByte(2<<10), perByte(64<<10)
		if large > 20*small && large > 200 { // 200 ns/B: below it, noise
			t.Errorf("shape %q: %.0f ns/B at 64 KB against %.0f ns/B at 2 KB", sh, large, small)
		}
		t.Logf("shape %q: %.1f ns/B at 2 KB, %.1f ns/B at 64 KB", sh, small, large)
	}
}
