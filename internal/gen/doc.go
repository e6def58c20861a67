// Package gen is the engine of the public package gen: gopter generators
// derived from the RFC 1808 §2.2 BNF, one per production and named like
// it: the character-level [Escape], [Pchar] and
// [Uchar]; the components ([Scheme], [NetLoc], [Path], ...), which
// generate strings; and the URL-level productions ([GenericRL],
// [RelativeURL], [URL], ...), which generate ast.URL values. The one table
// of them is [Productions]; [Lookup] and [Find] find a production by the
// RFC's name or Go's.
//
// The productions are not written here: rfc1808.go is generated from
// grammar/rfc1808.bnf ("go generate ./internal/gen"), and one walker draws any
// production from it, choice point by choice point (an alternative, an
// option, a repetition, a character of a set), against a [Source] of
// choices. So the generators explore exactly the RFC's productions, and an
// edit of the BNF changes what they make. The walk runs two ways: as a
// gopter generator (random choices, with shrinkers), and byte-driven,
// through [Production.Draw] over a [Bytes] source, which turns any byte
// string into a valid value. A fuzzer that mutates those bytes mutates the
// URL production by production: every input it tries is a valid URL (or,
// through [Production.DrawInvalid], one with a known violation), deep in
// the grammar, where raw bytes rarely get.
//
// How the choices are weighed is data (tuning.go): weights make the
// corners common, escapes, empty segments, "." and ".." segments, params
// holding "/", queries holding "?" and ";", schemes beginning with a
// digit, every form of relativeURL, the opaque form of absoluteURL. The
// characters come from the BNF, which the class table of package ast is
// generated from too (a test holds the two together).
//
// Generated ast.URL values keep shrinking: gopter drops shrinkers when Map
// changes a value's type, so the URL generators carry a shrinker of their
// own (drop optional components, remove units and segments), filtered by a
// sieve that keeps every shrunk value a valid URL that reads back into the
// same components.
//
// [Invalid] injects one known violation at a known offset into a valid
// URL, so the expected diagnostic is known in advance. [Dictionary] lists
// the grammar's delimiters and literals for a fuzzer's dictionary.
//
// The public package gen gives programs the same generators with the
// standard library's types only; the property tests, the fuzz targets and
// "relurl gen" use this package, for gopter's shrinking.
package gen

//go:generate go run ../mkgen -bnf ../../grammar/rfc1808.bnf -o rfc1808.go
