package gen_test

import (
	"fmt"

	"github.com/relurl/relurl/internal/gen"
)

// A fuzz input's bytes are the choices of the productions: any bytes
// build a valid URL, and a byte added is a choice added.
func ExampleProduction_Draw() {
	url, _ := gen.Find("URL")
	for _, data := range []string{"", "RFC 1808", "RFC 1808, section 2.", "RFC 1808, section 2.2", "go test -fuzz"} {
		fmt.Printf("%q\n", url.Draw(gen.NewBytes([]byte(data))))
	}
	// Output:
	// "http:///.;?#"
	// "k:.;?#"
	// "k:g./P%10/.?#"
	// "k:g./P%10/.#"
	// "//@host/.;!%00%00%00%00?#"
}

// DrawInvalid injects one known violation, whose diagnostic is known.
func ExampleProduction_DrawInvalid() {
	url, _ := gen.Find("generic-RL")
	v, _ := url.DrawInvalid(gen.NewBytes([]byte("RFC 1808")))
	fmt.Printf("%q: %s at offset %d\n", v.Input, v.Rule, v.Offset)
	// Output:
	// "Tkrj:.;?##": fragment/hash at offset 9
}

// The dictionary of the grammar's delimiters and literals, for
// libFuzzer's -dict and AFL's -x ("relurl gen --dict").
func ExampleDictionary() {
	d := gen.Dictionary()
	fmt.Printf("%d tokens: %q ...\n", len(d), d[:8])
	// Output:
	// 82 tokens: ["\"" "#" "%" "&" "/" ":" ";" "<"] ...
}
