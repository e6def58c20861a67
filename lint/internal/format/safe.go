package format

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// Safe returns s with what a terminal would act on, or show otherwise
// than as written, escaped: a byte that is not UTF-8 as \xff, a control
// character (C0, DEL) as \x1b, and any other character Go does not call
// printable (C1 controls, the bidirectional controls, separators of lines
// and paragraphs) as \u202e, as the caret view writes them. The text and
// GitHub formats write every file name, URL and message through it, so
// that nothing read from a file reaches the terminal raw (decision U-7).
// Tabs are escaped too: a message is one line. A backslash is written as
// it is: "\x1b" in the output is either the escape of ESC or those four
// characters in the file.
func Safe(s string) string {
	i := unsafeAt(s)
	if i < 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	b.WriteString(s[:i])
	for i < len(s) {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n <= 1:
			b.WriteString(`\x`)
			b.WriteString(hex2(s[i]))
		case r < 0x20 || r == 0x7f:
			b.WriteString(`\x`)
			b.WriteString(hex2(byte(r)))
		case r >= 0x80 && !strconv.IsPrint(r):
			b.WriteString(`\u`)
			h := strconv.FormatInt(int64(r), 16)
			b.WriteString(strings.Repeat("0", max(0, 4-len(h))))
			b.WriteString(h)
		default:
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	return b.String()
}

func hex2(c byte) string {
	const digits = "0123456789abcdef"
	return string([]byte{digits[c>>4], digits[c&0xf]})
}

// unsafeAt returns the offset of the first byte of s that Safe would
// escape, or -1: ASCII is looked at a byte at a time, the rest a rune.
func unsafeAt(s string) int {
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c < 0x20 || c == 0x7f {
				return i
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n <= 1 || !strconv.IsPrint(r) {
			return i
		}
		i += n
	}
	return -1
}
