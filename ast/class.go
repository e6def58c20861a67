package ast

import "strings"

// Class is a set of the character classes of RFC 1808 §2.2, one bit per
// class. The bits are generated from the BNF into class_table.go.
type Class uint16

// Alpha is alpha = lowalpha | hialpha.
const Alpha = Lowalpha | Hialpha

// ClassOf reports the §2.2 classes of byte c. Bytes outside every class
// (controls, space, DEL, non-ASCII) have the empty class.
func ClassOf(c byte) Class { return classTable[c] }

// Is reports whether byte c belongs to any class in mask.
func Is(c byte, mask Class) bool { return classTable[c]&mask != 0 }

// String lists the classes in c, joined by "|", for debugging and tests.
func (c Class) String() string {
	if c == 0 {
		return "0"
	}
	var names []string
	for i, n := range classNames {
		if c&(1<<i) != 0 {
			names = append(names, n)
		}
	}
	return strings.Join(names, "|")
}

// IsHex reports whether c is a §2.2 hex digit.
func IsHex(c byte) bool { return classTable[c]&Hex != 0 }

// IsEscape reports whether s begins with a §2.2 escape: "%" hex hex.
func IsEscape(s string) bool {
	return len(s) >= 3 && s[0] == '%' && IsHex(s[1]) && IsHex(s[2])
}

// SchemeLen returns the length of the scheme s begins with under the
// parsing rule of RFC 1808 §2.4.2 ("a colon ':' after the first character
// and before any characters not allowed as part of a scheme name"): the
// length of a nonempty run of scheme characters that a ":" follows, or 0
// when there is none. A scheme cut this way is always a valid scheme
// (scheme = 1*( alpha | digit | "+" | "-" | "." )). It is the one home of
// §2.4.2 for the validator, the resolver (§5.3's "./this:that") and the
// generators; the reference parser's lexer keeps its own, so that the two
// readers stay independent.
func SchemeLen(s string) int {
	i := 0
	for i < len(s) && classTable[s[i]]&SchemeChar != 0 {
		i++
	}
	if i < len(s) && s[i] == ':' {
		return i
	}
	return 0
}

// PercentDecode decodes every escape of s ("%" and two hex digits, §2.2)
// to its byte; a "%" that begins no escape is kept as it is. It is the
// inverse of [PercentEncode], and the one decoder of the packages that
// compare URLs once decoded (compare's classes, the fixes' check).
func PercentDecode(s string) string {
	if strings.IndexByte(s, '%') < 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && IsEscape(s[i:]) {
			b.WriteByte(Unhex(s[i+1])<<4 | Unhex(s[i+2]))
			i += 2
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// Unhex returns the value of the hex digit c ([IsHex]).
func Unhex(c byte) byte {
	switch {
	case c >= 'a':
		return c - 'a' + 10
	case c >= 'A':
		return c - 'A' + 10
	}
	return c - '0'
}

// PercentEncode writes every byte of text as an escape, "%" and two
// upper-case hex digits: the form a diagnostic suggests for a character no
// production allows.
func PercentEncode(text string) string {
	const hexDigits = "0123456789ABCDEF"
	b := make([]byte, 0, 3*len(text))
	for i := 0; i < len(text); i++ {
		b = append(b, '%', hexDigits[text[i]>>4], hexDigits[text[i]&15])
	}
	return string(b)
}
