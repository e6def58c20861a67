package target_test

import (
	"fmt"

	"github.com/relurl/relurl/lint/internal/target"
)

func ExampleTree_Follow() {
	tree, _ := target.NewTree(target.Files("index.html", "library/functions.html", "glossary.html"), "", target.Options{})
	for _, c := range []struct{ embedded, ref string }{
		{"", "../glossary.html#term-iterable"}, // against the URL the file is served at
		{"", "../../up.html"},
		{"", "stdtypes.html"},
		{"http://site.invalid/", "index.html"}, // against the document's own base
		{"", "https://docs.python.org/3/"},
		{"", "a b.html"},     // not valid: where browsers take it
		{"", "http://a b/x"}, // browsers reject it too: nothing to follow
	} {
		l, ok := tree.Follow("library/functions.html", c.embedded, c.ref)
		if !ok {
			fmt.Printf("%s: not followed\n", c.ref)
			continue
		}
		status := "-"
		if l.Target != nil {
			status = map[target.Status]string{target.Found: "found", target.Missing: "missing: " + l.Target.Why}[l.Target.Status]
		}
		where := map[target.Where]string{target.Inside: "inside", target.Outside: "outside", target.External: "external"}[l.Place.Where]
		fmt.Printf("%s against %s (served %v, browser %v): %s, %s %q, %s\n", c.ref, l.Base, l.Served, l.Browser, l.Resolved, where, l.Place.Path, status)
	}
	// Output:
	// ../glossary.html#term-iterable against http://site.invalid/library/functions.html (served true, browser false): http://site.invalid/glossary.html#term-iterable, inside "glossary.html", found
	// ../../up.html against http://site.invalid/library/functions.html (served true, browser false): http://site.invalid/../up.html, outside "", -
	// stdtypes.html against http://site.invalid/library/functions.html (served true, browser false): http://site.invalid/library/stdtypes.html, inside "library/stdtypes.html", missing: no such file
	// index.html against http://site.invalid/ (served false, browser false): http://site.invalid/index.html, inside "index.html", found
	// https://docs.python.org/3/ against http://site.invalid/library/functions.html (served true, browser false): https://docs.python.org/3/, external "", -
	// a b.html against http://site.invalid/library/functions.html (served true, browser true): http://site.invalid/library/a%20b.html, inside "library/a b.html", missing: no such file
	// http://a b/x: not followed
}
