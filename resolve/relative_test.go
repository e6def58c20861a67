package resolve_test

import (
	"errors"
	"testing"

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
