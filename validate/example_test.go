package validate_test

import (
	"fmt"

	"github.com/relurl/relurl/validate"
)

func ExampleValidate() {
	u, diags := validate.Validate("//a/b?c d")
	fmt.Printf("net_loc %q path %q query %q\n", u.NetLoc, u.Path, u.Query)
	for _, d := range diags {
		fmt.Printf("%d..%d %s %s\n", d.Offset, d.End, d.Production, d.Rule)
	}
	// Output:
	// net_loc "a" path "/b" query "c d"
	// 7..8 query query/char
}

func ExampleParse() {
	_, err := validate.Parse("g#s#")
	fmt.Println(err)
	// Output:
	// offset 3: fragment: "#" is not allowed in a fragment: only the first "#" begins the fragment (§2.4.1); write it as %23
}

func ExampleSplit() {
	u := validate.Split("http://a?b/c;d?e#f")
	fmt.Printf("%q %q %q %q %q %q\n", u.Scheme, u.NetLoc, u.Path, u.Params, u.Query, u.Fragment)
	// Output:
	// "http" "a?b" "/c" "d" "e" "f"
}

func ExampleValid() {
	fmt.Println(validate.Valid("http://a//b"), validate.Valid("//a//b"))
	// Output:
	// true false
}
