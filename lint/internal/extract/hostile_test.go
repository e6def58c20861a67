package extract

import (
	"os"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/relurl/relurl/internal/scale"
)

// hostileShapes returns the hostile shapes of kind k (package
// internal/scale keeps them, for the scaling suite, make scale, which
// times them through the linter at n and 8n bytes).
func hostileShapes(k Kind) []scale.HostileShape {
	var shapes []scale.HostileShape
	for _, s := range scale.HostileShapes() {
		if s.Kind == k.String() {
			shapes = append(shapes, s)
		}
	}
	return shapes
}

// TestHostileRefs reads every hostile shape and holds each Ref to its
// invariants. Its time is the scaling suite's business (make scale), not a
// unit test's: timed here it failed on a busy machine.
func TestHostileRefs(t *testing.T) {
	n := 64 << 10
	if testing.Short() {
		n = 4 << 10
	}
	for _, k := range Kinds() {
		for _, s := range hostileShapes(k) {
			t.Run(k.String()+"/"+s.Name, func(t *testing.T) {
				src := s.Make(n)
				Extract(src, k, "http://a/b/c", Handler{Ref: func(r Ref) { checkRef(t, src, r) }})
			})
		}
	}
}

// TestHostileNotes: what an extractor will not read is said in a Note.
func TestHostileNotes(t *testing.T) {
	for _, tt := range []struct {
		kind Kind
		src  string
		want string
	}{
		{KindMarkdown, strings.Repeat("- ", 10000) + "x\n", NoteMarkdownTooCostly},
		{KindMarkdown, strings.Repeat("[a](", 20000), NoteMarkdownTooCostly},
		// A fence that does not hold the deep line: in a list item that
		// the line leaves, ended by a blank line (it may have been an HTML
		// block's text), in a block quote, indented as code, closed.
		{KindMarkdown, "- a\n  ```\n" + strings.Repeat("- ", 10000) + "x\n", NoteMarkdownTooCostly},
		{KindMarkdown, "<div>\n```\n\n" + strings.Repeat("- ", 10000) + "x\n", NoteMarkdownTooCostly},
		{KindMarkdown, "> ```\n" + strings.Repeat("- ", 10000) + "x\n", NoteMarkdownTooCostly},
		{KindMarkdown, "    ```\n" + strings.Repeat("- ", 10000) + "x\n", NoteMarkdownTooCostly},
		{KindMarkdown, "```\n```\n" + strings.Repeat("- ", 10000) + "x\n", NoteMarkdownTooCostly},
		{KindMarkdown, "``` a`b\n" + strings.Repeat("- ", 10000) + "x\n", NoteMarkdownTooCostly},
		{KindMarkdown, "~~~~\n~~~\n\n" + strings.Repeat("- ", 10000) + "x\n", NoteMarkdownTooCostly},
		{KindXML, scale.Hostile("xml", "billion laughs")(4 << 10), NoteXMLEntity},
		{KindXML, "\xFF\xFE<\x00a\x00>\x00", NoteXMLEncoding},
	} {
		var notes []Note
		Extract(tt.src, tt.kind, "", Handler{Note: func(n Note) { notes = append(notes, n) }})
		if len(notes) == 0 || notes[0].Kind != tt.want || notes[0].Message == "" {
			t.Errorf("%v %.30q…: notes %+v, want %s", tt.kind, tt.src, notes, tt.want)
		}
	}
}

// TestHostileBig reads big hostile inputs: a Markdown file of ordinary
// paragraphs (2 MiB; 50 MiB with RELURL_HOSTILE_BIG=1, a minute under the
// race detector), 10 000 nested lists, an XML document nested 100 000
// deep, a billion laughs. Each must give the URLs and notes it holds, and
// allocate no more than a bound per byte read, with a margin of about
// twice what it allocates today: memory stays linear in the input. Time
// is measured by the scaling suite (make scale), not here; it is logged.
func TestHostileBig(t *testing.T) {
	mdSize := 2 << 20
	if os.Getenv("RELURL_HOSTILE_BIG") != "" {
		mdSize = 50 << 20
	}
	for _, tt := range []struct {
		name string
		kind Kind
		src  string
		// urls is the number of URLs, or -1 for some; notes the kind of
		// the one note expected, or "" for none.
		urls  int
		notes string
		// perByte bounds the bytes allocated per byte of input.
		perByte float64
	}{
		{"Markdown", KindMarkdown, scale.Hostile("markdown", "ordinary paragraphs")(mdSize), -1, "", 64},
		{"10 000 nested lists", KindMarkdown, strings.Repeat("- ", 10000) + "[x](y)\n", 0, NoteMarkdownTooCostly, 1},
		{"10 000 nested lists by lines", KindMarkdown, nestedListLines(10000), 0, NoteMarkdownTooCostly, 1},
		{"XML 100 000 deep", KindXML, strings.Repeat(`<a xml:base="b/" href="c">`, 100000), 200000, NoteXMLBaseBudget, 32},
		{"billion laughs", KindXML, scale.Hostile("xml", "billion laughs")(1 << 20), 0, NoteXMLEntity, 16},
	} {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		start := time.Now()
		refs := 0
		var notes []string
		Extract(tt.src, tt.kind, "http://a/b/c", Handler{Ref: func(Ref) { refs++ }, Note: func(n Note) {
			if !slices.Contains(notes, n.Kind) {
				notes = append(notes, n.Kind)
			}
		}})
		d := time.Since(start)
		runtime.ReadMemStats(&after)
		perByte := float64(after.TotalAlloc-before.TotalAlloc) / float64(len(tt.src))
		t.Logf("%s: %d bytes in %v (%.1f MB/s), %d URLs, notes %v, %.1f bytes allocated per byte",
			tt.name, len(tt.src), d, float64(len(tt.src))/d.Seconds()/1e6, refs, notes, perByte)
		if tt.urls >= 0 && refs != tt.urls || tt.urls < 0 && refs == 0 {
			t.Errorf("%s: %d URLs, want %d", tt.name, refs, tt.urls)
		}
		if want := []string{tt.notes}; tt.notes == "" && len(notes) != 0 || tt.notes != "" && !slices.Equal(notes, want) {
			t.Errorf("%s: notes %v, want %q", tt.name, notes, tt.notes)
		}
		bound := tt.perByte
		if scale.Race {
			bound *= 4 // the race detector's sync.Pool keeps fewer objects
		}
		if perByte > bound {
			t.Errorf("%s: %.1f bytes allocated per byte of input, more than %v", tt.name, perByte, bound)
		}
	}
}

// nestedListLines is n lists nested by indentation, one item a line:
// the items up to MaxMarkdownNesting deep, then as deep as their
// indentation allows (four spaces more than the marker make an indented
// code block, which ends the nesting).
func nestedListLines(n int) string {
	var b strings.Builder
	for i := range n {
		b.WriteString(strings.Repeat("  ", min(i, 200)))
		b.WriteString("- item\n")
	}
	return b.String()
}

// TestFencedCodeNotCostly: Markdown shown in a fenced code block is code,
// which goldmark reads once, so a block may hold lines that would nest
// lists past MaxMarkdownNesting (the rules page's example of
// input/markdown-too-costly does) and the document's links are still read.
func TestFencedCodeNotCostly(t *testing.T) {
	deep := strings.Repeat("- ", 10000) + "x\n"
	for _, tt := range []struct {
		src  string
		urls int
	}{
		{"```markdown\n" + deep + "```\n[a](http://a/%zz)\n", 1},
		{"~~~\n" + deep + "~~~\n[a](http://a/%zz)\n", 1},
		{"````\n```\n" + deep + "````\n[a](http://a/%zz)\n", 1},
		{"- item\n\n  ```\n  " + deep + "  ```\n\n[a](http://a/%zz)\n", 1},
		{"```go\nfunc f() {\n\treturn\n" + deep + "```\n[a](http://a/%zz)\n", 1},
		{"```\n" + deep + "[a](http://a/%zz)\n", 0}, // never closed: code to the end
	} {
		src := tt.src
		var notes []Note
		var refs []string
		Extract(src, KindMarkdown, "", Handler{
			Note: func(n Note) { notes = append(notes, n) },
			Ref:  func(r Ref) { refs = append(refs, r.URL) },
		})
		if len(notes) != 0 {
			t.Errorf("%.40q…: notes %+v, want none", src, notes)
		}
		if len(refs) != tt.urls {
			t.Errorf("%.40q…: URLs %q, want %d", src, refs, tt.urls)
		}
	}
}
