package atomicfile

import (
	"bufio"
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

func readDir(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return names
}

func TestWriteFile(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "page.html")
	if err := os.WriteFile(name, []byte("old"), 0o640); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(name, 0o640); err != nil { // whatever the umask
		t.Fatal(err)
	}
	if err := WriteFile(name, []byte("new content")); err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(name)
	info, _ := os.Stat(name)
	if string(got) != "new content" {
		t.Errorf("content %q", got)
	}
	if runtime.GOOS != "windows" && info.Mode().Perm() != 0o640 {
		t.Errorf("mode %v, want 0640", info.Mode().Perm())
	}
	if names := readDir(t, dir); len(names) != 1 {
		t.Errorf("left in the directory: %q", names)
	}

	t.Run("through a symbolic link", func(t *testing.T) {
		link := filepath.Join(dir, "link.html")
		if err := os.Symlink("page.html", link); err != nil {
			t.Skip("no symbolic links here:", err)
		}
		if err := WriteFile(link, []byte("via the link")); err != nil {
			t.Fatal(err)
		}
		if got, _ := os.ReadFile(name); string(got) != "via the link" {
			t.Errorf("the file the link names holds %q", got)
		}
		if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
			t.Errorf("the link was replaced: %v, %v", fi.Mode(), err)
		}
	})
	t.Run("not a regular file", func(t *testing.T) {
		if err := WriteFile(dir, []byte("x")); err == nil {
			t.Error("a directory replaced")
		}
		if err := WriteFile(filepath.Join(dir, "missing"), []byte("x")); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("a missing file: %v", err)
		}
	})
}

// TestFailureMidway: a write that fails after half the data leaves the
// file as it was, and no temporary file.
func TestFailureMidway(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "f")
	old := bytes.Repeat([]byte("old "), 1000)
	if err := os.WriteFile(name, old, 0o644); err != nil {
		t.Fatal(err)
	}
	injected := errors.New("disk full (injected)")
	data := bytes.Repeat([]byte("new "), 2000)
	err := writeFile(name, data, 512, func(written int) error {
		if written >= len(data)/2 {
			return injected
		}
		return nil
	})
	if !errors.Is(err, injected) {
		t.Fatalf("error %v, want the injected one", err)
	}
	if got, _ := os.ReadFile(name); !bytes.Equal(got, old) {
		t.Errorf("the file holds %d bytes, not the old %d", len(got), len(old))
	}
	if names := readDir(t, dir); len(names) != 1 {
		t.Errorf("left in the directory: %q", names)
	}
}

const helperEnv = "RELURL_ATOMICFILE_HELPER"

// TestHelperWrite is not a test: run by TestKilledMidway as a process of
// its own, it writes new content into the file $RELURL_ATOMICFILE_HELPER
// and stops halfway, saying so on standard output, until it is killed.
func TestHelperWrite(t *testing.T) {
	name := os.Getenv(helperEnv)
	if name == "" {
		t.Skip("a helper process of TestKilledMidway")
	}
	data := bytes.Repeat([]byte("new "), 1<<18)
	writeFile(name, data, 4096, func(written int) error {
		if written >= len(data)/2 {
			os.Stdout.WriteString("midway\n")
			time.Sleep(time.Hour)
		}
		return nil
	})
	os.Exit(3) // never reached
}

// TestKilledMidway kills a process in the middle of a write: the file
// holds its old content, whole, both while the write is under way and
// after the kill.
func TestKilledMidway(t *testing.T) {
	if os.Getenv(helperEnv) != "" {
		t.Skip("inside the helper")
	}
	dir := t.TempDir()
	name := filepath.Join(dir, "big.html")
	old := bytes.Repeat([]byte("old "), 1<<17)
	if err := os.WriteFile(name, old, 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestHelperWrite$", "-test.v")
	cmd.Env = append(os.Environ(), helperEnv+"="+name)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan bool, 1)
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			if strings.Contains(sc.Text(), "midway") {
				done <- true
				return
			}
		}
		done <- false
	}()
	select {
	case ok := <-done:
		if !ok {
			cmd.Process.Kill()
			cmd.Wait()
			t.Fatal("the helper ended before it was midway")
		}
	case <-time.After(2 * time.Minute):
		cmd.Process.Kill()
		cmd.Wait()
		t.Fatal("the helper never got midway")
	}
	if got, _ := os.ReadFile(name); !bytes.Equal(got, old) {
		t.Errorf("midway, the file holds %d bytes, not the old %d", len(got), len(old))
	}
	if err := cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	cmd.Wait()
	if got, _ := os.ReadFile(name); !bytes.Equal(got, old) {
		t.Errorf("after the kill, the file holds %d bytes, not the old %d", len(got), len(old))
	}
	// What a kill leaves: the file and at most the temporary file.
	for _, n := range readDir(t, dir) {
		if n != "big.html" && !strings.HasPrefix(n, ".big.html.relurl-") {
			t.Errorf("left in the directory: %q", n)
		}
	}
}

// TestWriteFileUnder: a file under the root is replaced, through a link
// that stays under it too; nothing outside the root is written, whether
// a link in the tree, a directory of the path or the path itself leads
// out.
func TestWriteFileUnder(t *testing.T) {
	top := t.TempDir()
	root := filepath.Join(top, "proj", "docs")
	outside := filepath.Join(top, "home")
	for _, d := range []string{root, filepath.Join(root, "sub"), outside} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	profile := filepath.Join(outside, ".profile")
	for name, content := range map[string]string{
		profile:                           "export PATH=/usr/bin:$PATH\n",
		filepath.Join(root, "sub/a.urls"): "old\n",
	} {
		if err := os.WriteFile(name, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	links := map[string]string{
		"notes.urls":  "../../home/.profile",       // out, relative
		"abs.urls":    profile,                     // out, absolute
		"ext":         "../../home",                // a directory out
		"inside.urls": "sub/a.urls",                // in
		"hook.urls":   "sub/.git/hooks/pre-commit", // into a repository's metadata
	}
	for link, target := range links {
		if err := os.Symlink(target, filepath.Join(root, link)); err != nil {
			t.Skip("no symbolic links here:", err)
		}
	}
	hook := filepath.Join(root, "sub/.git/hooks/pre-commit")
	if err := os.MkdirAll(filepath.Dir(hook), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(hook, []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"notes.urls", "abs.urls", "ext/.profile", "../../home/.profile", "hook.urls"} {
		err := WriteFileUnder(root, filepath.Join(root, name), []byte("export%20PATH\n"))
		if !errors.Is(err, ErrOutside) {
			t.Errorf("%s: error %v, want ErrOutside", name, err)
		}
	}
	if got, _ := os.ReadFile(profile); string(got) != "export PATH=/usr/bin:$PATH\n" {
		t.Errorf("the file outside the root now holds %q", got)
	}
	if got, _ := os.ReadFile(hook); string(got) != "#!/bin/sh\n" {
		t.Errorf("the hook now holds %q", got)
	}
	if err := WriteFileUnder(root, hook, []byte("#!/bin/sh\n# named\n")); err != nil {
		t.Errorf("a file named in .git: %v", err)
	}
	if names := readDir(t, outside); len(names) != 1 {
		t.Errorf("left outside the root: %q", names)
	}
	if err := WriteFileUnder(root, filepath.Join(root, "inside.urls"), []byte("new\n")); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(filepath.Join(root, "sub/a.urls")); string(got) != "new\n" {
		t.Errorf("the file the link under the root names holds %q", got)
	}
	if fi, err := os.Lstat(filepath.Join(root, "inside.urls")); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link was replaced: %v", err)
	}
	// A root reached through a link of its own is the same root.
	alias := filepath.Join(top, "alias")
	if err := os.Symlink(root, alias); err != nil {
		t.Fatal(err)
	}
	if err := WriteFileUnder(alias, filepath.Join(root, "sub/a.urls"), []byte("again\n")); err != nil {
		t.Errorf("a root named through a link: %v", err)
	}
}
