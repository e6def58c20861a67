package runner

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/relurl/relurl/lint/internal/lint"
	"github.com/relurl/relurl/lint/internal/report"
)

// orderTree is a tree whose first page names fragments of its last,
// which the run reaches last: its findings, and those of every page
// after it, wait for them; a page in between names a fragment of the
// first, known when it is linted; another name of the first page (a
// symbolic link) has fragments of its own; and the last page has a
// finding before its fragment's and one after.
var orderTree = map[string]string{
	"a.html":   "<a href=\"z.html#nope\">z</a>\n<a href=\"a b.html\">x</a>\n<a href=\"z.html#yes\">z</a> <a href=\"#self\">s</a>\n",
	"m/b.html": "<a href=\"c d.html\">x</a> <a href=\"../a.html#gone\">a</a>\n<a href=\"e f\">x</a>\n",
	"m/c.html": "<p>nothing</p>\n",
	"z.html":   "<p id=yes><a href=\"q r\">x</a>\n<a href=\"a.html#none\">a</a> <a href=\"s t\">x</a>\n",
}

// orderWant is what a run of orderTree reports, in order.
var orderWant = []string{
	"a.html:1:17 target/fragment",
	"a.html:2:10 target/missing",
	"a.html:2:11 fsegment/char",
	"a.html:3:38 target/fragment",
	"link.html:1:17 target/fragment",
	"link.html:2:10 target/missing",
	"link.html:3:38 target/fragment",
	"m/b.html:1:10 target/missing",
	"m/b.html:1:11 fsegment/char",
	"m/b.html:1:45 target/fragment",
	"m/b.html:2:10 target/missing",
	"m/b.html:2:11 fsegment/char",
	"z.html:1:20 target/missing",
	"z.html:1:21 fsegment/char",
	"z.html:2:17 target/fragment",
	"z.html:2:38 target/missing",
	"z.html:2:39 fsegment/char",
}

// TestRunOrder: the findings go out in order of place, files in the order
// of the walk and each file's by line and column, its fragments' among
// the others, whatever the number of jobs and wherever the findings wait
// (in memory, or all of them in the temporary file); and the summary
// counts them all (decision U-4).
func TestRunOrder(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, orderTree)
	if err := os.Symlink("a.html", filepath.Join(dir, "link.html")); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	l, err := lint.New(lint.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, jobs := range []int{1, 2, 8} {
		for _, hold := range []int{0, 1} {
			rec, sum, got := lintOrdered(t, l, dir, jobs, hold)
			if !slices.Equal(got, orderWant) {
				t.Errorf("-j %d, hold %d: reported\n%s\nwant\n%s", jobs, hold, strings.Join(got, "\n"), strings.Join(orderWant, "\n"))
			}
			if n := sum.Findings[0] + sum.Findings[1] + sum.Findings[2] + sum.Findings[3]; n != len(orderWant) {
				t.Errorf("-j %d, hold %d: the summary counts %d findings, want %d", jobs, hold, n, len(orderWant))
			}
			// Each file once, its last part last.
			var names []string
			for _, f := range rec.files {
				if !f.Partial {
					names = append(names, filepath.Base(f.Name))
				}
			}
			if want := []string{"a.html", "link.html", "b.html", "c.html", "z.html"}; !slices.Equal(names, want) {
				t.Errorf("-j %d, hold %d: files %q, want %q", jobs, hold, names, want)
			}
		}
	}
}

// TestRunOrderParts: a file with more findings than are held in one part
// is written in parts when it waits, each of at most lint.FlushChunk
// findings, in order, its fragment's finding among them.
func TestRunOrderParts(t *testing.T) {
	dir := t.TempDir()
	var b strings.Builder
	b.WriteString("<a href=\"z.html#nope\">z</a>\n")
	for range 2*lint.FlushChunk + 10 {
		b.WriteString("<a href=\"a b\">x</a>\n")
	}
	b.WriteString("<a href=\"z.html#nope2\">z</a>\n")
	writeTree(t, dir, map[string]string{"a.html": b.String(), "z.html": "<p id=yes>\n"})
	l, err := lint.New(lint.Options{Disable: []string{"target/missing"}})
	if err != nil {
		t.Fatal(err)
	}
	for _, hold := range []int{0, 1} {
		rec := &recorder{}
		r := Run{Linter: l, Jobs: 2, Hold: hold, Root: dir, Targets: &Targets{}}
		if _, err := r.Lint([]string{dir}, rec); err != nil {
			t.Fatal(err)
		}
		var all []lint.Finding
		for i, f := range rec.files {
			if len(f.Findings) > lint.FlushChunk || f.Partial != (i < len(rec.files)-2) {
				t.Errorf("hold %d: part %d of %d: %d findings, partial %v", hold, i, len(rec.files), len(f.Findings), f.Partial)
			}
			all = append(all, f.Findings...)
		}
		if len(all) != 2*lint.FlushChunk+12 || all[0].Rule != lint.RuleTargetFragment || all[len(all)-1].Rule != lint.RuleTargetFragment ||
			!slices.IsSortedFunc(all, func(a, b lint.Finding) int { return a.Offset - b.Offset }) {
			t.Errorf("hold %d: %d findings, first %s, last %s", hold, len(all), all[0].Rule, all[len(all)-1].Rule)
		}
	}
}

var _ report.Reporter = (*recorder)(nil)

// TestRunOrderHardLinks: a tree and a copy of it made of hard links,
// each page met under two names, reports the copy's target findings as
// the tree's, under its names and in their places, whatever the number of
// jobs and wherever the findings wait: the fragments that name a page by
// its other name are settled with the page's own anchors (decision S-12),
// and those checked before their file's turn wait encoded (S-15).
func TestRunOrderHardLinks(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, filepath.Join(dir, "c1"), orderTree)
	for name := range orderTree {
		to := filepath.Join(dir, "c2", filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Link(filepath.Join(dir, "c1", filepath.FromSlash(name)), to); err != nil {
			t.Skip("no hard links here:", err)
		}
	}
	// The copy's names report the target rules' findings alone, as any
	// other name of a file linted before.
	var want []string
	for _, c := range []string{"c1/", "c2/"} {
		for _, w := range orderWant {
			if !strings.HasPrefix(w, "link.html") && (c == "c1/" || strings.Contains(w, " target/")) {
				want = append(want, c+w)
			}
		}
	}
	l, err := lint.New(lint.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, jobs := range []int{1, 2} {
		for _, hold := range []int{0, 1 << 20} {
			_, sum, got := lintOrdered(t, l, dir, jobs, hold)
			if !slices.Equal(got, want) {
				t.Errorf("-j %d, hold %d: reported\n%s\nwant\n%s", jobs, hold, strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
			if n := sum.Findings[0] + sum.Findings[1] + sum.Findings[2] + sum.Findings[3]; n != len(want) {
				t.Errorf("-j %d, hold %d: the summary counts %d findings, want %d", jobs, hold, n, len(want))
			}
		}
	}
}

// lintOrdered lints the tree dir with jobs workers, holding back hold
// bytes of findings, and returns what the reporter received, the summary,
// and each finding as "path:line:column rule" in the order reported.
func lintOrdered(t *testing.T, l *lint.Linter, dir string, jobs, hold int) (*recorder, *report.Summary, []string) {
	t.Helper()
	rec := &recorder{}
	r := Run{Linter: l, Jobs: jobs, Hold: hold, Root: dir, Targets: &Targets{}}
	sum, err := r.Lint([]string{dir}, rec)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range rec.files {
		for _, fd := range f.Findings {
			rel, _ := filepath.Rel(dir, fd.File)
			got = append(got, fmt.Sprintf("%s:%d:%d %s", filepath.ToSlash(rel), fd.Line, fd.Column, fd.Rule))
		}
	}
	return rec, sum, got
}
