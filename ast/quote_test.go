package ast_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/relurl/relurl/ast"
)

func TestQuote(t *testing.T) {
	long := strings.Repeat("a", 1000) + "%zz" + strings.Repeat("b", 1000)
	cases := []struct {
		s    string
		at   int
		want string
	}{
		{"g%zz", 1, `"g%zz"`},
		{"", 0, `""`},
		{strings.Repeat("x", ast.QuoteWindow), 5, strconv.Quote(strings.Repeat("x", ast.QuoteWindow))},
		{long, 1000, `…"` + strings.Repeat("a", 32) + "%zz" + strings.Repeat("b", 29) + `"…`},
		{long, 0, `"` + strings.Repeat("a", 64) + `"…`},
		{long, len(long), `…"` + strings.Repeat("b", 64) + `"`},
		{long, -5, `"` + strings.Repeat("a", 64) + `"…`},
		{long, 1 << 40, `…"` + strings.Repeat("b", 64) + `"`},
		// The window's ends move to rune boundaries.
		{strings.Repeat("é", 100), 100, `…"` + strings.Repeat("é", 32) + `"…`},
		{strings.Repeat("é", 100), 101, `…"` + strings.Repeat("é", 33) + `"…`},
	}
	for _, c := range cases {
		if got := ast.Quote(c.s, c.at); got != c.want {
			t.Errorf("Quote(%d bytes, %d) = %s, want %s", len(c.s), c.at, got, c.want)
		}
	}
}

// TestQuoteBounded: whatever the input, invalid UTF-8 and controls
// included, the quoted form stays within its documented bound.
func TestQuoteBounded(t *testing.T) {
	bound := 4*(ast.QuoteWindow+6) + 8
	for _, s := range []string{
		strings.Repeat("\xff", 10<<20), strings.Repeat("\x00", 1<<20), strings.Repeat("日本", 1<<18),
		strings.Repeat("\xe6\x97", 1<<18), strings.Repeat("\U0010FFFF", 1<<18),
	} {
		for _, at := range []int{0, 1, len(s) / 2, len(s) - 1, len(s)} {
			if got := ast.Quote(s, at); len(got) > bound {
				t.Errorf("Quote(%d bytes of %q, %d) is %d bytes long, more than %d", len(s), s[:4], at, len(got), bound)
			}
		}
	}
}
