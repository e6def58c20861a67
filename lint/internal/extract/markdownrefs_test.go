package extract

import (
	"strings"
	"testing"
)

// TestMarkdownUndefinedLabel: each reference link or image whose label
// has no definition is a note over the reference (⟦…⟧ marks each), with
// its label; nothing else is (decision L-52).
func TestMarkdownUndefinedLabel(t *testing.T) {
	for _, c := range []struct {
		doc    string
		labels []string
	}{
		// Full and collapsed references, links and images.
		{"Read ⟦[the guide][guide]⟧ and ⟦[setup][]⟧.\n", []string{"guide", "setup"}},
		{"⟦![logo][img]⟧ and ⟦![logo][]⟧\n", []string{"img", "logo"}},
		{"a ⟦[b][c d\ne]⟧ f\n", []string{"c d e"}},
		{"a ⟦[b\n c][]⟧ d\n", []string{"b c"}},
		{"> a ⟦[b\n> c][]⟧ ⟦[d][e\n> f]⟧\n", []string{"b c", "e f"}},
		{"> a [b\n> c][] [d][e\n> f]\n\n[b c]: /u\n[E F]: /v\n", nil},
		{"# About ⟦[this][here]⟧\n", []string{"here"}},
		{"| a | b |\n|---|---|\n| ⟦[x][y]⟧ | z |\n", []string{"y"}},
		{"> quoted ⟦[x][y]⟧\n\n- item ⟦[z][]⟧\n", []string{"y", "z"}},
		{"[ok][a] ⟦[no][b]⟧\n\n[a]: /a\n", []string{"b"}},
		// Labels match as CommonMark says: case folded, white space
		// collapsed, wherever the definition is.
		{"[Foo  Bar][] [x][FOO\tbar]\n\n[foo bar]: /u\n", nil},
		{"[ẞ][] [x][SS]\n\n[ss]: /u\n", nil},
		{"- [a][]\n\n> [a]: /u\n", nil},
		{"[a][]\n\n- [a]: /u\n", nil},
		// Shortcut references are not reported: text in brackets.
		{"[shortcut] and [x] and [sic]\n", nil},
		{"- [ ] task\n- [x] done\n- [X] done\n", nil},
		{"> [!NOTE]\n> An alert.\n\n> [!WARNING]\n", nil},
		// Footnotes, GitHub's: defined or not, no reference link.
		{"Note[^1] and [^2] and [text][^1] and [^3][]\n\n[^1]: a note\n", nil},
		// Code, raw HTML, escapes: no link.
		{"`[a][b]` and ``[c][]``\n", nil},
		{"    [a][b]\n", nil},
		{"```\n[a][b]\n```\n", nil},
		{"<div>\n[a][b]\n</div>\n", nil},
		{"<span title=\"[a][b]\">x</span>\n", nil},
		{"\\[a][b] and [c\\][d] and [e]\\[f] and [g]\\[]\n", nil},
		{"<!-- [a][b] -->\n", nil},
		// The label is the text of a later link.
		{"[a][b][c]\n\n[c]: /c\n", nil},
		{"[a][b](/u)\n", nil},
		{"[a][b] ⟦[c][d]⟧\n\n[b]: /b\n", []string{"d"}},
		// A chain of them is text in brackets, one finding.
		{"⟦[GitHub#1][GitHub#2]⟧[GitHub#3][Patch by A]\n", []string{"GitHub#2"}},
		{"⟦[a][b]⟧[c][] ⟦[d][e]⟧\n", []string{"b", "e"}},
		{"⟦[a][b]⟧[c][d]\n\n[d]: /d\n", []string{"b"}},
		// No label at all: blank, too long, with a bracket, a link in the
		// text.
		{"[a][ ] and [][] and [a][" + strings.Repeat("x", 1000) + "]\n", nil},
		{"[a [b] c][] and [a][b[c]\n", nil},
		{"[a [b](c)][d]\n", nil},
		// An inline link is no reference.
		{"[a](b) [c](<d e>) [f]()\n", nil},
	} {
		doc, want := unmark(t, c.doc)
		var got [][2]int
		var labels []string
		Extract(doc, KindMarkdown, "", Handler{Note: func(n Note) {
			if n.Kind != NoteMarkdownUndefinedLabel {
				t.Errorf("%q: note %s: %s", c.doc, n.Kind, n.Message)
				return
			}
			got = append(got, [2]int{n.Offset, n.End})
			_, rest, _ := strings.Cut(n.Message, "uses the label \"")
			label, _, _ := strings.Cut(rest, "\"")
			labels = append(labels, label)
		}})
		if len(got) != len(want) || strings.Join(labels, "|") != strings.Join(c.labels, "|") {
			t.Errorf("%q: notes at %v, labels %q; want %v, %q", c.doc, got, labels, want, c.labels)
			continue
		}
		for i := range got {
			if got[i] != want[i] {
				t.Errorf("%q: note %d at %v, want %v", c.doc, i, got[i], want[i])
			}
		}
	}
}

// unmark returns doc without its ⟦ and ⟧ marks, and the spans they mark.
func unmark(t *testing.T, doc string) (string, [][2]int) {
	t.Helper()
	var b strings.Builder
	var spans [][2]int
	open := -1
	for i := 0; i < len(doc); {
		switch {
		case strings.HasPrefix(doc[i:], "⟦"):
			open = b.Len()
			i += len("⟦")
		case strings.HasPrefix(doc[i:], "⟧"):
			spans = append(spans, [2]int{open, b.Len()})
			i += len("⟧")
		default:
			b.WriteByte(doc[i])
			i++
		}
	}
	return b.String(), spans
}

// TestMarkdownDuplicateDefinition: the second definition of a label,
// which CommonMark ignores, is no link: its URL is not handed on
// (decision L-53).
func TestMarkdownDuplicateDefinition(t *testing.T) {
	for _, c := range []struct {
		doc  string
		urls []string
	}{
		{"[x]\n\n[x]: /one\n[x]: /two\n", []string{"/one"}},
		{"[x]: /one\n[X]: /two\n[ x ]: /three\n[y]: /four\n", []string{"/one", "/four"}},
		{"> [a  b]: /one\n\n[A B]: /two\n", []string{"/one"}},
		{"[x]: <>\n[x]: /two\n", []string{""}},
		{"[x]: /one\n\n    [x]: /code\n", []string{"/one"}},
	} {
		var urls []string
		Extract(c.doc, KindMarkdown, "", Handler{Ref: func(r Ref) { urls = append(urls, r.URL) }})
		if strings.Join(urls, " ") != strings.Join(c.urls, " ") || len(urls) != len(c.urls) {
			t.Errorf("%q: URLs %q, want %q", c.doc, urls, c.urls)
		}
	}
}
