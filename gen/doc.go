// Package gen holds generators derived from the RFC 1808 §2.2 BNF, one per
// production and named like it: the character-level [Escape], [Pchar] and
// [Uchar]; the components ([Scheme], [NetLoc], [Path], ...), which
// generate strings; and the URL-level productions ([GenericRL],
// [RelativeURL], [URL], ...), which generate ast.URL values. The one table
// of them is [Productions]; [Lookup] and [Find] find a production by the
// RFC's name or Go's.
//
// Each production is written once, against a [Source] of choices, and runs
// two ways: as a gopter generator (random choices, with shrinkers), and
// byte-driven, through [Production.Draw] over a [Bytes] source, which turns
// any byte string into a valid value. A fuzzer that mutates those bytes
// mutates the URL production by production: every input it tries is a
// valid URL (or, through [Production.DrawInvalid], one with a known
// violation), deep in the grammar, where raw bytes rarely get.
//
// Every character set comes from the class table of package ast, so the
// generators cannot drift from the lexer and the validator. Weights make
// the corners common: escapes, empty segments, "." and ".." segments,
// params holding "/", queries holding "?" and ";", schemes beginning with
// a digit, every form of relativeURL, the opaque form of absoluteURL.
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
package gen
