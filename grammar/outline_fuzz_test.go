package grammar

import (
	"strings"
	"testing"

	"github.com/relurl/relurl/ast"
)

// FuzzOutline: the outline of any input the reference parser accepts
// accounts for it byte for byte (checkOutline). Its seeds are
// testdata/fuzz/FuzzOutline (written by "make corpus": the §5 examples,
// every case of testdata/urls.txt, generated URLs; and a few shapes by
// hand). It holds what it needs in this file: OSS-Fuzz compiles it with
// the package's non-test files alone.
func FuzzOutline(f *testing.F) {
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 4096 {
			return
		}
		checkOutline(t, s)
	})
}

// checkOutline holds the outline of s to the tree and to Parse: the root
// spans the input, every child lies inside its parent after its elder
// sibling, and each §2.1 component's node spans exactly what Parse's
// component does.
func checkOutline(t *testing.T, s string) {
	t.Helper()
	root, err := Outline(s)
	if err != nil {
		return
	}
	u, _ := Parse(s)
	if root.Production != "URL" || root.Start != 0 || root.End != len(s) {
		t.Fatalf("Outline(%q): root %s [%d,%d)", s, root.Production, root.Start, root.End)
	}
	spans := map[string][]ast.Span{}
	var walk func(n Node)
	walk = func(n Node) {
		spans[n.Production] = append(spans[n.Production], ast.Span{Start: n.Start, End: n.End})
		at := n.Start
		for _, c := range n.Children {
			if c.Start < at || c.End < c.Start || c.End > n.End {
				t.Fatalf("Outline(%q): %s [%d,%d) is not after %d inside %s [%d,%d)", s, c.Production, c.Start, c.End, at, n.Production, n.Start, n.End)
			}
			at = c.End
			walk(c)
		}
	}
	walk(root)
	for _, c := range []struct {
		name string
		comp ast.Component
	}{{"scheme", u.Scheme}, {"net_loc", u.NetLoc}, {"params", u.Params}, {"query", u.Query}, {"fragment", u.Fragment}} {
		got := spans[c.name]
		if u.Form == ast.FormOpaque && c.name != "scheme" && c.name != "fragment" {
			continue // the opaque alternative has no such nodes
		}
		switch {
		case !c.comp.Present && len(got) != 0:
			t.Errorf("Outline(%q): %s %v, but Parse finds none", s, c.name, got)
		case c.comp.Present && (len(got) != 1 || got[0] != c.comp.Span):
			t.Errorf("Outline(%q): %s %v, Parse %v", s, c.name, got, c.comp.Span)
		}
	}
	// The path production is the path without its leading "/".
	if p := spans["path"]; len(p) == 1 {
		text := strings.TrimPrefix(u.Path.Value, "/")
		if s[p[0].Start:p[0].End] != text {
			t.Errorf("Outline(%q): path %q, Parse %q", s, s[p[0].Start:p[0].End], u.Path.Value)
		}
	}
}
