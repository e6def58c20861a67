package grammar

import _ "embed"

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

// RFC1738BNF returns the productions of RFC 1738 §5 that the rfc1738
// profile reads (relurl.Profile): the text of rfc1738.bnf.
func RFC1738BNF() string { return rfc1738 }
