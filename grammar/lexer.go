package grammar

import (
	"io"

	"github.com/alecthomas/participle/v2/lexer"
	"github.com/relurl/relurl/ast"
)

// Token types of the URL lexer. The lexer is total: every byte of every
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
	// SchemeChars is the scheme: a run of scheme characters
	// (alpha | digit | "+" | "-" | ".") at the start of the input, followed
	// by ":".
	SchemeChars lexer.TokenType = iota + 1
	// Colon is the ":" after SchemeChars, which ends the scheme. Every
	// other ":" is a pchar, inside a Pchars token.
	Colon
	// Pchars is a maximal run of pchar = uchar | ":" | "@" | "&" | "=",
	// where uchar = unreserved | escape.
	Pchars
	// Slash is "/".
	Slash
	// Semi is ";".
	Semi
	// Question is "?".
	Question
	// Hash is "#".
	Hash
	// Invalid is one byte that no production allows: national and
	// punctuation characters, "%" not followed by two hex digits, space,
	// controls, DEL and every non-ASCII byte.
	Invalid
)

var symbols = map[string]lexer.TokenType{
	"EOF":         lexer.EOF,
	"SchemeChars": SchemeChars,
	"Colon":       Colon,
	"Pchars":      Pchars,
	"Slash":       Slash,
	"Semi":        Semi,
	"Question":    Question,
	"Hash":        Hash,
	"Invalid":     Invalid,
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
	typ, end := Invalid, start+1
	switch c := l.s[start]; {
	case l.scheme > 0 && start == 0:
		typ, end = SchemeChars, l.scheme
	case l.scheme > 0 && start == l.scheme:
		typ = Colon
	case c == '/':
		typ = Slash
	case c == ';':
		typ = Semi
	case c == '?':
		typ = Question
	case c == '#':
		typ = Hash
	default:
		if j := l.pchars(start); j > start {
			typ, end = Pchars, j
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
