package target

import (
	"testing"

	"github.com/relurl/relurl/lint/internal/extract"
)

// TestChainKept: a tree keeps where the chain of redirects from each
// redirect page ends, one entry per redirect page, once every page on
// the way is known; it forgets them when a page's redirect changes, or
// the files do, and answers as it did without them (decision T-27).
func TestChainKept(t *testing.T) {
	stub := func(to string) string {
		return `<meta http-equiv="refresh" content="0; url=` + to + `"><script>location.replace("` + to + `" + location.hash)</script>`
	}
	pages := map[string]string{
		"s1.html": stub("s2.html"), "s2.html": stub("new.html"),
		"new.html": `<h1 id="usage">Usage</h1>`, "other.html": `<h1 id="else">Else</h1>`,
	}
	paths := []string{}
	for p := range pages {
		paths = append(paths, p)
	}
	tree, err := NewTree(Files(paths...), "", Options{})
	if err != nil {
		t.Fatal(err)
	}
	set := func(p, src string) { tree.SetAnchors(p, ReadAnchors(src, extract.KindHTML, 0)) }
	s1 := tree.Resolve("s1.html", false)
	// s2 not known yet: nothing is kept, and the answer is not settled.
	set("s1.html", pages["s1.html"])
	if _, known := tree.KnownOf(s1); !known {
		t.Fatal("s1.html not known")
	}
	if lk := (&Dest{Target: s1, FragAt: 0, FragText: "usage"}); lk.Known(tree) != FragUnknown || len(tree.chains) != 0 {
		t.Fatalf("s2.html unknown: %v, %d chains kept", lk.Known(tree), len(tree.chains))
	}
	for p, src := range pages {
		set(p, src)
	}
	for range 3 {
		if f := tree.Fragment(s1, "usage"); !f.Found || f.Via == nil || f.Via.Hops != 2 {
			t.Fatalf("s1.html#usage = %+v", f)
		}
		if f := tree.Fragment(s1, "nope"); f.Found || !f.Checked {
			t.Fatalf("s1.html#nope = %+v", f)
		}
	}
	if n := len(tree.chains); n != 1 {
		t.Fatalf("%d chains kept, want 1 (s1.html's)", n)
	}
	// The page reached changes its anchors, not its redirect: the chain
	// holds, and the answer is the new anchors'.
	set("new.html", `<h1 id="nope">`)
	if f := tree.Fragment(s1, "nope"); !f.Found || len(tree.chains) != 1 {
		t.Fatalf("new.html with #nope: %+v, %d chains", f, len(tree.chains))
	}
	// s2 leads elsewhere now: the chains are forgotten.
	set("s2.html", stub("other.html"))
	if len(tree.chains) != 0 {
		t.Fatalf("%d chains kept past a changed redirect", len(tree.chains))
	}
	if f := tree.Fragment(s1, "else"); !f.Found || f.Via.To != "other.html" {
		t.Fatalf("s1.html#else through the changed s2.html = %+v", f)
	}
	tree.Invalidate()
	if len(tree.chains) != 0 {
		t.Fatalf("%d chains kept past Invalidate", len(tree.chains))
	}
}
