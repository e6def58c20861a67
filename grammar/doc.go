// Package grammar is the executable specification of relurl: the BNF of
// RFC 1808 §2.2, kept verbatim in rfc1808.bnf ([BNF]), lowered into
// participle grammar types, one per production and named after it ([URL],
// [AbsoluteURL], [GenericRL], [RelativeURL], [NetPath], [AbsPath],
// [RelPath], [Path], [Fsegment], [Segment], [Params], [Param], [Scheme],
// [NetLoc], [Query], [Fragment]), over a lexer of its own built on the
// class table of package ast. The types are generated from the BNF file by
// "go generate" (grammar/internal/mkgrammar, through the lowering table of
// grammar/internal/lowering); so are the class table, the production
// table of package gen and the railroad diagrams (docs/grammar.md).
//
// [Parse] accepts exactly the language of the §2.2 URL production and
// lowers its parse tree into an ast.URL. It is the reference against which
// the fast validator in package validate is tested; it is slow (tens of
// microseconds and hundreds of allocations a URL) but linear, and refuses
// inputs longer than [MaxInput] with a clear error.
//
// [ParseTree] returns the concrete tree itself, and [Outline] the same
// tree in one generic shape, a [Node] per production with the bytes it
// matched, for showing it (the playground of `relurl serve` does).
//
// Where the BNF is ambiguous, ordered choice decides, as §2.4 does: an
// absoluteURL is tried before a relativeURL ("g:h" has a scheme, §2.4.2),
// and generic-RL before the opaque alternative of absoluteURL. [EBNF]
// prints the grammar as participle sees it; testdata/grammar.ebnf keeps a
// reviewed copy.
package grammar

//go:generate go run ./internal/mkgrammar -bnf rfc1808.bnf -o grammar.go
//go:generate go run ./internal/mkdiagrams -bnf rfc1808.bnf -bnf1738 rfc1738.bnf -docs ../docs/grammar -playground ../lint/internal/playground/site/static/grammar.js
