package resolve_test

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/relurl/relurl/internal/testseed"
	"github.com/relurl/relurl/resolve"
)

func TestRelative(t *testing.T) {
	cases := []struct{ base, target, want string }{
		// The §5.1 results, back to their shortest references.
		{rfcBase, "g:h", "g:h"},
		{rfcBase, "http://a/b/c/g", "g"},
		{rfcBase, "http://a/b/c/g/", "g/"},
		{rfcBase, "http://a/g", "/g"},
		{rfcBase, "http://g", "//g"},
		{rfcBase, "http://a/b/c/d;p?y", "?y"},
		{rfcBase, "http://a/b/c/g?y", "g?y"},
		{rfcBase, "http://a/b/c/g?y/./x", "g?y/./x"},
		{rfcBase, "http://a/b/c/d;p?q#s", "#s"},
		{rfcBase, "http://a/b/c/g#s", "g#s"},
		{rfcBase, "http://a/b/c/g?y#s", "g?y#s"},
		{rfcBase, "http://a/b/c/d;x", ";x"},
		{rfcBase, "http://a/b/c/g;x", "g;x"},
		{rfcBase, "http://a/b/c/g;x?y#s", "g;x?y#s"},
		{rfcBase, "http://a/b/c/", "."},
		{rfcBase, "http://a/b/", ".."},
		{rfcBase, "http://a/b/g", "../g"},
		{rfcBase, "http://a/", "/"},
		{rfcBase, "http://a/g", "/g"},
		// §5.2 results.
		{rfcBase, "http://a/b/c/d;p?q#f", ""},
		{rfcBase, "http://a/../g", "/../g"},
		{rfcBase, "http://a/./g", "/./g"},
		{rfcBase, "http://a/b/c/g.", "g."},
		{rfcBase, "http://a/b/c/..g", "..g"},
		{rfcBase, "http:g", "http:g"},
		// The base without its fragment, and other step 5 forms.
		{rfcBase, "http://a/b/c/d;p?q", "?"},
		{rfcBase, "http://a/b/c/d;p?q#", "#"},
		{rfcBase, "http://a/b/c/d;p", ";p"},
		{rfcBase, "http://a/b/c/d", "d"},
		{rfcBase, "http://a/b/c/d;x?", ";x?"},
		{rfcBase, "http://a/b/c/g?", "g?"},
		// §5.3: a first segment with a colon.
		{rfcBase, "http://a/b/c/this:that", "./this:that"},
		{rfcBase, "http://a/b/this:that", "../this:that"},
		// Empty segments and the like.
		{rfcBase, "http://a/b/c//g", ".//g"},
		{rfcBase, "http://a/b//g", "..//g"},
		{rfcBase, "http://a/.//g", "/.//g"},
		// An opaque target: step 6 reaches it literally (§4).
		{rfcBase, "http://a//g", "../..//g"},
		{"http://a/b/c/d/e/f", "http://a/b/x", "/b/x"},
		{"http://a/b/c/d/e/f", "http://a/b/c/d/x", "../x"},
		{"http://a/b/c/d/e/f", "http://a/b/c/", "../.."},
		// Other net_locs, schemes and bases.
		{rfcBase, "ftp://a/b/c/d", "ftp://a/b/c/d"},
		{rfcBase, "http://b/b/c/d", "//b/b/c/d"},
		{rfcBase, "http://a", "//a"},
		{rfcBase, "http:/x", "http:/x"},
		{"file:///etc/x", "file:///g", "/g"},
		{"file://h/etc/x", "file:///g", "file:///g"},
		{"http://a", "http://a/g", "g"},
		{"http://a", "http://a/?y", "?y"},
		{"http://a", "http://a#s", "#s"},
		{"http:", "http:g", "g"},
		{"http:a/b", "http:a/c", "c"},
		{"http:a/b", "http:c", "../c"},
		// Step 1: the empty base.
		{"", "http://a/b", "http://a/b"},
		{"", "g", "g"},
	}
	for _, c := range cases {
		got, err := resolve.Relative(c.base, c.target)
		if err != nil {
			t.Errorf("Relative(%q, %q): %v", c.base, c.target, err)
			continue
		}
		if got != c.want {
			t.Errorf("Relative(%q, %q) = %q, want %q", c.base, c.target, got, c.want)
		}
	}
}

// TestRelativeInverse holds Relative to its defining property on every row
// of the resolution tables: resolving the reference it finds gives the
// target back exactly, and is never longer than the reference the row
// started from.
func TestRelativeInverse(t *testing.T) {
	for section, cases := range allCases() {
		for _, c := range cases {
			target, err := resolve.Resolve(c.base, c.ref)
			if err != nil || c.base == "" {
				continue
			}
			r, err := resolve.Relative(c.base, target.String())
			if err != nil {
				t.Errorf("%s: Relative(%q, %q): %v", section, c.base, target, err)
				continue
			}
			back, err := resolve.Resolve(c.base, r)
			if err != nil || back.String() != target.String() {
				t.Errorf("%s: Relative(%q, %q) = %q, which resolves to %q (%v)", section, c.base, target, r, back, err)
			}
			if len(r) > len(c.ref) {
				t.Errorf("%s: Relative(%q, %q) = %q, longer than %q", section, c.base, target, r, c.ref)
			}
		}
	}
}

func TestRelativeErrors(t *testing.T) {
	if _, err := resolve.Relative(rfcBase, "g"); !errors.Is(err, resolve.ErrTargetNotAbsolute) {
		t.Errorf("Relative(base, g): %v, want ErrTargetNotAbsolute", err)
	}
	var re *resolve.RefError
	if _, err := resolve.Relative(rfcBase, "http://a/b c"); !errors.As(err, &re) {
		t.Errorf("Relative(base, bad): %v, want a *RefError", err)
	}
	var be *resolve.BaseError
	if _, err := resolve.Relative("http://a//b", "http://a/c"); !errors.As(err, &be) {
		t.Errorf("Relative(bad base, ...): %v, want a *BaseError", err)
	}
}

// TestRelativeAgainstResolving holds Relative to the first way of writing
// it, which builds, validates and resolves every candidate and so decides
// "resolves to" by Resolve itself (resolve.RelativeByResolving): the same
// answer, or the same error, on every row of the tables, their results and
// on random bases and targets of the segments and components that matter
// ("", ".", "..", ":", empty components, other net_locs). The seed comes
// from RELURL_SEED when set and is printed on failure.
func TestRelativeAgainstResolving(t *testing.T) {
	seed := uint64(testseed.Seed(t, 1808))
	var pairs [][2]string
	for _, cases := range allCases() {
		for _, c := range cases {
			pairs = append(pairs, [2]string{c.base, c.want}, [2]string{c.base, c.ref})
		}
	}
	pairs = append(pairs, relativeEdgeCases...)
	r := rand.New(rand.NewPCG(seed, seed))
	n := 60_000
	if testing.Short() {
		n = 6_000
	}
	for range n {
		base := randomURL(r, true)
		if _, err := resolve.ParseBase(base); err != nil {
			continue
		}
		target := randomURL(r, r.IntN(4) == 0)
		if u, err := resolve.Resolve(base, target); err == nil && r.IntN(4) != 0 {
			target = u.String()
		}
		pairs = append(pairs, [2]string{base, target})
	}
	for _, p := range pairs {
		got, err := resolve.Relative(p[0], p[1])
		want, wantErr := resolve.RelativeByResolving(p[0], p[1])
		if got != want || (err == nil) != (wantErr == nil) {
			t.Fatalf("seed %d: Relative(%q, %q) = %q, %v; resolving every candidate gives %q, %v", seed, p[0], p[1], got, err, want, wantErr)
		}
	}
}

// relativeEdgeCases are bases and targets where a rel_path's segments meet
// the directory's: dot segments in the target, ".." kept above the root,
// empty segments, paths marked with "." before an empty segment, relative
// bases and directories with dot segments of their own.
var relativeEdgeCases = [][2]string{
	{"http://a/", "http://a/../../g"},
	{"http://a/", "http://a/../x/../g"},
	{"http://a/b/", "http://a/b/../g"},
	{"http://a/b/", "http://a/b/./g"},
	{"http://a/b/", "http://a/b/g/."},
	{"http://a/b/", "http://a/b/g/.."},
	{"http://a/b/c/d", "http://a/.//g"},
	{"http://a/b/c/d", "http://a/./"},
	{"http://a/b/c/d", "http://a/b/c/.//g"},
	{"http://a/b/c/d", "http://a//g"},
	{"http://a/../b/c", "http://a/../b/g"},
	{"http://a/../b/c", "http://a/../g"},
	{"http://a/../../b/c", "http://a/../g/h"},
	{"http://a/../../x", "http://a/../g"},
	{"http:../../x", "http:../g"},
	{"http://a/b/./c/../d/e", "http://a/b/d/g"},
	{"http://a/b/c/./", "http://a/b/c/g"},
	{"http:/b/c/d", "http:/.//g"},
	{"http:/b/c/d", "http:/b/g"},
	{"http:a/b", "http:.//g"},
	{"http:a/b", "http:./"},
	{"http:a/b", "http:"},
	{"http:a/b", "http:?y"},
	{"http:.//x/y", "http:.//x/g"},
	{"http:.//x/y", "http:.//g"},
	{"http:.//x/y", "http:g"},
	{"http:./../x", "http:../g"},
	{"http:../x", "http:../../g"},
	{"http:g", "http:g:h"},
	{"http:g", "http:..:x"},
	{"http://a", "http://a"},
	{"http://a", "http://a/"},
	{"http://a", "http://a?y"},
	{"http://a/b/c/d;p?q#f", "http://a/b/c/this:that/x"},
	{"http://a/b/c/d;p?q#f", "http://a/b/c/:x"},
	{"http://a/b/c/d;p?q#f", "HTTP://a/b/c/g"},
	{"http://a/b/c/d;p?q#f", "http://A/b/c/g"},
	{"http://a/b/c/d;p?q#f", "http:///b/c/g"},
	{"file:///b/c", "file:///b/g"},
	{"file:///b/c", "file:/b/g"},
}

// randomURL is a URL of the components and segments that matter to
// Relative, absolute or not; it need not be valid.
func randomURL(r *rand.Rand, absolute bool) string {
	pick := func(s ...string) string { return s[r.IntN(len(s))] }
	var sb strings.Builder
	if absolute {
		sb.WriteString(pick("http:", "http:", "http:", "ftp:"))
	}
	netloc := r.IntN(3) != 0
	if netloc {
		sb.WriteString(pick("//a", "//a", "//b", "//"))
	}
	segs := r.IntN(6)
	if netloc || r.IntN(2) == 0 {
		if segs > 0 || r.IntN(2) == 0 {
			sb.WriteString("/")
		}
	}
	for i := range segs {
		if i > 0 {
			sb.WriteString("/")
		}
		sb.WriteString(pick("a", "b", "c", "g", "", "", ".", ".", "..", "..", "c:d", ":x", "a.b"))
	}
	if r.IntN(3) == 0 {
		sb.WriteString(pick(";", ";p", ";x"))
	}
	if r.IntN(3) == 0 {
		sb.WriteString(pick("?", "?q", "?y"))
	}
	if r.IntN(3) == 0 {
		sb.WriteString(pick("#", "#f", "#s"))
	}
	return sb.String()
}
