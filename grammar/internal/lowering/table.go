// Package lowering turns the §2.2 BNF into the participle grammar of
// package grammar: one struct type per production, with its parser tags
// and its doc comment. What the BNF does not say, and participle needs,
// is data in [RFC1808], the lowering table: which productions and
// characters the lexer reads as tokens, how the productions that can
// match the empty string are guarded, where ordered choice needs a
// lookahead, which structs record the positions the lowering into package
// ast reads, and the notes of the doc comments. The rules that apply the
// table are the same for every production ([Lower]); no production has
// code of its own.
//
// "go generate ./grammar" runs grammar/internal/mkgrammar, which writes
// grammar/internal/parsetree/grammar.go from grammar/rfc1808.bnf by this package.
package lowering

import "github.com/relurl/relurl/internal/bnf"

// Table is a lowering table: the decisions that turn a BNF into a
// participle grammar over a given lexer.
type Table struct {
	// Start is the production the parser begins with.
	Start string
	// Tokens are the lexer's token types that the grammar names, in the
	// order a group of alternatives lists them.
	Tokens []Token
	// Guards make the productions that can match the empty string safe
	// for participle.
	Guards []Guard
	// Lookaheads add lookahead assertions after items.
	Lookaheads []Lookahead
	// Positions names, by production, the position fields its struct
	// carries: "Pos", "EndPos" or both.
	Positions map[string][]string
	// Fields names, by production, the field that captures the tokens of
	// a character-level item, where the default does not fit: Pchars for
	// a run token alone, Chars for a group of tokens.
	Fields map[string]string
	// Notes are the paragraphs added to a production's doc comment after
	// the rule, by production.
	Notes map[string]string
}

// Token is one token type of the lexer, and what of the BNF it stands
// for: a production read whole (Production), a maximal run of a
// character production (Run), or a literal of one character (Literal),
// anywhere or only right after a production (After).
type Token struct {
	// Name is the token's symbol, as the lexer names it ("Pchars").
	Name string
	// Production is a production the lexer reads as one token; its struct
	// captures that token into the field Field, a string.
	Production, Field string
	// Run is a character production of which the token is a maximal run,
	// escapes included: a repetition of it, or of a group of it and of the
	// literals of other tokens, is captured as tokens.
	Run string
	// Literal is the one character the token is.
	Literal string
	// After, with Literal, restricts the token to the literal right after
	// the production After; elsewhere the character belongs to Run.
	After string
	// Chars, for a token the lowering derives ([LowerGrammar]), is the
	// characters the token is a maximal run of: those a repetition of the
	// BNF has and no token of the table does.
	Chars bnf.CharSet
}

// Guard is the lowering of a production that can match the empty string.
// Participle rejects a branch of an alternative that matches without
// consuming input, so such a production is made to match at least one
// token (NonEmpty), and its empty match is left to the items that refer to
// it, made optional (Optional). [Lower] checks that the two together keep
// the language: every item that refers to a production made non-empty is
// made optional or sits in one.
type Guard struct {
	// Production is where the guard applies.
	Production string
	// NonEmpty makes the whole production match at least one token.
	NonEmpty bool
	// Optional is an item of the production, written as bnf.Format
	// writes it ("relativeURL", "( absoluteURL | relativeURL )"), made
	// optional.
	Optional string
}

// Lookahead adds a negative lookahead after an item: the production fails
// there when the next token is NotFollowedBy.
type Lookahead struct {
	// Production and After name the item, as in [Guard].
	Production, After string
	// NotFollowedBy is the token that must not follow.
	NotFollowedBy string
}

// RFC1808 is the lowering table of grammar/rfc1808.bnf over the lexer of
// package grammar (lexer.go).
var RFC1808 = Table{
	Start: "URL",
	Tokens: []Token{
		// A scheme can only begin the input, so there alone the lexer cuts
		// a run of scheme characters followed by ":" into SchemeChars and
		// Colon: under ordered choice (§2.4.2) that ":" always ends a
		// scheme.
		{Name: "SchemeChars", Production: "scheme", Field: "Name"},
		{Name: "Colon", Literal: ":", After: "scheme"},
		// No production of §2.2 tells the characters of pchar apart but
		// scheme, so a maximal run of pchar (escapes and ":" included) is
		// one token: the parser's cost is per token.
		{Name: "Pchars", Run: "pchar"},
		// The delimiters are tokens of their own: each is structure
		// somewhere.
		{Name: "Slash", Literal: "/"},
		{Name: "Semi", Literal: ";"},
		{Name: "Question", Literal: "?"},
		{Name: "Hash", Literal: "#"},
	},
	Guards: []Guard{
		{Production: "rel_path", NonEmpty: true},
		{Production: "URL", Optional: "( absoluteURL | relativeURL )"},
		{Production: "generic-RL", Optional: "relativeURL"},
		{Production: "abs_path", Optional: "rel_path"},
	},
	Lookaheads: []Lookahead{
		{Production: "generic-RL", After: "relativeURL", NotFollowedBy: "Slash"},
	},
	Positions: map[string][]string{
		"abs_path": {"Pos"},
		"rel_path": {"Pos"},
		"path":     {"EndPos"},
		"params":   {"Pos", "EndPos"},
		"scheme":   {"Pos", "EndPos"},
		"net_loc":  {"Pos", "EndPos"},
		"query":    {"Pos", "EndPos"},
		"fragment": {"Pos", "EndPos"},
	},
	Fields: map[string]string{
		"absoluteURL": "Opaque",
	},
	Notes: map[string]string{
		"URL": `The alternatives are ordered: absoluteURL is tried first, so "g:h" has the
scheme "g" rather than the relative path "g:h" (§2.4.2). Both can be
absent, for the empty relativeURL ("" and "#s").`,
		"absoluteURL": `generic-RL is tried first; the second, opaque, alternative matches what is
left: the URLs whose net_loc is followed by "//", such as "http://a//b".`,
		"generic-RL": `The negative lookahead makes generic-RL fail where its relativeURL stops
short of the end at a "/" ("//a//b"), so that absoluteURL falls back to
the opaque alternative for the whole of the URL rather than accept a
prefix of it.`,
		"relativeURL": `The first token settles the choice: "//" begins a net_path, "/" an
abs_path, anything else a rel_path.`,
		"abs_path": `rel_path may be empty here ("/").`,
		"rel_path": `with its empty match left to the productions that contain it ("!" makes
participle reject it here).`,
		"fsegment": `A maximal run of pchar is one Pchars token.`,
		"scheme": `A scheme may begin with a digit: the BNF allows it. The lexer makes the
run of scheme characters before the first ":" one token when it begins
the input, so a scheme is exactly one token.`,
		"fragment": `"#" is in neither uchar nor reserved, so a second "#" ends the fragment
and the parse fails there.`,
	},
}
