package door

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
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
		// Each path read three times: with nothing remembered of the
		// tree's directories, with what the reads before remembered, and
		// after the tree forgot it (decision S-21).
		for pass := range 3 {
			if pass == 2 {
				tr.Forget()
			}
			openCase(t, tr, c.rel, c.want, c.err)
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

// openCase reads rel through tr and checks it reads want, or fails with an
// error wrapping wantErr, and never reads a marker it is not meant to.
func openCase(t *testing.T, tr *Tree, rel, want string, wantErr error) {
	t.Helper()
	data, err := tr.ReadFile(rel, 1<<20)
	switch {
	case wantErr == nil && (err != nil || string(data) != want):
		t.Errorf("%s: %q, %v; want %q", rel, data, err, want)
	case wantErr != nil && !errors.Is(err, wantErr):
		t.Errorf("%s: %q, %v; want an error wrapping %q", rel, data, err, wantErr)
	case strings.Contains(string(data), "SECRET") && rel != ".git/config":
		t.Errorf("%s: read the marker", rel)
	}
}

// TestDirsRemembered: what a tree remembers of its directories (decision
// S-21) never leads a read out of it when a directory is swapped for a
// link out, a directory rebuilt is read anew once the tree forgets, and
// more directories than it holds open, read at once by several
// goroutines, all read right.
func TestDirsRemembered(t *testing.T) {
	root := tree(t, "docs/a.urls")
	tr := open(t, root)
	openCase(t, tr, "docs/a.urls", "docs/a.urls\n", nil)
	// Swapped: docs moved away, a link out in its place.
	if err := os.Rename(filepath.Join(root, "docs"), filepath.Join(root, "docs.old")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("../outside", filepath.Join(root, "docs")); err != nil {
		t.Fatal(err)
	}
	if data, err := tr.ReadFile("docs/secret", 1<<20); err == nil || strings.Contains(string(data), "SECRET") {
		t.Errorf("docs swapped for a link out, remembered: %q, %v; want an error", data, err)
	}
	tr.Forget()
	openCase(t, tr, "docs/secret", "", ErrOutside)
	// Rebuilt: a new docs with a new file.
	os.Remove(filepath.Join(root, "docs"))
	write2 := func(rel, s string) {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(root, rel)), 0o755); err != nil {
			t.Fatal(err)
		}
		write(t, filepath.Join(root, rel), s)
	}
	write2("docs/b.urls", "b\n")
	tr.Forget()
	openCase(t, tr, "docs/b.urls", "b\n", nil)

	// Many directories, several readers.
	const n = 3 * maxOpenDirs
	for i := range n {
		write2(filepath.Join("many", strings.Repeat("d", i%5+1)+string(rune('a'+i%26))+"x"+itoa(i), "f"), itoa(i))
	}
	done := make(chan bool)
	for g := range 8 {
		go func() {
			defer func() { done <- true }()
			for k := range n {
				i := (k*7 + g*13) % n
				rel := filepath.Join("many", strings.Repeat("d", i%5+1)+string(rune('a'+i%26))+"x"+itoa(i), "f")
				data, err := tr.ReadFile(rel, 100)
				if err != nil || string(data) != itoa(i) {
					t.Errorf("%s: %q, %v", rel, data, err)
					return
				}
				if info, err := tr.Stat(rel); err != nil || info.Size() != int64(len(itoa(i))) {
					t.Errorf("stat %s: %v", rel, err)
					return
				}
			}
		}()
	}
	for range 8 {
		<-done
	}
}

func itoa(i int) string { return strconv.Itoa(i) }

// TestHand: a tree that hands on (Hand) gives the listing a walk read to
// the next ReadDir of the directory, and the text of a link a lookup read
// to the next Readlink of it, each once; a tree that does not reads the
// disk each time, and Forget drops what was kept.
func TestHand(t *testing.T) {
	for _, hand := range []bool{false, true} {
		root := tree(t, "docs/a.urls", "docs/in -> a.urls")
		tr := open(t, root)
		if hand {
			tr.Hand()
		}
		names := func(des []fs.DirEntry) string {
			var out []string
			for _, de := range des {
				out = append(out, de.Name())
			}
			return strings.Join(out, " ")
		}
		if des, err := tr.ReadDirHanded("docs"); err != nil || names(des) != "a.urls in" {
			t.Fatalf("ReadDirHanded: %q, %v", names(des), err)
		}
		if _, err := tr.Stat("docs/in"); err != nil {
			t.Fatal(err)
		}
		// The disk changes after the walk.
		write(t, filepath.Join(root, "docs", "b.urls"), "b\n")
		os.Remove(filepath.Join(root, "docs", "in"))
		if err := os.Symlink("b.urls", filepath.Join(root, "docs", "in")); err != nil {
			t.Fatal(err)
		}
		wantDir, wantLink := "a.urls b.urls in", "b.urls"
		if hand {
			wantDir, wantLink = "a.urls in", "a.urls" // as the walk read them, once
		}
		if des, err := tr.ReadDir("docs"); err != nil || names(des) != wantDir {
			t.Errorf("hand %v: ReadDir after the walk: %q, %v; want %q", hand, names(des), err, wantDir)
		}
		if text, err := tr.Readlink("docs/in"); err != nil || text != wantLink {
			t.Errorf("hand %v: Readlink after the walk: %q, %v; want %q", hand, text, err, wantLink)
		}
		// Handed once: the next reads are the disk's.
		if des, err := tr.ReadDir("docs"); err != nil || names(des) != "a.urls b.urls in" {
			t.Errorf("hand %v: ReadDir again: %q, %v", hand, names(des), err)
		}
		if text, err := tr.Readlink("docs/in"); err != nil || text != "b.urls" {
			t.Errorf("hand %v: Readlink again: %q, %v", hand, text, err)
		}
		// Forget drops a listing handed and not taken.
		if _, err := tr.ReadDirHanded("docs"); err != nil {
			t.Fatal(err)
		}
		write(t, filepath.Join(root, "docs", "c.urls"), "c\n")
		tr.Forget()
		if des, err := tr.ReadDir("docs"); err != nil || names(des) != "a.urls b.urls c.urls in" {
			t.Errorf("hand %v: ReadDir after Forget: %q, %v", hand, names(des), err)
		}
	}
}
