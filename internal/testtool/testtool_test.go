package testtool

import (
	"errors"
	"strings"
	"testing"
)

// recorder is a testing.TB that records how a test ended.
type recorder struct {
	testing.TB
	ended string
}

type stop struct{}

func (r *recorder) Helper() {}
func (r *recorder) Fatalf(format string, args ...any) {
	r.ended = "fail"
	panic(stop{})
}
func (r *recorder) Skipf(format string, args ...any) {
	r.ended = "skip"
	panic(stop{})
}

func run(f func(t testing.TB)) (ended string) {
	r := &recorder{}
	defer func() {
		if v := recover(); v != nil {
			if v != (stop{}) {
				panic(v)
			}
			ended = r.ended
		}
	}()
	f(r)
	return "ran"
}

// TestMissing: a missing program skips the test, unless its variable is
// set, and then it fails it.
func TestMissing(t *testing.T) {
	const v = "RELURL_REQUIRE_TESTTOOL_SELF"
	t.Setenv(v, "")
	if got := run(func(t testing.TB) { Missing(t, v, errors.New("no x")) }); got != "skip" {
		t.Errorf("without %s: %s, want skip", v, got)
	}
	if got := run(func(t testing.TB) { LookPath(t, v, "relurl-no-such-program", "nor-this-one") }); got != "skip" {
		t.Errorf("LookPath of no program, without %s: %s, want skip", v, got)
	}
	t.Setenv(v, "1")
	if got := run(func(t testing.TB) { Missing(t, v, errors.New("no x")) }); got != "fail" {
		t.Errorf("with %s: %s, want fail", v, got)
	}
	if got := run(func(t testing.TB) { LookPath(t, v, "go") }); got != "ran" {
		t.Errorf("LookPath(go): %s, want ran", got)
	}
}

// TestVariables: every variable is named RELURL_REQUIRE_… and says what it
// requires, once.
func TestVariables(t *testing.T) {
	seen := map[string]bool{}
	for _, v := range Variables() {
		if !strings.HasPrefix(v.Name, "RELURL_REQUIRE_") || v.What == "" || seen[v.Name] {
			t.Errorf("variable %+v", v)
		}
		seen[v.Name] = true
	}
}
