package relurl_test

import (
	"errors"
	"fmt"

	"github.com/relurl/relurl"
)

func ExampleParse() {
	u, err := relurl.Parse("http://a/b/c/d;p?q#f")
	if err != nil {
		panic(err)
	}
	fmt.Println(u.Form, u.Scheme, u.NetLoc, u.Path, u.Params, u.Query, u.Fragment)
	fmt.Println(u)
	// Output:
	// generic-RL http a /b/c/d p q f
	// http://a/b/c/d;p?q#f
}

func ExampleParse_error() {
	_, err := relurl.Parse("http://a/%zz")
	fmt.Println(err)
	var d *relurl.Diagnostic
	if errors.As(err, &d) {
		fmt.Println(d.Offset, d.End, d.Production, d.Rule)
	}
	// Output:
	// parse "http://a/%zz": offset 9: escape: "%zz" is not an escape: escape = "%" hex hex; write a literal "%" as %25
	// 9 12 escape escape/malformed
}

func ExampleParse_forms() {
	for _, s := range []string{"g:h", "../g", "http://a//b", "//a//b"} {
		u, err := relurl.Parse(s)
		if err != nil {
			fmt.Printf("%-12s invalid\n", s)
			continue
		}
		fmt.Printf("%-12s %v\n", s, u.Form)
	}
	// Output:
	// g:h          generic-RL
	// ../g         relativeURL
	// http://a//b  opaque
	// //a//b       invalid
}

func ExampleValidate() {
	s := "http://a/b c?d^#e#"
	_, diags := relurl.Validate(s)
	for _, d := range diags {
		fmt.Printf("%d %s %q [%s]\n", d.Offset, d.Production, d.Text, d.Rule)
	}
	fmt.Println(diags[0].Caret(s))
	// Output:
	// 10 fsegment " " [fsegment/char]
	// 14 query "^" [query/char]
	// 17 fragment "#" [fragment/hash]
	// http://a/b c?d^#e#
	//           ^
}

func ExampleSplit() {
	u := relurl.Split("http://a/b<c>?q#f")
	fmt.Printf("%q %q %q %q %q\n", u.Scheme, u.NetLoc, u.Path, u.Query, u.Fragment)
	fmt.Println(u.Params.Present, u.Query.Present)
	// Output:
	// "http" "a" "/b<c>" "q" "f"
	// false true
}
