package grammar

import (
	"io"

	"github.com/alecthomas/participle/v2/lexer"
	"github.com/relurl/relurl/ast"
)

// Token types of the URL lexer. The lexer is total: every byte of every
// input belongs to exactly one token, and a byte no production allows is an
// Invalid token of its own, so the parser's errors point at it.
const (
	// SchemeChars is a maximal run of scheme characters
	// (alpha | digit | "+" | "-" | ".").
	SchemeChars lexer.TokenType = iota + 1
	// OtherPchars is a maximal run of the other pchar characters that are
	// not delimiters: "$" "_" "!" "*" "'" "(" ")" "," "@" "&" "=".
	OtherPchars
	// Escape is one escape = "%" hex hex.
	Escape
	// Colon is ":", which ends a scheme and is a pchar elsewhere.
	Colon
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
	"OtherPchars": OtherPchars,
	"Escape":      Escape,
	"Colon":       Colon,
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

func (definition) Symbols() map[string]lexer.TokenType {
	m := make(map[string]lexer.TokenType, len(symbols))
	for k, v := range symbols {
		m[k] = v
	}
	return m
}

func (d definition) Lex(filename string, r io.Reader) (lexer.Lexer, error) {
	b, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	return d.LexString(filename, string(b))
}

func (definition) LexString(filename, input string) (lexer.Lexer, error) {
	return &urlLexer{filename: filename, s: input}, nil
}

type urlLexer struct {
	filename string
	s        string
	pos      int
}

// Next returns the next token. Runs of SchemeChars and OtherPchars are
// coarse (one token per run) so that long components cost few tokens;
// every delimiter, escape and invalid byte is a token of its own.
func (l *urlLexer) Next() (lexer.Token, error) {
	start := l.pos
	pos := lexer.Position{Filename: l.filename, Offset: start, Line: 1, Column: start + 1}
	if start >= len(l.s) {
		return lexer.EOFToken(pos), nil
	}
	c := l.s[start]
	typ := Invalid
	end := start + 1
	switch {
	case ast.Is(c, ast.SchemeChar):
		typ, end = SchemeChars, l.run(start, isSchemeChar)
	case isOtherPchar(c):
		typ, end = OtherPchars, l.run(start, isOtherPchar)
	case c == ':':
		typ = Colon
	case c == '/':
		typ = Slash
	case c == ';':
		typ = Semi
	case c == '?':
		typ = Question
	case c == '#':
		typ = Hash
	case ast.IsEscape(l.s[start:]):
		typ, end = Escape, start+3
	}
	l.pos = end
	return lexer.Token{Type: typ, Value: l.s[start:end], Pos: pos}, nil
}

func (l *urlLexer) run(i int, in func(byte) bool) int {
	for i < len(l.s) && in(l.s[i]) {
		i++
	}
	return i
}

func isSchemeChar(c byte) bool { return ast.Is(c, ast.SchemeChar) }

func isOtherPchar(c byte) bool {
	return ast.Is(c, ast.PcharChar) && !ast.Is(c, ast.SchemeChar) && c != ':'
}
