package lsp

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/relurl/relurl/lint/internal/door"
)

// writeFiles writes the files of a tree under dir, by slash-separated
// names.
func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, s := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestDiskChanges: what other programs do to the tree reaches the
// target findings of an open document without a word from the client
// (decision E-10): a file created mends "no such file", an anchor written
// into a document mends its fragment, a file deleted or renamed away is
// missing, a directory created with a file in it is found, and a loop of
// symbolic links costs nothing.
func TestDiskChanges(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"a.html":    "<h1>A</h1>\n",
		"gone.html": "<h1>Gone</h1>\n",
		"old.html":  "<h1>Old</h1>\n",
	})
	if err := os.Symlink(".", filepath.Join(dir, "loop")); err != nil {
		t.Fatal(err)
	}
	index := filepath.Join(dir, "index.html")
	uri := pathURI(index)
	page := lines(
		`<a href="new.html">new</a>`,
		`<a href="a.html#x">x</a>`,
		`<a href="gone.html">gone</a>`,
		`<a href="old.html">old</a>`,
		`<a href="sub/deep/page.html">deep</a>`,
		`<a href="loop/loop/loop/a.html">loop</a>`)
	o := opts
	o.DiskCheck = 20 * time.Millisecond
	c := startServer(t, o, nil)
	c.send(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"processId":null,"rootUri":"` + pathURI(dir) + `","capabilities":{}}}`)
	c.next(response("1"))
	c.send(`{"jsonrpc":"2.0","method":"initialized","params":{}}`)
	c.open(uri, "html", page)
	// until reads the diagnostics of index.html until they are want.
	until := func(what, want string) {
		t.Helper()
		start := time.Now()
		got := ""
		for time.Since(start) < timeout {
			if got = targetCodes(c.next(diagnosticsOf(uri, 1))); got == want {
				t.Logf("%s: %s after %v", what, want, time.Since(start).Round(time.Millisecond))
				return
			}
		}
		t.Fatalf("%s: %s, want %s", what, got, want)
	}
	until("opened", "target/missing@0 target/fragment@1 target/missing@4")

	writeFiles(t, dir, map[string]string{"new.html": "<h1>New</h1>\n"})
	until("new.html created", "target/fragment@1 target/missing@4")
	writeFiles(t, dir, map[string]string{"a.html": `<h1 id="x">A</h1>` + "\n"})
	until("a.html given the anchor", "target/missing@4")
	if err := os.Remove(filepath.Join(dir, "gone.html")); err != nil {
		t.Fatal(err)
	}
	until("gone.html deleted", "target/missing@2 target/missing@4")
	if err := os.Rename(filepath.Join(dir, "old.html"), filepath.Join(dir, "older.html")); err != nil {
		t.Fatal(err)
	}
	until("old.html renamed", "target/missing@2 target/missing@3 target/missing@4")
	writeFiles(t, dir, map[string]string{"sub/deep/page.html": "<h1>Deep</h1>\n"})
	until("sub/deep/page.html created", "target/missing@2 target/missing@3")
	if code := c.shutdown(); code != 0 {
		t.Errorf("exit code %d", code)
	}
}

// TestSavedNewFile: a document the editor saves for the first time is in
// the tree at once, told by didSave alone or with the watcher's event,
// without the server's own check of the disk: the document linking to
// its anchor is linted again, and finds it. (A watching client may tell
// the file created, or changed: it is new to the tree either way.)
func TestSavedNewFile(t *testing.T) {
	for _, event := range []int{0, 1, 2} {
		name := map[int]string{0: "didSave", 1: "didSave and created", 2: "didSave and changed"}[event]
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			index, guide := filepath.Join(dir, "index.html"), filepath.Join(dir, "guide.html")
			indexURI, guideURI := pathURI(index), pathURI(guide)
			c := startServer(t, opts, nil)
			c.send(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"processId":null,"rootUri":"` + pathURI(dir) + `","capabilities":{}}}`)
			c.next(response("1"))
			c.send(`{"jsonrpc":"2.0","method":"initialized","params":{}}`)
			c.open(indexURI, "html", `<a href="guide.html#usage">usage</a>`+"\n")
			if got, want := targetCodes(c.next(diagnosticsOf(indexURI, 1))), "target/missing@0"; got != want {
				t.Fatalf("index.html: %s, want %s", got, want)
			}
			text := `<h1 id="usage">Usage</h1>` + "\n"
			c.open(guideURI, "html", text)
			c.next(diagnosticsOf(guideURI, 1))
			writeFiles(t, dir, map[string]string{"guide.html": text})
			if event > 0 {
				c.send(`{"jsonrpc":"2.0","method":"workspace/didChangeWatchedFiles","params":{"changes":[{"uri":"` + guideURI + `","type":` + string(rune('0'+event)) + `}]}}`)
			}
			c.send(`{"jsonrpc":"2.0","method":"textDocument/didSave","params":{"textDocument":{"uri":"` + guideURI + `"}}}`)
			start := time.Now()
			for {
				got := targetCodes(c.next(diagnosticsOf(indexURI, 1)))
				if got == "" {
					break
				}
				if time.Since(start) > timeout {
					t.Fatalf("index.html after guide.html is saved: %s, want none", got)
				}
			}
			if code := c.shutdown(); code != 0 {
				t.Errorf("exit code %d", code)
			}
		})
	}
}

// TestRootFromPath: the root of a document comes from its path, whatever
// the client's rootUri (decision E-9): the repository's top, the
// configuration's directory or its root; only for a document in no
// repository and under no configuration, the workspace folder; in none of
// them, no root (decision E-16): nothing around it is looked at. The hover
// names the URL the document is served at under its root, which shows the
// root.
func TestRootFromPath(t *testing.T) {
	for _, tc := range []struct {
		name    string
		files   map[string]string
		rootURI string // the client's, under the test's directory; "" for none
		doc     string
		want    string
	}{
		{"repository, client in a subdirectory", map[string]string{"top/.git/HEAD": "ref: refs/heads/main\n"},
			"top/library", "top/library/f.html", `"http://site.invalid/library/f.html"`},
		{"configuration's directory", map[string]string{"top/.git/HEAD": "", "top/site/" + configName: "\n"},
			"top", "top/site/a/f.html", `"http://site.invalid/a/f.html"`},
		{"configuration's root and base", map[string]string{"top/.git/HEAD": "", "top/" + configName: "root = \"out\"\nbase = \"https://x.example/\"\n"},
			"top/out/deep", "top/out/p.html", `"https://x.example/p.html"`},
		{"no repository: the workspace folder", nil, "ws", "ws/sub/f.html", `"http://site.invalid/sub/f.html"`},
		{"no repository, no folder: no root", nil, "", "ws/sub/f.html", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			writeFiles(t, dir, tc.files)
			writeFiles(t, dir, map[string]string{tc.doc: "<p>saved\n"})
			doc := filepath.Join(dir, filepath.FromSlash(tc.doc))
			root := "null"
			if tc.rootURI != "" {
				root = `"` + pathURI(filepath.Join(dir, filepath.FromSlash(tc.rootURI))) + `"`
			}
			c := startServer(t, opts, nil)
			c.send(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"processId":null,"rootUri":` + root + `,"capabilities":{}}}`)
			c.next(response("1"))
			c.send(`{"jsonrpc":"2.0","method":"initialized","params":{}}`)
			uri := pathURI(doc)
			c.open(uri, "html", `<a href="x.html">x</a>`+"\n")
			c.next(diagnosticsOf(uri, 1))
			c.send(`{"jsonrpc":"2.0","id":2,"method":"textDocument/hover","params":{"textDocument":{"uri":"` + uri + `"},"position":{"line":0,"character":10}}}`)
			var resp struct {
				Result Hover `json:"result"`
			}
			want := "§4 against " + tc.want
			if tc.want == "" {
				want = "§4: no base (§3.4)"
			}
			if err := json.Unmarshal(c.next(response("2")), &resp); err != nil || !strings.Contains(resp.Result.Contents.Value, want) {
				t.Errorf("hover: %q, want %s (%v)", resp.Result.Contents.Value, want, err)
			}
			if code := c.shutdown(); code != 0 {
				t.Errorf("exit code %d", code)
			}
		})
	}
}

// TestUnsavedDocument: a document open in the editor and never saved is
// not on disk, but its same-document references lead to it, and their
// fragments name its anchors (decision E-13): no target/missing, and a
// fragment it does not give is still a target/fragment. A reference to
// it from another document is missing until it is saved.
func TestUnsavedDocument(t *testing.T) {
	dir := t.TempDir()
	newURI, indexURI := pathURI(filepath.Join(dir, "sub", "new.html")), pathURI(filepath.Join(dir, "index.html"))
	writeFiles(t, dir, map[string]string{"index.html": `<a href="sub/new.html#usage">new</a>` + "\n", "sub/other.html": "x\n"})
	c := startServer(t, opts, nil)
	c.send(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"processId":null,"rootUri":"` + pathURI(dir) + `","capabilities":{}}}`)
	c.next(response("1"))
	c.send(`{"jsonrpc":"2.0","method":"initialized","params":{}}`)
	c.open(newURI, "html", `<h1 id="usage">Usage</h1>`+"\n"+
		`<a href="#usage">1</a> <a href="new.html#usage">2</a> <a href="">3</a> <a href="#nope">4</a> <a href="other.html">5</a>`+"\n")
	if got, want := targetCodes(c.next(diagnosticsOf(newURI, 1))), "target/fragment@1"; got != want {
		t.Errorf("the unsaved document: %s, want %s", got, want)
	}
	c.open(indexURI, "html", `<a href="sub/new.html#usage">new</a>`+"\n")
	if got, want := targetCodes(c.next(diagnosticsOf(indexURI, 1))), "target/missing@0"; got != want {
		t.Errorf("a reference to the unsaved document: %s, want %s", got, want)
	}
	if code := c.shutdown(); code != 0 {
		t.Errorf("exit code %d", code)
	}
}

// TestSeenBounded: a check looks at no more than maxChecks stamps,
// whatever was seen, in turn, and sees every change within the checks it
// takes to go round them all (decision E-15).
func TestSeenBounded(t *testing.T) {
	dir := t.TempDir()
	tree, err := door.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer tree.Close()
	s := newSeen(tree)
	const n = 2*maxChecks + 10
	name := func(i int) string { return fmt.Sprintf("f%d.html", i) }
	for i := range n {
		if err := os.WriteFile(filepath.Join(dir, name(i)), []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
		s.noteFile(filepath.Join(dir, name(i)), name(i))
	}
	s.noteDir(dir)
	// The last document noted: the third check reaches it, not before.
	if err := os.WriteFile(filepath.Join(dir, name(n-1)), []byte("changed"), 0o644); err != nil {
		t.Fatal(err)
	}
	for check := 1; check <= 3; check++ {
		_, files := s.changed()
		if want := check == 3; slices.Equal(files, []string{name(n - 1)}) != want || !want && len(files) > 0 {
			t.Errorf("check %d: changed %q", check, files)
		}
	}
	if dirs, files := s.size(); dirs != 1 || files != n-1 {
		t.Errorf("seen: %d directories, %d documents", dirs, files)
	}
	// A file made in the directory: a check of the next three sees it,
	// and every listing is forgotten.
	if err := os.WriteFile(filepath.Join(dir, "new.html"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	seenDir := false
	for range 3 {
		d, _ := s.changed()
		seenDir = seenDir || d
	}
	if !seenDir {
		t.Error("the directory's change was not seen in three checks")
	}
	if dirs, _ := s.size(); dirs != 0 {
		t.Errorf("%d directories still seen", dirs)
	}
}
