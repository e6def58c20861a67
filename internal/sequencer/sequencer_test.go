package sequencer

import (
	"math/rand/v2"
	"sync/atomic"
	"testing"
	"time"
)

// TestOrdered: results come out in order whatever the workers' speed, and
// no more than ahead items are in flight past the one to be emitted.
func TestOrdered(t *testing.T) {
	for _, tt := range []struct{ n, workers, ahead int }{
		{0, 4, 8}, {1, 4, 8}, {50, 1, 1}, {50, 3, 3}, {200, 8, 16}, {20, 0, 0}, {7, 100, 2},
	} {
		rng := rand.New(rand.NewPCG(uint64(tt.n), uint64(tt.workers)))
		delays := make([]time.Duration, tt.n)
		for i := range delays {
			delays[i] = time.Duration(rng.IntN(200)) * time.Microsecond
		}
		var started, emitted atomic.Int64
		var maxAhead atomic.Int64
		next := 0
		Ordered(tt.n, tt.workers, tt.ahead, func(i int) int {
			if d := started.Add(1) - emitted.Load(); d > maxAhead.Load() {
				maxAhead.Store(d)
			}
			time.Sleep(delays[i])
			return i * i
		}, func(i, v int) {
			if i != next || v != i*i {
				t.Fatalf("%+v: emit(%d, %d), want emit(%d, %d)", tt, i, v, next, next*next)
			}
			next++
			emitted.Add(1)
		})
		if next != tt.n {
			t.Errorf("%+v: %d emitted, want %d", tt, next, tt.n)
		}
		limit := int64(max(tt.ahead, max(1, min(tt.workers, tt.n))))
		if maxAhead.Load() > limit {
			t.Errorf("%+v: %d items in flight, limit %d", tt, maxAhead.Load(), limit)
		}
	}
}
