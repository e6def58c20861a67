// Package ast is the vocabulary of relurl: the components of a URL as
// RFC 1808 §2.1 defines them, byte spans, the one printer, the one
// diagnostic type, the character-class table generated from the §2.2
// BNF, and the one cut of a net_loc into userinfo, host and port
// ([SplitNetLoc]).
//
// Both readers of a URL, the reference parser in package grammar and the
// single-pass validator in package validate, produce an [URL] from this
// package, and the two are tested to produce equal values for every input.
//
// A [URL] is a plain comparable value: its strings are substrings of the
// input it was read from, so reading allocates nothing, and printing it with
// [URL.String] gives back exactly the text it was read from.
//
// Nothing here imports anything outside the standard library.
package ast

//go:generate go run ../internal/mkclass -bnf ../grammar/rfc1808.bnf -o class_table.go
