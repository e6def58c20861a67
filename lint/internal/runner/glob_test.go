package runner

import (
	"fmt"
	"math/rand/v2"
	"path"
	"strings"
	"testing"

	"github.com/relurl/relurl/internal/testseed"
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
// search; a pattern of thousands of "**/" segments against a file 300
// directories deep, which cost the cube of the depth (each directory that
// holds the path matched apart), is matched once (cmd/relurl's TestScale
// times both axes).
func TestPatternsLinear(t *testing.T) {
	for _, c := range []struct {
		pattern, path string
		want          bool
	}{
		{strings.Repeat("**/a/", 40) + "b", strings.Repeat("a/", 200) + "c", false},
		{strings.Repeat("**/a/", 40) + "c", strings.Repeat("a/", 200) + "c", true},
		{strings.Repeat("**/", 300) + "nomatch", strings.Repeat("d/", 300) + "a.urls", false},
		{strings.Repeat("**/", 300) + "a.urls", strings.Repeat("d/", 300) + "a.urls", true},
		{strings.Repeat("d/**/", 200) + "a.urls", strings.Repeat("d/", 150) + "a.urls", false},
		{strings.Repeat("d/**/", 150) + "a.urls", strings.Repeat("d/", 300) + "a.urls", true},
	} {
		ps, err := ParsePatterns([]string{c.pattern})
		if err != nil {
			t.Fatal(err)
		}
		if got := ps.Match(c.path, false); got != c.want {
			t.Errorf("%.20s… (%d bytes) on a path %d deep: %v, want %v", c.pattern, len(c.pattern), strings.Count(c.path, "/"), got, c.want)
		}
	}
}

// TestPatternsAsSearch: Match gives what a plain search gives: for each
// directory that holds the path, then the path, the last pattern that
// matches decides, "**" tried at every length. Random patterns over a
// small alphabet, against random paths, seeded (RELURL_SEED).
func TestPatternsAsSearch(t *testing.T) {
	rng := rand.New(rand.NewPCG(uint64(testseed.Seed(t, 62)), 0))
	segs := []string{"a", "b", "*", "?", "[ab]", "**", "a*"}
	names := []string{"a", "b", "ab", "ba", "c"}
	n := 20000
	if testing.Short() {
		n = 2000
	}
	for i := range n {
		var list []string
		for range 1 + rng.IntN(3) {
			var p []string
			for range 1 + rng.IntN(5) {
				p = append(p, segs[rng.IntN(len(segs))])
			}
			s := strings.Join(p, "/")
			switch rng.IntN(6) {
			case 0:
				s = "!" + s
			case 1:
				s += "/"
			case 2:
				s = "/" + s
			}
			list = append(list, s)
		}
		var p []string
		for range 1 + rng.IntN(6) {
			p = append(p, names[rng.IntN(len(names))])
		}
		rel, isDir := strings.Join(p, "/"), rng.IntN(2) == 0
		ps, err := ParsePatterns(list)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := ps.Match(rel, isDir), searchMatch(list, rel, isDir); got != want {
			t.Fatalf("case %d: %q.Match(%q, dir %v) = %v, the search says %v", i, list, rel, isDir, got, want)
		}
	}
}

// searchMatch is Match as a search: gitignore's rules spelled out, for
// small inputs.
func searchMatch(list []string, rel string, isDir bool) bool {
	segs := strings.Split(rel, "/")
	decide := func(prefix []string, dir bool) bool {
		for i := len(list) - 1; i >= 0; i-- {
			s := list[i]
			negate := strings.HasPrefix(s, "!")
			s = strings.TrimPrefix(s, "!")
			dirOnly := strings.HasSuffix(s, "/")
			s = strings.TrimSuffix(s, "/")
			if dirOnly && !dir {
				continue
			}
			anchored := strings.Contains(s, "/")
			pat := strings.Split(strings.TrimPrefix(s, "/"), "/")
			if !anchored {
				pat = append([]string{"**"}, pat...)
			}
			if search(pat, prefix) {
				return !negate
			}
		}
		return false
	}
	for n := 1; n < len(segs); n++ {
		if decide(segs[:n], true) {
			return true
		}
	}
	return decide(segs, isDir)
}

// search matches pattern segments against path segments by trying every
// length for each "**" (at least one for a last "**").
func search(pat, name []string) bool {
	if len(pat) == 0 {
		return len(name) == 0
	}
	if pat[0] == "**" {
		from := 0
		if len(pat) == 1 {
			from = 1
		}
		for k := from; k <= len(name); k++ {
			if search(pat[1:], name[k:]) {
				return true
			}
		}
		return false
	}
	if len(name) == 0 {
		return false
	}
	m, _ := path.Match(pat[0], name[0])
	return m && search(pat[1:], name[1:])
}

// TestPatternLimits: a list of more than MaxPatterns patterns, or a
// pattern of more than MaxPatternSize bytes, is refused with a clear
// error, in a configuration file at its key (decision L-61).
func TestPatternLimits(t *testing.T) {
	many := make([]string, MaxPatterns+1)
	for i := range many {
		many[i] = fmt.Sprintf("d%d/", i)
	}
	if _, err := ParsePatterns(many[:MaxPatterns]); err != nil {
		t.Errorf("%d patterns: %v", MaxPatterns, err)
	}
	if _, err := ParsePatterns(many); err == nil || !strings.Contains(err.Error(), "more than the 1000 a list may hold") {
		t.Errorf("%d patterns: %v", len(many), err)
	}
	long := strings.Repeat("a*", MaxPatternSize/2) + "b"
	if _, err := ParsePatterns([]string{long}); err == nil || !strings.Contains(err.Error(), "more than the 1024 a pattern may be") {
		t.Errorf("a pattern of %d bytes: %v", len(long), err)
	}
	for key, want := range map[string]string{
		"exclude = [" + strings.Repeat(`"a/", `, MaxPatterns+1) + "]\n": ":1: exclude: 1001 patterns, more than the 1000",
		"include = [\"" + long + "\"]\n":                                ":1: include: pattern \"a*a*",
	} {
		_, err := ParseConfig("x/.relurl.toml", []byte(key))
		if err == nil || !strings.HasPrefix(err.Error(), "x/.relurl.toml"+want) {
			t.Errorf("%.40q…: %v, want x/.relurl.toml%s…", key, err, want)
		}
	}
}
