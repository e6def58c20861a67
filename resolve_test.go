package relurl_test

import (
	"errors"
	"testing"

	"github.com/relurl/relurl"
	"github.com/relurl/relurl/resolve"
)

func TestResolveErrors(t *testing.T) {
	cases := []struct {
		base, ref string
		op        string
		target    any
	}{
		{"g", "h", "resolve", new(*resolve.BaseError)},
		{"http://a/", "a b", "resolve", new(*resolve.RefError)},
	}
	for _, c := range cases {
		_, err := relurl.Resolve(c.base, c.ref)
		var e *relurl.Error
		if !errors.As(err, &e) || e.Op != c.op || e.URL != c.ref {
			t.Errorf("Resolve(%q, %q): %v, want an *Error for %s", c.base, c.ref, err, c.op)
		}
		if !errors.As(err, c.target) {
			t.Errorf("Resolve(%q, %q): %v, want %T inside", c.base, c.ref, err, c.target)
		}
		var d *relurl.Diagnostic
		if !errors.As(err, &d) {
			t.Errorf("Resolve(%q, %q): no *Diagnostic in %v", c.base, c.ref, err)
		}
	}
	if _, err := relurl.Relative("http://a/", "g"); !errors.Is(err, resolve.ErrTargetNotAbsolute) {
		t.Errorf("Relative(http://a/, g): %v", err)
	}
}

func TestResolveRelativeRoundTrip(t *testing.T) {
	const base = "http://a/b/c/d;p?q#f"
	for _, ref := range []string{"g", "./g", "../..", "?y", ";x", "#s", "", "//g", "g;x?y#s", "../../../g"} {
		abs, err := relurl.Resolve(base, ref)
		if err != nil {
			t.Fatal(err)
		}
		r, err := relurl.Relative(base, abs)
		if err != nil {
			t.Fatal(err)
		}
		if back, _ := relurl.Resolve(base, r); back != abs {
			t.Errorf("Relative(%q) = %q resolves to %q", abs, r, back)
		}
	}
}
