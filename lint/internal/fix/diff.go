package fix

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"slices"
)

// diffContext is how many unchanged lines a hunk of a unified diff shows
// around its changes, as diff -u does.
const diffContext = 3

// UnifiedDiff returns the edits of src, the file called name, as a unified
// diff (diff -u, with "a/" and "b/" before the name, as git writes it), or
// nil when there are none. It is built from the edits themselves, not by
// comparing two texts: every changed line is a line an edit touches, and
// the work is linear in the file. The edits must not overlap ([ApplyEdits]
// checks that); equal ones are made once.
func UnifiedDiff(name string, src []byte, edits []Edit) []byte {
	var b bytes.Buffer
	WriteUnifiedDiff(&b, name, src, edits) // a bytes.Buffer takes all
	if b.Len() == 0 {
		return nil
	}
	return b.Bytes()
}

// WriteUnifiedDiff writes to w what [UnifiedDiff] returns, as it makes
// it: a hunk is not held whole (the edits of a large file all in one
// hunk would cost twice its size). It returns w's error.
func WriteUnifiedDiff(w io.Writer, name string, src []byte, edits []Edit) error {
	byOffset := func(a, b Edit) int { return a.Offset - b.Offset }
	same := func(a, b Edit) bool { return a.Offset == b.Offset && a.End == b.End && a.New == b.New }
	es := edits
	if !slices.IsSortedFunc(es, byOffset) || adjacentSame(es, same) {
		// Sorted apart from the caller's: a file's edits of --diff come
		// in order and each once, and a copy would cost one per URL.
		es = slices.Clone(edits)
		slices.SortFunc(es, byOffset)
		es = slices.CompactFunc(es, same)
	}
	if len(es) == 0 {
		return nil
	}
	starts := []int{0} // the offsets where the lines of src begin
	for i, c := range src {
		if c == '\n' && i+1 < len(src) {
			starts = append(starts, i+1)
		}
	}
	lineOf := func(off int) int {
		i, found := slices.BinarySearch(starts, off)
		if !found {
			i--
		}
		return i
	}
	lineEnd := func(l int) int { // past the line's "\n"
		if l+1 < len(starts) {
			return starts[l+1]
		}
		return len(src)
	}
	// The lines each edit touches, first and last.
	type span struct{ first, last int }
	spans := make([]span, len(es))
	for i, e := range es {
		last := e.End
		if e.End > e.Offset {
			last = e.End - 1
		}
		spans[i] = span{lineOf(e.Offset), lineOf(max(last, e.Offset))}
	}
	out := bufio.NewWriter(w)
	fmt.Fprintf(out, "--- a/%s\n+++ b/%s\n", name, name)
	var repl bytes.Buffer
	// hunk hands line the lines of the hunk of the edits es[i:j] from
	// line first to line last, with their marks, in order.
	hunk := func(i, j, first, last int, line func(mark byte, text []byte)) {
		at := first
		for k := i; k < j; k++ {
			// Context before the edit's lines, then the lines of the edits
			// that share them, removed and added.
			for ; at < spans[k].first; at++ {
				line(' ', src[starts[at]:lineEnd(at)])
			}
			blockFirst, blockLast := spans[k].first, spans[k].last
			m := k + 1
			for m < j && spans[m].first <= blockLast {
				blockLast = max(blockLast, spans[m].last)
				m++
			}
			from, to := starts[blockFirst], lineEnd(blockLast)
			repl.Reset()
			off := from
			for _, e := range es[k:m] {
				repl.Write(src[off:e.Offset])
				repl.WriteString(e.New)
				off = e.End
			}
			repl.Write(src[off:to])
			for l := blockFirst; l <= blockLast; l++ {
				line('-', src[starts[l]:lineEnd(l)])
			}
			for r := repl.Bytes(); len(r) > 0; {
				n := bytes.IndexByte(r, '\n') + 1
				if n == 0 {
					n = len(r)
				}
				line('+', r[:n])
				r = r[n:]
			}
			at, k = blockLast+1, m-1
		}
		for ; at <= last; at++ {
			line(' ', src[starts[at]:lineEnd(at)])
		}
	}
	delta := 0 // lines added so far, less lines removed
	for i := 0; i < len(es); {
		// A hunk: the edits whose lines, with their context, meet.
		j := i + 1
		for j < len(es) && spans[j].first-diffContext <= spans[j-1].last+diffContext+1 {
			j++
		}
		first := max(0, spans[i].first-diffContext)
		last := min(len(starts)-1, spans[j-1].last+diffContext)
		// Counted first, for the hunk's header, then written.
		oldN, newN := 0, 0
		hunk(i, j, first, last, func(mark byte, _ []byte) {
			if mark != '+' {
				oldN++
			}
			if mark != '-' {
				newN++
			}
		})
		fmt.Fprintf(out, "@@ -%s +%s @@\n", hunkRange(first+1, oldN), hunkRange(first+1+delta, newN))
		hunk(i, j, first, last, func(mark byte, text []byte) { writeLine(out, mark, text) })
		delta += newN - oldN
		i = j
	}
	return out.Flush()
}

// hunkRange writes a hunk's range as diff -u does: "start,count", or
// "start" alone for a count of one.
func hunkRange(start, n int) string {
	if n == 1 {
		return fmt.Sprint(start)
	}
	if n == 0 {
		start--
	}
	return fmt.Sprintf("%d,%d", start, n)
}

// writeLine writes one line of a hunk, with its mark; a last line without
// "\n" is followed by diff's note that it has none.
func writeLine(b *bufio.Writer, mark byte, line []byte) {
	b.WriteByte(mark)
	b.Write(line)
	if len(line) == 0 || line[len(line)-1] != '\n' {
		b.WriteString("\n\\ No newline at end of file\n")
	}
}

// adjacentSame reports whether two edits next to each other in es are the
// same by same.
func adjacentSame(es []Edit, same func(a, b Edit) bool) bool {
	for i := 1; i < len(es); i++ {
		if same(es[i-1], es[i]) {
			return true
		}
	}
	return false
}
