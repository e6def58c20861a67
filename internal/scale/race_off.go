//go:build !race

package scale

// Race is set when the race detector is on: it slows memory accesses
// unevenly, so that timings mean little.
const Race = false
