package runner

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/relurl/relurl/lint/internal/door"
	"github.com/relurl/relurl/lint/internal/lint"
)

// TestFixWriteChanged: a file edited between its read and its fix keeps
// the edit, and the fix is an error naming it (decision F-11); a file left
// alone is fixed.
func TestFixWriteChanged(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{"a.urls": "http://a/b c\n", "b.urls": "http://a/b c\n"})
	var errs []error
	run := &Run{Linter: mustNew(t, lint.Options{Fixes: true}), Root: dir, Jobs: 1,
		Warn: func(err error) { errs = append(errs, err) },
		Fix: func(f *FixedFile) (bool, error) {
			if filepath.Base(f.Name) == "a.urls" {
				if err := os.WriteFile(f.Name, []byte("http://edited/ x\n"), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			return true, f.Write(false)
		}}
	sum, err := run.Lint([]string{dir}, &recorder{})
	if err != nil {
		t.Fatal(err)
	}
	if len(errs) != 1 || !errors.Is(errs[0], door.ErrChanged) || sum.Errors != 1 || sum.FilesFixed != 1 {
		t.Errorf("errors %v, summary %+v", errs, sum)
	}
	if data, _ := os.ReadFile(filepath.Join(dir, "a.urls")); string(data) != "http://edited/ x\n" {
		t.Errorf("the edit was lost: %q", data)
	}
	if data, _ := os.ReadFile(filepath.Join(dir, "b.urls")); string(data) != "http://a/b%20c\n" {
		t.Errorf("b.urls not fixed: %q", data)
	}
}

// TestLoadAnchorsFIFO: the anchors of a FIFO a reference names are not
// read: it is not opened, and nothing waits for a writer.
func TestLoadAnchorsFIFO(t *testing.T) {
	dir := t.TempDir()
	if err := mkfifo(filepath.Join(dir, "fifo.html")); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	tree, err := door.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer tree.Close()
	if a := LoadAnchors(tree, "fifo.html", 0, 1<<20, 0); a != nil {
		t.Errorf("anchors of a FIFO: %+v", a)
	}
}
