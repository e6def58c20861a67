// Package rfcbnf reads the BNF files of package grammar into the trees of
// package internal/bnf, for the tools that walk them: the command line's
// grammar command, the diagrams, the tests that hold quotes and
// generators to the BNF.
package rfcbnf

import (
	"fmt"

	"github.com/relurl/relurl/grammar"
	"github.com/relurl/relurl/internal/bnf"
)

// RFC1808 returns rfc1808.bnf ([grammar.BNF]) read into its tree, a new
// copy on every call.
func RFC1808() *bnf.File { return mustParse("rfc1808.bnf", grammar.BNF()) }

// RFC1738 returns rfc1738.bnf ([grammar.RFC1738BNF]) read into its tree, a
// new copy on every call.
func RFC1738() *bnf.File { return mustParse("rfc1738.bnf", grammar.RFC1738BNF()) }

// mustParse reads a BNF file embedded in package grammar; the tests and go
// generate read the same files, so one that does not parse cannot be
// committed.
func mustParse(name, src string) *bnf.File {
	f, err := bnf.Parse(name, []byte(src))
	if err != nil {
		panic(fmt.Sprintf("rfcbnf: the embedded %s: %v", name, err))
	}
	return f
}
