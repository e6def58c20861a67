package htmlscan

import (
	"strings"
	"unicode/utf8"
)

//go:generate go run mkentity.go

// longestEntity is the length of the longest name of entities, ";"
// included.
const longestEntity = 32

// NeedsDecoding reports whether an attribute's value as written, raw,
// differs from its decoding: it holds "&", CR or NUL.
func NeedsDecoding(raw string) bool {
	for i := 0; i < len(raw); i++ {
		if decodes[raw[i]] {
			return true
		}
	}
	return false
}

// decodes holds the bytes a value's decoding changes: "&", CR, NUL.
var decodes = [256]bool{'&': true, '\r': true, 0: true}

// NormalizeText returns text as the standard's input stream has it: a
// CR LF pair and a CR as a line feed, NUL as U+FFFD; text itself when it
// holds neither.
func NormalizeText(text string) string {
	if strings.IndexByte(text, '\r') < 0 && strings.IndexByte(text, 0) < 0 {
		return text
	}
	var b strings.Builder
	b.Grow(len(text) + 8)
	for i := 0; i < len(text); i++ {
		switch c := text[i]; c {
		case '\r':
			b.WriteByte('\n')
			if i+1 < len(text) && text[i+1] == '\n' {
				i++
			}
		case 0:
			b.WriteString("\uFFFD")
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// DecodeValue decodes raw, an attribute's value as written, as the
// standard's attribute value states do: character references (§13.2.5.72
// to 13.2.5.80, in an attribute) replaced, a CR LF pair and a CR read as
// a line feed, NUL as U+FFFD. When at is not negative, the value is at
// offset at in the document, and idx gives, for each byte of the decoding
// and one past its end, the offset in the document of the character it
// comes from; nil (and the value raw itself) when raw needs no decoding.
func DecodeValue(raw string, at int) (string, []int) {
	if !NeedsDecoding(raw) {
		return raw, nil
	}
	var b strings.Builder
	b.Grow(len(raw))
	var idx []int
	if at >= 0 {
		idx = make([]int, 0, len(raw)+1)
	}
	mark := func(from, n int) {
		if at >= 0 {
			for range n {
				idx = append(idx, at+from)
			}
		}
	}
	for i := 0; i < len(raw); {
		c := raw[i]
		switch c {
		case '\r':
			b.WriteByte('\n')
			mark(i, 1)
			i++
			if i < len(raw) && raw[i] == '\n' {
				i++
			}
			continue
		case 0:
			b.WriteString("\uFFFD")
			mark(i, 3)
			i++
			continue
		case '&':
			if text, n := charRef(raw[i:]); n > 0 {
				b.WriteString(text)
				mark(i, len(text))
				i += n
				continue
			}
		}
		b.WriteByte(c)
		mark(i, 1)
		i++
	}
	if at >= 0 {
		idx = append(idx, at+len(raw))
	}
	return b.String(), idx
}

// charRef reads the character reference at the start of s, an
// attribute's value from an "&" on, and returns its text and length; n
// is 0 when the "&" is a character of its own.
//
// A numeric reference is "&#" and decimal digits or "&#x" and hex digits,
// then an optional ";"; its number is replaced as the standard's numeric
// character reference end state says. A named reference is the longest
// name of the table that s continues with; in an attribute, one that does
// not end in ";" and is followed by "=" or a letter or digit is
// characters of their own. As no name of the table without ";" is
// followed, in the table, by a longer name that is only letters and
// digits but for its ";", that is: the run of letters and digits, with
// its ";" when one follows, is a name of the table, and when it has no
// ";" is not followed by "=".
func charRef(s string) (string, int) {
	if len(s) < 2 {
		return "", 0
	}
	if s[1] == '#' {
		return numericRef(s)
	}
	i := 1
	for i < len(s) && i <= longestEntity && isAlnum(s[i]) {
		i++
	}
	if i == 1 || i > longestEntity {
		return "", 0
	}
	if i < len(s) && s[i] == ';' {
		i++
	} else if i < len(s) && s[i] == '=' {
		return "", 0
	}
	if t, ok := entities[s[1:i]]; ok {
		return t, i
	}
	return "", 0
}

func isAlnum(c byte) bool { return isAlpha(c) || '0' <= c && c <= '9' }

// numericRef reads the numeric character reference at the start of s
// ("&#").
func numericRef(s string) (string, int) {
	i := 2
	hex := i < len(s) && s[i]|0x20 == 'x'
	if hex {
		i++
	}
	start := i
	x := rune(0)
	for ; i < len(s); i++ {
		var d rune
		c := s[i]
		switch {
		case '0' <= c && c <= '9':
			d = rune(c - '0')
		case hex && 'a' <= c|0x20 && c|0x20 <= 'f':
			d = rune(c|0x20-'a') + 10
		default:
			goto done
		}
		if x <= utf8.MaxRune {
			if hex {
				x = x*16 + d
			} else {
				x = x*10 + d
			}
		}
	}
done:
	if i == start {
		return "", 0
	}
	if i < len(s) && s[i] == ';' {
		i++
	}
	switch {
	case 0x80 <= x && x <= 0x9F:
		x = windows1252[x-0x80]
	case x == 0, 0xD800 <= x && x <= 0xDFFF, x > utf8.MaxRune:
		x = utf8.RuneError
	}
	return string(x), i
}

// windows1252 is the standard's table of replacements for the numbers
// 0x80 to 0x9F (the C1 controls read as windows-1252); a number it does
// not replace stands for itself.
var windows1252 = [32]rune{
	'\u20AC', '\u0081', '\u201A', '\u0192', '\u201E', '\u2026', '\u2020', '\u2021',
	'\u02C6', '\u2030', '\u0160', '\u2039', '\u0152', '\u008D', '\u017D', '\u008F',
	'\u0090', '\u2018', '\u2019', '\u201C', '\u201D', '\u2022', '\u2013', '\u2014',
	'\u02DC', '\u2122', '\u0161', '\u203A', '\u0153', '\u009D', '\u017E', '\u0178',
}
