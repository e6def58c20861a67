package grammar

// The grammar's structs as they were written by hand before they were
// generated from rfc1808.bnf, renamed, for BenchmarkGeneratedVsHandWritten.

import (
	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// The parse tree: one type per production of RFC 1808 §2.2, named after
// it. Each type's doc comment quotes its production; its parser tags say the
// same in participle's notation, over the tokens of this package's lexer
// (the character-level productions pchar, uchar, escape and the character
// sets live in the lexer and the class table of package ast).
//
// The lowering into package ast needs only byte offsets, which participle
// records in the fields Pos and EndPos. Only the structs whose offsets the
// lowering reads have them (those of a §2.1 component, and AbsPath, RelPath
// and Path where the path begins and ends): participle allocates for each
// on every node it builds, and the nodes built once per token of the input
// (Segment, Param) are the parser's worst case. Captures are of single
// tokens or of whole runs into slices, never into strings, so that parsing
// stays linear in the number of tokens. A run of pchar is one token (see
// Pchars), so fsegment is one token and segment at most one.
//
// Participle panics when a branch of an alternative matches without
// consuming input; the two productions that can match the empty string,
// relativeURL (through rel_path) and rel_path itself, are guarded: URL makes
// its alternative optional instead, and RelPath must match at least one
// token ("( ... )!").

// URL is
//
//	URL = ( absoluteURL | relativeURL ) [ "#" fragment ]
//
// The alternatives are ordered: absoluteURL is tried first, so "g:h" has the
// scheme "g" rather than the relative path "g:h" (§2.4.2). Both can be
// absent, for the empty relativeURL ("" and "#s").
type hwURL struct {
	AbsoluteURL *hwAbsoluteURL `parser:"( @@"`
	RelativeURL *hwRelativeURL `parser:"| @@ )?"`
	Fragment    *hwFragment    `parser:"( Hash @@ )?"`
}

// AbsoluteURL is
//
//	absoluteURL = generic-RL | ( scheme ":" *( uchar | reserved ) )
//
// generic-RL is tried first; the second, opaque, alternative matches what is
// left: the URLs whose net_loc is followed by "//", such as "http://a//b".
type hwAbsoluteURL struct {
	GenericRL *hwGenericRL `parser:"  @@"`
	Scheme    *hwScheme    `parser:"| @@ Colon"`
	Opaque    []string     `parser:"  @( Pchars | Slash | Semi | Question )*"`
}

// GenericRL is
//
//	generic-RL = scheme ":" relativeURL
//
// The negative lookahead makes generic-RL fail where its relativeURL stops
// short of the end at a "/" ("//a//b"), so that absoluteURL falls back to
// the opaque alternative for the whole of the URL rather than accept a
// prefix of it.
type hwGenericRL struct {
	Scheme      *hwScheme      `parser:"@@ Colon"`
	RelativeURL *hwRelativeURL `parser:"@@? (?! Slash)"`
}

// RelativeURL is
//
//	relativeURL = net_path | abs_path | rel_path
//
// The first token settles the choice: "//" begins a net_path, "/" an
// abs_path, anything else a rel_path.
type hwRelativeURL struct {
	NetPath *hwNetPath `parser:"  @@"`
	AbsPath *hwAbsPath `parser:"| @@"`
	RelPath *hwRelPath `parser:"| @@"`
}

// NetPath is
//
//	net_path = "//" net_loc [ abs_path ]
type hwNetPath struct {
	NetLoc  *hwNetLoc  `parser:"Slash Slash @@"`
	AbsPath *hwAbsPath `parser:"@@?"`
}

// AbsPath is
//
//	abs_path = "/" rel_path
//
// rel_path may be empty here ("/").
type hwAbsPath struct {
	Pos lexer.Position

	RelPath *hwRelPath `parser:"Slash @@?"`
}

// RelPath is
//
//	rel_path = [ path ] [ ";" params ] [ "?" query ]
//
// with its empty match left to the productions that contain it ("!" makes
// participle reject it here).
type hwRelPath struct {
	Pos lexer.Position

	Path   *hwPath   `parser:"( @@?"`
	Params *hwParams `parser:"  ( Semi @@ )?"`
	Query  *hwQuery  `parser:"  ( Question @@ )? )!"`
}

// Path is
//
//	path = fsegment *( "/" segment )
type hwPath struct {
	EndPos lexer.Position

	Fsegment *hwFsegment  `parser:"@@"`
	Segments []*hwSegment `parser:"( Slash @@ )*"`
}

// Fsegment is
//
//	fsegment = 1*pchar
//	pchar    = uchar | ":" | "@" | "&" | "="
//
// A maximal run of pchar is one Pchars token.
type hwFsegment struct {
	Pchars []string `parser:"@Pchars"`
}

// Segment is
//
//	segment = *pchar
type hwSegment struct {
	Pchars []string `parser:"@Pchars?"`
}

// Params is
//
//	params = param *( ";" param )
type hwParams struct {
	Pos, EndPos lexer.Position

	Params []*hwParam `parser:"@@ ( Semi @@ )*"`
}

// Param is
//
//	param = *( pchar | "/" )
type hwParam struct {
	Chars []string `parser:"@( Pchars | Slash )*"`
}

// Scheme is
//
//	scheme = 1*( alpha | digit | "+" | "-" | "." )
//
// A scheme may begin with a digit: the BNF allows it. The lexer makes the
// run of scheme characters before the first ":" one token when it begins
// the input, so a scheme is exactly one token.
type hwScheme struct {
	Pos, EndPos lexer.Position

	Name string `parser:"@SchemeChars"`
}

// NetLoc is
//
//	net_loc = *( pchar | ";" | "?" )
type hwNetLoc struct {
	Pos, EndPos lexer.Position

	Chars []string `parser:"@( Pchars | Semi | Question )*"`
}

// Query is
//
//	query = *( uchar | reserved )
type hwQuery struct {
	Pos, EndPos lexer.Position

	Chars []string `parser:"@( Pchars | Slash | Semi | Question )*"`
}

// Fragment is
//
//	fragment = *( uchar | reserved )
//
// "#" is in neither uchar nor reserved, so a second "#" ends the fragment
// and the parse fails there.
type hwFragment struct {
	Pos, EndPos lexer.Position

	Chars []string `parser:"@( Pchars | Slash | Semi | Question )*"`
}

var hwParser = participle.MustBuild[hwURL](
	participle.Lexer(definition{}),
	participle.UseLookahead(-1),
)
