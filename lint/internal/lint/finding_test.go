package lint

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/relurl/relurl/lint/internal/extract"
)

// naivePos is the position of off in src as the Finding documents it,
// counted from the start of the file.
func naivePos(src string, off int) (line, col, col16 int) {
	start := strings.LastIndexByte(src[:off], '\n') + 1
	col16 = 1
	for _, r := range src[start:off] {
		col16++
		if r >= 0x10000 {
			col16++
		}
	}
	// range over a string decodes as utf8.DecodeRuneInString does.
	return strings.Count(src[:off], "\n") + 1, off - start + 1, col16
}

// TestPlace: place gives every offset the position counted from the
// start of the file, in whatever order the findings come, on random text
// with line ends, CRLF, multi-byte and 4-byte characters and invalid
// UTF-8.
func TestPlace(t *testing.T) {
	r := rand.New(rand.NewPCG(18, 1))
	pieces := []string{"a", "b", "\n", "\r\n", "é", "日", "😀", "\xff", "\xe6\x97"}
	for range 200 {
		var b strings.Builder
		for range r.IntN(60) {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		src := b.String()
		var fs []Finding
		for range r.IntN(10) {
			// Offsets at rune starts, as the linter's are.
			a, e := r.IntN(len(src)+1), r.IntN(len(src)+1)
			for a > 0 && a < len(src) && !utf8.RuneStart(src[a]) {
				a--
			}
			for e > 0 && e < len(src) && !utf8.RuneStart(src[e]) {
				e--
			}
			fs = append(fs, Finding{Offset: min(a, e), EndOffset: max(a, e)})
		}
		place(src, fs)
		// The same, placed in chunks that come in any order, as a file's
		// findings are when they are written in parts.
		chunked := slices.Clone(fs)
		for i := range chunked {
			chunked[i].Line, chunked[i].EndLine = 0, 0
		}
		p := newPlacer(src)
		var chunks [][]Finding
		for rest := chunked; len(rest) > 0; {
			n := 1 + r.IntN(len(rest))
			chunks, rest = append(chunks, rest[:n]), rest[n:]
		}
		r.Shuffle(len(chunks), func(i, j int) { chunks[i], chunks[j] = chunks[j], chunks[i] })
		for _, c := range chunks {
			p.place(c)
		}
		if !slices.EqualFunc(fs, chunked, func(a, b Finding) bool { return a == b }) {
			t.Fatalf("%q: placed in chunks\n%+v\nwant\n%+v", src, chunked, fs)
		}
		for _, f := range fs {
			l, c, c16 := naivePos(src, f.Offset)
			el, ec, ec16 := naivePos(src, f.EndOffset)
			if f.Line != l || f.Column != c || f.col16 != c16 || f.EndLine != el || f.EndColumn != ec || f.endCol16 != ec16 {
				t.Fatalf("%q [%d,%d): placed at %d:%d(%d)-%d:%d(%d), want %d:%d(%d)-%d:%d(%d)", src, f.Offset, f.EndOffset,
					f.Line, f.Column, f.col16, f.EndLine, f.EndColumn, f.endCol16, l, c, c16, el, ec, ec16)
			}
			lineStart := strings.LastIndexByte(src[:f.Offset], '\n') + 1
			lineEnd := strings.IndexByte(src[f.Offset:], '\n')
			if lineEnd < 0 {
				lineEnd = len(src) - f.Offset
			}
			if want := strings.TrimSuffix(src[lineStart:f.Offset+lineEnd], "\r"); f.line != want {
				t.Fatalf("%q at %d: line %q, want %q", src, f.Offset, f.line, want)
			}
		}
	}
}

// TestPlaceLinear: placing the findings of a minified page, every link on
// one line with a finding each, steps over each byte of the file a
// bounded number of times, in whatever order the findings come (a
// placing that starts over for a finding out of order is quadratic). It
// counts the work, so it cannot pass by luck on a fast machine.
func TestPlaceLinear(t *testing.T) {
	l := mustNew(t, Options{})
	for _, n := range []int{100, 1000, 4000} {
		oneLine := "<p>" + strings.Repeat(`<a href="http:/a/../g">x</a>`, n)
		manyLines := "<p>" + strings.Repeat(`<a href="http:/a/../g">x</a>`+"\n", n)
		for name, src := range map[string]string{"one line": oneLine, "many lines": manyLines} {
			fs := l.File("p.html", []byte(src), extract.KindHTML)
			if len(fs) < n {
				t.Fatalf("%s, %d links: %d findings, want at least %d", name, n, len(fs), n)
			}
			// The worst order for a cursor that only moves forward.
			for i, j := 0, len(fs)-1; i < j; i, j = i+1, j-1 {
				fs[i], fs[j] = fs[j], fs[i]
			}
			if work := place(src, fs); work > 4*len(src) {
				t.Errorf("%s, %d links: placing %d findings stepped over %d bytes of a %d-byte file", name, n, len(fs), work, len(src))
			}
		}
	}
}
