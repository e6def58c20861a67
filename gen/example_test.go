package gen_test

import (
	"fmt"
	"math/rand"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/prop"
	"github.com/relurl/relurl"
	"github.com/relurl/relurl/gen"
)

func ExampleGenerator_Generate() {
	urls, _ := gen.Find("generic-RL")
	r := rand.New(rand.NewSource(1808))
	for range 3 {
		u := urls.Generate(r)
		_, err := relurl.Parse(u)
		fmt.Printf("%q %v\n", u, err)
	}
	// Output:
	// "-:/Oq)2bBl//../mFvBxtX/74KG=gp" <nil>
	// "2://y%BFN(S,a%23'p/.DPg;2Xp;type=a;E%F0vMP7" <nil>
	// "R:/" <nil>
}

// A gopter property takes a Generator as a gopter.Gen in a line: gopter
// hands it its random numbers.
func ExampleGenerator_Generate_gopter() {
	urls, _ := gen.Find("URL")
	g := func(p *gopter.GenParameters) *gopter.GenResult {
		return gopter.NewGenResult(urls.Generate(p.Rng), gopter.NoShrinker)
	}
	params := gopter.DefaultTestParametersWithSeed(1808)
	result := prop.ForAll(func(s string) bool {
		_, err := relurl.Parse(s)
		return err == nil
	}, gopter.Gen(g)).Check(params)
	fmt.Println(result.Status == gopter.TestPassed, result.Succeeded)
	// Output:
	// true 100
}

// A fuzz input's bytes are the choices of the productions: any bytes
// build a valid URL, and a byte added is a choice added.
func ExampleGenerator_Draw() {
	url, _ := gen.Find("URL")
	for _, data := range []string{"", "RFC 1808", "RFC 1808, section 2.", "RFC 1808, section 2.2", "go test -fuzz"} {
		fmt.Printf("%q\n", url.Draw([]byte(data)))
	}
	// Output:
	// "http:///.;?#"
	// "k:.;?#"
	// "k:g./P%10/.?#"
	// "k:g./P%10/.#"
	// "//@host/.;!%00%00%00%00?#"
}

// DrawInvalid injects one known violation, whose diagnostic is known.
func ExampleGenerator_DrawInvalid() {
	url, _ := gen.Find("generic-RL")
	v, _ := url.DrawInvalid([]byte("RFC 1808"))
	fmt.Printf("%q: %s at offset %d\n", v.Input, v.Rule, v.Offset)
	_, diags := relurl.Validate(v.Input)
	fmt.Println(diags[0].Rule, diags[0].Offset)
	// Output:
	// "Tkrj:.;?##": fragment/hash at offset 9
	// fragment/hash 9
}

func ExampleGenerator_GenerateInvalid() {
	url, _ := gen.Find("URL")
	r := rand.New(rand.NewSource(1))
	v, _ := url.GenerateInvalid(r)
	_, diags := relurl.Validate(v.Input)
	fmt.Println(diags[0].Rule == v.Rule, diags[0].Offset == v.Offset)
	// Output:
	// true true
}

func ExampleFind() {
	g, ok := gen.Find("NetLoc")
	fmt.Println(g.Name(), ok, g.IsURL())
	fmt.Println(len(gen.Generators()) > 20)
	// Output:
	// net_loc true false
	// true
}

// The dictionary of the grammar's delimiters and literals, for
// libFuzzer's -dict and AFL's -x ("relurl gen --dict").
func ExampleDictionary() {
	d := gen.Dictionary()
	fmt.Printf("%d tokens: %q ...\n", len(d), d[:8])
	// Output:
	// 82 tokens: ["\"" "#" "%" "&" "/" ":" ";" "<"] ...
}
