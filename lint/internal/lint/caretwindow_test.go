package lint

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/relurl/relurl/internal/testseed"
)

// TestCaretWindow: the caret view of a finding that keeps only
// caretWindow's part of its line is the view the whole line gives, for
// lines short and long, ASCII or not, and findings at the start, the end,
// past the quote window, or going on to a later line.
func TestCaretWindow(t *testing.T) {
	rng := rand.New(rand.NewPCG(uint64(testseed.Seed(t, 1808)), 0))
	pieces := []string{"a", "b/", "é", "€", "😀", " ", "\t", "\x00", "%", "\xff"}
	for range 3000 {
		var b strings.Builder
		for range rng.IntN(300) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		line := b.String()
		start := rng.IntN(len(line) + 1)
		n := rng.IntN(len(line) - start + 1)
		sameLine := rng.IntN(4) > 0
		whole := Finding{Column: start + 1, Offset: 1000, EndOffset: 1000 + n, Line: 3, EndLine: 3, line: line}
		if !sameLine {
			whole.EndLine = 4
		}
		if whole.line == "" && whole.Column <= 1 {
			continue
		}
		part := whole
		part.line, part.lineFrom = caretWindow(line, whole.Column, n, sameLine)
		if got, want := part.Caret(), whole.Caret(); got != want {
			t.Fatalf("line %q, column %d, %d bytes, on one line %v: window %q at %d\nviews\n%s\nwant\n%s",
				line, whole.Column, n, sameLine, part.line, part.lineFrom, got, want)
		}
		if len(part.line) > 2*(32+4+1)+64+4 {
			t.Fatalf("a window of %d bytes", len(part.line))
		}
	}
}
