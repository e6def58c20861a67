package repo_test

import (
	"archive/tar"
	"bytes"
	"github.com/relurl/relurl/lint/internal/release"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/mod/semver"

	"github.com/relurl/relurl/internal/testtool"
)

// apidiff is the command that compares two versions of a module's API,
// run by "go run" from the module proxy at this version.
const apidiff = "golang.org/x/exp/cmd/apidiff@v0.0.0-20261009195045-ca0d7ba23607"

// TestAPICompatible compares the API of each public module with that of
// its latest release tag, by apidiff, and fails on every change that can
// break an importer (docs/library.md says what a minor release may
// change). While a module has no release tag it says so and skips: there
// is nothing to compare with. RELURL_API_BASE names another revision to
// compare with (a tag, a branch, a commit), for a look before tagging.
// It needs git, and the go command with the module proxy.
func TestAPICompatible(t *testing.T) {
	git := testtool.LookPath(t, testtool.Git, "git")
	goCmd := testtool.LookPath(t, testtool.Go, "go")
	root, err := filepath.Abs(".")
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range release.Modules {
		prefix := m.Tag("v") // v1.2.3 for the root, lint/v1.2.3 for the linter
		m := m
		t.Run(m.Path, func(t *testing.T) {
			base := os.Getenv("RELURL_API_BASE")
			if base == "" {
				base = latestTag(t, git, prefix)
			}
			if base == "" {
				t.Skipf("%s has no release tag %s* yet: its API is compared with the latest release once one is tagged", m.Path, prefix)
			}
			old := t.TempDir()
			extract(t, git, base, old)
			oldData := filepath.Join(t.TempDir(), "old.x")
			newData := filepath.Join(t.TempDir(), "new.x")
			runGo(t, goCmd, filepath.Join(old, m.Dir), "run", apidiff, "-m", "-w", oldData, m.Path)
			runGo(t, goCmd, filepath.Join(root, m.Dir), "run", apidiff, "-m", "-w", newData, m.Path)
			report := runGo(t, goCmd, root, "run", apidiff, "-m", "-incompatible", oldData, newData)
			if strings.TrimSpace(report) != "" {
				t.Errorf("the API of %s breaks importers of %s:\n%s", m.Path, base, report)
			}
		})
	}
}

// latestTag returns the highest release tag that begins with prefix
// ("v1.2.3" for "v", "lint/v1.2.3" for "lint/v"), or "".
func latestTag(t *testing.T, git, prefix string) string {
	t.Helper()
	out, err := exec.Command(git, "tag", "--list", prefix+"*").Output()
	if err != nil {
		t.Fatalf("git tag --list %s*: %v", prefix, err)
	}
	best := ""
	for _, tag := range strings.Fields(string(out)) {
		v := "v" + strings.TrimPrefix(tag, prefix)
		if !semver.IsValid(v) || semver.Prerelease(v) != "" || strings.Contains(strings.TrimPrefix(tag, prefix), "/") {
			continue
		}
		if best == "" || semver.Compare(v, "v"+strings.TrimPrefix(best, prefix)) > 0 {
			best = tag
		}
	}
	return best
}

// extract writes the files of the revision rev into dir, as git archive
// gives them.
func extract(t *testing.T, git, rev, dir string) {
	t.Helper()
	out, err := exec.Command(git, "archive", "--format=tar", rev).Output()
	if err != nil {
		t.Fatalf("git archive %s: %v", rev, err)
	}
	r := tar.NewReader(bytes.NewReader(out))
	for {
		h, err := r.Next()
		if err == io.EOF {
			return
		}
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(dir, filepath.FromSlash(h.Name))
		switch h.Typeflag {
		case tar.TypeDir:
			err = os.MkdirAll(path, 0o755)
		case tar.TypeReg:
			var data []byte
			if data, err = io.ReadAll(r); err == nil {
				err = os.WriteFile(path, data, 0o644)
			}
		case tar.TypeSymlink:
			err = os.Symlink(h.Linkname, path)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
}

// runGo runs the go command in dir, outside the workspace, and returns
// what it prints.
func runGo(t *testing.T, goCmd, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command(goCmd, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		err = &goError{args: args, err: err, stderr: stderr.String()}
		if unreachable.MatchString(stderr.String()) {
			testtool.Missing(t, testtool.Go, err)
		}
		t.Fatal(err)
	}
	return string(out)
}
