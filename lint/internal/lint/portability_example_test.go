package lint_test

import (
	"fmt"

	"github.com/relurl/relurl/lint/internal/extract"
	"github.com/relurl/relurl/lint/internal/lint"
)

// A link browsers resolve elsewhere than RFC 1808: in HTML, where the
// WHATWG rules are on by default, the finding carries the three readings.
func ExampleFinding_ReadingsTable() {
	l, err := lint.New(lint.Options{})
	if err != nil {
		panic(err)
	}
	page := []byte(`<base href="http://a/b/c/d;p?q#f"><a href="../../../g">up</a>`)
	for _, f := range l.File("page.html", page, extract.KindHTML) {
		fmt.Println(f.Rule)
		fmt.Println(f.ReadingsTable())
	}
	// The same link in a list of URLs: the RFC 3986 rule reports it.
	l, _ = lint.New(lint.Options{Retrieval: "http://a/b/c/d;p?q#f"})
	for _, f := range l.File("links.urls", []byte("../../../g\n"), extract.KindText) {
		fmt.Println(f.Rule)
	}
	// Output:
	// portability/whatwg-resolution
	// rfc1808  accepted  "http://a/../g"
	// rfc3986  accepted  "http://a/g"
	// whatwg   accepted  "http://a/g"
	// dotdot-above-root in path: RFC 1808 §4 step 6c, 6d
	// portability/rfc3986-resolution
}
