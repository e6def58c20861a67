package parsetree

import (
	"testing"

	"github.com/relurl/relurl/ast"
	"github.com/relurl/relurl/grammar/internal/lowering"
)

// TestLexerHasTheTableTokens holds the lexer, which reads its tokens from
// the generated grammar, to the tokens
// the lowering table gives the generated grammar: each token is a symbol
// of the lexer, and lexes what the table says it stands for.
func TestLexerHasTheTableTokens(t *testing.T) {
	lex := func(s string) []string {
		l, _ := definition{}.LexString("", s)
		var names []string
		for {
			tok, _ := l.Next()
			if tok.EOF() {
				return names
			}
			for name, typ := range symbols {
				if typ == tok.Type {
					names = append(names, name)
				}
			}
		}
	}
	for _, tk := range lowering.RFC1808.Tokens {
		if _, ok := symbols[tk.Name]; !ok {
			t.Errorf("the table's token %s is not a symbol of the lexer", tk.Name)
			continue
		}
		var in string
		var want []string
		switch {
		case tk.Production == "scheme":
			in, want = "a+b.c-1:", []string{tk.Name, "Colon"}
		case tk.After == "scheme":
			in, want = "a"+tk.Literal, []string{"SchemeChars", tk.Name}
		case tk.Literal != "":
			in, want = "x"+tk.Literal, []string{"Pchars", tk.Name}
		case tk.Run == "pchar":
			for c := 0; c < 256; c++ {
				if ast.Is(byte(c), ast.PcharChar) {
					in += string(rune(c))
				}
			}
			in += "%41/"
			want = []string{tk.Name, "Slash"}
		default:
			t.Errorf("no check for the token %+v", tk)
			continue
		}
		if got := lex(in); len(got) != len(want) || got[0] != want[0] || got[1] != want[1] {
			t.Errorf("%q lexes as %v, want %v", in, got, want)
		}
	}
}
