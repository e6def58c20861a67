package validate_test

import (
	"fmt"
	"strings"

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

func ExampleValidate_runs() {
	// A run of characters that break the same rule in one component is
	// one diagnostic.
	_, diags := validate.Validate("man?&amp;     sektion=9#日本")
	for _, d := range diags {
		fmt.Printf("%d..%d %s: %s\n", d.Offset, d.End, d.Rule, d.Message)
	}
	// Output:
	// 9..14 query/char: 5 spaces are not allowed in query; write them as %20%20%20%20%20
	// 24..30 fragment/char: non-ASCII characters "日本" are not allowed in fragment; write them as %E6%97%A5%E6%9C%AC
}

func ExampleMore() {
	_, diags := validate.Validate(strings.Repeat("a<", 1000))
	fmt.Println(len(diags), diags[len(diags)-1].Rule, validate.More(diags))
	// Output: 100 URL/too-many-errors 901
}
