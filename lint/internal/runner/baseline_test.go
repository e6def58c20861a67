package runner

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/relurl/relurl/lint/internal/lint"
	"github.com/relurl/relurl/lint/internal/report"
)

// collect is a report.Reporter that keeps the findings.
type collect struct{ findings []lint.Finding }

func (c *collect) Start([]lint.Setting) error { return nil }
func (c *collect) File(r *report.FileResult) error {
	c.findings = append(c.findings, r.Findings...)
	return nil
}
func (c *collect) End(*report.Summary) error { return nil }

func writeTree(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, content := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestBaselineRoundTrip: a baseline written from a run drops every finding
// of the same tree after its lines moved, whatever -j, and only those: a
// third copy of a bad URL that was there twice is new.
func TestBaselineRoundTrip(t *testing.T) {
	dir := t.TempDir()
	page := `<a href="/a b">1</a>
<a href="/a b">2</a>
<a href="http:g">3</a> <a href="c|d">4</a>
`
	writeTree(t, dir, map[string]string{"docs/a.html": page, "docs/sub/b.urls": "x y\nhttp://a/%zz\n"})
	l := mustNew(t, lint.Options{Retrieval: "http://www.example.com/"})
	run := func(jobs int, base, record *Baseline) (*report.Summary, []lint.Finding) {
		t.Helper()
		var c collect
		r := Run{Linter: l, Jobs: jobs, Baseline: base, Record: record}
		sum, err := r.Lint([]string{filepath.Join(dir, "docs")}, &c)
		if err != nil {
			t.Fatal(err)
		}
		return sum, c.findings
	}
	path := filepath.Join(dir, "relurl-baseline.json")
	var written [][]byte
	for _, jobs := range []int{1, 4} {
		rec := NewBaseline(dir)
		sum, all := run(jobs, nil, rec)
		if len(all) != 6 || sum.Baselined != 0 {
			t.Fatalf("-j %d: %d findings, want 6: %v", jobs, len(all), all)
		}
		if err := rec.WriteFile(path); err != nil {
			t.Fatal(err)
		}
		data, _ := os.ReadFile(path)
		written = append(written, data)
	}
	if !bytes.Equal(written[0], written[1]) {
		t.Errorf("baselines of -j 1 and -j 4 differ:\n%s\n%s", written[0], written[1])
	}
	for _, want := range []string{
		`{"file":"docs/a.html","rule":"fsegment/char","url":"/a b","index":1}`,
		`{"file":"docs/sub/b.urls","rule":"escape/malformed","url":"http://a/%zz","index":0}`,
	} {
		if !bytes.Contains(written[0], []byte(want+",\n")) && !bytes.Contains(written[0], []byte(want+"\n]}")) {
			t.Errorf("baseline lacks the line %s:\n%s", want, written[0])
		}
	}

	// Lines move: everything is still baselined.
	writeTree(t, dir, map[string]string{"docs/a.html": "<p>new</p>\n\n\n" + strings.ReplaceAll(page, "</a>\n<a", "</a> <a")})
	base, err := ReadBaseline(path)
	if err != nil {
		t.Fatal(err)
	}
	if base.Len() != 6 {
		t.Errorf("read %d fingerprints, want 6", base.Len())
	}
	sum, got := run(2, base, nil)
	if _, any := sum.Worst(); len(got) != 0 || sum.Baselined != 6 || any {
		t.Errorf("after the shift: %v, %d baselined, want none and 6", got, sum.Baselined)
	}
	// A third copy of "/a b" is new; the two before it are baselined.
	writeTree(t, dir, map[string]string{"docs/a.html": page + `<a href="/a b">5</a>` + "\n"})
	sum, got = run(2, base, nil)
	if len(got) != 1 || got[0].Line != 4 || sum.Baselined != 6 {
		t.Errorf("a third copy: %v, %d baselined", got, sum.Baselined)
	}
	// Read from another working directory, the paths still match.
	if wd, err := os.Getwd(); err == nil {
		t.Cleanup(func() { os.Chdir(wd) })
		if err := os.Chdir(filepath.Join(dir, "docs")); err != nil {
			t.Fatal(err)
		}
		var c collect
		r := Run{Linter: l, Jobs: 1, Baseline: base}
		if sum, _ := r.Lint([]string{"."}, &c); len(c.findings) != 1 || sum.Baselined != 6 {
			t.Errorf("from docs/: %v, %d baselined", c.findings, sum.Baselined)
		}
	}
}

func TestReadBaselineErrors(t *testing.T) {
	dir := t.TempDir()
	for name, content := range map[string]string{
		"version.json": `{"version":2,"findings":[]}`,
		"key.json":     `{"version":1,"findings":[{"file":"a","rule":"r","url":"u","index":0,"line":3}]}`,
		"json.json":    `{"version":1,`,
	} {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := ReadBaseline(p); err == nil || !strings.Contains(err.Error(), p) {
			t.Errorf("%s: %v, want an error naming the file", name, err)
		}
	}
}
