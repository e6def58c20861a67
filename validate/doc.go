// Package validate is relurl's fast path: one pass over a URL that cuts it
// into the six components of RFC 1808 §2.1 by the parsing rules of §2.4 and
// checks each component against its production of the §2.2 BNF (scheme,
// net_loc, fsegment and segment through pchar, param, query, fragment,
// escape), collecting the diagnostics rather than stopping at the first:
// one per run of characters that break the same rule in one component, at
// most [MaxDiagnostics] per URL, so that memory and output stay bounded by
// the input however much of it is invalid.
//
// It agrees with the reference parser, package grammar, on every input:
// [Validate] reports no error exactly when grammar.Parse succeeds, both
// produce the same [ast.URL], and the first diagnostic's offset is the
// offset of the grammar's error. Tests and fuzz targets in package fuzz hold
// the two to that.
//
// Validating a valid URL allocates nothing; the character classes come from
// the one table in package ast.
package validate

//go:generate go run ./internal/mkreader -bnf ../grammar/rfc1808.bnf -o reader.go
