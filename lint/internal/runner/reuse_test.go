package runner

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/relurl/relurl/lint/internal/format"
	"github.com/relurl/relurl/lint/internal/lint"
)

// reuseTree is a tree to lint with its files' buffers reused: the sample
// of the Python documentation (pages that name each other's fragments,
// checked at the end), orderTree (fragments that wait, findings before
// and after them), pages of no finding of each kind the target rules read
// anchors from, a redirect page, fragments whose anchors are read apart,
// a file of no known kind, a file with a note, one of findings handed on
// in parts, and the tree's
// pages again under other names (a symbolic link, hard links).
func reuseTree(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	src := filepath.Join("..", "..", "..", "testdata", "bench", "pydocs")
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".html") {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		writeTree(t, filepath.Join(dir, "py"), map[string]string{filepath.ToSlash(rel): string(data)})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	writeTree(t, filepath.Join(dir, "order"), orderTree)
	writeTree(t, dir, map[string]string{
		"clean/a.html":   `<h1 id=top>a</h1><a href="b.html#mid">b</a><a href="../order/z.html#yes">z</a>`,
		"clean/b.html":   `<p id=mid><a href="a.html#top">a</a></p>`,
		"clean/c.md":     "# Title\n\n[a](a.html#top) [t](#title) [bad](#nowhere)\n",
		"clean/go.html":  `<meta http-equiv=refresh content="0; url=b.html"><p id=here>`,
		"clean/via.html": `<a href="go.html#mid">via</a> <a href="a%20b">x</a>`,
		// Fragments that name anchors but for letter case, and the
		// anchors of a page the run does not lint: read apart
		// (target.Options.Load), into the buffers too.
		"clean/case.html": `<a href="b.html#MID">b</a> <a href="../skipped/s.html#Here">s</a> <a href="../skipped/s.html#gone">s</a>`,
		"skipped/s.html":  `<p id=here>s</p><p name=x>`,
		"clean/data.bin":  "\x00\x01 not linted",
		"clean/later.css": `a { background: url("b.html#mid") }`,
		"clean/ent.svg": `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY e "b.html">]>` +
			`<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><a xlink:href="&e;#mid"/><a xlink:href="a.html#top"/></svg>`,
		// Findings handed on in parts (lint.FlushChunk), then none: the
		// check ends with no finding left to give.
		"clean/many.html": strings.Repeat("<a href=\"a%zz.html\">x</a>\n", lint.FlushChunk) + strings.Repeat("<a href=\"b.html\">b</a>\n", 10),
	})
	if err := os.Symlink("a.html", filepath.Join(dir, "clean", "link.html")); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	for _, name := range []string{"a.html", "b.html"} {
		if err := os.Link(filepath.Join(dir, "clean", name), filepath.Join(dir, "hard-"+name)); err != nil {
			t.Skip("no hard links here:", err)
		}
	}
	return dir
}

// TestReuseKeepsNothing lints a tree with each file's buffer, once its
// check keeps nothing of it, spoiled and reused for the files after
// (decision S-24), and holds the reports, every field of every finding
// (JSON) and the caret view of its line (verbose text), to a run that
// gives each file a buffer of its own: a finding, or anything the target
// rules keep, that still read a reused buffer would show the spoiled
// bytes or the next file's. It fails if the run reuses no buffer.
func TestReuseKeepsNothing(t *testing.T) {
	dir := reuseTree(t)
	// JSON says every field of a finding; verbose text shows its line.
	// With fixes, the findings that have one keep their file's buffer.
	run := func(l *lint.Linter, jobs int, reuse bool, form string) ([]byte, int) {
		var out bytes.Buffer
		rep, err := format.New(form, &out, format.Options{Verbose: true})
		if err != nil {
			t.Fatal(err)
		}
		// The hook is called from the jobs and from the run's goroutine.
		var spoiled atomic.Int64
		skip := func(path string, isDir bool) bool { return isDir && filepath.Base(path) == "skipped" }
		r := Run{Linter: l, Jobs: jobs, Root: dir, Targets: &Targets{}, Skip: skip, noReuse: !reuse, reusing: func(b []byte) {
			spoiled.Add(1)
			for i := range b {
				b[i] = "<a href=\"#x\">\n"[i%14]
			}
		}}
		if _, err := r.Lint([]string{dir}, rep); err != nil {
			t.Fatal(err)
		}
		return out.Bytes(), int(spoiled.Load())
	}
	for _, fixes := range []bool{false, true} {
		l, err := lint.New(lint.Options{Enable: []string{"rfc1738", "portability"}, Fixes: fixes})
		if err != nil {
			t.Fatal(err)
		}
		for _, form := range []string{"json", "text"} {
			want, n := run(l, 1, false, form)
			if n != 0 {
				t.Fatalf("a run that reuses no buffer spoiled %d", n)
			}
			if bytes.Count(want, []byte("\n")) < 20 {
				t.Fatalf("the tree has few findings:\n%s", want)
			}
			for _, jobs := range []int{1, 2} {
				got, n := run(l, jobs, true, form)
				if n == 0 {
					t.Errorf("fixes %t, -j %d: no buffer reused", fixes, jobs)
				}
				if !bytes.Equal(got, want) {
					t.Errorf("%s, fixes %t, -j %d, buffers reused: the report differs from a run that reuses none; got\n%s\nwant\n%s",
						form, fixes, jobs, got, want)
				}
			}
		}
	}
}
