package relurl_test

import (
	"errors"
	"fmt"

	"github.com/relurl/relurl"
)

func ExampleResolve() {
	const base = "http://a/b/c/d;p?q#f" // the base of RFC 1808 §5
	for _, ref := range []string{"g", "../g", ";x", "?y", "#s", "", "../../../g", "/./g", "http:g"} {
		abs, err := relurl.Resolve(base, ref)
		if err != nil {
			panic(err)
		}
		fmt.Printf("%-12q %s\n", ref, abs)
	}
	// Output:
	// "g"          http://a/b/c/g
	// "../g"       http://a/b/g
	// ";x"         http://a/b/c/d;x
	// "?y"         http://a/b/c/d;p?y
	// "#s"         http://a/b/c/d;p?q#s
	// ""           http://a/b/c/d;p?q#f
	// "../../../g" http://a/../g
	// "/./g"       http://a/./g
	// "http:g"     http:g
}

func ExampleResolve_badBase() {
	_, err := relurl.Resolve("http://a//b", "g")
	fmt.Println(errors.Is(err, relurl.ErrUnsuitableBase), errors.Is(err, relurl.ErrSyntax))
	var d *relurl.Diagnostic
	if errors.As(err, &d) {
		fmt.Println(d.Rule, d.Offset, d.Text)
	}
	// Output:
	// true false
	// base/not-generic-RL 8 //
}

func ExampleResolveLenient() {
	fmt.Println(relurl.ResolveLenient("http://a/b c/d", "../e f"))
	// Output: http://a/e f
}

func ExampleRelative() {
	const base = "http://a/b/c/d;p?q#f"
	for _, target := range []string{"http://a/b/c/g", "http://a/b/g?y", "http://a/b/c/d;p?q#s", "http://a/b/c/this:that", "http://x/y", "ftp://a/b"} {
		r, err := relurl.Relative(base, target)
		if err != nil {
			panic(err)
		}
		fmt.Printf("%-24s %s\n", target, r)
	}
	// Output:
	// http://a/b/c/g           g
	// http://a/b/g?y           ../g?y
	// http://a/b/c/d;p?q#s     #s
	// http://a/b/c/this:that   ./this:that
	// http://x/y               //x/y
	// ftp://a/b                ftp://a/b
}
