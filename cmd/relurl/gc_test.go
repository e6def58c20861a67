package main

import (
	"math"
	"testing"
)

// TestGCLimit: the memory limit is the floor while the live heap is
// small (a run keeps GOGC's speed); then gcFactor times the running mean
// of the live heap, so that a passing peak does not raise it at once;
// then no more than gcRoom past the live heap; and it never overflows
// (decision S-14).
func TestGCLimit(t *testing.T) {
	const mb = 1 << 20
	for _, tc := range []struct {
		live, mean float64
		want       int64
	}{
		{0, 0, gcFloor},
		{10 * mb, 10 * mb, gcFloor},
		{22 * mb, 10 * mb, gcFloor},    // a passing peak on a small run
		{32 * mb, 32 * mb, 112 * mb},   // a run of some 30 MB live: 3.5 times
		{110 * mb, 100 * mb, 206 * mb}, // a large one: 96 MiB past what is live
		{1 << 30, 1 << 30, 1<<30 + gcRoom},
		{math.MaxFloat64, math.MaxFloat64, math.MaxInt64},
	} {
		if got := gcLimit(tc.live, tc.mean); got != tc.want {
			t.Errorf("gcLimit(%.0f, %.0f) = %d, want %d", tc.live, tc.mean, got, tc.want)
		}
	}
}
