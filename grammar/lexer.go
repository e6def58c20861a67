package grammar

import (
	"io"

	"github.com/alecthomas/participle/v2/lexer"
	"github.com/relurl/relurl/ast"
)

// Token types of the URL lexer; the grammar's tags name them by their
// symbols ("SchemeChars", "Pchars", ...). Nothing outside this package needs
// them, so they are unexported. The lexer is total: every byte of every
// input belongs to exactly one token, and a byte no production allows is an
// Invalid token of its own, so the parser's errors point at it.
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
const (
	// schemeChars is the scheme: a run of scheme characters
	// (alpha | digit | "+" | "-" | ".") at the start of the input, followed
	// by ":".
	schemeChars lexer.TokenType = iota + 1
	// colon is the ":" after schemeChars, which ends the scheme. Every
	// other ":" is a pchar, inside a pchars token.
	colon
	// pchars is a maximal run of pchar = uchar | ":" | "@" | "&" | "=",
	// where uchar = unreserved | escape.
	pchars
	// slash is "/".
	slash
	// semi is ";".
	semi
	// question is "?".
	question
	// hash is "#".
	hash
	// invalid is one byte that no production allows: national and
	// punctuation characters, "%" not followed by two hex digits, space,
	// controls, DEL and every non-ASCII byte.
	invalid
)

var symbols = map[string]lexer.TokenType{
	"EOF":         lexer.EOF,
	"SchemeChars": schemeChars,
	"Colon":       colon,
	"Pchars":      pchars,
	"Slash":       slash,
	"Semi":        semi,
	"Question":    question,
	"Hash":        hash,
	"Invalid":     invalid,
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
	typ, end := invalid, start+1
	switch c := l.s[start]; {
	case l.scheme > 0 && start == 0:
		typ, end = schemeChars, l.scheme
	case l.scheme > 0 && start == l.scheme:
		typ = colon
	case c == '/':
		typ = slash
	case c == ';':
		typ = semi
	case c == '?':
		typ = question
	case c == '#':
		typ = hash
	default:
		if j := l.pchars(start); j > start {
			typ, end = pchars, j
		}
	}
	l.pos = end
	return lexer.Token{Type: typ, Value: l.s[start:end], Pos: pos}, nil
}

// schemeLen returns the length of the scheme s begins with: a run of
// scheme characters followed by ":", or 0.
func schemeLen(s string) int {
	i := 0
	for i < len(s) && ast.Is(s[i], ast.SchemeChar) {
		i++
	}
	if i < len(s) && s[i] == ':' {
		return i
	}
	return 0
}

// pchars returns the end of the run of pchar characters and escapes that
// begins at i (i itself if there is none).
func (l *urlLexer) pchars(i int) int {
	for i < len(l.s) {
		switch {
		case ast.Is(l.s[i], ast.PcharChar):
			i++
		case ast.IsEscape(l.s[i:]):
			i += 3
		default:
			return i
		}
	}
	return i
}
