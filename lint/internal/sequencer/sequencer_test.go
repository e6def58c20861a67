package sequencer

import (
	"math/rand/v2"
	"slices"
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

// TestStream: parts come out in order of item and of sending, whatever
// the workers' speed, and an item's parts wait no more than buffered at a
// time: a worker sending many parts is held back by the emitter.
func TestStream(t *testing.T) {
	for _, tt := range []struct{ n, workers, ahead, buffered int }{
		{0, 2, 2, 1}, {1, 4, 8, 0}, {30, 1, 1, 1}, {30, 3, 6, 2}, {60, 8, 16, 1},
	} {
		rng := rand.New(rand.NewPCG(uint64(tt.n), uint64(tt.workers)))
		nparts := make([]int, tt.n)
		delays := make([]time.Duration, tt.n)
		for i := range nparts {
			nparts[i] = rng.IntN(5)
			delays[i] = time.Duration(rng.IntN(50)) * time.Microsecond
		}
		var sent, emitted atomic.Int64
		var maxWaiting atomic.Int64
		nextItem, nextPart := 0, 0
		Stream(tt.n, tt.workers, tt.ahead, tt.buffered, func(i int, send func([2]int)) {
			for p := range nparts[i] {
				time.Sleep(delays[i])
				send([2]int{i, p})
				if d := sent.Add(1) - emitted.Load(); d > maxWaiting.Load() {
					maxWaiting.Store(d)
				}
			}
		}, func(i int, part [2]int) {
			for nextItem < tt.n && nextPart == nparts[nextItem] {
				nextItem, nextPart = nextItem+1, 0
			}
			if part != [2]int{nextItem, nextPart} || i != nextItem {
				t.Fatalf("%+v: emit(%d, %v), want item %d part %d", tt, i, part, nextItem, nextPart)
			}
			nextPart++
			emitted.Add(1)
		})
		total := 0
		for _, n := range nparts {
			total += n
		}
		if int(emitted.Load()) != total {
			t.Errorf("%+v: %d parts emitted, want %d", tt, emitted.Load(), total)
		}
		// Each item in flight holds at most buffered parts in its channel and
		// one in its send.
		if limit := int64(max(tt.ahead, 1) * (tt.buffered + 1)); maxWaiting.Load() > limit {
			t.Errorf("%+v: %d parts waiting, limit %d", tt, maxWaiting.Load(), limit)
		}
	}
}

// TestOneWorker: with one worker, an item's work begins after every part
// before it is emitted, and each part is emitted before its send returns:
// nothing is handed between goroutines (decision L-54).
func TestOneWorker(t *testing.T) {
	var log []string
	Stream(3, 1, 4, 1, func(i int, send func(int)) {
		log = append(log, "work")
		for p := range i {
			send(p)
			log = append(log, "sent")
		}
	}, func(i, part int) { log = append(log, "emit") })
	want := []string{"work", "work", "emit", "sent", "work", "emit", "sent", "emit", "sent"}
	if !slices.Equal(log, want) {
		t.Errorf("Stream with one worker: %q, want %q", log, want)
	}
	log = nil
	Ordered(3, 1, 4, func(i int) int { log = append(log, "work"); return i }, func(i, r int) { log = append(log, "emit") })
	if want := []string{"work", "emit", "work", "emit", "work", "emit"}; !slices.Equal(log, want) {
		t.Errorf("Ordered with one worker: %q, want %q", log, want)
	}
}
