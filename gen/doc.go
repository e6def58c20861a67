// Package gen holds gopter generators derived from the RFC 1808 §2.2 BNF,
// one per production and named like it: the character-level [Escape],
// [Pchar] and [Uchar]; the components [Scheme], [NetLoc], [Fsegment],
// [Segment], [Path], [Param], [Params], [Query] and [Fragment], which
// generate strings; and [NetPath], [AbsPath], [RelPath], [RelativeURL],
// [GenericRL], [AbsoluteURL] and [URL], which generate ast.URL values.
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
// URL, so the expected diagnostic is known in advance.
package gen
