package base

import (
	"sort"
	"strings"

	"github.com/relurl/relurl/ast"
)

// Map maps offsets in a text taken from an input (an entity, or a body with
// its transfer encoding undone) to byte offsets in the input. The zero Map
// is the identity. A Map of a slice of the input costs nothing; one of a
// quoted-printable body holds a pair of offsets per escape and soft line
// break, none per plain byte.
type Map struct {
	start  int     // where offset 0 is in the input, when points is nil
	shift  int     // offsets are shifted by this before the lookup (Sub)
	points []point // where the mapping jumps, in order of text offset
	fixed  bool    // no offset maps: every one gives start (base64)
}

// point says that from text offset text on, each byte is one byte of the
// input on from input, until the next point.
type point struct{ text, input int }

// Slice returns the Map of a text that is input[start:], or a slice of it
// that begins there.
func Slice(start int) Map { return Map{start: start} }

// At returns the input offset of the text's byte at offset i (of the end
// of the text, for i = len(text)). For a text with no exact map
// ([Map.Exact] false) it is the offset where the text's source begins.
func (m Map) At(i int) int {
	switch {
	case m.fixed || m.points == nil:
		if m.fixed {
			return m.start
		}
		return m.start + i
	}
	t := m.shift + i
	k := sort.Search(len(m.points), func(k int) bool { return m.points[k].text > t }) - 1
	k = max(k, 0)
	return m.points[k].input + t - m.points[k].text
}

// Exact reports whether every offset maps to the input byte it was read
// from. It is false for a base64 body: its bytes come from no one place,
// and every offset gives the start of the body.
func (m Map) Exact() bool { return !m.fixed }

// Sub returns the Map of text[from:].
func (m Map) Sub(from int) Map {
	switch {
	case m.fixed:
		return m
	case m.points == nil:
		return Map{start: m.start + from}
	}
	m.shift += from
	return m
}

// mapper builds the Map of a text decoded from a source text whose own Map
// is src, a piece at a time.
type mapper struct {
	src    Map
	points []point
	next   int // the text offset of the next piece
}

// mark records that the text byte at offset m.next is input byte at,
// adding a point where the mapping so far would say otherwise.
func (m *mapper) mark(at int) {
	if n := len(m.points); n == 0 || m.points[n-1].input+m.next-m.points[n-1].text != at {
		m.points = append(m.points, point{m.next, at})
	}
}

// run records that the next n text bytes are the source bytes
// [from, from+n).
func (m *mapper) run(from, n int) {
	if n == 0 {
		return
	}
	m.mark(m.src.At(from))
	if m.src.points != nil {
		// Where the source's own mapping jumps inside the run, so does
		// the text's.
		t := m.src.shift + from
		k := sort.Search(len(m.src.points), func(k int) bool { return m.src.points[k].text > t })
		for ; k < len(m.src.points) && m.src.points[k].text < t+n; k++ {
			p := m.src.points[k]
			m.points = append(m.points, point{m.next + p.text - t, p.input})
		}
	}
	m.next += n
}

// escape records that the next text byte was decoded from the escape at
// source offset from: it maps to the escape's first byte.
func (m *mapper) escape(from int) {
	m.mark(m.src.At(from))
	m.next++
}

// done returns the Map, the end of the text mapping to the source offset
// end.
func (m *mapper) done(end int) Map {
	m.mark(m.src.At(end))
	if len(m.points) == 1 && m.points[0].text == 0 {
		return Map{start: m.points[0].input}
	}
	return Map{points: m.points}
}

// decodeQuotedPrintable undoes quoted-printable (RFC 2045 §6.7)
// leniently, with no limit on the length of a line: "=" and two hex
// digits, in either case, is a byte; "=" then spaces or tabs, then a line
// end, is a soft line break; any other "=" stands for itself. src maps
// text to the input; the Map returned maps the decoded text to the input,
// byte for byte. A text without "=" is its own decoding, not copied.
func decodeQuotedPrintable(text string, src Map) (string, Map) {
	if strings.IndexByte(text, '=') < 0 {
		return text, src
	}
	if src.fixed {
		// Decoded from base64 already: no byte has a place of its own.
		d, _ := decodeQuotedPrintable(text, Map{})
		return d, src
	}
	var b strings.Builder
	b.Grow(len(text))
	m := mapper{src: src}
	lit := 0 // the plain bytes not yet written begin here
	flush := func(end int) {
		b.WriteString(text[lit:end])
		m.run(lit, end-lit)
	}
	for i := 0; ; {
		k := strings.IndexByte(text[i:], '=')
		if k < 0 {
			break
		}
		i += k
		if i+2 < len(text) && ast.IsHex(text[i+1]) && ast.IsHex(text[i+2]) {
			flush(i)
			b.WriteByte(ast.Unhex(text[i+1])<<4 | ast.Unhex(text[i+2]))
			m.escape(i)
			i += 3
			lit = i
			continue
		}
		// A soft line break: "=", optional white space, the line end.
		j := i + 1
		for j < len(text) && (text[j] == ' ' || text[j] == '\t') {
			j++
		}
		if j < len(text) && text[j] == '\r' {
			j++
		}
		if j < len(text) && text[j] == '\n' {
			flush(i)
			i = j + 1
			lit = i
			continue
		}
		i++ // a lone "=" is itself
	}
	flush(len(text))
	return b.String(), m.done(len(text))
}

// decodeBase64 undoes base64 (RFC 2045 §6.8) leniently: white space is
// skipped, and decoding stops at "=" (the padding) or at the first byte
// outside the alphabet (see badBase64). A final group of two or three
// characters gives one or two bytes. Every decoded byte maps to where text
// begins in the input.
func decodeBase64(text string, src Map) (string, Map) {
	var b strings.Builder
	b.Grow(len(text) / 4 * 3)
	var acc uint32
	n := 0
	for i := 0; i < len(text); i++ {
		v := base64Value[text[i]]
		if v == vSpace {
			continue
		}
		if v >= 64 {
			break
		}
		acc = acc<<6 | uint32(v)
		n++
		if n == 4 {
			b.WriteByte(byte(acc >> 16))
			b.WriteByte(byte(acc >> 8))
			b.WriteByte(byte(acc))
			acc, n = 0, 0
		}
	}
	switch n {
	case 2:
		b.WriteByte(byte(acc >> 4))
	case 3:
		b.WriteByte(byte(acc >> 10))
		b.WriteByte(byte(acc >> 2))
	}
	return b.String(), Map{start: src.At(0), fixed: true}
}

const vSpace, vBad = 64, 65

var base64Value = func() (t [256]uint8) {
	for i := range t {
		t[i] = vBad
	}
	for i, c := range "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/" {
		t[c] = uint8(i)
	}
	for _, c := range " \t\r\n\f\v" {
		t[c] = vSpace
	}
	return t
}()

// badBase64 returns the offset of the first byte of text that base64
// decoding (see decodeBase64) does not read as data, white space or
// padding: a byte outside the alphabet, or data after the padding; -1 when
// there is none. It copies nothing.
func badBase64(text string) int {
	padded := false
	for i := 0; i < len(text); i++ {
		c := text[i]
		switch v := base64Value[c]; {
		case v == vSpace:
		case c == '=':
			padded = true
		case v < 64 && !padded:
		default:
			return i
		}
	}
	return -1
}
