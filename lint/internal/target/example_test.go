package target_test

import (
	"fmt"

	"github.com/relurl/relurl/lint/internal/target"
	"github.com/relurl/relurl/validate"
)

// The flow of the package doc, by hand: a reference of guide/a.html,
// resolved against the URL the file is served at, placed in the tree,
// and the rules' decision on where it leads.
func Example() {
	tree, err := target.NewTree(target.Files("guide/a.html", "guide/Install.html", "index.html"), "", target.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	file := target.NewFile(&target.Scope{Tree: tree, Paths: []string{"guide/a.html"}}, 0)
	for _, s := range []string{"install.html", "missing.html", "../../up.html", "../index.html"} {
		u, _ := validate.Validate(s)
		ref := target.Ref{File: file, Base: &target.Base{FromRetrieval: true}, S: s, U: &u}
		dest := ref.Dest()
		h, ok := target.MissingHit(s, dest)
		if !ok {
			h, ok = target.CaseHit(s, &u, dest, false, false)
		}
		if !ok {
			h, ok = target.OutsideHit(s, dest, tree)
		}
		if !ok {
			fmt.Printf("%s: %s\n", s, target.PlaceText(dest.URL(), dest.Place, dest.Target))
			continue
		}
		fmt.Printf("%s: %s\n", s, h.Message)
	}
	// Output:
	// install.html: "install.html" leads to "guide/install.html" under the root, which exists only as "guide/Install.html": a file system blind to case finds it, most servers do not
	// missing.html: "missing.html" leads to "guide/missing.html" under the root: no such file
	// ../../up.html: "../../up.html" resolves to "/../up.html", above the root of the site (RFC 1808 keeps the ".." it cannot remove): it leaves the tree
	// ../index.html: "index.html", which exists
}
