package cli

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/relurl/relurl/internal/testtool"
)

// doorSecret marks the files outside the tree of the tests below: no
// output may hold it.
const doorSecret = "SECRET"

// doorRepo makes, in a temporary directory, a repository "repo" (a .git
// directory with a token in its config) whose docs hold a page and a list
// of URLs with a fix each, and beside it "outside" with a victim file of
// URLs and a private file, each holding the marker. It returns the
// temporary directory and the repository.
func doorRepo(t *testing.T) (base, repo string) {
	t.Helper()
	base = t.TempDir()
	repo = filepath.Join(base, "repo")
	writeFile(t, repo, ".git/config", "[http]\n\textraheader = token "+doorSecret+"\n")
	writeFile(t, repo, "docs/a.urls", "http://a/b c\n")
	writeFile(t, repo, "docs/index.html", `<a href="a.urls">a</a> <a href="x y.html">bad</a>`+"\n")
	writeFile(t, base, "outside/victim.urls", "http://"+doorSecret+"/b c\n")
	if err := os.Chmod(filepath.Join(base, "outside/victim.urls"), 0o600); err != nil {
		t.Fatal(err)
	}
	return base, repo
}

// symlink makes the symbolic link name to target, or skips the test where
// there are none.
func symlink(t *testing.T, target, name string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(target, name); err != nil {
		t.Skipf("no symbolic links here: %v", err)
	}
}

// victimKept fails the test when the victim outside the tree changed.
func victimKept(t *testing.T, base string) {
	t.Helper()
	p := filepath.Join(base, "outside/victim.urls")
	data, err := os.ReadFile(p)
	if err != nil || string(data) != "http://"+doorSecret+"/b c\n" {
		t.Errorf("the file outside the tree now holds %q (%v)", data, err)
	}
	if info, err := os.Lstat(p); err != nil || info.Mode() != 0o600 {
		t.Errorf("the file outside the tree: %v, %v", info, err)
	}
}

// TestDoorConfigRoot: a configuration's root may only narrow the tree
// (decision L-58): "..", "/" and a link out of the repository are
// refused, naming the key, and nothing is read or written; "docs" and a
// link to it inside the repository are the tree, whose link out is not
// followed by --fix.
func TestDoorConfigRoot(t *testing.T) {
	base, repo := doorRepo(t)
	symlink(t, "../../outside/victim.urls", filepath.Join(repo, "docs/v.urls"))
	symlink(t, "../outside", filepath.Join(repo, "site"))
	symlink(t, "docs", filepath.Join(repo, "pages"))
	t.Chdir(repo)
	for _, root := range []string{"..", "/", "site", "site/", "../outside"} {
		writeFile(t, repo, ".relurl.toml", "root = \""+root+"\"\n")
		for _, args := range [][]string{{"lint", "--format", "json"}, {"lint", "--fix", "--", "."}} {
			out, stderr, code := runCmd(t, "", args...)
			if code != exitUsage || strings.Contains(out+stderr, doorSecret) || !strings.Contains(stderr, ".relurl.toml: root: ") ||
				!strings.Contains(stderr, "a configuration may only narrow the tree") {
				t.Errorf("root = %q, %q: exit %d\n%s%s", root, args, code, out, stderr)
			}
		}
		victimKept(t, base)
	}
	for _, root := range []string{"docs", "pages", "."} {
		writeFile(t, repo, ".relurl.toml", "root = \""+root+"\"\n")
		out, stderr, code := runCmd(t, "", "lint", "--fix", "--", ".")
		if code == exitUsage && !strings.Contains(stderr, "--fix writes only under the root") || strings.Contains(out+stderr, doorSecret) {
			t.Errorf("root = %q: exit %d\n%s%s", root, code, out, stderr)
		}
		if !strings.Contains(stderr, "v.urls: skipped: leading out of the root") {
			t.Errorf("root = %q: the link out not said:\n%s", root, stderr)
		}
		victimKept(t, base)
		writeFile(t, repo, "docs/a.urls", "http://a/b c\n")
	}
	writeFile(t, repo, ".relurl.toml", "root = \"docs\"\n")
	if _, stderr, _ := runCmd(t, "", "lint", "--fix", "--", "."); !strings.Contains(stderr, "1 fixed") {
		t.Errorf("root = \"docs\": the file in the tree not fixed:\n%s", stderr)
	}
	if data, _ := os.ReadFile(filepath.Join(repo, "docs/a.urls")); string(data) != "http://a/b%20c\n" {
		t.Errorf("docs/a.urls: %q", data)
	}
}

// TestDoorNamedLink: a directory named in a repository that a symbolic
// link leads out of it is refused, never the root, whatever the format or
// --fix (decision L-60); a named link into the repository is linted as
// its target; with no enclosing project, a named link to a directory is
// its own tree, followed once.
func TestDoorNamedLink(t *testing.T) {
	base, repo := doorRepo(t)
	symlink(t, "../outside", filepath.Join(repo, "site"))
	symlink(t, "docs", filepath.Join(repo, "pages"))
	t.Chdir(repo)
	for _, args := range [][]string{{"--format", "json"}, {"--format", "sarif"}, {"--fix"}} {
		out, stderr, code := runCmd(t, "", append(append([]string{"lint"}, args...), "--", "site")...)
		if code != exitUsage || strings.Contains(out+stderr, doorSecret) || !strings.Contains(stderr, "site: a symbolic link out of the repository") {
			t.Errorf("%q site: exit %d\n%s%s", args, code, out, stderr)
		}
		victimKept(t, base)
	}
	if out, stderr, code := runCmd(t, "", "lint", "--format", "json", "--", "pages"); code != exitInvalid || !strings.Contains(out, `"file":"pages/a.urls"`) {
		t.Errorf("pages, a link into the repository: exit %d\n%s%s", code, out, stderr)
	}
	// Chosen on the command line, it is read.
	if out, _, _ := runCmd(t, "", "lint", "--follow-outside", "--format", "json", "--", "site"); !strings.Contains(out, doorSecret) {
		t.Errorf("--follow-outside site: not read:\n%s", out)
	}

	// No project: a link to a directory, as Debian's /usr/share/doc
	// holds them, is followed once, from anywhere.
	docs := filepath.Join(base, "share")
	writeFile(t, docs, "cmake-data/html/index.html", `<a href="x y.html">bad</a>`+"\n")
	symlink(t, "cmake-data", filepath.Join(docs, "cmake-doc"))
	t.Chdir(base)
	out, stderr, code := runCmd(t, "", "lint", "--format", "json", filepath.Join(docs, "cmake-doc"))
	if code != exitInvalid || !strings.Contains(out, "cmake-doc/html/index.html") || !strings.Contains(stderr, "1 file linted") {
		t.Errorf("a named link to a directory, no project: exit %d\n%s%s", code, out, stderr)
	}
}

// TestDoorWorkingDirLink: from a working directory reached through a
// symbolic link (the shell's $PWD), the tree is linted as from its real
// path: the same findings, not "leading out of the root" (decision L-60);
// a file named there too, in a repository too.
func TestDoorWorkingDirLink(t *testing.T) {
	base, repo := doorRepo(t)
	real := filepath.Join(repo, "docs")
	link := filepath.Join(base, "elsewhere", "html")
	symlink(t, real, link)
	lintFrom := func(dir string, args ...string) (string, string, int) {
		t.Helper()
		t.Chdir(dir)
		t.Setenv("PWD", dir)
		return runCmd(t, "", append([]string{"lint", "--format", "json"}, args...)...)
	}
	for _, args := range [][]string{{"."}, {"a.urls"}, {}} {
		want, wantErr, wantCode := lintFrom(real, args...)
		got, gotErr, gotCode := lintFrom(link, args...)
		if got != want || gotCode != wantCode || wantCode != exitInvalid || strings.Contains(gotErr, "leading out of the root") {
			t.Errorf("%q from %s: exit %d\n%s%s\nfrom %s: exit %d\n%s%s", args, link, gotCode, got, gotErr, real, wantCode, want, wantErr)
		}
	}
	// Debian's documentation is such a link: python3.11-doc/html leads to
	// python3.11/html.
	const python = "/usr/share/doc/python3.11-doc/html"
	info, err := os.Lstat(python)
	if err != nil || info.Mode()&os.ModeSymlink == 0 {
		if err == nil {
			err = errors.New("not a symbolic link")
		}
		testtool.Missing(t, testtool.DebianDocs, err)
		return
	}
	realPython, err := filepath.EvalSymlinks(python)
	if err != nil {
		t.Fatal(err)
	}
	want, wantErr, wantCode := lintFrom(realPython, "--no-targets", ".")
	got, gotErr, gotCode := lintFrom(python, "--no-targets", ".")
	if got != want || gotCode != wantCode || strings.Contains(gotErr, "leading out of the root") || strings.Contains(gotErr, " 0 files linted") {
		t.Errorf("%s: exit %d, %d bytes of findings\n%s\n%s: exit %d, %d bytes\n%s", python, gotCode, len(got), gotErr, realPython, wantCode, len(want), wantErr)
	}
}

// TestDoorBaseline: --write-baseline writes only through the door: a
// baseline that is a link out of its directory is refused and the file it
// leads to kept (decision L-58); the configuration's baseline that leads
// out of its project is not read, and nothing of it is said.
func TestDoorBaseline(t *testing.T) {
	base, repo := doorRepo(t)
	symlink(t, "../outside/victim.urls", filepath.Join(repo, ".relurl-baseline.json"))
	t.Chdir(repo)
	out, stderr, code := runCmd(t, "", "lint", "--write-baseline", ".relurl-baseline.json", "docs")
	if code != exitUsage || !strings.Contains(stderr, "leads out of the tree") || strings.Contains(out+stderr, doorSecret) {
		t.Errorf("--write-baseline through a link out: exit %d\n%s%s", code, out, stderr)
	}
	victimKept(t, base)
	writeFile(t, base, "outside/b.json", `{"`+doorSecret+`": 1}`)
	symlink(t, "../outside/b.json", filepath.Join(repo, "b.json"))
	writeFile(t, repo, ".relurl.toml", "baseline = \"b.json\"\n")
	out, stderr, code = runCmd(t, "", "lint", "docs")
	if code != exitUsage || strings.Contains(out+stderr, doorSecret) || !strings.Contains(stderr, "leads out of the tree") {
		t.Errorf("the configuration's baseline through a link out: exit %d\n%s%s", code, out, stderr)
	}
	// In the tree, it is written, and read back.
	os.Remove(filepath.Join(repo, ".relurl-baseline.json"))
	os.Remove(filepath.Join(repo, ".relurl.toml"))
	if _, stderr, code := runCmd(t, "", "lint", "--write-baseline", ".relurl-baseline.json", "docs"); code != exitOK {
		t.Fatalf("--write-baseline: exit %d\n%s", code, stderr)
	}
	if _, stderr, code := runCmd(t, "", "lint", "--baseline", ".relurl-baseline.json", "docs"); code != exitOK || !strings.Contains(stderr, "baselined") {
		t.Errorf("--baseline: exit %d\n%s", code, stderr)
	}
	// A flag after the first file is a file's name, never a flag.
	writeFile(t, repo, "README.md", "# read me\n")
	if _, stderr, code := runCmd(t, "", "lint", "docs/a.urls", "--write-baseline=README.md"); code != exitUsage || !strings.Contains(stderr, "flags come before the files") {
		t.Errorf("a flag after a file: exit %d\n%s", code, stderr)
	}
	if data, _ := os.ReadFile(filepath.Join(repo, "README.md")); string(data) != "# read me\n" {
		t.Errorf("README.md: %q", data)
	}
}

// TestDoorFixKeeps: --fix leaves a read-only file alone unless
// --fix-read-only, keeping its mode then, and leaves a set-user-ID file
// alone, each with an error naming it (decision F-11).
func TestDoorFixKeeps(t *testing.T) {
	_, repo := doorRepo(t)
	a := filepath.Join(repo, "docs/a.urls")
	t.Chdir(repo)
	os.Chmod(a, 0o444)
	_, stderr, code := runCmd(t, "", "lint", "--fix", "docs/a.urls")
	if code != exitUsage || !strings.Contains(stderr, "a.urls: read-only: left as it is (--fix-read-only rewrites such files)") {
		t.Errorf("read-only: exit %d\n%s", code, stderr)
	}
	if data, _ := os.ReadFile(a); string(data) != "http://a/b c\n" {
		t.Errorf("read-only: rewritten: %q", data)
	}
	if _, stderr, code = runCmd(t, "", "lint", "--fix", "--fix-read-only", "docs/a.urls"); code != exitOK {
		t.Errorf("--fix-read-only: exit %d\n%s", code, stderr)
	}
	if data, _ := os.ReadFile(a); string(data) != "http://a/b%20c\n" {
		t.Errorf("--fix-read-only: %q", data)
	}
	if info, _ := os.Lstat(a); info.Mode() != 0o444 {
		t.Errorf("--fix-read-only: mode %v", info.Mode())
	}
	writeFile(t, repo, "docs/s.urls", "http://a/b c\n")
	os.Chmod(filepath.Join(repo, "docs/s.urls"), os.ModeSetuid|0o755)
	if _, stderr, code = runCmd(t, "", "lint", "--fix", "docs/s.urls"); code != exitUsage || !strings.Contains(stderr, "s.urls: set-user-ID or set-group-ID: left as it is") {
		t.Errorf("setuid: exit %d\n%s", code, stderr)
	}
}

// TestDoorFIFO: a FIFO that a page links to is not opened, neither as a
// page of the walk nor as the target of a fragment: the run ends.
func TestDoorFIFO(t *testing.T) {
	_, repo := doorRepo(t)
	if err := syscall.Mkfifo(filepath.Join(repo, "docs/fifo.html"), 0o600); err != nil {
		t.Skipf("no FIFOs here: %v", err)
	}
	writeFile(t, repo, "docs/b.html", `<a href="fifo.html#a">fifo</a>`+"\n")
	t.Chdir(repo)
	done := make(chan string, 1)
	go func() {
		_, stderr, _ := runCmd(t, "", "lint", "--format", "json", "docs")
		done <- stderr
	}()
	select {
	case stderr := <-done:
		if !strings.Contains(stderr, "not a regular file") && !strings.Contains(stderr, "3 files linted") {
			t.Errorf("stderr:\n%s", stderr)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("relurl lint waits on a FIFO a page links to")
	}
}

// TestDoorConfigLinkOutFlags: a .relurl.toml that a symbolic link leads
// out of the repository is an error when it would be read, and nothing
// under --no-config or --config, which do not read it (decision L-58).
func TestDoorConfigLinkOutFlags(t *testing.T) {
	base, repo := doorRepo(t)
	writeFile(t, base, "outside/c.toml", doorSecret+" = 1\n")
	symlink(t, "../outside/c.toml", filepath.Join(repo, ".relurl.toml"))
	other := writeFile(t, t.TempDir(), "other.toml", "fail-on = \"none\"\n")
	t.Chdir(repo)
	for _, c := range []struct {
		args []string
		code int
	}{
		{[]string{"lint", "docs"}, exitUsage},
		{[]string{"lint", "--no-config", "docs"}, exitInvalid},
		{[]string{"lint", "--config", other, "docs"}, exitOK},
	} {
		out, stderr, code := runCmd(t, "", c.args...)
		if code != c.code || strings.Contains(out+stderr, doorSecret) {
			t.Errorf("%q: exit %d, want %d\n%s%s", c.args, code, c.code, out, stderr)
		}
	}
}
