package base

import "strings"

// Join returns the text made of the pieces input[p[0]:p[1]] of input, one
// after the other, and its Map into input: the raw HTML of a Markdown
// document, read as one HTML document, keeps the place of each of its
// bytes. The pieces are in order and do not overlap.
func Join(input string, pieces [][2]int) (string, Map) {
	if len(pieces) == 1 {
		return input[pieces[0][0]:pieces[0][1]], Slice(pieces[0][0])
	}
	var b strings.Builder
	n := 0
	for _, p := range pieces {
		n += p[1] - p[0]
	}
	b.Grow(n)
	m := mapper{}
	end := 0
	for _, p := range pieces {
		b.WriteString(input[p[0]:p[1]])
		m.run(p[0], p[1]-p[0])
		end = p[1]
	}
	return b.String(), m.done(end)
}

// IndexMap returns the Map of a text whose byte i was read from input byte
// idx[i], idx holding one offset more than the text has bytes: the input
// offset of the text's end. Offsets must not decrease. A byte decoded from
// an escape (an entity reference, say) maps to the escape's first byte.
func IndexMap(idx []int) Map {
	if len(idx) == 0 {
		return Map{}
	}
	m := mapper{}
	for _, at := range idx[:len(idx)-1] {
		m.mark(at)
		m.next++
	}
	return m.done(idx[len(idx)-1])
}
