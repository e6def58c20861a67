// Package parsetree is the reference parser of package grammar: RFC 1808
// §2.2 as participle grammar types, one per production and named after it
// ([URL], [AbsoluteURL], [GenericRL], [RelativeURL], [NetPath],
// [AbsPath], [RelPath], [Path], [Fsegment], [Segment], [Params], [Param],
// [Scheme], [NetLoc], [Query], [Fragment]), generated from
// grammar/rfc1808.bnf by grammar/internal/mkgrammar through the lowering
// table of grammar/internal/lowering; the lexer they read, built on the
// class table of package ast; the parser; and the one file that knows both
// trees, the lowering of a parse tree into an ast.URL (lower.go).
//
// The types carry participle's lexer.Position, where participle records
// the offsets the lowering reads; they live here, under package grammar,
// so that no public signature of relurl holds a type of participle.
// Package grammar exposes the parser ([Parse]), its grammar ([EBNF]) and
// the outline of a tree.
package parsetree
