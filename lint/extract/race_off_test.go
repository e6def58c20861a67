//go:build !race

package extract

// raceEnabled is set when the race detector is on: it slows memory
// accesses unevenly, so that timings mean little.
const raceEnabled = false
