package grammar_test

import (
	"fmt"
	"strings"

	"github.com/relurl/relurl/grammar"
)

func ExampleParse() {
	u, err := grammar.Parse("g;x=1/../y?q#s")
	if err != nil {
		panic(err)
	}
	fmt.Printf("%v path %q params %q query %q fragment %q\n", u.Form, u.Path, u.Params, u.Query, u.Fragment)
	_, err = grammar.Parse("http://a/b c")
	fmt.Println(err)
	// Output:
	// relativeURL path "g" params "x=1/../y" query "q" fragment "s"
	// offset 10: URL: unexpected token " "
}

func ExampleEBNF() {
	for _, line := range strings.Split(grammar.EBNF(), "\n") {
		if strings.HasPrefix(line, "GenericRL") {
			fmt.Println(line)
		}
	}
	// Output:
	// GenericRL = Scheme <colon> RelativeURL? (?! <slash>) .
}
