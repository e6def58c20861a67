// Package testseed is the one reader of RELURL_SEED, the seed of relurl's
// randomized tests, so that every property and random test is reproduced
// the same way.
package testseed

import (
	"os"
	"strconv"
	"testing"
)

// Seed returns the seed of a randomized test: the value of RELURL_SEED
// when it is set, def otherwise. It logs the seed, and when the test fails
// says how to run it again with the same one. A RELURL_SEED that is not a
// decimal integer fails the test.
func Seed(tb testing.TB, def int64) int64 {
	tb.Helper()
	seed := def
	if s := os.Getenv("RELURL_SEED"); s != "" {
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			tb.Fatalf("RELURL_SEED: %v", err)
		}
		seed = n
	}
	tb.Logf("seed %d (set RELURL_SEED to reproduce)", seed)
	tb.Cleanup(func() {
		if tb.Failed() {
			tb.Logf("reproduce with RELURL_SEED=%d", seed)
		}
	})
	return seed
}
