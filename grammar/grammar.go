package grammar

import "github.com/alecthomas/participle/v2/lexer"

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
type URL struct {
	AbsoluteURL *AbsoluteURL `parser:"( @@"`
	RelativeURL *RelativeURL `parser:"| @@ )?"`
	Fragment    *Fragment    `parser:"( Hash @@ )?"`
}

// AbsoluteURL is
//
//	absoluteURL = generic-RL | ( scheme ":" *( uchar | reserved ) )
//
// generic-RL is tried first; the second, opaque, alternative matches what is
// left: the URLs whose net_loc is followed by "//", such as "http://a//b".
type AbsoluteURL struct {
	GenericRL *GenericRL `parser:"  @@"`
	Scheme    *Scheme    `parser:"| @@ Colon"`
	Opaque    []string   `parser:"  @( Pchars | Slash | Semi | Question )*"`
}

// GenericRL is
//
//	generic-RL = scheme ":" relativeURL
//
// The negative lookahead makes generic-RL fail where its relativeURL stops
// short of the end at a "/" ("//a//b"), so that absoluteURL falls back to
// the opaque alternative for the whole of the URL rather than accept a
// prefix of it.
type GenericRL struct {
	Scheme      *Scheme      `parser:"@@ Colon"`
	RelativeURL *RelativeURL `parser:"@@? (?! Slash)"`
}

// RelativeURL is
//
//	relativeURL = net_path | abs_path | rel_path
//
// The first token settles the choice: "//" begins a net_path, "/" an
// abs_path, anything else a rel_path.
type RelativeURL struct {
	NetPath *NetPath `parser:"  @@"`
	AbsPath *AbsPath `parser:"| @@"`
	RelPath *RelPath `parser:"| @@"`
}

// NetPath is
//
//	net_path = "//" net_loc [ abs_path ]
type NetPath struct {
	NetLoc  *NetLoc  `parser:"Slash Slash @@"`
	AbsPath *AbsPath `parser:"@@?"`
}

// AbsPath is
//
//	abs_path = "/" rel_path
//
// rel_path may be empty here ("/").
type AbsPath struct {
	Pos lexer.Position

	RelPath *RelPath `parser:"Slash @@?"`
}

// RelPath is
//
//	rel_path = [ path ] [ ";" params ] [ "?" query ]
//
// with its empty match left to the productions that contain it ("!" makes
// participle reject it here).
type RelPath struct {
	Pos lexer.Position

	Path   *Path   `parser:"( @@?"`
	Params *Params `parser:"  ( Semi @@ )?"`
	Query  *Query  `parser:"  ( Question @@ )? )!"`
}

// Path is
//
//	path = fsegment *( "/" segment )
type Path struct {
	EndPos lexer.Position

	Fsegment *Fsegment  `parser:"@@"`
	Segments []*Segment `parser:"( Slash @@ )*"`
}

// Fsegment is
//
//	fsegment = 1*pchar
//	pchar    = uchar | ":" | "@" | "&" | "="
//
// A maximal run of pchar is one Pchars token.
type Fsegment struct {
	Pchars []string `parser:"@Pchars"`
}

// Segment is
//
//	segment = *pchar
type Segment struct {
	Pchars []string `parser:"@Pchars?"`
}

// Params is
//
//	params = param *( ";" param )
type Params struct {
	Pos, EndPos lexer.Position

	Params []*Param `parser:"@@ ( Semi @@ )*"`
}

// Param is
//
//	param = *( pchar | "/" )
type Param struct {
	Chars []string `parser:"@( Pchars | Slash )*"`
}

// Scheme is
//
//	scheme = 1*( alpha | digit | "+" | "-" | "." )
//
// A scheme may begin with a digit: the BNF allows it. The lexer makes the
// run of scheme characters before the first ":" one token when it begins
// the input, so a scheme is exactly one token.
type Scheme struct {
	Pos, EndPos lexer.Position

	Name string `parser:"@SchemeChars"`
}

// NetLoc is
//
//	net_loc = *( pchar | ";" | "?" )
type NetLoc struct {
	Pos, EndPos lexer.Position

	Chars []string `parser:"@( Pchars | Semi | Question )*"`
}

// Query is
//
//	query = *( uchar | reserved )
type Query struct {
	Pos, EndPos lexer.Position

	Chars []string `parser:"@( Pchars | Slash | Semi | Question )*"`
}

// Fragment is
//
//	fragment = *( uchar | reserved )
//
// "#" is in neither uchar nor reserved, so a second "#" ends the fragment
// and the parse fails there.
type Fragment struct {
	Pos, EndPos lexer.Position

	Chars []string `parser:"@( Pchars | Slash | Semi | Question )*"`
}
