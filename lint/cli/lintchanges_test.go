package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/relurl/relurl/lint/internal/gittest"
)

// scratchRepo makes a git repository with a commit of files that hold old
// findings, and makes it the working directory; it skips the test when git
// is not installed, unless RELURL_REQUIRE_GIT is set.
func scratchRepo(t *testing.T, files map[string]string) (dir string, git func(args ...string) string) {
	t.Helper()
	dir, git = gittest.Repo(t)
	for name, content := range files {
		writeFile(t, dir, name, content)
	}
	git("add", "-A")
	git("commit", "-q", "-m", "old findings")
	t.Chdir(dir)
	return dir, git
}

// The scratch repository of the tests of --new-from-rev: three old
// findings in two files, then one new line with a bad URL.
const (
	oldIndex = "<p><a href=\"old page.html\">old</a>\n" +
		"<p><a href=\"ok.html\">fine</a>\n" +
		"<p><a href=\"older page.html\">older</a>\n"
	newIndex = "<p><a href=\"old page.html\">old</a>\n" +
		"<p><a href=\"ok.html\">fine</a>\n" +
		"<p><a href=\"new page.html\">new</a>\n" +
		"<p><a href=\"older page.html\">older</a>\n"
	oldNotes = "# Notes\n\nSee [the guide](<the guide.md>).\n"
)

// TestLintNewFromRev: on a repository with old findings and one new one,
// --new-from-rev reports the new one alone, with or without the file list
// pre-commit passes, with a baseline; --changed-since lints the changed file
// whole; --fix with --new-from-rev mends the new line only; the target
// rules' findings on old lines are dropped as the others are.
func TestLintNewFromRev(t *testing.T) {
	dir, _ := scratchRepo(t, map[string]string{"docs/index.html": oldIndex, "docs/notes.md": oldNotes})
	writeFile(t, dir, "docs/index.html", newIndex)
	const newFinding = "docs/index.html:3:16: error: space is not allowed in fsegment; write it as %20 [fsegment/char]\n"

	stdout, stderr, code := runCmd(t, "", "lint", "--no-targets", "docs")
	if code != exitInvalid || strings.Count(stdout, "\n") != 4 {
		t.Fatalf("relurl lint docs: exit %d, want 1 and 4 findings:\n%s%s", code, stdout, stderr)
	}
	tests := []struct {
		name    string
		args    []string
		stdout  string
		summary string
	}{
		{"no file named: the changed files", []string{"lint", "--new-from-rev", "HEAD"}, newFinding,
			"1 file linted, 2 skipped (1 hidden directory, 1 unchanged), 0 unreadable; 4 URLs; 1 error, 0 warnings, 0 info; 0 suppressed, 0 baselined, 2 on lines unchanged since HEAD"},
		{"the file list of pre-commit", []string{"lint", "--new-from-rev", "HEAD", "docs/index.html", "docs/notes.md"}, newFinding,
			"1 file linted, 1 skipped (1 unchanged), 0 unreadable; 4 URLs; 1 error, 0 warnings, 0 info; 0 suppressed, 0 baselined, 2 on lines unchanged since HEAD"},
		{"a directory", []string{"lint", "--new-from-rev", "main", "docs"}, newFinding,
			"1 file linted, 1 skipped (1 unchanged), 0 unreadable; 4 URLs; 1 error, 0 warnings, 0 info; 0 suppressed, 0 baselined, 2 on lines unchanged since main"},
		{"the changed file, whole", []string{"lint", "--changed-since", "HEAD", "docs"},
			"docs/index.html:1:16: error: space is not allowed in fsegment; write it as %20 [fsegment/char]\n" + newFinding +
				"docs/index.html:4:18: error: space is not allowed in fsegment; write it as %20 [fsegment/char]\n",
			"1 file linted, 1 skipped (1 unchanged), 0 unreadable; 4 URLs; 3 errors, 0 warnings, 0 info; 0 suppressed, 0 baselined"},
		{"both", []string{"lint", "--changed-since", "HEAD", "--new-from-rev", "HEAD"}, newFinding,
			"1 file linted, 2 skipped (1 hidden directory, 1 unchanged), 0 unreadable; 4 URLs; 1 error, 0 warnings, 0 info; 0 suppressed, 0 baselined, 2 on lines unchanged since HEAD"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			stdout, stderr, code := runCmd(t, "", noTargets(tt.args)...)
			_, summary := splitStderr(t, stderr)
			t.Logf("$ relurl %s\n%s%s", strings.Join(tt.args, " "), stdout, stderr)
			if code != exitInvalid || stdout != tt.stdout || summary != "relurl lint: "+tt.summary+"; T" {
				t.Errorf("exit %d, want 1\nstdout:\n%s\nwant:\n%s\nsummary: %s\nwant:    relurl lint: %s; T", code, stdout, tt.stdout, summary, tt.summary)
			}
		})
	}

	t.Run("the target rules", func(t *testing.T) {
		// No page is there: each line leads to no file, and the new
		// line's target finding is the one reported.
		args := []string{"lint", "--new-from-rev", "HEAD", "docs"}
		stdout, stderr, code := runCmd(t, "", args...)
		t.Logf("$ relurl %s\n%s%s", strings.Join(args, " "), stdout, stderr)
		_, summary := splitStderr(t, stderr)
		const want = "relurl lint: 1 file linted, 1 skipped (1 unchanged), 0 unreadable; 4 URLs (4 under the root, 0 to other sites, 0 fragments not checked); " +
			"2 errors, 0 warnings, 0 info; 0 suppressed, 0 baselined, 5 on lines unchanged since HEAD; T"
		wantOut := "docs/index.html:3:13: error: \"new page.html\" leads to \"new page.html\" under the root: no such file " +
			"(as browsers read it: the URL is not valid under RFC 1808) [target/missing]\n" + newFinding
		if code != exitInvalid || stdout != wantOut || summary != want {
			t.Errorf("exit %d\n%s\n%s\nwant\n%s%s", code, stdout, summary, wantOut, want)
		}
	})

	t.Run("with a baseline", func(t *testing.T) {
		// The baseline records the findings of the commit; the new line's
		// is new to both.
		writeFile(t, dir, "docs/index.html", oldIndex)
		if _, stderr, code := runCmd(t, "", "lint", "--no-targets", "--write-baseline", "baseline.json", "docs"); code != exitOK {
			t.Fatalf("--write-baseline: exit %d: %s", code, stderr)
		}
		writeFile(t, dir, "docs/index.html", newIndex)
		args := []string{"lint", "--baseline", "baseline.json", "--new-from-rev", "HEAD", "docs"}
		stdout, stderr, code := runCmd(t, "", noTargets(args)...)
		t.Logf("$ relurl %s\n%s%s", strings.Join(args, " "), stdout, stderr)
		_, summary := splitStderr(t, stderr)
		const want = "relurl lint: 1 file linted, 1 skipped (1 unchanged), 0 unreadable; 4 URLs; 1 error, 0 warnings, 0 info; 0 suppressed, 2 baselined, 0 on lines unchanged since HEAD; T"
		if code != exitInvalid || stdout != newFinding || summary != want {
			t.Errorf("exit %d\n%s\n%s\nwant the new finding and\n%s", code, stdout, summary, want)
		}
	})

	t.Run("--fix mends the new line only", func(t *testing.T) {
		writeFile(t, dir, "docs/index.html", newIndex)
		stdout, stderr, code := runCmd(t, "", "lint", "--no-targets", "--fix", "--new-from-rev", "HEAD")
		if code != exitOK || stdout != "" {
			t.Errorf("--fix --new-from-rev: exit %d, want 0\n%s%s", code, stdout, stderr)
		}
		got, err := os.ReadFile(filepath.Join(dir, "docs", "index.html"))
		if err != nil {
			t.Fatal(err)
		}
		if want := strings.Replace(newIndex, "new page.html", "new%20page.html", 1); string(got) != want {
			t.Errorf("fixed:\n%s\nwant:\n%s", got, want)
		}
	})

	t.Run("nothing changed", func(t *testing.T) {
		writeFile(t, dir, "docs/index.html", oldIndex)
		stdout, stderr, code := runCmd(t, "", "lint", "--no-targets", "--new-from-rev", "HEAD", "docs")
		if code != exitOK || stdout != "" {
			t.Errorf("exit %d, want 0 (nothing changed is no error)\n%s%s", code, stdout, stderr)
		}
	})
}

// noTargets returns the arguments of a relurl lint command with
// --no-targets: the scratch repository's pages link pages that are not
// there, which the target rules would report on every line.
func noTargets(args []string) []string {
	return append([]string{args[0], "--no-targets"}, args[1:]...)
}

// TestLintChangesUsage: what --new-from-rev and --changed-since cannot do
// exits 2 with the reason: outside a git working tree, a revision that
// names no commit, standard input, a baseline to write.
func TestLintChangesUsage(t *testing.T) {
	scratchRepo(t, map[string]string{"a.md": "[a](a b.md)\n"})
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"lint", "--new-from-rev", "no-such-branch"}, `relurl lint: --new-from-rev no-such-branch: revision "no-such-branch" names no commit of the repository at `},
		{[]string{"lint", "--changed-since", "HEAD~3", "a.md"}, `relurl lint: --changed-since HEAD~3: revision "HEAD~3" names no commit`},
		{[]string{"lint", "--new-from-rev", "HEAD", "-"}, "relurl lint: --new-from-rev reads what git says changed in files, and standard input is no file\n"},
		{[]string{"lint", "--changed-since", "HEAD", "--write-baseline", "b.json"}, "relurl lint: --write-baseline records every finding of every file, which --changed-since leaves out: record it without\n"},
	}
	for _, tt := range tests {
		_, stderr, code := runCmd(t, "", tt.args...)
		if code != exitUsage || !strings.HasPrefix(stderr, tt.want) {
			t.Errorf("relurl %q: exit %d, want 2; stderr %q, want it to begin %q", tt.args, code, stderr, tt.want)
		}
	}

	outside := t.TempDir()
	t.Setenv("GIT_CEILING_DIRECTORIES", filepath.Dir(outside))
	t.Chdir(outside)
	_, stderr, code := runCmd(t, "", "lint", "--new-from-rev", "HEAD")
	const want = "relurl lint: --new-from-rev HEAD: not in a git working tree (git: fatal: not a git repository"
	if code != exitUsage || !strings.HasPrefix(stderr, want) {
		t.Errorf("outside a repository: exit %d, want 2; stderr %q, want it to begin %q", code, stderr, want)
	}
}
