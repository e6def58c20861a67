//go:build !unix

package scale

import "time"

var start = time.Now()

// CPUTime returns the wall time since the program started, where the
// process's CPU time is not to be had: differences of it still time
// what runs between them.
func CPUTime() time.Duration { return time.Since(start) }
