// Package gittest makes scratch git repositories for tests: a new
// directory, a repository on the branch main, an identity for commits and
// none of the user's configuration.
package gittest

import (
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/relurl/relurl/internal/testtool"
)

// Repo makes a git repository in a new directory and returns it, with a
// function that runs git there and returns its output (failing the test
// when git fails). It skips the test when git is not installed, or fails
// it when RELURL_REQUIRE_GIT says the test must run (as CI sets it).
func Repo(t testing.TB) (dir string, git func(args ...string) string) {
	t.Helper()
	testtool.LookPath(t, testtool.Git, "git")
	dir = t.TempDir()
	t.Setenv("GIT_CONFIG_GLOBAL", os.DevNull)
	t.Setenv("GIT_CONFIG_NOSYSTEM", "1")
	git = func(args ...string) string {
		t.Helper()
		cmd := exec.Command("git", args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.org",
			"GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.org")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return string(out)
	}
	git("init", "-q", "-b", "main")
	return dir, git
}
