// Package validate is relurl's fast path: one pass over a URL that reads
// it by the productions of the RFC 1808 §2.2 BNF, with code generated from
// grammar/rfc1808.bnf (reader.go, by validate/internal/mkreader), and cuts
// it into the six components of §2.1 as the parsing rules of §2.4 do. An
// invalid URL is cut by §2.4 and each component checked against its
// production of the BNF (scheme, net_loc, fsegment and segment through
// pchar, param, query, fragment, escape), collecting the diagnostics
// rather than stopping at the first: one per run of characters that break
// the same rule in one component, at most [MaxDiagnostics] per URL, so
// that memory and output stay bounded by the input however much of it is
// invalid; the generated reader finds the fault of the structure, if any.
//
// It agrees with the reference parser, package grammar, on every input:
// [Validate] reports no error exactly when grammar.Parse succeeds, both
// produce the same [ast.URL], and the first diagnostic's offset is the
// offset of the grammar's error. It also gives every diagnostic the
// hand-written single pass it was (internal/handpass) gives. Tests and
// fuzz targets in package fuzz hold the three to that.
//
// Validating a valid URL allocates nothing; the character sets come from
// the BNF, the same as the class table of package ast.
//
// Programs read URLs through the root package relurl (relurl.Parse,
// relurl.Validate, relurl.Split), whose types are its own. This package is
// the engine under it, on the nodes of package ast, for the code that
// works on those nodes (package resolve, the linter): [Validate] and
// [Split] are the root's Validate and Split before the conversion.
package validate

//go:generate go run ./internal/mkreader -bnf ../grammar/rfc1808.bnf -o reader.go
