package lsp

import (
	"sort"
	"unicode/utf8"
)

// encoding is how a Position counts characters in a line: LSP's default
// counts UTF-16 code units; a client may offer UTF-8 (bytes) or UTF-32
// (code points) instead (general.positionEncodings, LSP 3.17).
type encoding uint8

const (
	utf16 encoding = iota
	utf8Enc
	utf32
)

// String spells the encoding as LSP names it.
func (e encoding) String() string {
	switch e {
	case utf8Enc:
		return "utf-8"
	case utf32:
		return "utf-32"
	}
	return "utf-16"
}

// chooseEncoding picks the encoding of positions from those the client
// offers: UTF-8 when offered, since the linter counts bytes; else UTF-16,
// which every client must support (decision E-3).
func chooseEncoding(offered []string) encoding {
	for _, e := range offered {
		if e == "utf-8" {
			return utf8Enc
		}
	}
	return utf16
}

// units is how many units of e the rune r takes.
func (e encoding) units(r rune, size int) int {
	switch e {
	case utf8Enc:
		return size
	case utf32:
		return 1
	}
	if r >= 0x10000 {
		return 2
	}
	return 1
}

// lineIndex turns byte offsets of a text into Positions and back. Lines
// end at "\n", "\r\n" or a lone "\r", as LSP says.
type lineIndex struct {
	text   string
	starts []int
	enc    encoding
	// The last start and end converted by rangeOf, from which the next
	// conversion counts when it can: ranges converted in order of their
	// starts sweep each line about once, even a minified page's one line
	// of thousands of findings.
	lastStart, lastEnd mark
}

// mark is an offset and its position.
type mark struct {
	off int
	pos Position
	set bool
}

func newLineIndex(text string, enc encoding) *lineIndex {
	ix := &lineIndex{text: text, starts: []int{0}, enc: enc}
	for i := 0; i < len(text); i++ {
		switch text[i] {
		case '\r':
			if i+1 < len(text) && text[i+1] == '\n' {
				i++
			}
			ix.starts = append(ix.starts, i+1)
		case '\n':
			ix.starts = append(ix.starts, i+1)
		}
	}
	return ix
}

// lineEnd returns the offset where line ends, before its line ending.
func (ix *lineIndex) lineEnd(line int) int {
	if line+1 >= len(ix.starts) {
		return len(ix.text)
	}
	end := ix.starts[line+1] - 1
	if ix.text[end] == '\n' && end > ix.starts[line] && ix.text[end-1] == '\r' {
		end--
	}
	return end
}

// position returns the position of byte offset off. An offset inside a
// character is moved to the character's start, or to its end when up.
func (ix *lineIndex) position(off int, up bool) Position {
	return ix.positionFrom(off, up).pos
}

// positionFrom is position, counting from the nearest mark before off on
// its line, and returns off's mark.
func (ix *lineIndex) positionFrom(off int, up bool, from ...mark) mark {
	off = max(0, min(off, len(ix.text)))
	for off < len(ix.text) && off > 0 && !utf8.RuneStart(ix.text[off]) {
		if up {
			off++
		} else {
			off--
		}
	}
	line := sort.Search(len(ix.starts), func(i int) bool { return ix.starts[i] > off }) - 1
	start, col := ix.starts[line], 0
	for _, m := range from {
		if m.set && m.pos.Line == line && m.off >= start && m.off <= off {
			start, col = m.off, m.pos.Character
		}
	}
	end := min(off, ix.lineEnd(line))
	for i := start; i < end; {
		r, n := utf8.DecodeRuneInString(ix.text[i:end])
		col += ix.enc.units(r, n)
		i += n
	}
	if off > end {
		// Inside the line ending: the end of the line.
		off = end
	}
	return mark{off: off, pos: Position{Line: line, Character: col}, set: true}
}

// offset returns the byte offset of p. A line past the last is the end of
// the text; a character past the end of its line is the line's end (LSP);
// one inside a character (half a surrogate pair) is the character's start.
func (ix *lineIndex) offset(p Position) int {
	if p.Line < 0 {
		return 0
	}
	if p.Line >= len(ix.starts) {
		return len(ix.text)
	}
	i, end, col := ix.starts[p.Line], ix.lineEnd(p.Line), 0
	for i < end {
		r, n := utf8.DecodeRuneInString(ix.text[i:end])
		u := ix.enc.units(r, n)
		if col+u > p.Character {
			break
		}
		col += u
		i += n
	}
	return i
}

// rangeOf returns the range of the bytes off to end.
func (ix *lineIndex) rangeOf(off, end int) Range {
	ix.lastStart = ix.positionFrom(off, false, ix.lastStart)
	ix.lastEnd = ix.positionFrom(max(off, end), true, ix.lastStart, ix.lastEnd)
	return Range{Start: ix.lastStart.pos, End: ix.lastEnd.pos}
}
