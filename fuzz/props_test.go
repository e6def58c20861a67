package fuzz

import (
	"errors"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/leanovate/gopter"
	gopterGen "github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"
	"github.com/relurl/relurl/ast"
	"github.com/relurl/relurl/grammar"
	"github.com/relurl/relurl/internal/gen"
	"github.com/relurl/relurl/internal/testseed"
)

// Property tests are reproducible: RELURL_SEED sets the seed (it is
// printed on failure), RELURL_PROPCOUNT the number of cases per property;
// -short lowers the default. Every failure found becomes a row of the
// edge-case tables below.

func propParams(t *testing.T) *gopter.TestParameters {
	t.Helper()
	seed := testseed.Seed(t, 20261122)
	count := 2000
	if testing.Short() {
		count = 200
	}
	if s := os.Getenv("RELURL_PROPCOUNT"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil {
			t.Fatalf("RELURL_PROPCOUNT: %v", err)
		}
		count = n
	}
	p := gopter.DefaultTestParametersWithSeed(seed)
	p.MinSuccessfulTests = count
	p.MaxSize = 24
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("reproduce with RELURL_SEED=%d RELURL_PROPCOUNT=%d", seed, count)
		}
	})
	return p
}

// check runs one gopter property and fails t if it fails.
func check(t *testing.T, name string, p gopter.Prop) {
	t.Helper()
	props := gopter.NewProperties(propParams(t))
	props.Property(name, p)
	props.TestingRun(t)
}

// verdict turns a disagreement message into a gopter result.
func verdict(msg string) *gopter.PropResult {
	if msg == "" {
		return &gopter.PropResult{Status: gopter.PropTrue}
	}
	return &gopter.PropResult{Status: gopter.PropFalse, Error: errors.New(msg)}
}

func TestPropValidURLs(t *testing.T) {
	check(t, "generated URLs are valid, agree and round-trip",
		prop.ForAll(func(u ast.URL) *gopter.PropResult { return verdict(validRoundTrip(u)) }, gen.URL()))
}

func TestPropInvalidURLs(t *testing.T) {
	check(t, "an injected violation is reported at its offset with its production",
		prop.ForAll(func(v gen.Violation) *gopter.PropResult { return verdict(violationReported(v)) }, gen.Invalid()))
}

func TestPropArbitraryStrings(t *testing.T) {
	check(t, "the readers agree on arbitrary strings",
		prop.ForAll(func(s string) *gopter.PropResult { return verdict(disagreement(s)) }, gopterGen.AnyString()))
	// Strings over the URL alphabet reach much further into the grammar.
	alphabet := gopterGen.OneConstOf("a", "1", ":", "/", "//", ";", "?", "#", "%", "%4", "%41", ".", "..", "@", " ", "é", "\x00")
	check(t, "the readers agree on strings of URL pieces",
		prop.ForAll(func(parts []string) *gopter.PropResult { return verdict(disagreement(strings.Join(parts, ""))) },
			gopterGen.SliceOf(alphabet)))
}

func TestPropResolve(t *testing.T) {
	check(t, "resolution against a generic-RL base",
		prop.ForAll(func(base, ref ast.URL) *gopter.PropResult { return verdict(resolveProps(base, ref)) },
			gen.GenericRL(), gen.URL()))
	check(t, "resolving the empty reference gives the base",
		prop.ForAll(func(base ast.URL) *gopter.PropResult { return verdict(resolveProps(base, ast.URL{})) }, gen.GenericRL()))
}

func TestPropRelative(t *testing.T) {
	check(t, "Relative is the inverse of Resolve",
		prop.ForAll(func(base, ref ast.URL) *gopter.PropResult { return verdict(relativeProps(base, ref)) },
			gen.GenericRL(), gen.URL()))
}

// TestPropEdgeCases runs the resolution and inverse properties on fixed
// pairs beside the random ones: the §5 examples and the corners found so
// far.
func TestPropEdgeCases(t *testing.T) {
	bases := []string{"http://a/b/c/d;p?q#f", "http://a", "http://a/", "file:///etc/x", "g:", "http:?q", "http://a/b;p"}
	refs := append([]string{"../..//g", "a//../b", "?", ";", "#", "///g", "this%3Athat", "./this:that", "/.//g"}, section5[1:]...)
	for _, b := range bases {
		base, err := grammar.Parse(b)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range refs {
			ref, err := grammar.Parse(r)
			if err != nil {
				t.Fatal(err)
			}
			if msg := resolveProps(base.WithoutSpans(), ref.WithoutSpans()); msg != "" {
				t.Error(msg)
			}
			if msg := relativeProps(base.WithoutSpans(), ref.WithoutSpans()); msg != "" {
				t.Error(msg)
			}
		}
	}
}
