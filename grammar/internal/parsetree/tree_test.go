package parsetree_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/relurl/relurl/grammar/internal/parsetree"
)

func TestTree(t *testing.T) {
	tree, err := parsetree.ParseTree("http://a/b/c;p;q?x#f")
	if err != nil {
		t.Fatal(err)
	}
	g := tree.AbsoluteURL.GenericRL
	if g == nil || g.Scheme.Name != "http" {
		t.Fatalf("want generic-RL with scheme http, got %#v", tree.AbsoluteURL)
	}
	np := g.RelativeURL.NetPath
	if got := strings.Join(np.NetLoc.Chars, ""); got != "a" {
		t.Errorf("net_loc = %q", got)
	}
	rp := np.AbsPath.RelPath
	if got := strings.Join(rp.Path.Fsegment.Pchars, ""); got != "b" {
		t.Errorf("fsegment = %q", got)
	}
	if len(rp.Path.Segments) != 1 || strings.Join(rp.Path.Segments[0].Pchars, "") != "c" {
		t.Errorf("segments = %#v", rp.Path.Segments)
	}
	if len(rp.Params.Params) != 2 || strings.Join(rp.Params.Params[1].Chars, "") != "q" {
		t.Errorf("params = %#v", rp.Params.Params)
	}
	if got := strings.Join(rp.Query.Chars, ""); got != "x" {
		t.Errorf("query = %q", got)
	}
	if got := strings.Join(tree.Fragment.Chars, ""); got != "f" {
		t.Errorf("fragment = %q", got)
	}
}

func ExampleParseTree() {
	tree, err := parsetree.ParseTree("ftp://h/p;type=a")
	if err != nil {
		panic(err)
	}
	rl := tree.AbsoluteURL.GenericRL
	rel := rl.RelativeURL.NetPath.AbsPath.RelPath
	fmt.Println(rl.Scheme.Name, strings.Join(rel.Params.Params[0].Chars, ""))
	// Output:
	// ftp type=a
}
