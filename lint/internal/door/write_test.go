package door

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// TestWriteFile: a write replaces the file through a link inside the tree,
// keeps its mode and owner, and leaves alone, with its reason, a file
// changed since it was read, a read-only one unless asked, a setuid one, a
// link out, a link into .git, a FIFO (decision F-11).
func TestWriteFile(t *testing.T) {
	root := tree(t, "docs/a.urls", "docs/in -> a.urls", "docs/out -> ../../outside/secret", "docs/git -> ../.git/config", "docs/fifo|")
	tr := open(t, root)
	p := filepath.Join(root, "docs/a.urls")
	if err := os.Chmod(p, 0o640); err != nil {
		t.Fatal(err)
	}
	_, snap := readAll(t, tr, "docs/in")
	if err := tr.WriteFile("docs/in", []byte("fixed\n"), Write{Was: snap}); err != nil {
		t.Fatal(err)
	}
	if data, _ := os.ReadFile(p); string(data) != "fixed\n" {
		t.Errorf("after the write: %q", data)
	}
	if info, _ := os.Lstat(p); info.Mode() != 0o640 {
		t.Errorf("mode %v, want 0640", info.Mode())
	}
	if info, _ := os.Lstat(filepath.Join(root, "docs/in")); info.Mode()&fs.ModeSymlink == 0 {
		t.Error("the link was replaced")
	}

	// Changed since it was read: another program's edit is kept.
	_, snap = readAll(t, tr, "docs/a.urls")
	time.Sleep(10 * time.Millisecond)
	write(t, p, "edited\n")
	if err := tr.WriteFile("docs/a.urls", []byte("stale\n"), Write{Was: snap}); !errors.Is(err, ErrChanged) {
		t.Errorf("a file changed since: %v", err)
	}
	if data, _ := os.ReadFile(p); string(data) != "edited\n" {
		t.Errorf("the edit was lost: %q", data)
	}

	// Read-only, set-user-ID.
	os.Chmod(p, 0o444)
	if err := tr.WriteFile("docs/a.urls", []byte("x\n"), Write{}); !errors.Is(err, ErrReadOnly) {
		t.Errorf("read-only: %v", err)
	}
	if err := tr.WriteFile("docs/a.urls", []byte("x\n"), Write{ReadOnly: true}); err != nil {
		t.Errorf("read-only, asked: %v", err)
	}
	if info, _ := os.Lstat(p); info.Mode() != 0o444 {
		t.Errorf("read-only, asked: mode %v", info.Mode())
	}
	os.Chmod(p, os.ModeSetuid|0o755)
	if err := tr.WriteFile("docs/a.urls", []byte("y\n"), Write{}); !errors.Is(err, ErrSetID) {
		t.Errorf("setuid: %v", err)
	}
	os.Chmod(p, 0o644)

	// The owner, kept by the superuser; refused to others.
	if os.Geteuid() == 0 {
		if err := os.Chown(p, 1234, 1235); err != nil {
			t.Fatal(err)
		}
		if err := tr.WriteFile("docs/a.urls", []byte("z\n"), Write{}); err != nil {
			t.Fatal(err)
		}
		if s := snapshotOf(must(os.Lstat(p))); s.uid != 1234 || s.gid != 1235 {
			t.Errorf("owner %d:%d, want 1234:1235", s.uid, s.gid)
		}
	} else if err := canOwn(Snapshot{identified: true, uid: os.Geteuid() + 1}); !errors.Is(err, ErrOwner) {
		t.Errorf("another's file: %v", err)
	}

	for rel, want := range map[string]error{"docs/out": ErrOutside, "docs/git": ErrInGit, "docs/fifo": ErrNotRegular, "docs": ErrNotRegular} {
		if err := tr.WriteFile(rel, []byte("W\n"), Write{}); !errors.Is(err, want) {
			t.Errorf("%s: %v, want %v", rel, err, want)
		}
	}
	if data, _ := os.ReadFile(filepath.Join(filepath.Dir(root), "outside/secret")); string(data) != "SECRET\n" {
		t.Errorf("outside: %q", data)
	}
	if data, _ := os.ReadFile(filepath.Join(root, ".git/config")); string(data) != "token = SECRET\n" {
		t.Errorf(".git/config: %q", data)
	}

	// A new file, made only when asked.
	if err := tr.WriteFile("base.json", []byte("{}\n"), Write{}); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("a new file, not asked: %v", err)
	}
	if err := tr.WriteFile("base.json", []byte("{}\n"), Write{Create: 0o644}); err != nil {
		t.Errorf("a new file: %v", err)
	}
	entries, _ := os.ReadDir(filepath.Join(root, "docs"))
	for _, e := range entries {
		if filepath.Ext(e.Name()) != ".urls" && e.Name() != "in" && e.Name() != "out" && e.Name() != "git" && e.Name() != "fifo" {
			t.Errorf("left behind: %s", e.Name())
		}
	}
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}
