package lint_test

import (
	"fmt"

	"github.com/relurl/relurl/lint/internal/lint"
)

func ExampleParseIgnore() {
	ig, err := lint.ParseIgnore("relurl:ignore fsegment/colon,query/char -- the old wiki's links")
	fmt.Println(ig.File, ig.Rules, ig.Reason, err)
	_, err = lint.ParseIgnore("relurl:ignore fsegment/colons")
	fmt.Println(err)
	// Output:
	// false [fsegment/colon query/char] the old wiki's links <nil>
	// unknown rule or family "fsegment/colons"; did you mean fsegment/colon? (see relurl rules)
}

func ExampleRule_Anchor() {
	r, _ := lint.Lookup("reference/result-not-generic-RL")
	fmt.Println(r.Anchor())
	fmt.Println(r.DocURL())
	// Output:
	// reference-result-not-generic-rl
	// https://github.com/relurl/relurl/blob/main/docs/rules.md#reference-result-not-generic-rl
}
