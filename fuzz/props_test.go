package fuzz

import (
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/leanovate/gopter"
	gopterGen "github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"
	"github.com/relurl/relurl"
	"github.com/relurl/relurl/ast"
	"github.com/relurl/relurl/gen"
	"github.com/relurl/relurl/grammar"
	"github.com/relurl/relurl/resolve"
	"github.com/relurl/relurl/validate"
)

// Property tests are reproducible: RELURL_SEED sets the seed (it is
// printed on failure), RELURL_PROPCOUNT the number of cases per property;
// -short lowers the default. Every failure found becomes a row of the
// edge-case tables below.

func propParams(t *testing.T) *gopter.TestParameters {
	t.Helper()
	seed := int64(20261122)
	if s := os.Getenv("RELURL_SEED"); s != "" {
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			t.Fatalf("RELURL_SEED: %v", err)
		}
		seed = n
	}
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

// validRoundTrip: a generated valid URL is accepted by both readers, which
// read it back into exactly the generated components, and it prints back
// byte for byte.
func validRoundTrip(u ast.URL) string {
	s := u.String()
	if msg := disagreement(s); msg != "" {
		return msg
	}
	got, err := grammar.Parse(s)
	if err != nil {
		return fmt.Sprintf("%q: generated valid, grammar says %v", s, err)
	}
	if got.WithoutSpans() != u {
		return fmt.Sprintf("%q reads back as %#v, generated %#v", s, got.WithoutSpans(), u)
	}
	if split := validate.Split(s); split != got {
		return fmt.Sprintf("%q: Split %#v differs from the grammar's %#v", s, split, got)
	}
	return ""
}

func TestPropValidURLs(t *testing.T) {
	check(t, "generated URLs are valid, agree and round-trip",
		prop.ForAll(func(u ast.URL) *gopter.PropResult { return verdict(validRoundTrip(u)) }, gen.URL()))
}

func TestPropInvalidURLs(t *testing.T) {
	check(t, "an injected violation is reported at its offset with its production",
		prop.ForAll(func(v gen.Violation) *gopter.PropResult {
			if msg := disagreement(v.Input); msg != "" {
				return verdict(msg)
			}
			_, diags := validate.Validate(v.Input)
			if len(diags) != 1 || diags[0].Offset != v.Offset || diags[0].End != v.End ||
				diags[0].Rule != v.Rule || diags[0].Production != v.Production {
				return verdict(fmt.Sprintf("%q: want %d..%d %s %s, got %v", v.Input, v.Offset, v.End, v.Production, v.Rule, diags))
			}
			return verdict("")
		}, gen.Invalid()))
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

// resolveProps checks the properties of one resolution of a valid
// reference against a generic-RL base, and returns what fails or "".
func resolveProps(base, ref ast.URL) string {
	b, r := base.String(), ref.String()
	res, err := relurl.Resolve(b, r)
	if err != nil {
		return fmt.Sprintf("Resolve(%q, %q): %v", b, r, err)
	}
	u, err := grammar.Parse(res)
	recombined, _ := resolve.Resolve(b, r)
	switch {
	case err != nil:
		return fmt.Sprintf("Resolve(%q, %q) = %q, which does not parse: %v", b, r, res, err)
	case !u.IsAbsolute():
		return fmt.Sprintf("Resolve(%q, %q) = %q, not absolute", b, r, res)
	case u.WithoutSpans() != recombined:
		// The result's §2.4 cut is exactly what step 7 recombined.
		return fmt.Sprintf("Resolve(%q, %q) = %q, which reads back as %#v, not the recombined %#v", b, r, res, u.WithoutSpans(), recombined)
	case !ref.IsAbsolute() && u.Form != ast.FormGenericRL && !(u.NetLoc.Present && strings.HasPrefix(u.Path.Value, "//")):
		// An absolute reference comes back as it is (step 2b), opaque or
		// not; any other result is generic-RL, unless step 6 left a path
		// beginning with an empty segment after a net_loc, which step 7
		// writes literally ("http://a//g").
		return fmt.Sprintf("Resolve(%q, %q) = %q, form %v, want generic-RL", b, r, res, u.Form)
	}
	// Resolving the result again gives the same result: it is absolute.
	if again, err := relurl.Resolve(b, res); err != nil || again != res {
		return fmt.Sprintf("Resolve(%q, %q) = %q, but resolving that again gives %q, %v", b, r, res, again, err)
	}
	// An absolute reference comes back as it is (step 2b).
	if ref.IsAbsolute() && res != r {
		return fmt.Sprintf("Resolve(%q, absolute %q) = %q", b, r, res)
	}
	// The fragment comes from the base only when the reference is empty.
	switch {
	case r == "" && res != b:
		return fmt.Sprintf("Resolve(%q, \"\") = %q, want the base", b, res)
	case r != "" && (u.Fragment.Value != ref.Fragment.Value || u.Fragment.Present != ref.Fragment.Present):
		return fmt.Sprintf("Resolve(%q, %q) = %q: fragment %#v, want the reference's %#v", b, r, res, u.Fragment, ref.Fragment)
	}
	if !ref.IsAbsolute() && !ref.NetLoc.Present {
		// ".." never changes the net_loc.
		if u.NetLoc.Value != base.NetLoc.Value {
			return fmt.Sprintf("Resolve(%q, %q) = %q changes the net_loc", b, r, res)
		}
		// The base's params never affect the merged path (step 6).
		other := base
		other.Params = ast.Component{Value: "x=1/../../y", Present: true}
		if !ref.Path.IsEmpty() && gen.WellFormed(other) {
			res2, err := relurl.Resolve(other.String(), r)
			u2, err2 := grammar.Parse(res2)
			if err != nil || err2 != nil || u2.Path.Value != u.Path.Value {
				return fmt.Sprintf("the base's params change the path: %q vs %q (%v, %v)", res, res2, err, err2)
			}
		}
	}
	return ""
}

func TestPropResolve(t *testing.T) {
	check(t, "resolution against a generic-RL base",
		prop.ForAll(func(base, ref ast.URL) *gopter.PropResult { return verdict(resolveProps(base, ref)) },
			gen.GenericRL(), gen.URL()))
	check(t, "resolving the empty reference gives the base",
		prop.ForAll(func(base ast.URL) *gopter.PropResult { return verdict(resolveProps(base, ast.URL{})) }, gen.GenericRL()))
}

// relativeProps checks that Relative is the inverse of Resolve and never
// longer than its target.
func relativeProps(base, ref ast.URL) string {
	b := base.String()
	target, err := relurl.Resolve(b, ref.String())
	if err != nil {
		return fmt.Sprintf("Resolve(%q, %q): %v", b, ref.String(), err)
	}
	r, err := relurl.Relative(b, target)
	if err != nil {
		return fmt.Sprintf("Relative(%q, %q): %v", b, target, err)
	}
	if len(r) > len(target) {
		return fmt.Sprintf("Relative(%q, %q) = %q, longer than the target", b, target, r)
	}
	if back, err := relurl.Resolve(b, r); err != nil || back != target {
		return fmt.Sprintf("Relative(%q, %q) = %q, which resolves to %q, %v", b, target, r, back, err)
	}
	return ""
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
