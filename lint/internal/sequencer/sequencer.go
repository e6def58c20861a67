// Package sequencer runs work in parallel and hands on the results in the
// order the work was given, as cmd/gofmt's sequencer does for the files it
// formats: output stays in order whatever the number of workers.
package sequencer

import "sync"

// Ordered calls work(i) for each i in [0, n), on up to workers goroutines
// at a time, and emit(i, result) for each, in order of i, on the calling
// goroutine, as soon as work(i) and every emit before it are done. It
// returns when every emit has returned.
//
// Work starts at most ahead items past the one to be emitted next, so at
// most that many results wait in memory for a slow one before them.
// workers below 1 is 1; ahead below workers is workers. With one worker,
// work runs on the calling goroutine too, each result emitted before the
// next item is begun (see Stream).
func Ordered[T any](n, workers, ahead int, work func(i int) T, emit func(i int, result T)) {
	if n <= 0 {
		return
	}
	workers = max(1, min(workers, n))
	if workers == 1 {
		// One worker: the work in order on the calling goroutine, each
		// result emitted as it comes (see Stream).
		for i := range n {
			emit(i, work(i))
		}
		return
	}
	ahead = max(ahead, workers)
	// A token for each item started and not yet emitted: the feeder takes
	// one before it hands out an index, emit gives it back.
	window := make(chan struct{}, ahead)
	results := make([]chan T, n)
	for i := range results {
		results[i] = make(chan T, 1)
	}
	next := make(chan int)
	go func() {
		for i := range n {
			window <- struct{}{}
			next <- i
		}
		close(next)
	}()
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for i := range next {
				results[i] <- work(i)
			}
		})
	}
	for i := range n {
		emit(i, <-results[i])
		<-window
	}
	wg.Wait()
}

// Stream is [Ordered] for work that hands on its result in parts, so that
// a big result need not be held whole: work(i, send) calls send for each
// part, and emit(i, part) is called for each part, in order of i and, for
// one i, in the order sent, on the calling goroutine. send blocks while
// the parts of i wait to be emitted (at most buffered of them per item),
// so the memory the parts take is bounded by the items in flight (at most
// ahead) times buffered+1 parts, however many parts an item has.
//
// With one worker there is nothing to run beside the calling goroutine:
// work runs on it too, item after item, and send emits each part before
// it returns (no part waits). Goroutines handing each item and part to
// one another would add to the work, on two CPUs, a wake-up of another
// thread for each hand-off and the idle processor spinning for work
// (decision L-54).
func Stream[T any](n, workers, ahead, buffered int, work func(i int, send func(T)), emit func(i int, part T)) {
	if n <= 0 {
		return
	}
	workers = max(1, min(workers, n))
	if workers == 1 {
		for i := range n {
			work(i, func(p T) { emit(i, p) })
		}
		return
	}
	ahead = max(ahead, workers)
	window := make(chan struct{}, ahead)
	parts := make([]chan T, n)
	for i := range parts {
		parts[i] = make(chan T, max(0, buffered))
	}
	next := make(chan int)
	go func() {
		for i := range n {
			window <- struct{}{}
			next <- i
		}
		close(next)
	}()
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for i := range next {
				ch := parts[i]
				work(i, func(p T) { ch <- p })
				close(ch)
			}
		})
	}
	for i := range n {
		for p := range parts[i] {
			emit(i, p)
		}
		<-window
	}
	wg.Wait()
}
