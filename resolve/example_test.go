package resolve_test

import (
	"errors"
	"fmt"
	"strings"

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

func ExampleEstablish() {
	ctx := resolve.Context{Retrieval: "http://example.org/doc"}
	b, err := resolve.Establish(nil, ctx)
	if err != nil {
		panic(err)
	}
	fmt.Printf("%s from the %s (§%s)\n", b.URL, b.Layer, b.Layer.Section())
	// Output: http://example.org/doc from the retrieval URL (§3.3)
}

func ExampleHTMLBase() {
	doc := `<HTML><HEAD><BASE href="http://www.ics.uci.edu/Test/a/b/c"></HEAD></HTML>`
	b, err := resolve.HTMLBase(strings.NewReader(doc), resolve.Context{Retrieval: "http://elsewhere/"})
	if err != nil {
		panic(err)
	}
	fmt.Println(b.URL, "|", b.Layer, "|", b.Source)
	// Output: http://www.ics.uci.edu/Test/a/b/c | embedded | HTML BASE element
}

func ExampleFindHTMLBase() {
	href, found, _ := resolve.FindHTMLBase(strings.NewReader(`<title>x</title><base href="http://a/">`))
	fmt.Println(href, found)
	// Output: http://a/ true
}

func ExampleParseBaseHeader() {
	u, err := resolve.ParseBaseHeader("<URL:http://www.ics.uci.edu/\r\n Test/a/b/c>")
	fmt.Println(u, err)
	// Output: http://www.ics.uci.edu/Test/a/b/c <nil>
}

func ExampleMessageBase() {
	msg := "Base: <URL:http://a/b/>\r\n" +
		"Content-Type: multipart/mixed; boundary=x\r\n\r\n" +
		"--x\r\n\r\ninherits\r\n" +
		"--x\r\nBase: <URL:http://own/>\r\n\r\nits own\r\n" +
		"--x--\r\n"
	e, err := resolve.MessageBase(strings.NewReader(msg), resolve.Context{})
	if err != nil {
		panic(err)
	}
	fmt.Println(e.Base.URL, e.Base.Layer)
	for _, p := range e.Parts {
		fmt.Println(p.Path, p.Base.URL, p.Base.Layer)
	}
	// Output:
	// http://a/b/ embedded
	// 1 http://a/b/ encapsulating entity
	// 2 http://own/ embedded
}

func ExampleBaseReason() {
	u, err := resolve.Resolve("http://a/b/c/d;p?q#f", "../..//g")
	if err != nil {
		panic(err)
	}
	fmt.Println(u, resolve.BaseReason(u) == resolve.ReasonNotGenericRL)
	// Output: http://a//g true
}
