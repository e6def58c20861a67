package grammar

import (
	_ "embed"
	"fmt"

	"github.com/relurl/relurl/internal/bnf"
)

// The BNF files, as committed beside this package's sources.
var (
	//go:embed rfc1808.bnf
	rfc1808 string
	//go:embed rfc1738.bnf
	rfc1738 string
)

// BNF returns the BNF of RFC 1808 §2.2 the grammar is generated from: the
// text of rfc1808.bnf, a header comment and the RFC's block verbatim.
func BNF() string { return rfc1808 }

// RFC1738BNF returns the productions of RFC 1738 §5 that the linter's RFC
// 1738 profile reads: the text of rfc1738.bnf.
func RFC1738BNF() string { return rfc1738 }

// Rules returns rfc1808.bnf read into its tree, a new copy on every call.
func Rules() *bnf.File { return mustParse("rfc1808.bnf", rfc1808) }

// RFC1738Rules returns rfc1738.bnf read into its tree, a new copy on
// every call.
func RFC1738Rules() *bnf.File { return mustParse("rfc1738.bnf", rfc1738) }

// mustParse reads a BNF file embedded in the package; the tests and go
// generate read the same files, so one that does not parse cannot be
// committed.
func mustParse(name, src string) *bnf.File {
	f, err := bnf.Parse(name, []byte(src))
	if err != nil {
		panic(fmt.Sprintf("grammar: the embedded %s: %v", name, err))
	}
	return f
}
