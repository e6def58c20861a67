package htmlscan

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/relurl/relurl/internal/scale"
)

// debianTrees are the HTML trees of the Debian documentation packages the
// whole-tree tests read when they are installed.
var debianTrees = []string{
	"/usr/share/doc/python3.11/html",
	"/usr/share/doc/apache2-doc/manual",
	"/usr/share/doc/git/html",
	"/usr/share/doc/postgresql-doc-15/html",
	"/usr/share/doc/python-django-doc/html",
}

// htmlFiles returns the .html and .htm files under root.
func htmlFiles(t testing.TB, root string) []string {
	var files []string
	root, err := filepath.EvalSymlinks(root)
	if err != nil {
		t.Fatal(err)
	}
	err = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && (strings.HasSuffix(p, ".html") || strings.HasSuffix(p, ".htm")) {
			files = append(files, p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// TestDebianTrees holds the scanner to the tokenizer on every page of the
// Debian documentation trees installed: the same start tags, attributes,
// values and comments, at the same offsets.
func TestDebianTrees(t *testing.T) {
	if testing.Short() || scale.Race {
		t.Skip("every page of the Debian trees, through both readers: not in -short, nor under the race detector, which slows it twenty times")
	}
	n := 0
	for _, root := range debianTrees {
		if _, err := os.Stat(root); err != nil {
			continue
		}
		files := htmlFiles(t, root)
		diffs := 0
		for _, f := range files {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			if d := firstDifference(string(data)); d != "" {
				diffs++
				t.Errorf("%s: %s", f, d)
			}
		}
		n += len(files)
		t.Logf("%s: %d pages, %d differ", root, len(files), diffs)
	}
	if n == 0 {
		t.Skip("no Debian documentation tree is installed")
	}
}
