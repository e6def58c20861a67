package runner

import (
	"strings"
	"testing"
)

// TestPatterns holds the matcher to gitignore(5)'s semantics, case by case.
func TestPatterns(t *testing.T) {
	for _, c := range []struct {
		patterns []string
		path     string
		dir      bool
		want     bool
	}{
		// Unanchored: a name at any depth.
		{[]string{"*.urls"}, "a.urls", false, true},
		{[]string{"*.urls"}, "x/y/a.urls", false, true},
		{[]string{"*.urls"}, "x/a.html", false, false},
		{[]string{"_sources"}, "_sources/x/a.txt", false, true}, // a directory that holds it
		{[]string{"_sources"}, "docs/_sources/a.txt", false, true},
		// Anchored: from the directory.
		{[]string{"/build"}, "build/a.html", false, true},
		{[]string{"/build"}, "x/build/a.html", false, false},
		{[]string{"docs/*.html"}, "docs/a.html", false, true},
		{[]string{"docs/*.html"}, "docs/x/a.html", false, false},
		{[]string{"docs/*.html"}, "x/docs/a.html", false, false},
		// "**".
		{[]string{"**/a.html"}, "a.html", false, true},
		{[]string{"**/a.html"}, "x/y/a.html", false, true},
		{[]string{"a/**/b.html"}, "a/b.html", false, true},
		{[]string{"a/**/b.html"}, "a/x/y/b.html", false, true},
		{[]string{"a/**"}, "a/x/y.html", false, true},
		{[]string{"a/**"}, "a", true, false}, // everything inside, not a itself
		{[]string{"_sources/**"}, "_sources/library/os.rst.txt", false, true},
		{[]string{"_sources/**"}, "x/_sources/a.txt", false, false},
		// Directories only.
		{[]string{"vendor/"}, "vendor", true, true},
		{[]string{"vendor/"}, "vendor", false, false},
		{[]string{"vendor/"}, "x/vendor/a.html", false, true},
		// Negation: the last pattern that matches decides.
		{[]string{"*.html", "!keep.html"}, "keep.html", false, false},
		{[]string{"*.html", "!keep.html"}, "drop.html", false, true},
		{[]string{"!keep.html", "*.html"}, "keep.html", false, true},
		{[]string{"legacy/", "!legacy/keep.html"}, "legacy/keep.html", false, true}, // a matched directory cannot be re-included
		// Classes and escapes.
		{[]string{"[ab].html"}, "a.html", false, true},
		{[]string{"[!ab].html"}, "a.html", false, false},
		{[]string{"[!ab].html"}, "c.html", false, true},
		{[]string{`\!x`}, "!x", false, true},
		{[]string{"?.html"}, "ab.html", false, false},
		// Outside the directory.
		{[]string{"**"}, "../a.html", false, false},
		{[]string{"*"}, "", false, false},
	} {
		ps, err := ParsePatterns(c.patterns)
		if err != nil {
			t.Fatalf("%q: %v", c.patterns, err)
		}
		if got := ps.Match(c.path, c.dir); got != c.want {
			t.Errorf("%q.Match(%q, dir %v) = %v, want %v", c.patterns, c.path, c.dir, got, c.want)
		}
	}
	for _, bad := range []string{"", "/", "!", "a//b", "[a", `a\`, "#x"} {
		if _, err := ParsePatterns([]string{bad}); err == nil {
			t.Errorf("pattern %q: no error", bad)
		}
	}
}

// TestPatternsLinear: many "**" against a deep path cost a table, not a
// search.
func TestPatternsLinear(t *testing.T) {
	ps, err := ParsePatterns([]string{strings.Repeat("**/a/", 40) + "b"})
	if err != nil {
		t.Fatal(err)
	}
	if ps.Match(strings.Repeat("a/", 200)+"c", false) {
		t.Error("matched")
	}
}
