package relurl

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/relurl/relurl/resolve"
	"github.com/relurl/relurl/validate"
)

func TestResolveErrors(t *testing.T) {
	cases := []struct {
		base, ref string
		sentinel  error
		rule      string // of the first diagnostic
	}{
		{"g", "h", ErrUnsuitableBase, RuleBaseNotAbsolute},
		{"http://a//b", "h", ErrUnsuitableBase, RuleBaseNotGenericRL},
		{"http://a/%zz", "h", ErrSyntax, RuleEscapeMalformed},
		{"http://a/", "a b", ErrSyntax, RuleFsegmentChar},
	}
	for _, c := range cases {
		_, err := Resolve(c.base, c.ref)
		var e *Error
		if !errors.As(err, &e) || e.Op != "resolve" || e.URL != c.ref {
			t.Errorf("Resolve(%q, %q): %v, want an *Error for resolve", c.base, c.ref, err)
		}
		if !errors.Is(err, c.sentinel) {
			t.Errorf("Resolve(%q, %q): %v, want %v inside", c.base, c.ref, err, c.sentinel)
		}
		other := ErrSyntax
		if c.sentinel == ErrSyntax {
			other = ErrUnsuitableBase
		}
		if errors.Is(err, other) {
			t.Errorf("Resolve(%q, %q): %v is %v too", c.base, c.ref, err, other)
		}
		var d *Diagnostic
		var all Diagnostics
		if !errors.As(err, &d) || d.Rule != c.rule || !errors.As(err, &all) || len(all) == 0 || all[0] != *d {
			t.Errorf("Resolve(%q, %q): errors.As finds %+v and %+v, want the first of rule %s", c.base, c.ref, d, all, c.rule)
		}
	}
	for _, c := range []struct {
		base, target string
		sentinel     error
	}{
		{"http://a/", "g", ErrTargetNotAbsolute},
		{"g", "http://a/", ErrUnsuitableBase},
		{"http://a/", "http://a/%", ErrSyntax},
	} {
		_, err := Relative(c.base, c.target)
		var e *Error
		if !errors.Is(err, c.sentinel) || !errors.As(err, &e) || e.Op != "relative" || e.URL != c.target {
			t.Errorf("Relative(%q, %q): %v, want an *Error with %v", c.base, c.target, err, c.sentinel)
		}
	}
	if _, err := Relative("http://a/", "g"); !errors.Is(err, resolve.ErrTargetNotAbsolute) {
		t.Errorf("Relative(http://a/, g): %v, want resolve's sentinel too", err)
	}
}

func TestResolveRelativeRoundTrip(t *testing.T) {
	const base = "http://a/b/c/d;p?q#f"
	for _, ref := range []string{"g", "./g", "../..", "?y", ";x", "#s", "", "//g", "g;x?y#s", "../../../g"} {
		abs, err := Resolve(base, ref)
		if err != nil {
			t.Fatal(err)
		}
		r, err := Relative(base, abs)
		if err != nil {
			t.Fatal(err)
		}
		if back, _ := Resolve(base, r); back != abs {
			t.Errorf("Relative(%q) = %q resolves to %q", abs, r, back)
		}
	}
}

// TestErrorsSayEachThingOnce: an error names its input once, as
// *url.Error does, and stays short however long the input (a 100 MB
// reference gives a line, not 100 MB).
func TestErrorsSayEachThingOnce(t *testing.T) {
	_, err := Resolve("http://a/b", "g%zz")
	if want := `resolve: bad reference "g%zz": offset 1: escape: "%zz" is not an escape: escape = "%" hex hex; write a literal "%" as %25`; err == nil || err.Error() != want {
		t.Errorf("Resolve(http://a/b, g%%zz) = %v\nwant %s", err, want)
	}
	_, err = Resolve("http://a//b", "g")
	if want := `resolve: bad base URL "http://a//b": not generic-RL: offset 8: generic-RL: `; err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Errorf("Resolve(http://a//b, g) = %v\nwant %s...", err, want)
	}
	_, err = Relative("http://a/", "g")
	if want := `relative "g": target is not absolute, so no reference resolves to it`; err == nil || err.Error() != want {
		t.Errorf("Relative(http://a/, g) = %v\nwant %s", err, want)
	}
	_, err = Parse("a b")
	if want := `parse "a b": offset 1: fsegment: space is not allowed in fsegment; write it as %20`; err == nil || err.Error() != want {
		t.Errorf("Parse(a b) = %v\nwant %s", err, want)
	}

	long := strings.Repeat("a", 10<<20)
	for name, f := range map[string]func() error{
		"a long reference, bad at its end": func() error { _, err := Resolve("http://a/", long+"%zz"); return err },
		"a long base, bad at its end":      func() error { _, err := Resolve("http://a/"+long+"%zz", "g"); return err },
		"a long target":                    func() error { _, err := Relative("http://a/", long); return err },
		"invalid UTF-8":                    func() error { _, err := Parse(strings.Repeat("\xff", 10<<20)); return err },
		"all NUL":                          func() error { _, err := Resolve("http://a/", strings.Repeat("\x00", 1<<20)); return err },
	} {
		err := f()
		if err == nil || len(err.Error()) > 1024 {
			t.Errorf("%s: error of %d bytes", name, len(fmt.Sprint(err)))
		}
	}
	_, err = Resolve("http://a/", long+"%zz")
	if msg := err.Error(); !strings.Contains(msg, `…"aaaa`) || !strings.Contains(msg, `%zz"`) {
		t.Errorf("the window is not around the fault: %s", msg)
	}
}

// TestParseContract: Parse and Validate give the §2.4 cut that package
// validate gives, converted, and an error through which errors.As finds
// the first diagnostic and the list, and errors.Is ErrSyntax.
func TestParseContract(t *testing.T) {
	for _, s := range []string{"http://a/b c?d^", "http://a/b", "%zz", ""} {
		u, err := Parse(s)
		v, diags := Validate(s)
		want, wantDiags := validate.Validate(s)
		if u != fromAST(want) || v != u || len(diags) != len(wantDiags) || (err == nil) != (wantDiags == nil) {
			t.Errorf("Parse(%q): %v %v, Validate %v %v; validate.Validate %v %v", s, u, err, v, diags, want, wantDiags)
		}
		for i := range diags {
			if diags[i] != fromDiagnostic(&wantDiags[i]) {
				t.Errorf("Validate(%q)[%d] = %+v, want %+v", s, i, diags[i], wantDiags[i])
			}
		}
		if err == nil {
			continue
		}
		var d *Diagnostic
		var list Diagnostics
		if !errors.As(err, &d) || !errors.As(err, &list) || d.Offset != list[0].Offset || !errors.Is(err, ErrSyntax) {
			t.Errorf("Parse(%q): errors.As finds %v and %v", s, d, list)
		}
	}
}
