package relurl_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/relurl/relurl"
	"github.com/relurl/relurl/resolve"
	"github.com/relurl/relurl/validate"
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

// TestErrorsSayEachThingOnce: an error names its input once, as
// *url.Error does, and stays short however long the input (a 100 MB
// reference gives a line, not 100 MB).
func TestErrorsSayEachThingOnce(t *testing.T) {
	_, err := relurl.Resolve("http://a/b", "g%zz")
	if want := `resolve: bad reference "g%zz": offset 1: escape: "%zz" is not an escape: escape = "%" hex hex; write a literal "%" as %25`; err == nil || err.Error() != want {
		t.Errorf("Resolve(http://a/b, g%%zz) = %v\nwant %s", err, want)
	}
	_, err = relurl.Resolve("http://a//b", "g")
	if want := `resolve: bad base URL "http://a//b": not generic-RL: offset 8: generic-RL: `; err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Errorf("Resolve(http://a//b, g) = %v\nwant %s...", err, want)
	}
	_, err = relurl.Relative("http://a/", "g")
	if want := `relative "g": target is not absolute, so no reference resolves to it`; err == nil || err.Error() != want {
		t.Errorf("Relative(http://a/, g) = %v\nwant %s", err, want)
	}
	_, err = relurl.Parse("a b")
	if want := `parse "a b": offset 1: fsegment: space is not allowed in fsegment; write it as %20`; err == nil || err.Error() != want {
		t.Errorf("Parse(a b) = %v\nwant %s", err, want)
	}

	long := strings.Repeat("a", 10<<20)
	for name, f := range map[string]func() error{
		"a long reference, bad at its end": func() error { _, err := relurl.Resolve("http://a/", long+"%zz"); return err },
		"a long base, bad at its end":      func() error { _, err := relurl.Resolve("http://a/"+long+"%zz", "g"); return err },
		"a long target":                    func() error { _, err := relurl.Relative("http://a/", long); return err },
		"invalid UTF-8":                    func() error { _, err := relurl.Parse(strings.Repeat("\xff", 10<<20)); return err },
		"all NUL":                          func() error { _, err := relurl.Resolve("http://a/", strings.Repeat("\x00", 1<<20)); return err },
	} {
		err := f()
		if err == nil || len(err.Error()) > 1024 {
			t.Errorf("%s: error of %d bytes", name, len(fmt.Sprint(err)))
		}
	}
	_, err = relurl.Resolve("http://a/", long+"%zz")
	if msg := err.Error(); !strings.Contains(msg, `…"aaaa`) || !strings.Contains(msg, `%zz"`) {
		t.Errorf("the window is not around the fault: %s", msg)
	}
}

// TestParseContract: relurl.Parse and validate.Parse agree: the §2.4 cut,
// and an error through which errors.As finds the first diagnostic and the
// list.
func TestParseContract(t *testing.T) {
	for _, s := range []string{"http://a/b c?d^", "http://a/b", "%zz"} {
		u1, err1 := relurl.Parse(s)
		u2, err2 := validate.Parse(s)
		if u1 != u2 || (err1 == nil) != (err2 == nil) {
			t.Errorf("Parse(%q): relurl %v %v, validate %v %v", s, u1, err1, u2, err2)
		}
		if err1 == nil {
			continue
		}
		var d *relurl.Diagnostic
		var list relurl.Diagnostics
		if !errors.As(err1, &d) || !errors.As(err1, &list) || d.Offset != list[0].Offset {
			t.Errorf("Parse(%q): errors.As finds %v and %v", s, d, list)
		}
	}
}
