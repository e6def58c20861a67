// Package interleave times two pieces of work in alternation within one
// benchmark, for the ratios make bench reports: on a shared machine, whose
// load moves between sub-benchmarks and within them, two pieces timed
// turn about in the same loop meet the same load, and the median of each
// drops the turns a burst of it spoiled.
package interleave

import (
	"slices"
	"testing"
	"time"
)

// Ratio runs x and y once each per iteration of b's loop, x first in odd
// iterations and y first in even ones, and returns the median time of x
// over the median time of y.
func Ratio(b *testing.B, x, y func()) float64 {
	b.Helper()
	var tx, ty []time.Duration
	odd := false
	for b.Loop() {
		odd = !odd
		first, second := y, x
		if odd {
			first, second = x, y
		}
		t0 := time.Now()
		first()
		t1 := time.Now()
		second()
		t2 := time.Now()
		if odd {
			tx, ty = append(tx, t1.Sub(t0)), append(ty, t2.Sub(t1))
		} else {
			ty, tx = append(ty, t1.Sub(t0)), append(tx, t2.Sub(t1))
		}
	}
	return float64(median(tx)) / float64(median(ty))
}

func median(d []time.Duration) time.Duration {
	if len(d) == 0 {
		return 0
	}
	slices.Sort(d)
	return d[len(d)/2]
}
