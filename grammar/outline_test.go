package grammar_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/relurl/relurl/ast"
	"github.com/relurl/relurl/grammar"
	"github.com/relurl/relurl/internal/cases"
)

// checkOutline holds the outline of s to the tree and to Parse: the root
// spans the input, every child lies inside its parent after its elder
// sibling, and each §2.1 component's node spans exactly what Parse's
// component does.
func checkOutline(t *testing.T, s string) {
	t.Helper()
	tree, err := grammar.ParseTree(s)
	if err != nil {
		return
	}
	u, _ := grammar.Parse(s)
	root := grammar.Outline(tree)
	if root.Production != "URL" || root.Start != 0 || root.End != len(s) {
		t.Fatalf("Outline(%q): root %s [%d,%d)", s, root.Production, root.Start, root.End)
	}
	spans := map[string][]ast.Span{}
	var walk func(n grammar.Node)
	walk = func(n grammar.Node) {
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

// TestOutline checks the outline of every valid case of testdata/urls.txt
// and of a few shapes the table has few of.
func TestOutline(t *testing.T) {
	cs, err := cases.Load("../testdata/urls.txt")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, c := range cs {
		if c.Valid {
			checkOutline(t, c.Input)
			n++
		}
	}
	for _, s := range []string{"", "#", "#s", "g:h", "http://a//b;c?d#e", "//a", "/", ";a;b;;", "?", "a/b//c/", "http:", "%41:x"} {
		checkOutline(t, s)
	}
	if n < 50 {
		t.Fatalf("only %d valid cases", n)
	}
}

// FuzzOutline: the outline of any input the reference parser accepts
// accounts for it byte for byte.
func FuzzOutline(f *testing.F) {
	for _, s := range []string{"http://a/b/c/d;p?q#f", "../../g;x?y#s", "http://a//b", "g;x=1/../y"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 4096 {
			return
		}
		checkOutline(t, s)
	})
}

func ExampleOutline() {
	s := "../../g;x?y#s"
	tree, err := grammar.ParseTree(s)
	if err != nil {
		panic(err)
	}
	var show func(n grammar.Node, depth int)
	show = func(n grammar.Node, depth int) {
		fmt.Printf("%s%s %q\n", strings.Repeat("  ", depth), n.Production, s[n.Start:n.End])
		for _, c := range n.Children {
			show(c, depth+1)
		}
	}
	show(grammar.Outline(tree), 0)
	// Output:
	// URL "../../g;x?y#s"
	//   relativeURL "../../g;x?y"
	//     rel_path "../../g;x?y"
	//       path "../../g"
	//         fsegment ".."
	//         segment ".."
	//         segment "g"
	//       params "x"
	//         param "x"
	//       query "y"
	//   fragment "s"
}
