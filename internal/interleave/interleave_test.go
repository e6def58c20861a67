package interleave

import (
	"testing"
	"time"
)

// TestMedian: the middle of the sorted times, whatever their order; none
// is 0.
func TestMedian(t *testing.T) {
	for _, tc := range []struct {
		in   []time.Duration
		want time.Duration
	}{
		{nil, 0},
		{[]time.Duration{5}, 5},
		{[]time.Duration{9, 1, 5}, 5},
		{[]time.Duration{4, 1, 3, 2}, 3},
	} {
		if got := median(tc.in); got != tc.want {
			t.Errorf("median(%v) = %v, want %v", tc.in, got, tc.want)
		}
	}
}

// BenchmarkRatio: each piece runs once an iteration, whichever goes
// first, and work that takes longer has the larger share.
func BenchmarkRatio(b *testing.B) {
	var nx, ny int
	r := Ratio(b, func() { nx++; time.Sleep(200 * time.Microsecond) }, func() { ny++ })
	if nx != ny || nx != b.N {
		b.Fatalf("x ran %d times and y %d in %d iterations", nx, ny, b.N)
	}
	if r <= 1 {
		b.Errorf("a sleep over nothing: ratio %v, want above 1", r)
	}
}
