package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// targetsTree writes the tree of TestLintTargetsGolden under dir/site, a
// case of every target rule and every way a fragment names an anchor,
// and returns the site's directory. A file "name -> target" is a
// symbolic link; outside.js is outside the tree.
func targetsTree(t *testing.T, dir string) string {
	t.Helper()
	site := filepath.Join(dir, "site")
	files := map[string]string{
		"outside.js": "// a library the tree links to\n",
		"site/.relurl.toml": `[targets]
try-extensions = [".md"]
ignore = ["build/"]
`,
		"site/index.html": strings.Join([]string{
			`<!DOCTYPE html><title>Home</title>`,
			`<a href="guide/">a directory, served as its index file</a>`,
			`<a href="missing.html">target/missing</a> <a href="nodir/x.html">no such directory</a> <a href="empty/">no index file</a>`,
			`<a href="Guide/index.html">target/case, fixed by --fix</a>`,
			`<a href="guide/intro.html#setup">an id</a> <a href="guide/intro.html#old-name">an a name</a>`,
			`<a href="guide/intro.html#caf%C3%A9">percent-decoded</a> <a href="guide/intro.html#Setup">in other case</a>`,
			`<a href="guide/intro.html#nope">target/fragment</a>`,
			`<a href="#top">top</a> <a href="#TOP">TOP</a> <a href="#">the empty fragment</a> <a href="#here">below</a> <a href="#gone">not here</a>`,
			`<img src="logo.png#frag" alt="a fragment of an image: not checked, counted">`,
			`<a href="../../guide/index.html">portability/whatwg-target</a> <a href="../elsewhere.html">target/outside</a>`,
			`<script src="lib.js"></script>`,
			`<a href="a b.html">invalid, but browsers reach "a b.html"</a> <a href="notes">notes.md, by try-extensions</a>`,
			`<a href="build/api.html">made by the build: ignored</a> <a href="https://example.com/docs/">another site</a>`,
			`<!-- relurl:ignore target/fragment -- kept for the links of old releases -->`,
			`<a href="guide/intro.html#legacy">suppressed</a>`,
			`<a href="docs/readme.md#usage-1">a repeated heading</a> <a href="docs/readme.md#Getting-Started">GitHub's anchors, in any case</a>`,
			`<a href="docs/readme.md#raw-anchor">raw HTML</a> <a href="docs/readme.md#install">target/fragment in Markdown</a>`,
			`<a href="#here:~:text=below">a text fragment</a> <a href="guide/intro.html#url=a&amp;base=b">parameters</a> <a href="#nope:~:text=x">target/fragment</a>`,
			`<p id="here">here</p>`,
			``,
		}, "\n"),
		"site/guide/index.html": `<a href="../index.html#here">back</a> <a href="intro.html">intro</a>` + "\n",
		"site/guide/intro.html": `<h2 id="setup">Setup</h2><a name="old-name"></a><p id="café">café</p>` + "\n" +
			`<a href="index.html">the guide</a>` + "\n",
		"site/de/intro.html -> ../guide/intro.html": "",
		"site/docs/readme.md": "# Getting Started\n\n## Usage\n\n## Usage\n\n<a id=\"raw-anchor\"></a>\n\n" +
			"[home](../index.html#here), [gone](../index.html#gone), [notes](../notes.md#see-also)\n",
		"site/notes.md":                "# Notes\n\n## See also\n",
		"site/a b.html":                "a file with a space in its name\n",
		"site/empty/x.png":             "",
		"site/logo.png":                "",
		"site/lib.js -> ../outside.js": "",
		"site/legacy.html": "<!-- relurl:ignore-file target/missing -- an archived page -->\n" +
			`<a href="gone-1.html">1</a> <a href="gone-2.html">2</a>` + "\n",
	}
	for name, content := range files {
		if path, link, ok := strings.Cut(name, " -> "); ok {
			p := filepath.Join(dir, filepath.FromSlash(path))
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink(link, p); err != nil {
				t.Skipf("no symbolic links: %v", err)
			}
			continue
		}
		writeFile(t, dir, name, content)
	}
	return site
}

// TestLintTargetsGolden: each target rule and each way a fragment names
// an anchor, on a tree of HTML and Markdown with symbolic links (one of
// them a page's other name, one leading out of the tree) and a
// configuration: the exact output, text and JSON, in testdata/lint; the
// findings of fragments after the others, file by file; the summary's
// counts.
func TestLintTargetsGolden(t *testing.T) {
	site := targetsTree(t, t.TempDir())
	inDir(t, site, ".")
	for _, tc := range []struct {
		golden string
		args   []string
	}{
		{"targets.golden", []string{"lint", "."}},
		{"targets-json.golden", []string{"lint", "--format", "json", "."}},
	} {
		out, stderr, code := runCmd(t, "", tc.args...)
		lines, summary := splitStderr(t, stderr)
		// lib.js leads out of the tree, but a file of no known kind is
		// skipped as such, in silence, as inside it.
		if code != exitInvalid || len(lines) != 0 {
			t.Errorf("%s: exit %d, stderr %q", tc.golden, code, stderr)
		}
		// Skipped: .git, which inDir makes; guide/intro.html, de/intro.html's
		// other name; lib.js, a link out of the tree of no known kind; .relurl.toml and two
		// images.
		want := "relurl lint: 7 files linted, 6 skipped (1 hidden directory, 1 linted already, 4 of no known kind), 0 unreadable; " +
			"39 URLs (36 under the root, 1 to other sites, 1 fragment not checked); 13 errors, 4 warnings, 0 info; 3 suppressed, 0 baselined; T"
		if summary != want {
			t.Errorf("%s: summary\n%s\nwant\n%s", tc.golden, summary, want)
		}
		checkGolden(t, tc.golden, out)
	}
}

// TestLintTargetsOff: --no-targets, and [targets] check = false, turn the
// target rules off; so does linting standard input, which has no tree.
func TestLintTargetsOff(t *testing.T) {
	site := targetsTree(t, t.TempDir())
	inDir(t, site, ".")
	for _, args := range [][]string{{"lint", "--no-targets", "."}, {"lint", "--disable", "target,portability", "."}} {
		out, _, _ := runCmd(t, "", args...)
		if strings.Contains(out, "[target/") || strings.Contains(out, "whatwg-target") {
			t.Errorf("relurl %q reports the target rules:\n%s", args, out)
		}
	}
	writeFile(t, site, ".relurl.toml", "[targets]\ncheck = false\n")
	out, stderr, _ := runCmd(t, "", "lint", ".")
	if strings.Contains(out, "[target/") || strings.Contains(stderr, "under the root") {
		t.Errorf("[targets] check = false:\n%s%s", out, stderr)
	}
	index, err := os.ReadFile(filepath.Join(site, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	out, _, _ = runCmd(t, string(index), "lint", "--type", "html", "-")
	if strings.Contains(out, "[target/") {
		t.Errorf("standard input has a tree:\n%s", out)
	}
	if _, stderr, code := runCmd(t, "x\n", "lint", "--list-external", "-"); code != exitUsage || !strings.Contains(stderr, "--list-external needs") {
		t.Errorf("--list-external on standard input: exit %d, %s", code, stderr)
	}
}

// TestListExternal: each reference to another site once, where it is
// first found, as URL, tab, file:line:column; with --format json, one
// object a line; the findings are not written; data: and javascript:
// URLs are not listed.
func TestListExternal(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "a.html", `<a href="https://b.example/x">1</a> <a href="mailto:x@y">2</a>`+"\n"+`<a href="https://b.example/x">3</a> <a href="missing.html">4</a>`+
		`<img src="data:image/png;base64,AAAA"><a href="javascript:void(0)">5</a>`)
	writeFile(t, dir, "sub/c.md", "[x](https://b.example/x) [y](//c.example/y?q) [z](../a.html)\n")
	inDir(t, dir, ".")
	out, _, code := runCmd(t, "", "lint", "--list-external", ".")
	want := "https://b.example/x\ta.html:1:10\nmailto:x@y\ta.html:1:46\nhttp://c.example/y?q\tsub/c.md:1:30\n"
	if out != want || code != exitInvalid {
		t.Errorf("exit %d\n%s\nwant exit 1 (findings) and\n%s", code, out, want)
	}
	out, _, _ = runCmd(t, "", "lint", "--list-external", "--format", "json", ".")
	var got []map[string]any
	for line := range strings.SplitSeq(strings.TrimSpace(out), "\n") {
		var obj map[string]any
		if err := json.Unmarshal([]byte(line), &obj); err != nil {
			t.Fatalf("%v: %s", err, line)
		}
		got = append(got, obj)
	}
	if len(got) != 3 || got[2]["url"] != "http://c.example/y?q" || got[2]["file"] != "sub/c.md" || got[2]["line"] != 1.0 || got[2]["column"] != 30.0 {
		t.Errorf("--format json: %v", got)
	}
	if _, stderr, code := runCmd(t, "", "lint", "--list-external", "--diff", "."); code != exitUsage || !strings.Contains(stderr, "--list-external") {
		t.Errorf("--list-external --diff: exit %d, %s", code, stderr)
	}
}

// TestLintTargetsFix: --fix writes a target/case path in the letter case
// of the file when exactly one matches, and makes no other target fix;
// the second run reports what is left.
func TestLintTargetsFix(t *testing.T) {
	dir := t.TempDir()
	page := `<a href="Guide/Intro.html">1</a> <a href="guide/x.html">2</a> <a href="A.html">3</a>` + "\n"
	writeFile(t, dir, "index.html", page)
	writeFile(t, dir, "guide/intro.html", "")
	writeFile(t, dir, "a.html", "")
	writeFile(t, dir, "A.HTML", "")
	inDir(t, dir, ".")
	out, stderr, _ := runCmd(t, "", "lint", "--diff", "index.html")
	if !strings.Contains(out, `+<a href="guide/intro.html">1</a>`) || strings.Count(out, "\n+<") != 1 {
		t.Errorf("--diff:\n%s%s", out, stderr)
	}
	_, stderr, _ = runCmd(t, "", "lint", "--fix", "index.html")
	if !strings.Contains(stderr, "3 findings: 1 fixed (1 edit in 1 file), 2 without a fix") {
		t.Errorf("--fix: %s", stderr)
	}
	data, err := os.ReadFile(filepath.Join(dir, "index.html"))
	if err != nil || string(data) != strings.Replace(page, "Guide/Intro.html", "guide/intro.html", 1) {
		t.Errorf("fixed file: %v\n%s", err, data)
	}
	out, _, _ = runCmd(t, "", "lint", "--format", "json", "index.html")
	for line := range strings.SplitSeq(strings.TrimSpace(out), "\n") {
		var f struct {
			Rule        string `json:"rule"`
			NoFixDetail string `json:"no_fix_detail"`
		}
		if err := json.Unmarshal([]byte(line), &f); err != nil {
			t.Fatal(err)
		}
		if f.Rule == "target/case" && !strings.Contains(f.NoFixDetail, "more than one file matches") {
			t.Errorf("A.html, which a.html and A.HTML match: %s", line)
		}
	}
}

// TestLintTargetsBaseline: the findings of the target rules, those of
// fragments included, are recorded in a baseline and dropped by it.
func TestLintTargetsBaseline(t *testing.T) {
	dir := t.TempDir()
	page := `<a href="missing.html">1</a> <a href="#nowhere">2</a> <a href="b.html#nope">3</a>` + "\n"
	writeFile(t, dir, "site/a.html", page)
	writeFile(t, dir, "site/b.html", `<p id="yes">`)
	inDir(t, dir, ".")
	out, _, code := runCmd(t, "", "lint", "--write-baseline", "base.json", "site")
	if code != 0 || strings.Count(out, "\n") != 3 {
		t.Fatalf("--write-baseline: exit %d\n%s", code, out)
	}
	writeFile(t, dir, "site/a.html", "<p>moved</p>\n"+page)
	out, stderr, code := runCmd(t, "", "lint", "--baseline", "base.json", "site")
	if code != 0 || out != "" || !strings.Contains(stderr, "3 baselined") {
		t.Errorf("--baseline: exit %d\n%s%s", code, out, stderr)
	}
	writeFile(t, dir, "site/a.html", page+`<a href="#other">4</a>`+"\n")
	out, _, _ = runCmd(t, "", "lint", "--baseline", "base.json", "site")
	if !regexp.MustCompile(`^site/a.html:2:11: error: the fragment "#other" names no anchor of "a.html"`).MatchString(out) || strings.Count(out, "\n") != 1 {
		t.Errorf("--baseline, a new finding:\n%s", out)
	}
}

// TestTargetsRoot: the root comes from the project (decision L-46): a
// directory named, without a configuration, is its own root (a built
// site), where "/b.html" is the directory's b.html; files named take the
// repository's top, whichever others are named; a configuration's
// directory comes before both. SARIF's URIs and github's paths stay
// relative to the working directory unless --root is given (decision
// T-2).
func TestTargetsRoot(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "docs/a.html", `<a href="/b.html">b</a> <a href="c.html">c</a>`+"\n")
	writeFile(t, dir, "docs/b.html", "")
	writeFile(t, dir, "docs/sub/d.html", `<a href="../b.html">b</a>`+"\n")
	inDir(t, dir, ".") // the repository's top
	out, _, _ := runCmd(t, "", "lint", "--format", "sarif", "docs")
	if !strings.Contains(out, `"uri":"docs/a.html","uriBaseId":"%SRCROOT%"`) || strings.Count(out, `"ruleId":"target/missing"`) != 1 ||
		!strings.Contains(out, `\"c.html\" leads to \"c.html\" under the root`) {
		t.Errorf("relurl lint --format sarif docs:\n%s", out)
	}
	// Files named: the repository's top is the root, for each of them
	// alone as for both.
	want := `docs/a.html:1:10: error: "/b.html" leads to "b.html" under the root: no such file [target/missing]
docs/a.html:1:34: error: "c.html" leads to "docs/c.html" under the root: no such file [target/missing]
`
	for _, args := range [][]string{{"docs/a.html"}, {"docs/a.html", "docs/sub/d.html"}, {"docs/sub/d.html", "docs/a.html"}} {
		if out, _, _ := runCmd(t, "", append([]string{"lint"}, args...)...); out != want {
			t.Errorf("relurl lint %q:\n%s\nwant\n%s", args, out, want)
		}
	}
	// A configuration in docs makes docs the root, for a directory or
	// files named, from wherever relurl starts.
	writeFile(t, dir, "docs/.relurl.toml", "")
	want = `docs/a.html:1:34: error: "c.html" leads to "c.html" under the root: no such file [target/missing]` + "\n"
	for _, args := range [][]string{{"docs"}, {"docs/a.html"}, {"docs/sub/d.html", "docs/a.html"}} {
		if out, _, _ := runCmd(t, "", append([]string{"lint"}, args...)...); out != want {
			t.Errorf("relurl lint %q, with docs/.relurl.toml:\n%s\nwant\n%s", args, out, want)
		}
	}
	inDir(t, dir, "docs/sub")
	if out, _, _ := runCmd(t, "", "lint", "../a.html"); out != strings.Replace(want, "docs/", "../", 1) {
		t.Errorf("relurl lint ../a.html from docs/sub:\n%s", out)
	}
	inDir(t, dir, ".")
	if err := os.Remove(filepath.Join(dir, "docs/.relurl.toml")); err != nil {
		t.Fatal(err)
	}
	out, _, _ = runCmd(t, "", "lint", "--format", "github", "docs")
	if !strings.HasPrefix(out, "::error file=docs/a.html,") {
		t.Errorf("--format github:\n%s", out)
	}
	// --root names the root: /b.html is then ./b.html, missing, and the
	// SARIF URIs are relative to it.
	out, _, _ = runCmd(t, "", "lint", "--format", "sarif", "--root", "docs", "docs")
	if !strings.Contains(out, `"uri":"a.html"`) || strings.Count(out, `"ruleId":"target/missing"`) != 1 {
		t.Errorf("--root docs:\n%s", out)
	}
	out, _, _ = runCmd(t, "", "lint", "--root", ".", "docs")
	if !strings.Contains(out, `"/b.html" leads to "b.html" under the root: no such file`) {
		t.Errorf("--root .:\n%s", out)
	}
}

// TestLintVerboseLines: -v shows the source line of every finding, those
// of fragments checked at the end of the run and of a file's other names
// included, with the caret under the offending text.
func TestLintVerboseLines(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "a.md", "# A\n\nSee [b](b.md#nope) and [c](c.md#gone), [x](<x y.md>).\n")
	writeFile(t, dir, "b.md", "# B\n\n[a](a.md#also-not)\n")
	if err := os.Symlink("a.md", filepath.Join(dir, "again.md")); err != nil {
		t.Skipf("no symbolic links: %v", err)
	}
	inDir(t, dir, ".")
	out, _, _ := runCmd(t, "", "lint", "-v", ".")
	lines := strings.Split(out, "\n")
	findings := 0
	for i, line := range lines {
		if !regexp.MustCompile(`^\S+:\d+:\d+: \w+: `).MatchString(line) {
			continue
		}
		findings++
		if i+2 >= len(lines) || strings.TrimSpace(lines[i+1]) == "" || !strings.Contains(lines[i+2], "^") {
			t.Errorf("finding without its line:\n%s", strings.Join(lines[i:min(i+3, len(lines))], "\n"))
		}
	}
	if !strings.Contains(out, "See [b](b.md#nope)") || !strings.Contains(out, "again.md:3:") || findings < 5 {
		t.Errorf("relurl lint -v: %d findings\n%s", findings, out)
	}
}

// TestRedirectsFlag: --redirects says how redirect pages are read, as
// [targets] redirects does, and the flag wins over the file; a value
// that is no mode is a usage error.
func TestRedirectsFlag(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"p.html":   `<a href="old.html#usage">u</a>` + "\n",
		"old.html": `<meta http-equiv="refresh" content="0; url=new.html">` + "\n",
		"new.html": `<h1 id="usage">Usage</h1>` + "\n",
	})
	inDir(t, dir, ".")
	for _, tc := range []struct {
		config string
		args   []string
		want   string
	}{
		{"", []string{"lint", "."}, "[target/redirect]"},
		{"", []string{"lint", "--redirects", "off", "."}, "[target/fragment]"},
		{"[targets]\nredirects = \"off\"\n", []string{"lint", "."}, "[target/fragment]"},
		{"[targets]\nredirects = \"off\"\n", []string{"lint", "--redirects", "follow", "."}, "[target/redirect]"},
	} {
		writeFile(t, dir, ".relurl.toml", tc.config)
		out, _, _ := runCmd(t, "", tc.args...)
		if strings.Count(out, "[target/") != 1 || !strings.Contains(out, "p.html:1:") || !strings.Contains(out, tc.want) {
			t.Errorf("%q with %q: %s, want one %s", tc.args, tc.config, out, tc.want)
		}
	}
	if _, stderr, code := runCmd(t, "", "lint", "--redirects", "Follow", "."); code != exitUsage || !strings.Contains(stderr, "follow") {
		t.Errorf("--redirects Follow: exit %d, %s", code, stderr)
	}
}
