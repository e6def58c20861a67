package lint_test

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/relurl/relurl/lint/internal/extract"
	"github.com/relurl/relurl/lint/internal/format"
	"github.com/relurl/relurl/lint/internal/lint"
)

// lintTree lints every file of dir that a walk takes, in lexical order,
// each against its own URL: its path under dir resolved against root.
func lintTree(t *testing.T, dir, root string) []lint.Finding {
	t.Helper()
	var all []lint.Finding
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		if _, ok := extract.KindByName(path); !ok {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		l := mustNewLinter(t, lint.Options{Retrieval: root + filepath.ToSlash(rel)})
		name := filepath.ToSlash(path)
		all = append(all, l.File(name, data, extract.Detect(name, data))...)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return all
}

// TestDocuments lints a tree of Markdown, CSS, HTML with meta refresh and
// style, Atom, SVG and a sitemap, each file
// against its own URL, and checks every finding, caret view included,
// against testdata/documents.golden.
func TestDocuments(t *testing.T) {
	findings := lintTree(t, "testdata/documents", "http://www.example.com/site/")
	var buf bytes.Buffer
	l := mustNewLinter(t, lint.Options{})
	if err := format.Write(format.NewText(&buf, format.Options{Verbose: true}), l.Rules(), findings); err != nil {
		t.Fatal(err)
	}
	golden(t, "testdata/documents.golden", buf.Bytes())
}

// TestOrdinaryDocumentsAreSilent: ordinary, valid documents of every kind
// give no finding.
func TestOrdinaryDocumentsAreSilent(t *testing.T) {
	findings := lintTree(t, "testdata/ordinary", "https://www.example.com/project/")
	for _, f := range findings {
		t.Errorf("%s:%d:%d: %s [%s] in %q", f.File, f.Line, f.Column, f.Message, f.Rule, f.URL)
	}
	kinds := map[extract.Kind]bool{}
	entries, _ := os.ReadDir("testdata/ordinary")
	for _, e := range entries {
		k, _ := extract.KindByName(e.Name())
		kinds[k] = true
	}
	for _, k := range []extract.Kind{extract.KindMarkdown, extract.KindCSS, extract.KindXML, extract.KindHTML} {
		if !kinds[k] {
			t.Errorf("no ordinary document of kind %v", k)
		}
	}
}
