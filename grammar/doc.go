// Package grammar is the executable specification of relurl: the BNF of
// RFC 1808 §2.2, kept verbatim in rfc1808.bnf ([BNF]), lowered into
// participle grammar types, one per production and named after it (URL,
// AbsoluteURL, GenericRL, RelativeURL, NetPath, AbsPath, RelPath, Path,
// Fsegment, Segment, Params, Param, Scheme, NetLoc, Query, Fragment), over
// a lexer of its own built on the class table of package ast. The types
// are generated from the BNF file by "go generate" (grammar/internal/mkgrammar,
// through the lowering table of grammar/internal/lowering) into
// grammar/internal/parsetree, where they stay with the parser: they hold
// participle's positions, and no public signature holds a type of
// participle. The class table, the generators' productions and the railroad
// diagrams come from the same file (docs/grammar.md).
//
// [Parse] accepts exactly the language of the §2.2 URL production and
// lowers its parse tree into an ast.URL. It is the reference against which
// the fast validator in package validate is tested; it is slow (tens of
// microseconds and hundreds of allocations a URL) but linear, and refuses
// inputs longer than [MaxInput] with a clear error. Programs read URLs with
// the root package relurl; this one is for holding a reader to the RFC.
//
// [Outline] returns the parse tree in one generic shape, a [Node] per
// production with the bytes it matched, for showing it (the playground of
// `relurl serve` does).
//
// Where the BNF is ambiguous, ordered choice decides, as §2.4 does: an
// absoluteURL is tried before a relativeURL ("g:h" has a scheme, §2.4.2),
// and generic-RL before the opaque alternative of absoluteURL. [EBNF]
// prints the grammar as participle sees it; testdata/grammar.ebnf keeps a
// reviewed copy. [RFC1738BNF] is the BNF of the productions of RFC 1738
// that the rfc1738 profile reads.
package grammar

//go:generate go run ./internal/mkgrammar -bnf rfc1808.bnf -o internal/parsetree/grammar.go
//go:generate go run ./internal/mkdiagrams -bnf rfc1808.bnf -bnf1738 rfc1738.bnf -docs ../docs/grammar -playground ../lint/internal/playground/site/static/grammar.js
