package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The secret every file outside the tree holds, in a line that is a bad
// URL, a link to another site, and a fixable fault: read, it would be in
// every output.
const outsideSecret = "SECRETTOKEN"

// edgeProject writes a repository whose docs hold symbolic links out of
// the tree, as a hostile pull request would: to the user's shell profile,
// to the repository's .git/config, by an absolute path to a password
// file, to a page outside. It returns the top directory, the docs
// directory (the root) and the files outside with their content.
func edgeProject(t *testing.T) (top, docs string, outside map[string]string) {
	t.Helper()
	top = t.TempDir()
	outside = map[string]string{
		"home/.profile":    "export PATH=/usr/bin:$PATH " + outsideSecret + "\n",
		"home/passwd":      "root:x:0:0:" + outsideSecret + " x:/root:/bin/bash\n",
		"home/page.html":   `<a href="https://` + outsideSecret + `.example/a b">x</a>` + "\n",
		"proj/.git/config": "[http]\n\textraheader = AUTHORIZATION: basic " + outsideSecret + "\n",
	}
	for name, content := range outside {
		writeFile(t, top, name, content)
	}
	docs = filepath.Join(top, "proj", "docs")
	writeFile(t, docs, "index.html", `<a href="page.html">page</a> <a href="a b.html">bad</a>`+"\n")
	for link, target := range map[string]string{
		"notes.urls": "../../home/.profile",
		"leak.urls":  "../.git/config",
		"pw.urls":    filepath.Join(top, "home", "passwd"),
		"page.html":  "../../home/page.html",
	} {
		if err := os.Symlink(target, filepath.Join(docs, link)); err != nil {
			t.Skipf("no symbolic links: %v", err)
		}
	}
	return top, docs, outside
}

// TestLintNothingOutside: a file a symbolic link leads out of the root to
// is never read, so that no output prints a byte of it: the text format
// with -v, JSON, SARIF, GitHub's annotations, a baseline written, --diff,
// --list-external; and --fix writes nothing outside the root. Each such
// file is said on standard error, counted as skipped, and reported by
// SARIF and GitHub. --follow-outside (or follow-outside in the
// configuration) reads them, but --fix still writes only under the root.
func TestLintNothingOutside(t *testing.T) {
	top, docs, outside := edgeProject(t)
	baseline := filepath.Join(t.TempDir(), "baseline.json")
	checkOutside := func(t *testing.T) {
		t.Helper()
		for name, content := range outside {
			if got, err := os.ReadFile(filepath.Join(top, name)); err != nil || string(got) != content {
				t.Errorf("%s, outside the root, now holds %q (%v)", name, got, err)
			}
		}
	}
	const said = "skipped: leading out of the root"
	for _, c := range []struct {
		name string
		args []string
		// in are texts the output (standard output, then standard error)
		// must hold.
		in []string
	}{
		{"text -v", []string{"-v"}, nil},
		{"json", []string{"--format", "json"}, nil},
		{"sarif", []string{"--format", "sarif"}, []string{`"level": "warning"`, `"executionSuccessful": true`}},
		{"github", []string{"--format", "github"}, []string{"::warning file=leak.urls,title=input::" + said}},
		{"baseline", []string{"--write-baseline", baseline}, nil},
		{"diff", []string{"--diff"}, []string{"+++ b/"}},
		{"list-external", []string{"--list-external"}, nil},
		{"fix", []string{"--fix"}, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			args := append([]string{"lint", "--no-config", "--root", docs}, c.args...)
			out, stderr, code := runCmd(t, "", append(args, docs)...)
			if code == exitUsage {
				t.Errorf("exit %d: %s", code, stderr)
			}
			all := out + stderr
			if b, err := os.ReadFile(baseline); err == nil {
				all += string(b)
			}
			if strings.Contains(all, outsideSecret) {
				t.Errorf("a file outside the root was printed:\n%s", all)
			}
			for _, link := range []string{"leak.urls", "notes.urls", "pw.urls", "page.html"} {
				if !strings.Contains(stderr, filepath.Join(docs, link)+": "+said) {
					t.Errorf("%s not said on standard error:\n%s", link, stderr)
				}
			}
			if !strings.Contains(stderr, "4 skipped (4 leading out of the root)") {
				t.Errorf("not counted in the summary:\n%s", stderr)
			}
			for _, s := range c.in {
				if !strings.Contains(all, s) {
					t.Errorf("no %q in\n%s", s, all)
				}
			}
			checkOutside(t)
		})
	}

	// Named on the command line, a link out is not read either.
	out, stderr, _ := runCmd(t, "", "lint", "--no-config", "--root", docs, "--format", "github", filepath.Join(docs, "pw.urls"), filepath.Join(docs, "leak.urls"))
	if strings.Contains(out+stderr, outsideSecret) || !strings.Contains(out, "::warning file=pw.urls,title=input::"+said) {
		t.Errorf("named: %s%s", out, stderr)
	}

	// Followed on the command line: read, so that the test above can
	// fail; still not written.
	args := []string{"lint", "--root", docs, "--follow-outside", "--format", "json", "--fix", "--no-config", docs}
	out, stderr, code := runCmd(t, "", args...)
	if !strings.Contains(out, outsideSecret) || strings.Contains(stderr, said) {
		t.Errorf("%q: the files outside were not read:\n%s%s", args, out, stderr)
	}
	if code != exitUsage || !strings.Contains(stderr, filepath.Join(docs, "notes.urls")+": leads out of the tree") ||
		!strings.Contains(stderr, "--fix writes only under the root") {
		t.Errorf("%q: exit %d, the refusal to write outside not said:\n%s", args, code, stderr)
	}
	checkOutside(t)
	// A configuration has no say: follow-outside in it is an error, and
	// nothing is read (decision L-58).
	config := writeFile(t, t.TempDir(), ".relurl.toml", "follow-outside = true\n")
	out, stderr, code = runCmd(t, "", "lint", "--root", docs, "--config", config, "--format", "json", "--fix", docs)
	if code != exitUsage || out != "" || strings.Contains(stderr, outsideSecret) || !strings.Contains(stderr, "follow-outside: reading what symbolic links lead out of the tree to is the choice of the person running relurl") {
		t.Errorf("follow-outside in the configuration: exit %d\n%s%s", code, out, stderr)
	}
	checkOutside(t)
}

// TestLintOutsideFromTheTop: with the repository's top as the root (as
// pre-commit's files of one commit have it), a link into .git is under
// the root but no part of the tree: not read either. A .relurl.toml found
// that a symbolic link leads out of the project, or into .git, is not
// read, but an error that quotes nothing of it.
func TestLintOutsideFromTheTop(t *testing.T) {
	top, docs, _ := edgeProject(t)
	proj := filepath.Dir(docs)
	out, stderr, _ := runCmd(t, "", "lint", "--no-config", "--root", proj, "--format", "json", docs)
	if strings.Contains(out+stderr, outsideSecret) || !strings.Contains(stderr, "4 skipped (4 leading out of the root)") {
		t.Errorf("root at the top:\n%s%s", out, stderr)
	}
	writeFile(t, top, "home/cfg.toml", outsideSecret+" = 1\n")
	link := filepath.Join(docs, ".relurl.toml")
	for _, target := range []string{"../../home/cfg.toml", "../.git/config"} {
		if err := os.Remove(link); err != nil && !os.IsNotExist(err) {
			t.Fatal(err)
		}
		if err := os.Symlink(target, link); err != nil {
			t.Fatal(err)
		}
		inDir(t, proj, "docs")
		out, stderr, code := runCmd(t, "", "lint", "index.html")
		if code != exitUsage || strings.Contains(out+stderr, outsideSecret) || !strings.Contains(stderr, ".relurl.toml: a symbolic link out of the project, to ") {
			t.Errorf(".relurl.toml -> %s: exit %d\n%s%s", target, code, out, stderr)
		}
	}
}
