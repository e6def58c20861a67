//go:build race

package extract

// raceEnabled says that the tests run under the race detector, which
// allocates more: sync.Pool keeps fewer of the objects put back.
const raceEnabled = true
