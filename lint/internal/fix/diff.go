package fix

import (
	"bytes"
	"fmt"
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
	var out bytes.Buffer
	fmt.Fprintf(&out, "--- a/%s\n+++ b/%s\n", name, name)
	delta := 0 // lines added so far, less lines removed
	for i := 0; i < len(es); {
		// A hunk: the edits whose lines, with their context, meet.
		j := i + 1
		for j < len(es) && spans[j].first-diffContext <= spans[j-1].last+diffContext+1 {
			j++
		}
		first := max(0, spans[i].first-diffContext)
		last := min(len(starts)-1, spans[j-1].last+diffContext)
		var body bytes.Buffer
		oldN, newN := 0, 0
		line := first
		for k := i; k < j; k++ {
			// Context before the edit's lines, then the lines of the edits
			// that share them, removed and added.
			for ; line < spans[k].first; line++ {
				writeLine(&body, ' ', src[starts[line]:lineEnd(line)])
				oldN++
				newN++
			}
			blockFirst, blockLast := spans[k].first, spans[k].last
			m := k + 1
			for m < j && spans[m].first <= blockLast {
				blockLast = max(blockLast, spans[m].last)
				m++
			}
			from, to := starts[blockFirst], lineEnd(blockLast)
			var repl bytes.Buffer
			at := from
			for _, e := range es[k:m] {
				repl.Write(src[at:e.Offset])
				repl.WriteString(e.New)
				at = e.End
			}
			repl.Write(src[at:to])
			for l := blockFirst; l <= blockLast; l++ {
				writeLine(&body, '-', src[starts[l]:lineEnd(l)])
				oldN++
			}
			for _, nl := range splitLines(repl.Bytes()) {
				writeLine(&body, '+', nl)
				newN++
			}
			line, k = blockLast+1, m-1
		}
		for ; line <= last; line++ {
			writeLine(&body, ' ', src[starts[line]:lineEnd(line)])
			oldN++
			newN++
		}
		fmt.Fprintf(&out, "@@ -%s +%s @@\n", hunkRange(first+1, oldN), hunkRange(first+1+delta, newN))
		out.Write(body.Bytes())
		delta += newN - oldN
		i = j
	}
	return out.Bytes()
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
func writeLine(b *bytes.Buffer, mark byte, line []byte) {
	b.WriteByte(mark)
	b.Write(line)
	if len(line) == 0 || line[len(line)-1] != '\n' {
		b.WriteString("\n\\ No newline at end of file\n")
	}
}

// splitLines cuts s after each "\n".
func splitLines(s []byte) [][]byte {
	var lines [][]byte
	for len(s) > 0 {
		i := bytes.IndexByte(s, '\n')
		if i < 0 {
			return append(lines, s)
		}
		lines, s = append(lines, s[:i+1]), s[i+1:]
	}
	return lines
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
