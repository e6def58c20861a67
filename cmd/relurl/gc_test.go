package main

import (
	"math"
	"testing"
)

// TestGCLimit: the memory limit is the floor while the live heap is
// small (a run keeps GOGC's speed), then grows with it, gcFactor times,
// and never overflows (decision S-14).
func TestGCLimit(t *testing.T) {
	for _, tc := range []struct {
		live uint64
		want int64
	}{
		{0, gcFloor},
		{10 << 20, gcFloor},
		{gcFloor / 3, gcFloor},
		{100 << 20, 200 << 20},
		{1 << 30, 2 << 30},
		{math.MaxUint64, math.MaxInt64},
	} {
		if got := gcLimit(tc.live); got != tc.want {
			t.Errorf("gcLimit(%d) = %d, want %d", tc.live, got, tc.want)
		}
	}
}
