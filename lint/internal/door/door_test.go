package door

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// tree makes, in a temporary directory, the tree "tree" and beside it
// "outside" holding a file with a marker, from the entries: "name" a file
// holding its name, "name/" a directory, "name -> target" a symbolic link,
// "name|" a FIFO. It returns the tree's path.
func tree(t *testing.T, entries ...string) string {
	t.Helper()
	base := t.TempDir()
	root := filepath.Join(base, "tree")
	for _, d := range []string{root, filepath.Join(base, "outside"), filepath.Join(root, ".git")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	write(t, filepath.Join(base, "outside", "secret"), "SECRET\n")
	write(t, filepath.Join(root, ".git", "config"), "token = SECRET\n")
	for _, e := range entries {
		name, target, link := strings.Cut(e, " -> ")
		p := filepath.Join(root, filepath.FromSlash(strings.TrimRight(name, "/|")))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		var err error
		switch {
		case link:
			err = os.Symlink(target, p)
		case strings.HasSuffix(name, "/"):
			err = os.Mkdir(p, 0o755)
		case strings.HasSuffix(name, "|"):
			if err := mkfifo(p); err != nil {
				t.Skipf("no FIFOs here: %v", err)
			}
		default:
			write(t, p, name+"\n")
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	return root
}

func write(t *testing.T, p, s string) {
	t.Helper()
	if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
}

func open(t *testing.T, dir string) *Tree {
	t.Helper()
	tr, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { tr.Close() })
	return tr
}

// TestOpen: what the tree reads, and what it refuses, and why: a link out
// at any position, a loop, a link into .git, a FIFO, a device; an absolute
// link to a file of the tree is followed.
func TestOpen(t *testing.T) {
	root := tree(t, "docs/a.urls", "docs/out -> ../../outside/secret", "docs/dirout -> ../../outside",
		"docs/git -> ../.git/config", "docs/gitdir -> ../.git", "docs/loop -> loop", "docs/in -> a.urls",
		"docs/fifo|", "docs/null -> /dev/null", "up -> ..", "docs/abs -> "+"ROOT/docs/a.urls")
	// The absolute link, written with the tree's real path.
	os.Remove(filepath.Join(root, "docs/abs"))
	os.Symlink(filepath.Join(root, "docs/a.urls"), filepath.Join(root, "docs/abs"))
	tr := open(t, root)
	for _, c := range []struct {
		rel  string
		want string // the content, or the error wrapped
		err  error
	}{
		{rel: "docs/a.urls", want: "docs/a.urls\n"},
		{rel: "docs/in", want: "docs/a.urls\n"},
		{rel: "docs/abs", want: "docs/a.urls\n"},
		{rel: ".git/config", want: "token = SECRET\n"}, // named there: meant
		{rel: "docs/out", err: ErrOutside},
		{rel: "docs/dirout/secret", err: ErrOutside},
		{rel: "up/tree/docs/a.urls", err: ErrOutside},
		{rel: "../outside/secret", err: ErrOutside},
		{rel: "docs/git", err: ErrInGit},
		{rel: "docs/gitdir/config", err: ErrInGit},
		{rel: "docs/loop", err: ErrLoop},
		{rel: "docs/fifo", err: ErrNotRegular},
		{rel: "docs/null", err: ErrOutside},
		{rel: "docs", err: ErrNotRegular},
		{rel: "docs/none", err: fs.ErrNotExist},
	} {
		data, err := tr.ReadFile(c.rel, 1<<20)
		switch {
		case c.err == nil && (err != nil || string(data) != c.want):
			t.Errorf("%s: %q, %v; want %q", c.rel, data, err, c.want)
		case c.err != nil && !errors.Is(err, c.err):
			t.Errorf("%s: %q, %v; want an error wrapping %q", c.rel, data, err, c.err)
		case strings.Contains(string(data), "SECRET") && c.rel != ".git/config":
			t.Errorf("%s: read the marker", c.rel)
		}
	}
	if _, err := tr.OpenNamed("docs/fifo"); err != nil {
		t.Errorf("a FIFO named: %v", err)
	}
	if des, err := tr.ReadDir("docs/dirout"); !errors.Is(err, ErrOutside) || len(des) != 0 {
		t.Errorf("listing a link out: %v, %v", des, err)
	}
	if des, err := tr.ReadDir("docs/gitdir"); !errors.Is(err, ErrInGit) || len(des) != 0 {
		t.Errorf("listing a link into .git: %v, %v", des, err)
	}
	if _, err := tr.Stat("docs/out"); !errors.Is(err, ErrOutside) {
		t.Errorf("stat of a link out: %v", err)
	}
	if info, err := tr.Lstat("docs/out"); err != nil || info.Mode()&fs.ModeSymlink == 0 {
		t.Errorf("lstat of a link out: %v, %v", info, err)
	}
	if got := tr.Where("docs/out"); got != filepath.Join(filepath.Dir(root), "outside", "secret") {
		t.Errorf("where docs/out leads: %s", got)
	}
}

// TestRel: a path named by the root's name, through a link to it, or by
// its real path, is under the root; others are not. A working directory
// reached through a link keeps the link's name (decision L-60).
func TestRel(t *testing.T) {
	root := tree(t, "docs/a.urls")
	link := filepath.Join(filepath.Dir(root), "link")
	if err := os.Symlink("tree", link); err != nil {
		t.Fatal(err)
	}
	tr := open(t, link)
	if tr.Abs() != link || tr.Real() != root {
		t.Errorf("abs %s, real %s", tr.Abs(), tr.Real())
	}
	for name, want := range map[string]string{
		filepath.Join(link, "docs/a.urls"): "docs/a.urls",
		filepath.Join(root, "docs"):        "docs",
		link:                               ".",
		filepath.Dir(root):                 "",
	} {
		got, ok := tr.Rel(name)
		if ok != (want != "") || got != filepath.FromSlash(want) {
			t.Errorf("Rel(%s) = %q, %v; want %q", name, got, ok, want)
		}
	}
	t.Chdir(link)
	t.Setenv("PWD", link)
	here := open(t, ".")
	if here.Abs() != link {
		t.Errorf("from a working directory reached by a link: root %s, want %s", here.Abs(), link)
	}
	if data, err := here.ReadFile("docs/a.urls", 100); err != nil || string(data) != "docs/a.urls\n" {
		t.Errorf("read from there: %q, %v", data, err)
	}
}

// readAll reads the regular file rel of tr, and its snapshot.
func readAll(t *testing.T, tr *Tree, rel string) (string, Snapshot) {
	t.Helper()
	f, err := tr.Open(rel)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	data, err := io.ReadAll(f)
	if err != nil {
		t.Fatal(err)
	}
	return string(data), f.Snapshot()
}
