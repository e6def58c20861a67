package analyzer

import (
	"go/ast"
	"go/token"
	"strconv"
	"unicode/utf8"

	"golang.org/x/tools/go/analysis"

	"github.com/relurl/relurl/lint/internal/fix"
	"github.com/relurl/relurl/lint/internal/lint"
)

// suggestedFixes returns the suggested fix of a finding of the URL s, the
// value of the string literal lit (nil when the URL is a constant
// expression of several pieces, or a name: no one literal holds it): the
// finding's safe fix (lint.Finding.Edit, under the linter's safety rule:
// the fixed URL is valid and every reader takes it where it took the
// original), written in the literal's own quoting, the rest of the
// literal as it was. A finding without a safe fix gets none: not the
// loophole's spellings either, which "go vet -fix" and "relurlvet -fix"
// would make without a look (they make a diagnostic's first fix), and
// which need a base Go source does not have.
func suggestedFixes(f *lint.Finding, lit *ast.BasicLit, s string) []analysis.SuggestedFix {
	if f.Edit == nil || lit == nil {
		return nil
	}
	idx, ok := literalMap(lit.Value, s)
	if !ok {
		return nil
	}
	e, reason, _ := fix.Place(lit.Value, s, f.Edit.Changes, fix.Site{At: func(i int) int { return idx[i] }})
	if reason != "" {
		return nil
	}
	// The literal with the edit made must read as the fixed URL.
	if v, err := strconv.Unquote(lit.Value[:e.Offset] + e.New + lit.Value[e.End:]); err != nil || v != e.URL {
		return nil
	}
	pos := lit.Pos()
	return []analysis.SuggestedFix{{
		Message:   "write the URL as " + strconv.Quote(e.URL),
		TextEdits: []analysis.TextEdit{{Pos: pos + token.Pos(e.Offset), End: pos + token.Pos(e.End), NewText: []byte(e.New)}},
	}}
}

// literalMap places the bytes of s, the value of the Go string literal
// lit (quotes included), in lit: idx[i] is where the source of byte i
// begins (every byte of a character written as an escape, "\u00fc", is
// placed at the escape), idx[len(s)] the closing quote. It fails when the
// literal does not decode to s.
func literalMap(lit, s string) ([]int, bool) {
	if len(lit) < 2 {
		return nil, false
	}
	idx := make([]int, 0, len(s)+1)
	var got []byte
	if lit[0] == '`' {
		for i := 1; i < len(lit)-1; i++ {
			if lit[i] != '\r' { // carriage returns are discarded from raw strings
				idx, got = append(idx, i), append(got, lit[i])
			}
		}
	} else {
		for i := 1; i < len(lit)-1; {
			rest := lit[i : len(lit)-1]
			r, multibyte, tail, err := strconv.UnquoteChar(rest, '"')
			if err != nil {
				return nil, false
			}
			n := len(rest) - len(tail)
			if r < utf8.RuneSelf || !multibyte {
				idx, got = append(idx, i), append(got, byte(r))
			} else {
				for range utf8.RuneLen(r) {
					idx = append(idx, i)
				}
				got = utf8.AppendRune(got, r)
			}
			i += n
		}
	}
	if string(got) != s {
		return nil, false
	}
	return append(idx, len(lit)-1), true
}
