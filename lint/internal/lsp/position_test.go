package lsp

import (
	"strings"
	"testing"
)

// TestPositions: byte offsets as positions in each encoding, and back,
// with lines ended by "\n", "\r\n" and a lone "\r", after characters of
// one to four bytes ("é" is one UTF-16 unit, "𝄞" two).
func TestPositions(t *testing.T) {
	text := "aé𝄞b\r\nx\ry\n\n𝄞"
	//       0123456789…: a=0 é=1 𝄞=3 b=7 \r=8 \n=9 x=10 \r=11 y=12 \n=13 \n=14 𝄞=15 end=19
	for _, c := range []struct {
		off           int
		u16, u8, u32  Position
		up16          Position // rounded up, for an offset inside a character
		inside        bool
		back16, back8 int // offset of the UTF-16 and UTF-8 positions
	}{
		{off: 0, u16: Position{0, 0}, u8: Position{0, 0}, u32: Position{0, 0}, back16: 0, back8: 0},
		{off: 1, u16: Position{0, 1}, u8: Position{0, 1}, u32: Position{0, 1}, back16: 1, back8: 1},
		{off: 3, u16: Position{0, 2}, u8: Position{0, 3}, u32: Position{0, 2}, back16: 3, back8: 3},
		{off: 7, u16: Position{0, 4}, u8: Position{0, 7}, u32: Position{0, 3}, back16: 7, back8: 7},
		{off: 8, u16: Position{0, 5}, u8: Position{0, 8}, u32: Position{0, 4}, back16: 8, back8: 8},
		{off: 9, u16: Position{0, 5}, u8: Position{0, 8}, u32: Position{0, 4}, back16: 8, back8: 8}, // inside "\r\n"
		{off: 10, u16: Position{1, 0}, u8: Position{1, 0}, u32: Position{1, 0}, back16: 10, back8: 10},
		{off: 12, u16: Position{2, 0}, u8: Position{2, 0}, u32: Position{2, 0}, back16: 12, back8: 12}, // after a lone "\r"
		{off: 14, u16: Position{3, 0}, u8: Position{3, 0}, u32: Position{3, 0}, back16: 14, back8: 14},
		{off: 15, u16: Position{4, 0}, u8: Position{4, 0}, u32: Position{4, 0}, back16: 15, back8: 15},
		{off: 19, u16: Position{4, 2}, u8: Position{4, 4}, u32: Position{4, 1}, back16: 19, back8: 19},
		{off: 99, u16: Position{4, 2}, u8: Position{4, 4}, u32: Position{4, 1}, back16: 19, back8: 19},
		// Inside "𝄞": its start, or its end rounded up.
		{off: 5, u16: Position{0, 2}, u8: Position{0, 3}, u32: Position{0, 2}, up16: Position{0, 4}, inside: true, back16: 3, back8: 3},
	} {
		for _, e := range []struct {
			enc  encoding
			want Position
		}{{utf16, c.u16}, {utf8Enc, c.u8}, {utf32, c.u32}} {
			if got := newLineIndex(text, e.enc).position(c.off, false); got != e.want {
				t.Errorf("%v: offset %d is %v, want %v", e.enc, c.off, got, e.want)
			}
		}
		if c.inside {
			if got := newLineIndex(text, utf16).position(c.off, true); got != c.up16 {
				t.Errorf("offset %d rounded up is %v, want %v", c.off, got, c.up16)
			}
		}
		if got := newLineIndex(text, utf16).offset(c.u16); got != c.back16 {
			t.Errorf("utf-16 %v is offset %d, want %d", c.u16, got, c.back16)
		}
		if got := newLineIndex(text, utf8Enc).offset(c.u8); got != c.back8 {
			t.Errorf("utf-8 %v is offset %d, want %d", c.u8, got, c.back8)
		}
	}
	// Past the end of a line, half a surrogate pair, past the last line.
	ix := newLineIndex(text, utf16)
	for _, c := range []struct {
		p    Position
		want int
	}{{Position{1, 9}, 11}, {Position{0, 3}, 3}, {Position{9, 0}, 19}, {Position{-1, 0}, 0}} {
		if got := ix.offset(c.p); got != c.want {
			t.Errorf("%v is offset %d, want %d", c.p, got, c.want)
		}
	}
}

// TestRangesInOrder: ranges converted in order of their starts, some
// nested in others, on one long line, counting from the marks of the
// ranges before, are those converted one by one.
func TestRangesInOrder(t *testing.T) {
	text := strings.Repeat("é𝄞ab", 1000)
	type span struct{ off, end int }
	var spans []span
	for off := 0; off+20 < len(text); off += 7 {
		spans = append(spans, span{off, off + 20}, span{off, off + 3})
	}
	ix := newLineIndex(text, utf16)
	for _, s := range spans {
		got := ix.rangeOf(s.off, s.end)
		fresh := newLineIndex(text, utf16)
		want := Range{fresh.position(s.off, false), newLineIndex(text, utf16).position(s.end, true)}
		if got != want {
			t.Fatalf("range of %d-%d: %v, want %v", s.off, s.end, got, want)
		}
	}
}
