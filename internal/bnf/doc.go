// Package bnf reads the BNF notation of RFC 1808 §2.2 and RFC 1738 §5,
// RFC 822's with "|" for alternatives, into a typed tree: a [File] of
// [Rule]s, each an [Alternatives] of [Sequence]s of [Item]s. An item is a
// reference to a production, a quoted literal (or <"> for the double
// quote), a ( group ) or an [ option ], with an optional repetition before
// it: "*" for any number, "<n>*" for n or more. Comments run from ";" to
// the end of the line; rules need no terminator, since a name followed by
// "=" begins the next one.
//
// The reader is written with participle, like the URL grammar it feeds.
// [Parse] reports a malformed file with the position of the fault and the
// production it is in (an [ErrorList] of [*Error]s), and refuses
// references to undefined productions, productions defined twice, empty
// literals and repetition counts out of range.
//
// The tree is the single source of relurl's grammar: the generators of the
// character-class table (package ast), of the participle grammar (package
// grammar), of the production table of package gen and of the railroad
// diagrams read it, through the questions of this package: the characters
// a production's strings are made of ([File.Chars]), whether it is a
// character production ([File.Lexical]), whether it matches the empty
// string ([File.Nullable]).
package bnf
