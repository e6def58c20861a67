package benchdata

import (
	"strings"
	"testing"
)

// TestLines: comments and blank lines are no input, `""` is the empty
// string, as section5.txt's empty reference shows.
func TestLines(t *testing.T) {
	lines := Lines(t, "section5.txt")
	if len(lines) == 0 || lines[0] != "http://a/b/c/d;p?q#f" {
		t.Fatalf("section5.txt: %q..., want §5's base first", lines[:min(len(lines), 1)])
	}
	empty := 0
	for _, l := range lines {
		if l == "" {
			empty++
		}
		if strings.HasPrefix(l, "# ") {
			t.Errorf("a comment read as an input: %q", l)
		}
	}
	if empty != 1 {
		t.Errorf("section5.txt: %d empty references, want §5's one", empty)
	}
}

// TestShapes: every shape made to a size is that size or just under,
// with its prefix and suffix; at a size too small for one unit, one.
func TestShapes(t *testing.T) {
	shapes := Shapes(t)
	if len(shapes) == 0 {
		t.Fatal("no shapes")
	}
	for _, sh := range shapes {
		for _, n := range []int{1000, 32_000} {
			s := sh.Make(n)
			if len(s) > n || len(s) <= n-len(sh.Unit) || !strings.HasPrefix(s, sh.Prefix) || !strings.HasSuffix(s, sh.Suffix) {
				t.Errorf("%s at %d: %d bytes, %.40q", sh.Name, n, len(s), s)
			}
			if r := sh.Ref(n); len(r) > n || len(r) <= n-len(sh.Unit) {
				t.Errorf("%s: Ref(%d) is %d bytes", sh.Name, n, len(r))
			}
		}
		if got := sh.Make(0); got != sh.Prefix+sh.Unit+sh.Suffix {
			t.Errorf("%s at 0: %q, want one unit", sh.Name, got)
		}
	}
}
