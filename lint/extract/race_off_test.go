//go:build !race

package extract

// raceEnabled says that the tests run under the race detector.
const raceEnabled = false
