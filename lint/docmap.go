package lint

import (
	"encoding/base64"
	"strings"
	"unicode"

	"github.com/relurl/relurl/ast"
)

// docMap maps offsets in a text taken from a file (an HTML document, a
// MIME entity, maybe decoded) to offsets in the file.
type docMap struct {
	// start is the file offset of the text's first byte.
	start int
	// offsets, when not nil, maps each offset of a decoded text to the
	// file offset it was decoded from, offsets[len(text)] included.
	offsets []int
	// fixed maps every offset to start (a base64 body).
	fixed bool
}

func (m docMap) at(i int) int {
	switch {
	case m.fixed:
		return m.start
	case m.offsets != nil:
		return m.offsets[max(0, min(i, len(m.offsets)-1))]
	}
	return m.start + i
}

// plain reports whether the map is the identity plus start.
func (m docMap) plain() bool { return !m.fixed && m.offsets == nil }

// sub returns the map of t[from:].
func (m docMap) sub(from int) docMap {
	switch {
	case m.fixed:
		return m
	case m.offsets != nil:
		return docMap{offsets: m.offsets[min(from, len(m.offsets)-1):]}
	}
	return docMap{start: m.start + from}
}

// makeSource builds the source of a URL that is text[from:to] of a text
// mapped by m, with idx (when not nil) mapping each byte of url (and one
// past its end) to its offset in text.
func makeSource(url string, m docMap, from int, idx []int, where string) source {
	if idx == nil && m.plain() {
		return source{url: url, start: m.at(from), where: where}
	}
	offs := make([]int, len(url)+1)
	for i := range offs {
		if idx != nil {
			offs[i] = m.at(idx[i])
		} else {
			offs[i] = m.at(from + i)
		}
	}
	return source{url: url, offsets: offs, where: where}
}

// decodeQP undoes quoted-printable (RFC 2045 §6.7) leniently, keeping the
// offset in text of every decoded byte.
func decodeQP(text string, m docMap) (string, docMap) {
	var b strings.Builder
	offs := make([]int, 0, len(text)+1)
	for i := 0; i < len(text); {
		c := text[i]
		if c == '=' {
			if i+2 < len(text) && ast.IsHex(text[i+1]) && ast.IsHex(text[i+2]) {
				b.WriteByte(unhex(text[i+1])<<4 | unhex(text[i+2]))
				offs = append(offs, m.at(i))
				i += 3
				continue
			}
			// A soft line break: "=" then optional white space, then the
			// line ending.
			j := i + 1
			for j < len(text) && (text[j] == ' ' || text[j] == '\t') {
				j++
			}
			if j < len(text) && text[j] == '\r' {
				j++
			}
			if j < len(text) && text[j] == '\n' {
				i = j + 1
				continue
			}
		}
		b.WriteByte(c)
		offs = append(offs, m.at(i))
		i++
	}
	offs = append(offs, m.at(len(text)))
	return b.String(), docMap{offsets: offs}
}

func unhex(c byte) byte {
	switch {
	case c >= 'a':
		return c - 'a' + 10
	case c >= 'A':
		return c - 'A' + 10
	}
	return c - '0'
}

// decodeBase64 undoes base64 leniently (white space ignored, decoding stops
// at the first bad byte); every decoded byte maps to the body's start.
func decodeBase64(text string, m docMap) (string, docMap) {
	clean := strings.Map(func(r rune) rune {
		if unicode.IsSpace(r) {
			return -1
		}
		return r
	}, text)
	out := make([]byte, base64.StdEncoding.DecodedLen(len(clean)))
	n, _ := base64.StdEncoding.Decode(out, []byte(clean))
	return string(out[:n]), docMap{start: m.at(0), fixed: true}
}
