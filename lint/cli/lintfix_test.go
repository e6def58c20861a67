package cli

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"

	"github.com/relurl/relurl/internal/testtool"
)

// fixTree is a tree of every kind, with faults a fix mends and faults it
// must not touch; fixedTree what relurl lint --fix makes of it.
var fixTree = map[string]string{
	"index.html": `<head><base href="http://docs.example.org/guide/"></head>` + "\n" +
		`<a href="http://bücher.example/a b">idn</a> <a href="http://[::1]:8080/status">v6</a>` + "\n" +
		`<a href="/~user/">tilde</a> <a href="100%">pct</a> <a href="g#a#b">hash</a> <a href="http:g">loophole</a>` + "\n",
	"notes.md":    "# Notes\n\n[x](<a b.html>) and <http://a/b|c> and [y](my_notes:v2.html)\n",
	"site.css":    `a { background: url("a b.png") } @import "c|d.css";` + "\n",
	"feed.atom":   `<feed xmlns="http://www.w3.org/2005/Atom"><link href="http://bücher.example/a&amp;b c"/></feed>` + "\n",
	"list.urls":   "http://a/%zz\nhttp://a/ok\n",
	"clean.html":  `<a href="http://a/ok">ok</a>` + "\n",
	"mail.eml":    "Subject: x\nContent-Transfer-Encoding: quoted-printable\n\nsee <URL:http://a/b=7Cc>\n",
	"sub/raw.xml": `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>http://a/<!-- x -->b c</loc></url></urlset>` + "\n",
}

var fixedTree = map[string]string{
	"index.html": `<head><base href="http://docs.example.org/guide/"></head>` + "\n" +
		`<a href="http://xn--bcher-kva.example/a%20b">idn</a> <a href="http://[::1]:8080/status">v6</a>` + "\n" +
		`<a href="/%7Euser/">tilde</a> <a href="100%25">pct</a> <a href="g#a%23b">hash</a> <a href="http:g">loophole</a>` + "\n",
	"notes.md":  "# Notes\n\n[x](<a%20b.html>) and <http://a/b%7Cc> and [y](./my_notes:v2.html)\n",
	"site.css":  `a { background: url("a%20b.png") } @import "c%7Cd.css";` + "\n",
	"feed.atom": `<feed xmlns="http://www.w3.org/2005/Atom"><link href="http://xn--bcher-kva.example/a&amp;b%20c"/></feed>` + "\n",
	"list.urls": "http://a/%25zz\nhttp://a/ok\n",
}

func writeTree(t *testing.T, tree map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, content := range tree {
		writeFile(t, dir, name, content)
		if err := os.Chmod(filepath.Join(dir, name), 0o640); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func checkTree(t *testing.T, dir string, want map[string]string, modes bool) {
	t.Helper()
	for name, content := range fixTree {
		if w, ok := want[name]; ok {
			content = w
		}
		path := filepath.Join(dir, name)
		got, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != content {
			t.Errorf("%s:\n%s\nwant\n%s", name, got, content)
		}
		if info, _ := os.Stat(path); modes && runtime.GOOS != "windows" && info.Mode().Perm() != 0o640 {
			t.Errorf("%s: mode %v, want 0640", name, info.Mode().Perm())
		}
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 8 { // the files and sub/: no temporary file left
		t.Errorf("%d entries in the tree", len(entries))
	}
}

var fixSummaryRE = regexp.MustCompile(`^relurl lint: \d+ findings?: \d+ (would be fixed|fixed) \(\d+ edits? in \d+ files?\), \d+ without a fix( \(.*\))?$`)

// TestLintFix: --fix rewrites what has a safe fix, in place, keeping the
// files' modes; reports the findings left; says what it fixed and why the
// rest has no fix; and changes nothing when run again.
func TestLintFix(t *testing.T) {
	dir := writeTree(t, fixTree)
	out, stderr, code := runCmd(t, "", "lint", "--no-targets", "--fix", dir)
	lines, _ := splitStderr(t, stderr)
	want := "relurl lint: 18 findings: 13 fixed (11 edits in 5 files), 5 without a fix (1 loophole, 2 ipv6-literal, 1 transfer-encoding, 1 pieces)"
	if code != exitInvalid || len(lines) != 1 || lines[0] != want {
		t.Errorf("exit %d, stderr:\n%s\nwant the line\n%s", code, stderr, want)
	}
	checkTree(t, dir, fixedTree, true)
	// The findings left: those without a fix.
	if n := strings.Count(out, "\n"); n != 5 || strings.Contains(out, "bücher") {
		t.Errorf("reported:\n%s", out)
	}

	out2, stderr, code := runCmd(t, "", "lint", "--no-targets", "--fix", dir)
	lines, _ = splitStderr(t, stderr)
	if want := "relurl lint: 5 findings: 0 fixed (0 edits in 0 files), 5 without a fix (1 loophole, 2 ipv6-literal, 1 transfer-encoding, 1 pieces)"; code != exitInvalid || len(lines) != 1 || lines[0] != want || out2 != out {
		t.Errorf("the second run: exit %d\n%s\n%s", code, out2, stderr)
	}
	checkTree(t, dir, fixedTree, true)
}

// TestLintDiff: --diff prints the fixes as a unified diff, changes
// nothing, and the diff, applied, makes what --fix makes.
func TestLintDiff(t *testing.T) {
	dir := writeTree(t, fixTree)
	out, stderr, code := runCmd(t, "", "lint", "--no-targets", "--diff", dir)
	lines, _ := splitStderr(t, stderr)
	if code != exitInvalid || len(lines) != 1 || !fixSummaryRE.MatchString(lines[0]) || !strings.HasPrefix(lines[0], "relurl lint: 18 findings: 13 would be fixed (11 edits in 5 files)") {
		t.Errorf("exit %d, stderr:\n%s", code, stderr)
	}
	checkTree(t, dir, nil, true)
	if n := strings.Count(out, "\n--- a/"); n+1 != len(fixedTree) || !strings.HasPrefix(out, "--- a/") {
		t.Errorf("%d files in the diff:\n%s", n+1, out)
	}
	if !strings.Contains(out, "-<a href=\"/~user/\">tilde</a>") || !strings.Contains(out, "+[x](<a%20b.html>) and <http://a/b%7Cc> and [y](./my_notes:v2.html)") {
		t.Errorf("diff:\n%s", out)
	}
	testtool.LookPath(t, testtool.Git, "git")
	// git apply takes the paths after a/ and b/ from the root of dir.
	rel := strings.ReplaceAll(out, strings.TrimLeft(filepath.ToSlash(dir), "/")+"/", "")
	cmd := exec.Command("git", "apply", "--unsafe-paths", "-")
	cmd.Dir, cmd.Stdin = dir, strings.NewReader(rel)
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git apply: %v\n%s\n%s", err, msg, rel)
	}
	checkTree(t, dir, fixedTree, false) // git apply writes files anew, with its own modes
}

// TestLintFixInputs: standard input cannot be fixed in place, but its
// diff can be shown; a finding in the baseline keeps its URL unfixed, with
// the findings it shares the URL with.
func TestLintFixInputs(t *testing.T) {
	if _, stderr, code := runCmd(t, "a b\n", "lint", "--fix", "-"); code != exitUsage || !strings.Contains(stderr, "--diff") {
		t.Errorf("--fix on standard input: exit %d, %s", code, stderr)
	}
	out, _, code := runCmd(t, "a b\nok\n", "lint", "--diff", "-")
	if want := "--- a/<stdin>\n+++ b/<stdin>\n@@ -1,2 +1,2 @@\n-a b\n+a%20b\n ok\n"; code != exitInvalid || out != want {
		t.Errorf("--diff on standard input: exit %d\n%s\nwant\n%s", code, out, want)
	}

	dir := t.TempDir()
	writeFile(t, dir, "p.urls", "a b/c|d\nx y\n")
	writeFile(t, dir, "base.json", `{"version":1,"findings":[`+"\n"+`{"file":"p.urls","rule":"segment/char","url":"a b/c|d","index":0}`+"\n]}\n")
	_, stderr, code := runCmd(t, "", "lint", "--fix", "--baseline", filepath.Join(dir, "base.json"), filepath.Join(dir, "p.urls"))
	got, _ := os.ReadFile(filepath.Join(dir, "p.urls"))
	if lines, _ := splitStderr(t, stderr); string(got) != "a b/c|d\nx%20y\n" || len(lines) != 1 ||
		lines[0] != "relurl lint: 2 findings: 1 fixed (1 edit in 1 file), 1 without a fix (other-faults)" {
		t.Errorf("with a baseline: exit %d, %q\n%s", code, got, stderr)
	}
}

// TestLintFixAddsUp: on the bundled example, whose fragments' findings
// are checked after their files, --diff's line counts every finding the
// summary counts, and --fix's the same, with the findings left after it
// those without a fix (decision U-9).
func TestLintFixAddsUp(t *testing.T) {
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS(exampleDocs)); err != nil {
		t.Fatal(err)
	}
	const line = "16 findings: 6 %s (6 edits in 3 files), 10 without a fix (8 manual, 1 loophole, 1 readers-disagree)"
	_, stderr, _ := runCmd(t, "", "lint", "--diff", dir)
	lines, summary := splitStderr(t, stderr)
	if len(lines) != 1 || lines[0] != "relurl lint: "+fmt.Sprintf(line, "would be fixed") || !strings.Contains(summary, "11 errors, 5 warnings") {
		t.Errorf("--diff:\n%s", stderr)
	}
	out, stderr, _ := runCmd(t, "", "lint", "--fix", dir)
	lines, summary = splitStderr(t, stderr)
	if len(lines) != 1 || lines[0] != "relurl lint: "+fmt.Sprintf(line, "fixed") || !strings.Contains(summary, "6 errors, 4 warnings") ||
		strings.Count(out, "\n") != 10 {
		t.Errorf("--fix:\n%s%s", out, stderr)
	}
}
