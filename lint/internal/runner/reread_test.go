package runner

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/relurl/relurl/lint/internal/lint"
	"github.com/relurl/relurl/lint/internal/report"
)

// rereadTree is a tree whose first page links to anchors of the second,
// which the run has not read when it lints the first: their fragments
// are left to the end of the run. One names nothing, on a line with a
// character of two bytes (and two UTF-16 units) before it.
var rereadTree = map[string]string{
	"a.html": "<p>x</p>\n<p>é 😀 <a href=\"b.html#nope\">b</a> <a href=\"b.html#yes\">b</a></p>\n<a href=\"b.html#nope\">again</a>\n",
	"b.html": "<p id=yes>\n",
}

// fragmentFindings returns the target/fragment findings of a run of
// dir with the target rules, and what it warned of.
func fragmentFindings(t *testing.T, dir string, edit func(name string), fix bool) ([]lint.Finding, []error, *report.Summary) {
	t.Helper()
	l, err := lint.New(lint.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var warned []error
	r := Run{Linter: l, Jobs: 1, Root: dir, Targets: &Targets{}, Warn: func(err error) { warned = append(warned, err) }, checking: edit}
	if fix {
		r.Fix = func(*FixedFile) (bool, error) { return false, nil }
	}
	rep := &collect{}
	sum, err := r.Lint([]string{dir}, rep)
	if err != nil {
		t.Fatal(err)
	}
	var out []lint.Finding
	for _, f := range rep.findings {
		if f.Rule == lint.RuleTargetFragment {
			out = append(out, f)
		}
	}
	return out, warned, sum
}

// TestRereadPlaces: the fragments left to the end of a run are placed
// from their file read again, the few that name nothing (decision L-56):
// the findings, their lines, columns (in bytes and in UTF-16 units) and
// caret views, are those of a run that places every one as the file is
// read (a run that fixes does, as its files change). A file changed since
// it was linted is an error that names it and wraps lint.ErrChanged, and
// its findings are not given at places that are no longer theirs.
func TestRereadPlaces(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, rereadTree)
	got, warned, _ := fragmentFindings(t, dir, nil, false)
	want, _, _ := fragmentFindings(t, dir, nil, true)
	if len(warned) > 0 {
		t.Fatalf("warned: %v", warned)
	}
	if len(got) != 2 || got[0].Line != 2 || got[1].Line != 3 {
		t.Fatalf("fragment findings: %+v; want two, on lines 2 and 3", got)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("placed at the end:\n%+v\nplaced as read:\n%+v", got, want)
	}
	if c := got[0].Caret(); c != want[0].Caret() || c == "" {
		t.Errorf("caret %q, want %q", c, want[0].Caret())
	}

	// The page changes once it is linted, before its fragments are
	// checked.
	a := filepath.Join(dir, "a.html")
	changed := func(name string) {
		if filepath.Base(name) == "a.html" {
			if err := os.WriteFile(a, []byte("\n"+rereadTree["a.html"]), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	got, warned, sum := fragmentFindings(t, dir, changed, false)
	if len(got) != 0 || len(warned) != 1 || !errors.Is(warned[0], lint.ErrChanged) || sum.Errors != 1 {
		t.Fatalf("a page changed during the run: findings %+v, warned %v, %d errors; want none, lint.ErrChanged, 1", got, warned, sum.Errors)
	}
	if msg := warned[0].Error(); msg != a+": changed during the run: its 2 target/fragment findings cannot be placed; lint it again" {
		t.Errorf("message %q", msg)
	}
	// Made a FIFO, it is not waited for: no longer the text linted.
	fifo := func(name string) {
		if filepath.Base(name) == "a.html" {
			if err := os.Remove(a); err != nil {
				t.Fatal(err)
			}
			if err := mkfifo(a); err != nil {
				t.Skip("no FIFOs here:", err)
			}
		}
	}
	writeTree(t, dir, rereadTree)
	_, warned, sum = fragmentFindings(t, dir, fifo, false)
	if len(warned) != 1 || !errors.Is(warned[0], lint.ErrChanged) || sum.Errors != 1 {
		t.Errorf("a page made a FIFO during the run: warned %v, %d errors", warned, sum.Errors)
	}
	os.Remove(a)
	// Gone, it is an error too.
	gone := func(name string) {
		if filepath.Base(name) == "a.html" {
			os.Remove(a)
		}
	}
	writeTree(t, dir, rereadTree)
	_, warned, sum = fragmentFindings(t, dir, gone, false)
	if len(warned) != 1 || !errors.Is(warned[0], os.ErrNotExist) || sum.Errors != 1 {
		t.Errorf("a page removed during the run: warned %v, %d errors", warned, sum.Errors)
	}
}
