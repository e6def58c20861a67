package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// inDir runs the test from the directory dir under root, a repository's
// root (it holds .git): the configuration file is looked for up to root.
func inDir(t *testing.T, root, dir string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Join(root, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	dir = filepath.Join(root, dir)
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Chdir(dir); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Chdir(wd) })
}

// TestLintConfig: the configuration file found from a subdirectory, its
// keys, the flags over it, --config and --no-config.
func TestLintConfig(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, ".relurl.toml", `fail-on = "none"
exclude = ["_sources/"]
[rules]
"fsegment/colon" = "off"
[allow]
chars = "~"
[[override]]
paths = ["docs/legacy/**"]
rules = { syntax = "warning" }
[targets]
check = false
`)
	page := `<a href="my_notes:v2.html">a</a> <a href="/~user/a b">b</a>` + "\n"
	writeFile(t, dir, "docs/a.html", page)
	writeFile(t, dir, "docs/legacy/b.html", page)
	writeFile(t, dir, "docs/_sources/c.html", page)
	inDir(t, dir, "docs")

	out, errOut, code := runCmd(t, "", "lint", ".")
	want := "a.html:1:51: error: space is not allowed in segment; write it as %20 [segment/char]\n" +
		"legacy/b.html:1:51: warning: space is not allowed in segment; write it as %20 [segment/char]\n"
	if out != want || code != 0 {
		t.Errorf("with the configuration: exit %d\n%s%s\nwant exit 0 (fail-on none)\n%s", code, out, errOut, want)
	}
	// A file named on the command line is linted, excluded or not.
	if out, _, _ = runCmd(t, "", "lint", "_sources/c.html"); !strings.Contains(out, "_sources/c.html:1:51: error") {
		t.Errorf("a file named in an excluded directory:\n%s", out)
	}
	// Flags override it.
	out, _, code = runCmd(t, "", "lint", "--fail-on", "error", "--enable", "fsegment/colon", "a.html")
	if code != 1 || !strings.Contains(out, "[fsegment/colon]") {
		t.Errorf("flags over the configuration: exit %d\n%s", code, out)
	}
	// --no-config: the defaults, "~" an error, and _sources walked.
	out, _, code = runCmd(t, "", "lint", "--no-config", ".")
	if code != 1 || strings.Count(out, "[fsegment/colon]") != 3 || !strings.Contains(out, "_sources") || !strings.Contains(out, `national character '~'`) {
		t.Errorf("--no-config: exit %d\n%s", code, out)
	}
	// --config names another file; its paths are relative to it.
	other := writeFile(t, dir, "conf/other.toml", "[rules]\nsyntax = \"off\"\ntarget = \"off\"\n")
	out, _, code = runCmd(t, "", "lint", "--config", other, "a.html")
	if code != 0 || strings.Contains(out, "segment/char") || !strings.Contains(out, "fsegment/colon") {
		t.Errorf("--config: exit %d\n%s", code, out)
	}
	if _, errOut, code = runCmd(t, "", "lint", "--config", other, "--no-config", "a.html"); code != 2 || !strings.Contains(errOut, "exclude each other") {
		t.Errorf("--config with --no-config: exit %d, %s", code, errOut)
	}
	if _, errOut, code = runCmd(t, "", "lint", "--config", filepath.Join(dir, "nope.toml"), "a.html"); code != 2 || !strings.Contains(errOut, "nope.toml") {
		t.Errorf("a missing --config: exit %d, %s", code, errOut)
	}
	// max-size is --max-size's default; the flag overrides it.
	small := writeFile(t, dir, "conf/small.toml", "max-size = 16\n")
	if _, errOut, code = runCmd(t, "", "lint", "--config", small, "a.html"); code != 2 || !strings.Contains(errOut, "larger than the limit of 16 bytes") {
		t.Errorf("max-size = 16: exit %d, %s", code, errOut)
	}
	if _, errOut, code = runCmd(t, "", "lint", "--config", small, "--max-size", "1KiB", "a.html"); code != 1 {
		t.Errorf("max-size = 16 with --max-size 1KiB: exit %d, %s", code, errOut)
	}
}

// TestLintConfigErrors: exit 2, naming the file, the line and the key.
func TestLintConfigErrors(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "a.urls", "http://a/\n")
	inDir(t, dir, ".")
	for toml, want := range map[string]string{
		"base = \"x\"\n\nbasee = 1\n":              "relurl lint: .relurl.toml:3:1: basee: unknown key",
		"[rules]\n\"fsegment/colons\" = \"off\"\n": `relurl lint: .relurl.toml:2: rules.fsegment/colons: unknown rule or family "fsegment/colons"`,
		"exclude = [\"[a\"]\n":                     `relurl lint: .relurl.toml:1: exclude: pattern "[a"`,
		"[allow]\nipv6-hosts = 1\n":                `relurl lint: .relurl.toml:2:14: allow.ipv6-hosts: want a boolean, not a TOML integer`,
	} {
		writeFile(t, dir, ".relurl.toml", toml)
		_, errOut, code := runCmd(t, "", "lint", "a.urls")
		if code != 2 || !strings.HasPrefix(errOut, want) {
			t.Errorf("%q: exit %d, %q, want exit 2 and %q", toml, code, errOut, want)
		}
	}
}

// TestLintBaseline: --write-baseline records, exits 0; after the lines
// move, --baseline drops them all; a new finding is reported alone.
func TestLintBaseline(t *testing.T) {
	dir := t.TempDir()
	page := "<a href=\"/a b\">1</a>\n<a href=\"/a b\">2</a>\n<a href=\"http:g\">3</a>\n"
	writeFile(t, dir, "site/a.html", page)
	writeFile(t, dir, "site/b.urls", "x y\n")
	inDir(t, dir, ".")
	if out, errOut, code := runCmd(t, "", "lint", "--no-targets", "--write-baseline", "base.json", "site"); code != 0 || strings.Count(out, "\n") != 4 {
		t.Fatalf("--write-baseline: exit %d\n%s%s", code, out, errOut)
	}
	data, err := os.ReadFile(filepath.Join(dir, "base.json"))
	if err != nil || strings.Count(string(data), `"index"`) != 4 {
		t.Fatalf("base.json: %v\n%s", err, data)
	}
	writeFile(t, dir, "site/a.html", "<p>\n\n</p>\n"+page)
	if out, errOut, code := runCmd(t, "", "lint", "--no-targets", "--baseline", "base.json", "site"); code != 0 || out != "" {
		t.Errorf("--baseline after a shift: exit %d\n%s%s", code, out, errOut)
	}
	writeFile(t, dir, "site/a.html", page+"<a href=\"/c d\">4</a>\n")
	out, _, code := runCmd(t, "", "lint", "--no-targets", "--baseline", "base.json", "site")
	if code != 1 || out != "site/a.html:4:12: error: space is not allowed in fsegment; write it as %20 [fsegment/char]\n" {
		t.Errorf("--baseline, a new finding: exit %d\n%s", code, out)
	}
	if _, errOut, code := runCmd(t, "", "lint", "--baseline", "nope.json", "site"); code != 2 || !strings.Contains(errOut, "nope.json") {
		t.Errorf("a missing baseline: exit %d, %s", code, errOut)
	}
}

// TestLintConfigBaseline: the configuration's baseline (decision L-55) is
// read wherever relurl runs in the project, relative to the file; the
// flag overrides it; a missing one is an error, but for a run that writes
// it.
func TestLintConfigBaseline(t *testing.T) {
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	writeFile(t, dir, ".relurl.toml", "baseline = \"ci/base.json\"\n")
	writeFile(t, dir, "docs/a.html", "<a href=\"a b\">1</a>\n")
	inDir(t, dir, "docs")
	if _, errOut, code := runCmd(t, "", "lint", "--no-targets", "a.html"); code != 2 || !strings.Contains(errOut, "names the baseline "+filepath.Join(dir, "ci", "base.json")+", which does not exist") {
		t.Errorf("a missing baseline: exit %d, %s", code, errOut)
	}
	if err := os.Mkdir(filepath.Join(dir, "ci"), 0o755); err != nil {
		t.Fatal(err)
	}
	if _, errOut, code := runCmd(t, "", "lint", "--no-targets", "--write-baseline", "../ci/base.json", "a.html"); code != 0 {
		t.Fatalf("--write-baseline with the baseline not written yet: exit %d\n%s", code, errOut)
	}
	out, errOut, code := runCmd(t, "", "lint", "--no-targets", "a.html")
	if code != 0 || out != "" || !strings.Contains(errOut, "0 suppressed, 1 baselined") {
		t.Errorf("the configuration's baseline: exit %d\n%s%s", code, out, errOut)
	}
	writeFile(t, dir, "empty.json", "{\"version\":1,\"findings\":[]}\n")
	if out, _, code := runCmd(t, "", "lint", "--no-targets", "--baseline", "../empty.json", "a.html"); code != 1 || !strings.Contains(out, "[fsegment/char]") {
		t.Errorf("--baseline over the configuration's: exit %d\n%s", code, out)
	}
}

// TestLintSuppressions through the command: one used, one unused.
func TestLintSuppressions(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "a.html", "<!-- relurl:ignore fsegment/char -- an old page -->\n<a href=\"a b\">1</a>\n"+
		"<!-- relurl:ignore scheme/relative-form -->\n<a href=\"c d\">2</a>\n")
	inDir(t, dir, ".")
	out, _, code := runCmd(t, "", "lint", "--no-targets", "a.html")
	want := "a.html:3:1: info: this relurl:ignore directive suppressed nothing on line 4, the next line that holds a URL (it names scheme/relative-form); remove it, or name the rule of the finding it is for [suppress/unused]\n" +
		"a.html:4:11: error: space is not allowed in fsegment; write it as %20 [fsegment/char]\n"
	if code != 1 || out != want {
		t.Errorf("exit %d\n%s\nwant\n%s", code, out, want)
	}
}

// TestLintProjects: the paths of different projects are linted each
// with its own configuration and root, reported in the order each
// project is first named, under one summary (decision L-46); a file's
// findings are the same whichever other files are named.
func TestLintProjects(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "site/.relurl.toml", "root = \"out\"\n[rules]\n\"fsegment/colon\" = \"off\"\n")
	writeFile(t, dir, "site/out/a.html", `<a href="/b.html">b</a> <a href="a_b:c.html">c</a>`+"\n")
	writeFile(t, dir, "site/out/b.html", "")
	writeFile(t, dir, "notes/n.md", "[b](/b.html) [c](a_b:c.html)\n")
	inDir(t, dir, ".")
	siteA := `site/out/a.html:1:34: error: "a_b:c.html" leads to "a_b:c.html" under the root: no such file [target/missing]` + "\n"
	notes := `notes/n.md:1:5: error: "/b.html" leads to "b.html" under the root: no such file [target/missing]` + "\n" +
		`notes/n.md:1:18: error: "a_b:c.html" leads to "notes/a_b:c.html" under the root: no such file [target/missing]` + "\n" +
		`notes/n.md:1:21: warning: the first segment "a_b:c.html" of a relative path holds ":": parsers will likely mistake "a_b" for a scheme name (§5.3); write "./a_b:c.html" [fsegment/colon]` + "\n"
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"site/out/a.html"}, siteA},
		{[]string{"notes/n.md"}, notes},
		{[]string{"notes/n.md", "site/out/a.html"}, notes + siteA},
		{[]string{"site/out/a.html", "notes/n.md", "site/out/b.html"}, siteA + notes},
		{[]string{"site", "notes/n.md"}, siteA + notes},
	} {
		out, stderr, code := runCmd(t, "", append([]string{"lint"}, tt.args...)...)
		if out != tt.want || code != exitInvalid {
			t.Errorf("relurl lint %q: exit %d\n%s\nwant\n%s", tt.args, code, out, tt.want)
		}
		_, summary := splitStderr(t, stderr)
		errs, warns := strings.Count(tt.want, ": error: "), strings.Count(tt.want, ": warning: ")
		if want := fmt.Sprintf("; %d error%s, %d warning", errs, map[bool]string{true: "s"}[errs != 1], warns); !strings.Contains(summary, want) {
			t.Errorf("relurl lint %q: the summary of both projects: %s, want %q", tt.args, summary, want)
		}
	}
}

// TestLintNoArguments: with no argument, relurl lint lints the project,
// the configuration's root (else the working directory), whatever
// standard input holds; "-" reads it.
func TestLintNoArguments(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "proj/.relurl.toml", "root = \"site\"\n")
	writeFile(t, dir, "proj/site/a.html", `<a href="a b.html">x</a>`+"\n")
	writeFile(t, dir, "proj/other.md", "[x](<c d.html>)\n")
	inDir(t, dir, "proj")
	out, stderr, code := runCmd(t, "a b\n", "lint")
	if code != exitInvalid || !strings.HasPrefix(out, "site/a.html:1:10: ") || strings.Contains(out, "other.md") || strings.Contains(out, "stdin") {
		t.Errorf("relurl lint in a project whose root is site: exit %d\n%s%s", code, out, stderr)
	}
	inDir(t, dir, "proj/site")
	if out2, _, _ := runCmd(t, "", "lint"); out2 != strings.ReplaceAll(out, "site/", "") {
		t.Errorf("relurl lint from the root, then from the project's top:\n%s\n%s", out2, out)
	}
	writeFile(t, dir, "plain/p.md", "[x](<c d.html>)\n")
	inDir(t, dir, "plain")
	if out, _, code := runCmd(t, "", "lint"); code != exitInvalid || !strings.HasPrefix(out, "p.md:1:") {
		t.Errorf("relurl lint without a configuration: exit %d\n%s", code, out)
	}
	if out, _, code := runCmd(t, "a b\n", "lint", "-"); code != exitInvalid || !strings.HasPrefix(out, "<stdin>:1:2: ") {
		t.Errorf("relurl lint -: exit %d\n%s", code, out)
	}
}

// TestLintPreCommitArgs: under --pre-commit, as the hooks' entry runs
// relurl, the hook's args are flags (a flag's value that names a file
// included) and every argument from the first that names an existing
// file is a file: a file called --config=cfg.md names no configuration,
// one called --write-baseline=README.md writes no baseline.
func TestLintPreCommitArgs(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "cfg.md", "fail-on = \"none\"\n")
	writeFile(t, dir, "strict.toml", "fail-on = \"warning\"\n")
	writeFile(t, dir, "--config=cfg.md", "[Bad](<a b.html>)\n")
	writeFile(t, dir, "--write-baseline=README.md", "[Fine](cfg.md)\n")
	writeFile(t, dir, "README.md", "# Read me\n")
	writeFile(t, dir, "w.md", "[Warn](http:cfg.md)\n")
	inDir(t, dir, ".")
	out, stderr, code := runCmd(t, "", "lint", "--pre-commit", "--allow-empty", "--config", "strict.toml", "--format=text",
		"--config=cfg.md", "--write-baseline=README.md", "w.md")
	if code != exitInvalid || !strings.Contains(out, "--config=cfg.md:1:9: error: space") || !strings.Contains(out, "w.md:1:8: warning:") ||
		!strings.Contains(stderr, "3 files linted") {
		t.Errorf("relurl lint --pre-commit ... --config=cfg.md --write-baseline=README.md w.md: exit %d\n%s%s", code, out, stderr)
	}
	if data, err := os.ReadFile(filepath.Join(dir, "README.md")); err != nil || string(data) != "# Read me\n" {
		t.Errorf("README.md: %v\n%s", err, data)
	}
	// Without it, flags come before the files (decision U-1): after the
	// first file, an argument spelled as a flag is a file when one is
	// called so, and a mistake otherwise; never a flag.
	if out, stderr, code := runCmd(t, "", "lint", "w.md", "--fail-on=none"); code != exitUsage || out != "" ||
		stderr != "relurl lint: flag --fail-on after the file \"w.md\": flags come before the files, or write -- before a file of that name (see relurl lint --help)\n" {
		t.Errorf("relurl lint w.md --fail-on=none: exit %d\n%s%s", code, out, stderr)
	}
	out, stderr, code = runCmd(t, "", "lint", "--allow-empty", "w.md", "--write-baseline=README.md", "--config=cfg.md")
	if code != exitInvalid || !strings.Contains(out, "--config=cfg.md:1:9: error: space") || !strings.Contains(stderr, "3 files linted") {
		t.Errorf("relurl lint w.md --write-baseline=README.md --config=cfg.md: exit %d\n%s%s", code, out, stderr)
	}
	if data, err := os.ReadFile(filepath.Join(dir, "README.md")); err != nil || string(data) != "# Read me\n" {
		t.Errorf("README.md: %v\n%s", err, data)
	}
}

// TestRulesConfig: relurl rules shows the rules as configured, by the
// working directory's configuration under the flags, or by the one
// --config names; --no-config shows the defaults.
func TestRulesConfig(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, ".relurl.toml", "[rules]\n\"fsegment/colon\" = \"off\"\nsyntax = \"warning\"\n")
	writeFile(t, dir, "other.toml", "[rules]\n\"fsegment/char\" = \"info\"\n")
	inDir(t, dir, "")
	row := func(out, id string) string {
		for line := range strings.SplitSeq(out, "\n") {
			if f := strings.Fields(line); len(f) > 3 && f[0] == id {
				return strings.Join(f[2:4], " ")
			}
		}
		return ""
	}
	for _, tt := range []struct {
		args        []string
		colon, char string
	}{
		{[]string{"rules"}, "warning off", "warning on"},
		{[]string{"rules", "--severity", "fsegment/char=error"}, "warning off", "error on"},
		{[]string{"rules", "--config", "other.toml"}, "warning on", "info on"},
		{[]string{"rules", "--no-config"}, "warning on", "error on"},
	} {
		out, stderr, code := runCmd(t, "", tt.args...)
		if code != exitOK || row(out, "fsegment/colon") != tt.colon || row(out, "fsegment/char") != tt.char {
			t.Errorf("relurl %q: exit %d, fsegment/colon %q, fsegment/char %q; want %q, %q\n%s", tt.args, code,
				row(out, "fsegment/colon"), row(out, "fsegment/char"), tt.colon, tt.char, stderr)
		}
	}
	writeFile(t, dir, ".relurl.toml", "[rules]\nnope = \"off\"\n")
	if _, stderr, code := runCmd(t, "", "rules"); code != exitUsage || !strings.Contains(stderr, ".relurl.toml:2") {
		t.Errorf("relurl rules with a bad configuration: exit %d, %s", code, stderr)
	}
}

// rootTranscript is the transcript docs/ci.md and docs/lint.md quote of
// where the root comes from, written by TestRootTranscript (go test
// -update rewrites it); found before a test changes its working
// directory.
var rootTranscript = func() string {
	p, err := filepath.Abs(filepath.Join("..", "..", "testdata", "root", "transcript.txt"))
	if err != nil {
		panic(err)
	}
	return p
}()

// TestRootTranscript records what the manual shows of where the root
// comes from (decision L-46): a commit's file linted as pre-commit names
// it, first in a repository without a configuration (the root is the
// repository's top, so the site's root-relative link misses), then with
// root = "docs" in .relurl.toml, from the top and from the file's own
// directory; the findings are the same whichever way it is named.
func TestRootTranscript(t *testing.T) {
	top := t.TempDir()
	writeFile(t, top, "docs/index.md", "# Index\n\n[Setup](guide/setup.md)\n")
	writeFile(t, top, "docs/reference.md", "# Reference\n")
	writeFile(t, top, "docs/guide/setup.md", "# Setup\n\n[Home](../index.md), [install](../index.md#install), [the reference](/reference.md)\n")
	var b strings.Builder
	elapsed := regexp.MustCompile(`; \d+\.\d\ds\n`)
	lint := func(dir string, args ...string) {
		inDir(t, top, dir)
		out, stderr, _ := runCmd(t, "", append([]string{"lint"}, args...)...)
		cd := ""
		if dir != "." {
			cd = "cd " + dir + " && "
		}
		fmt.Fprintf(&b, "$ %s\n%s%s", strings.TrimSpace(cd+"relurl lint "+strings.Join(args, " ")), out, elapsed.ReplaceAllString(stderr, "; 0.00s\n"))
	}
	lint(".", "docs/guide/setup.md")
	writeFile(t, top, ".relurl.toml", "root = \"docs\"\n")
	b.WriteString("$ cat .relurl.toml\nroot = \"docs\"\n")
	lint(".", "docs/guide/setup.md")
	lint("docs/guide", "setup.md")
	lint(".")
	goldenFile(t, rootTranscript, b.String(), "the transcript")
}

// TestLintProjectsExternal: --list-external says each reference to
// another site once, whichever projects it is found in.
func TestLintProjectsExternal(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "a/.relurl.toml", "")
	writeFile(t, dir, "a/x.md", "[x](https://example.org/) [y](https://example.org/y)\n")
	writeFile(t, dir, "b/.relurl.toml", "")
	writeFile(t, dir, "b/x.md", "[x](https://example.org/) [z](https://example.org/z)\n")
	inDir(t, dir, ".")
	out, stderr, code := runCmd(t, "", "lint", "--list-external", "a", "b")
	want := "https://example.org/\ta/x.md:1:5\nhttps://example.org/y\ta/x.md:1:31\nhttps://example.org/z\tb/x.md:1:31\n"
	if out != want || code != exitOK {
		t.Errorf("relurl lint --list-external a b: exit %d\n%s%s\nwant\n%s", code, out, stderr, want)
	}
}

// TestLintProjectsFailOn: each project's findings are held to its own
// fail-on; the run fails when any project's do.
func TestLintProjectsFailOn(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "lax/.relurl.toml", "fail-on = \"none\"\n")
	writeFile(t, dir, "lax/x.urls", "a b\n")
	writeFile(t, dir, "strict/.relurl.toml", "fail-on = \"warning\"\n")
	writeFile(t, dir, "strict/x.urls", "http:g\n")
	writeFile(t, dir, "plain/x.urls", "http:g\n")
	inDir(t, dir, ".")
	for _, tt := range []struct {
		args []string
		code int
	}{
		{[]string{"lax"}, exitOK},
		{[]string{"lax", "plain"}, exitOK},
		{[]string{"lax", "strict"}, exitInvalid},
		{[]string{"strict/x.urls", "lax/x.urls"}, exitInvalid},
		{[]string{"--fail-on", "none", "strict", "lax"}, exitOK},
	} {
		if _, stderr, code := runCmd(t, "", append([]string{"lint"}, tt.args...)...); code != tt.code {
			t.Errorf("relurl lint %q: exit %d, want %d\n%s", tt.args, code, tt.code, stderr)
		}
	}
}
