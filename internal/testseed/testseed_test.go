package testseed_test

import (
	"testing"

	"github.com/relurl/relurl/internal/testseed"
)

func TestSeed(t *testing.T) {
	t.Setenv("RELURL_SEED", "")
	if got := testseed.Seed(t, 42); got != 42 {
		t.Errorf("without RELURL_SEED: %d", got)
	}
	t.Setenv("RELURL_SEED", "-7")
	if got := testseed.Seed(t, 42); got != -7 {
		t.Errorf("RELURL_SEED=-7: %d", got)
	}
}
