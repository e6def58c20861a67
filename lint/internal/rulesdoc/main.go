// Command rulesdoc writes the rules' documentation page, lint.RulesPage,
// to the file named by its argument: "go generate ./lint/internal/lint" runs it to
// write docs/rules.md. The test TestRulesPageFresh in package lint fails
// when that file is stale.
package main

import (
	"fmt"
	"os"

	"github.com/relurl/relurl/lint/internal/lint"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: rulesdoc FILE")
		os.Exit(2)
	}
	if err := os.WriteFile(os.Args[1], []byte(lint.RulesPage()), 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "rulesdoc:", err)
		os.Exit(1)
	}
}
