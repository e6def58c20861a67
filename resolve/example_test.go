package resolve_test

import (
	"errors"
	"fmt"

	"github.com/relurl/relurl/resolve"
	"github.com/relurl/relurl/validate"
)

func ExampleResolve() {
	u, err := resolve.Resolve("http://a/b/c/d;p?q#f", "../g;x?y#s")
	if err != nil {
		panic(err)
	}
	fmt.Println(u)
	fmt.Println(u.Scheme, u.NetLoc, u.Path, u.Params, u.Query, u.Fragment)
	// Output:
	// http://a/b/g;x?y#s
	// http a /b/g x y s
}

func ExampleResolve_abnormal() {
	// §5.2: the examples RFC 3986 resolvers (net/url, urljoin) answer
	// differently.
	for _, ref := range []string{"../../../g", "/./g", ";x", "http:g", ""} {
		u, _ := resolve.Resolve("http://a/b/c/d;p?q#f", ref)
		fmt.Printf("%q -> %s\n", ref, u)
	}
	// Output:
	// "../../../g" -> http://a/../g
	// "/./g" -> http://a/./g
	// ";x" -> http://a/b/c/d;x
	// "http:g" -> http:g
	// "" -> http://a/b/c/d;p?q#f
}

func ExampleLenient() {
	fmt.Println(resolve.Lenient("http://a/b c/d", "../e f"))
	// Output: http://a/e f
}

func ExampleParseBase() {
	for _, s := range []string{"http://a/b", "/b/c", "http://a//b", "http://a/%zz"} {
		_, err := resolve.ParseBase(s)
		var be *resolve.BaseError
		if errors.As(err, &be) {
			fmt.Printf("%s: %s\n", s, be.Reason)
			continue
		}
		fmt.Printf("%s: ok\n", s)
	}
	// Output:
	// http://a/b: ok
	// /b/c: not absolute
	// http://a//b: not generic-RL
	// http://a/%zz: not a URL
}

func ExampleParseRef() {
	_, err := resolve.ParseRef("g h")
	fmt.Println(err)
	// Output: bad reference "g h": offset 1: fsegment: space is not allowed in fsegment; write it as %20
}

func ExampleReference() {
	base := validate.Split("http://a")
	ref := validate.Split("g")
	fmt.Println(resolve.Reference(base, ref)) // not http://ag
	// Output: http://a/g
}

func ExampleRelative() {
	r, err := resolve.Relative("http://a/b/c/d;p?q#f", "http://a/b/this:that")
	if err != nil {
		panic(err)
	}
	fmt.Println(r)
	// Output: ../this:that
}

func ExampleBaseReason() {
	u, err := resolve.Resolve("http://a/b/c/d;p?q#f", "../..//g")
	if err != nil {
		panic(err)
	}
	fmt.Println(u, resolve.BaseReason(u) == resolve.ReasonNotGenericRL)
	// Output: http://a//g true
}
