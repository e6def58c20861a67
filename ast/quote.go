package ast

import (
	"strconv"
	"unicode/utf8"
)

// QuoteWindow is the most bytes of an input that [Quote] shows. An input at
// most this long is quoted whole.
const QuoteWindow = 64

// Quote returns s as a double-quoted Go string literal, as strconv.Quote
// does, for an error message or a diagnostic. A string longer than
// [QuoteWindow] bytes is cut to a window of about QuoteWindow bytes around
// the byte offset at (clamped to s), and "…" outside the quotes marks each
// side that was cut, so that a cut is never taken for the input's own
// text:
//
//	…"aaaa/b/%zz/c/ccccc"…
//
// The window's ends move to the nearest rune boundary, at most three
// bytes. Each byte shown is escaped to at most four (\xff), so whatever s
// holds, invalid UTF-8 included, the result is at most
// 4×(QuoteWindow+6)+8 bytes long. This is the one way relurl quotes an
// input in an error: error strings stay short however long the input.
func Quote(s string, at int) string {
	if len(s) <= QuoteWindow {
		return strconv.Quote(s)
	}
	at = max(0, min(at, len(s)))
	from := max(0, at-QuoteWindow/2)
	to := min(len(s), from+QuoteWindow)
	from = max(0, to-QuoteWindow)
	for k := 0; k < utf8.UTFMax-1 && from > 0 && !utf8.RuneStart(s[from]); k++ {
		from--
	}
	for k := 0; k < utf8.UTFMax-1 && to < len(s) && !utf8.RuneStart(s[to]); k++ {
		to++
	}
	b := make([]byte, 0, 4*(to-from)+8)
	if from > 0 {
		b = append(b, "…"...)
	}
	b = strconv.AppendQuote(b, s[from:to])
	if to < len(s) {
		b = append(b, "…"...)
	}
	return string(b)
}
