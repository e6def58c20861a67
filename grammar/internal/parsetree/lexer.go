package parsetree

import (
	"io"

	"github.com/alecthomas/participle/v2/lexer"
	"github.com/relurl/relurl/ast"
)

// The URL lexer. Its tokens are generated into grammar.go from the
// lowering table and the BNF (tokSchemeChars, ..., symbols, startToken,
// literalTokens, runTokens): this file knows no character and no token by
// name. The lexer is total: every byte of every input belongs to exactly
// one token, and a byte no token has is an Invalid token of its own, so
// the parser's errors point at it.
//
// Tokens are as coarse as the grammar allows, since the parser's cost is
// per token: every maximal run of pchar (characters and escapes, ":"
// included) is one Pchars token, because no production of §2.2 tells the
// characters of pchar apart except scheme. A scheme can only begin the
// input, so there alone the lexer cuts a run of scheme characters followed
// by ":" into SchemeChars and Colon: under ordered choice (§2.4.2) that
// ":" always ends a scheme, and absoluteURL, tried first, then matches at
// least "scheme:" (its opaque alternative takes any tokens after it or
// none), so relativeURL never sees these two tokens. Delimiters ("/", ";",
// "?", "#") are tokens of their own, since each is structure somewhere.
// Error offsets do not move: an error is always at a delimiter or an
// Invalid token, since a pchar is allowed wherever a run of them can be.

// charSet is a set of bytes, one bit each.
type charSet [4]uint64

func (s *charSet) has(c byte) bool { return s[c>>6]&(1<<(c&63)) != 0 }

// wholeToken is a token that reads a production whole where it begins
// the input, when the literal afterChar (the token after) follows it.
type wholeToken struct {
	typ, after lexer.TokenType
	chars      charSet
	afterChar  byte
}

// runToken is a token that is a maximal run of its characters, and of
// escapes ("%" hex hex) when escapes is set.
type runToken struct {
	typ     lexer.TokenType
	chars   charSet
	escapes bool
}

// definition is the URL lexer as a participle lexer.Definition. It reads
// the shared class table in package ast, so it cannot drift from the
// validator.
type definition struct{}

// Symbols returns the token types by name. Participle asks for them on
// every parse and only reads them, so the map is shared, not copied.
func (definition) Symbols() map[string]lexer.TokenType { return symbols }

func (d definition) Lex(filename string, r io.Reader) (lexer.Lexer, error) {
	b, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	return d.LexString(filename, string(b))
}

func (definition) LexString(filename, input string) (lexer.Lexer, error) {
	return &urlLexer{filename: filename, s: input, scheme: schemeLen(input)}, nil
}

type urlLexer struct {
	filename string
	s        string
	pos      int
	scheme   int // the length of the scheme at the start of s, or 0
}

// Next returns the next token.
func (l *urlLexer) Next() (lexer.Token, error) {
	start := l.pos
	pos := lexer.Position{Filename: l.filename, Offset: start, Line: 1, Column: start + 1}
	if start >= len(l.s) {
		return lexer.EOFToken(pos), nil
	}
	typ, end := tokInvalid, start+1
	switch c := l.s[start]; {
	case l.scheme > 0 && start == 0:
		typ, end = startToken.typ, l.scheme
	case l.scheme > 0 && start == l.scheme:
		typ = startToken.after
	case literalTokens[c] != 0:
		typ = literalTokens[c]
	default:
		for i := range runTokens {
			if j := runTokens[i].run(l.s, start); j > start {
				typ, end = runTokens[i].typ, j
				break
			}
		}
	}
	l.pos = end
	return lexer.Token{Type: typ, Value: l.s[start:end], Pos: pos}, nil
}

// schemeLen returns the length of the production startToken reads that s
// begins with, when the literal after it follows, or 0.
func schemeLen(s string) int {
	i := 0
	for i < len(s) && startToken.chars.has(s[i]) {
		i++
	}
	if i > 0 && i < len(s) && s[i] == startToken.afterChar {
		return i
	}
	return 0
}

// run returns the end of the run of the token's characters (and escapes)
// that begins at i, i itself if there is none.
func (r *runToken) run(s string, i int) int {
	for i < len(s) {
		switch {
		case r.chars.has(s[i]):
			i++
		case r.escapes && ast.IsEscape(s[i:]):
			i += 3
		default:
			return i
		}
	}
	return i
}
