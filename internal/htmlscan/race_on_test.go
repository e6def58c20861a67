//go:build race

package htmlscan

// raceEnabled says that the tests run under the race detector.
const raceEnabled = true
