package grammar_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/relurl/relurl/grammar"
	"github.com/relurl/relurl/internal/cases"
)

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
			grammar.CheckOutline(t, c.Input)
			n++
		}
	}
	for _, s := range []string{"", "#", "#s", "g:h", "http://a//b;c?d#e", "//a", "/", ";a;b;;", "?", "a/b//c/", "http:", "%41:x"} {
		grammar.CheckOutline(t, s)
	}
	if n < 50 {
		t.Fatalf("only %d valid cases", n)
	}
}

func ExampleOutline() {
	s := "../../g;x?y#s"
	root, err := grammar.Outline(s)
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
	show(root, 0)
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
