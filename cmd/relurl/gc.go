package main

import (
	"math"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
)

// The collector's settings (decision S-14). relurl allocates much and
// keeps little: a linted file's garbage is gone when the next begins, so
// the heap may grow to gcPercent past what is live before a collection,
// which saves CPU time. What a run keeps grows with the tree (the target
// rules keep every document's anchors and the references still waiting
// for theirs), and a memory limit set anew after each collection holds
// the heap near it: gcFactor times the live heap, as the last
// collections found it (a running mean, so that a file's passing peak
// does not raise the limit at once), but no more than gcRoom past the
// live heap, and never below gcFloor. A run whose live heap stays under
// a fifth of gcFloor (about 10 MB) never reaches the limit and keeps
// gcPercent's speed; a larger one trades CPU time for a heap near what it
// keeps.
const (
	gcPercent = 400
	gcFloor   = 48 << 20
	gcFactor  = 3.5
	gcRoom    = 96 << 20
	// gcWeight is the weight of the last collection's live heap in the
	// running mean.
	gcWeight = 0.25
)

// gcCycle is the object whose cleanup marks a collection: it holds a
// pointer, so the allocator does not pack it with others (a tiny
// allocation may never be collected alone).
type gcCycle struct{ _ *byte }

// gcLimit returns the memory limit for a live heap of live bytes, whose
// running mean is mean bytes.
func gcLimit(live, mean float64) int64 {
	l := min(mean*gcFactor, live+gcRoom)
	if l >= math.MaxInt64 {
		return math.MaxInt64
	}
	return max(gcFloor, int64(l))
}

// tuneGC sets the collector's settings, unless GOGC or GOMEMLIMIT is
// set: they still say. It sets the first limit, and a cleanup that sets
// it anew after each collection.
func tuneGC(gogc, gomemlimit string) {
	if gogc != "" || gomemlimit != "" {
		return
	}
	debug.SetGCPercent(gcPercent)
	sample := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	mean := 0.0
	var arm func()
	arm = func() {
		// A cleanup runs after the collection that finds its object
		// unreachable: once per cycle, each arming the next.
		runtime.AddCleanup(&gcCycle{}, func(struct{}) {
			metrics.Read(sample)
			if sample[0].Value.Kind() == metrics.KindUint64 {
				live := float64(sample[0].Value.Uint64())
				mean = gcWeight*live + (1-gcWeight)*mean
				debug.SetMemoryLimit(gcLimit(live, mean))
			}
			arm()
		}, struct{}{})
	}
	debug.SetMemoryLimit(gcFloor)
	arm()
}
