// Package quote is how the linter quotes a URL, a path or a file name in
// a message: whole, so that what a reader must copy (the path to open,
// the URL to fix) is there to copy, as a Go string literal whose escapes
// keep control characters off the terminal; only one longer than [Max]
// bytes, which no one copies by hand, is shortened, in its middle, its
// start and end kept (decision U-8).
package quote

import (
	"strconv"
	"unicode/utf8"
)

// Max is the longest text [Quote] quotes whole: a URL of more than a
// kibibyte is a data: URL or a machine's, not a link a writer types.
const Max = 1024

// Quote returns s as a double-quoted Go string literal (strconv.Quote),
// whole when it is at most Max bytes; otherwise its first and last
// Max/2 bytes (on character boundaries), each quoted, with "…" between
// them outside the quotes, so that the cut is never taken for the text's
// own: "https://a/aaaa"…"zzzz.html".
func Quote(s string) string {
	if len(s) <= Max {
		return strconv.Quote(s)
	}
	head, tail := Max/2, len(s)-Max/2
	for k := 0; k < utf8.UTFMax-1 && head > 0 && !utf8.RuneStart(s[head]); k++ {
		head--
	}
	for k := 0; k < utf8.UTFMax-1 && tail < len(s) && !utf8.RuneStart(s[tail]); k++ {
		tail++
	}
	return strconv.Quote(s[:head]) + "…" + strconv.Quote(s[tail:])
}
