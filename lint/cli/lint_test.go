package cli

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"

	"github.com/relurl/relurl/lint/internal/extract"
)

var updateGolden = flag.Bool("update", false, "rewrite the golden files of the command's outputs")

const (
	siteDir = "../internal/lint/testdata/site"
	// siteRetrieval is the URL the site is served at: the root of
	// www.example.com, so that its blog/post.html is
	// http://www.example.com/blog/post.html.
	siteRetrieval = "http://www.example.com/"
)

// goldenDir is where the golden files of relurl lint are: found before a
// test changes its working directory.
var goldenDir = func() string {
	dir, err := filepath.Abs(filepath.Join("testdata", "lint"))
	if err != nil {
		panic(err)
	}
	return dir
}()

// checkGolden compares got, relurl lint's output, with
// testdata/lint/name; go test -update rewrites it.
func checkGolden(t *testing.T, name, got string) {
	t.Helper()
	goldenFile(t, filepath.Join(goldenDir, name), got, "relurl lint output")
}

// goldenFile compares got, what says what it is, with the file at path;
// go test -update writes got there instead.
func goldenFile(t *testing.T, path, got, what string) {
	t.Helper()
	if *updateGolden {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (go test -update writes it)", err)
	}
	if got != string(want) {
		t.Errorf("%s differs from %s (go test -update rewrites it); got:\n%s", what, path, got)
	}
}

// summaryRE matches the summary line relurl lint writes on standard error
// after every run; its time is the last group.
var summaryRE = regexp.MustCompile(`^relurl lint: \d+ files? linted, \d+ skipped( \([^)]*\))?, \d+ unreadable; \d+ URLs?` +
	`( \(\d+ under the root, \d+ to other sites, \d+ fragments? not checked\))?; ` +
	`\d+ errors?, \d+ warnings?, \d+ info; \d+ suppressed, \d+ baselined(?:, \d+ on lines unchanged since .+)?; (\d+\.\d\ds)$`)

// splitStderr returns the lines relurl lint wrote on standard error before
// its summary, and the summary with its time written "T".
// repeatsRE matches the text format's lines on the faults repeated most.
var repeatsRE = regexp.MustCompile(`(?m)^\d+ of \d+ findings? come from \d+ faults? \(--faults lists each fault once\):\n(  .*\n)+`)

func splitStderr(t *testing.T, stderr string) (lines []string, summary string) {
	t.Helper()
	// The faults repeated most, which the text format says before the
	// summary, are neither.
	stderr = repeatsRE.ReplaceAllString(stderr, "")
	all := strings.Split(strings.TrimSuffix(stderr, "\n"), "\n")
	last := all[len(all)-1]
	m := summaryRE.FindStringSubmatchIndex(last)
	if m == nil {
		t.Fatalf("standard error does not end with the summary line:\n%s", stderr)
	}
	return all[:len(all)-1], last[:m[len(m)-2]] + "T"
}

// TestLintGolden: each output format over the test site, with the exact
// output in testdata/lint, and nothing on standard error but the summary.
func TestLintGolden(t *testing.T) {
	for _, tt := range []struct {
		golden string
		args   []string
	}{
		{"text.golden", []string{"lint", "--base", siteRetrieval, siteDir}},
		{"text-verbose.golden", []string{"lint", "-v", "--base", siteRetrieval, siteDir}},
		{"json.golden", []string{"lint", "--format", "json", "--base", siteRetrieval, siteDir}},
		{"sarif.golden", []string{"lint", "--format", "sarif", "--root", "../internal/lint/testdata", "--base", siteRetrieval, siteDir}},
		{"github.golden", []string{"lint", "--format", "github", "--root", "../internal/lint/testdata", "--base", siteRetrieval, siteDir}},
		{"rfc1738.golden", []string{"lint", "--rfc1738", "--disable", "portability", "--severity", "rfc1738=warning", "--base", siteRetrieval, siteDir}},
	} {
		t.Run(tt.golden, func(t *testing.T) {
			out, stderr, code := runCmd(t, "", tt.args...)
			if lines, _ := splitStderr(t, stderr); code != exitInvalid || len(lines) != 0 {
				t.Errorf("exit %d, stderr %q; want 1 and the summary", code, stderr)
			}
			if tt.golden == "sarif.golden" {
				// The version of a test binary is its build's; the golden file says "(devel)".
				out = regexp.MustCompile(`"version": "[^"]*",\n(\s+"rules")`).ReplaceAllString(out, `"version": "(devel)",`+"\n$1")
			}
			checkGolden(t, tt.golden, out)
		})
	}
}

// TestLintJSONFields: every line of --format json is an object with every
// documented field.
func TestLintJSONFields(t *testing.T) {
	out, _, _ := runCmd(t, "", "lint", "--format", "json", "--rfc1738", "--base", siteRetrieval, siteDir)
	fields := []string{"file", "line", "column", "end_line", "end_column", "offset", "end_offset", "rule",
		"severity", "message", "fix", "production", "text", "text_cut", "url", "url_cut", "where", "base", "base_cut",
		"edit", "no_fix", "no_fix_detail", "suggestions"}
	sc := bufio.NewScanner(strings.NewReader(out))
	sc.Buffer(nil, 1<<20)
	n := 0
	for sc.Scan() {
		n++
		var obj map[string]any
		if err := json.Unmarshal(sc.Bytes(), &obj); err != nil {
			t.Fatalf("line %d is not JSON: %v\n%s", n, err, sc.Text())
		}
		for _, f := range fields {
			if _, ok := obj[f]; !ok {
				t.Errorf("line %d lacks %q: %s", n, f, sc.Text())
			}
		}
		if len(obj) != len(fields) {
			t.Errorf("line %d has %d fields, want %d", n, len(obj), len(fields))
		}
		if obj["line"].(float64) < 1 || obj["column"].(float64) < 1 {
			t.Errorf("line %d: positions count from 1: %s", n, sc.Text())
		}
	}
	if n < 20 {
		t.Errorf("only %d findings", n)
	}
}

// TestLintSARIF: the SARIF log has what GitHub code scanning requires.
func TestLintSARIF(t *testing.T) {
	out, _, _ := runCmd(t, "", "lint", "--format", "sarif", "--root", "../..", "--base", siteRetrieval, siteDir)
	var log struct {
		Schema  string `json:"$schema"`
		Version string `json:"version"`
		Runs    []struct {
			Tool struct {
				Driver struct {
					Name  string `json:"name"`
					Rules []struct {
						ID               string `json:"id"`
						ShortDescription struct {
							Text string `json:"text"`
						} `json:"shortDescription"`
						Help struct {
							Text string `json:"text"`
						} `json:"help"`
					} `json:"rules"`
				} `json:"driver"`
			} `json:"tool"`
			Results []struct {
				RuleID    string `json:"ruleId"`
				RuleIndex int    `json:"ruleIndex"`
				Level     string `json:"level"`
				Message   struct {
					Text string `json:"text"`
				} `json:"message"`
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct {
							URI string `json:"uri"`
						} `json:"artifactLocation"`
						Region struct {
							StartLine, StartColumn, EndLine, EndColumn int
						} `json:"region"`
					} `json:"physicalLocation"`
				} `json:"locations"`
				PartialFingerprints map[string]string `json:"partialFingerprints"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal([]byte(out), &log); err != nil {
		t.Fatalf("not JSON: %v", err)
	}
	if log.Version != "2.1.0" || !strings.Contains(log.Schema, "sarif") || len(log.Runs) != 1 {
		t.Fatalf("version %q, schema %q, %d runs", log.Version, log.Schema, len(log.Runs))
	}
	run := log.Runs[0]
	if run.Tool.Driver.Name != "relurl" || len(run.Tool.Driver.Rules) == 0 {
		t.Fatalf("driver %+v", run.Tool.Driver)
	}
	for _, r := range run.Tool.Driver.Rules {
		if r.ID == "" || r.ShortDescription.Text == "" || r.Help.Text == "" {
			t.Errorf("rule %+v lacks a field", r)
		}
	}
	if len(run.Results) < 20 {
		t.Fatalf("only %d results", len(run.Results))
	}
	fingerprints := map[string]bool{}
	for _, r := range run.Results {
		if r.RuleIndex < 0 || r.RuleIndex >= len(run.Tool.Driver.Rules) || run.Tool.Driver.Rules[r.RuleIndex].ID != r.RuleID {
			t.Errorf("result %s: ruleIndex %d does not name it", r.RuleID, r.RuleIndex)
		}
		switch r.Level {
		case "error", "warning", "note":
		default:
			t.Errorf("result %s: level %q", r.RuleID, r.Level)
		}
		if r.Message.Text == "" || len(r.Locations) != 1 {
			t.Errorf("result %s: no message or location", r.RuleID)
			continue
		}
		loc := r.Locations[0].PhysicalLocation
		uri := loc.ArtifactLocation.URI
		if !strings.HasPrefix(uri, "lint/internal/lint/testdata/site/") {
			t.Errorf("uri %q is not relative to the repository root", uri)
		}
		if reg := loc.Region; reg.StartLine < 1 || reg.StartColumn < 1 || reg.EndLine < reg.StartLine ||
			reg.EndLine == reg.StartLine && reg.EndColumn <= reg.StartColumn {
			t.Errorf("result %s at %s: bad region %+v", r.RuleID, uri, reg)
		}
		fp := r.PartialFingerprints["relurlFinding/v1"]
		if fp == "" || fingerprints[fp] {
			t.Errorf("result %s at %s: fingerprint %q missing or repeated", r.RuleID, uri, fp)
		}
		fingerprints[fp] = true
	}
}

func TestLintExitCodes(t *testing.T) {
	dir := t.TempDir()
	write := func(name, content string) string { return writeFile(t, dir, name, content) }
	clean := write("clean.urls", "http://a/b\n")
	warn := write("warn.urls", "http:g\n")
	bad := write("bad.urls", "http://a/%zz\n")
	tests := []struct {
		name  string
		args  []string
		stdin string
		code  int
	}{
		{"clean", []string{"lint", clean}, "", exitOK},
		{"a warning does not fail by default", []string{"lint", warn}, "", exitOK},
		{"fail on warnings", []string{"lint", "--fail-on", "warning", warn}, "", exitInvalid},
		{"an error fails", []string{"lint", bad}, "", exitInvalid},
		{"never fail", []string{"lint", "--fail-on", "none", bad}, "", exitOK},
		{"an error lowered to a warning", []string{"lint", "--severity", "escape/malformed=warning", bad}, "", exitOK},
		{"a warning raised to an error", []string{"lint", "--severity", "rfc1808=error", warn}, "", exitInvalid},
		{"disabled", []string{"lint", "--disable", "syntax", bad}, "", exitOK},
		{"stdin", []string{"lint", "-"}, "a b\n", exitInvalid},
		{"stdin, named", []string{"lint", "-"}, "ok\n", exitOK},
		{"stdin as HTML", []string{"lint", "--type", "html", "-"}, `<a href="a b">`, exitInvalid},
		{"no such file", []string{"lint", filepath.Join(dir, "nope.urls")}, "", exitUsage},
		{"an I/O error wins over findings", []string{"lint", bad, filepath.Join(dir, "nope")}, "", exitUsage},
		{"bad format", []string{"lint", "--format", "xml", clean}, "", exitUsage},
		{"bad fail-on", []string{"lint", "--fail-on", "fatal", clean}, "", exitUsage},
		{"bad rule", []string{"lint", "--disable", "nope", clean}, "", exitUsage},
		{"bad severity", []string{"lint", "--severity", "syntax", clean}, "", exitUsage},
		{"bad base", []string{"lint", "--base", "a b", clean}, "", exitUsage},
		{"relative base", []string{"lint", "--base", "/a/b", clean}, "", exitUsage},
		{"bad type", []string{"lint", "--type", "pdf", clean}, "", exitUsage},
		{"unknown flag", []string{"lint", "--nope", clean}, "", exitUsage},
		{"a named file of no known kind", []string{"lint", write("notes.txt", "http://a/%zz\n")}, "", exitUsage},
		{"... unless --type says", []string{"lint", "--type", "text", filepath.Join(dir, "notes.txt")}, "", exitInvalid},
		{"no file to lint", []string{"lint", write("empty/x.doc", "x")}, "", exitUsage},
		{"no file to lint, allowed", []string{"lint", "--allow-empty", filepath.Join(dir, "empty")}, "", exitOK},
		{"bad max-size", []string{"lint", "--max-size", "lots", clean}, "", exitUsage},
		{"negative -j", []string{"lint", "-j", "-1", clean}, "", exitUsage},
		{"-j past the files", []string{"lint", "-j", "1000000", bad}, "", exitInvalid},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, stderr, code := runCmd(t, tt.stdin, tt.args...)
			if code != tt.code {
				t.Errorf("relurl %q: exit %d, want %d; stderr %s", tt.args, code, tt.code, stderr)
			}
		})
	}
}

// TestLintWalk: a directory walk takes the files whose names or content
// say what they are, in lexical order, skips and counts hidden directories,
// binary lists of URLs and files of no known kind (a .txt of prose, Markdown),
// and the output does not depend on how many files are linted at once.
func TestLintWalk(t *testing.T) {
	dir := t.TempDir()
	for name, content := range map[string]string{
		"b.urls":          "b c\n",
		"a.html":          `<a href="a b">`,
		"sub/c.eml":       "Subject: x\n\n<URL:c{d>\n",
		".git/d.urls":     "d e\n",
		"notes.rst":       "e f\n",
		"bin.urls":        "\x00\x01 f g",
		"prose.txt":       "http://a/ b\n",
		"msg_01.txt":      "From: a@b\nSubject: mail named .txt\n\n<URL:m|n>\n",
		"sub/z/deep.htm":  `<img src="x y">`,
		"sub/z/clean.txt": "http://a/\n",
	} {
		writeFile(t, dir, name, content)
	}
	var first string
	for _, j := range []string{"1", "2", "8"} {
		out, stderr, code := runCmd(t, "", "lint", "-j", j, dir)
		lines, summary := splitStderr(t, stderr)
		if code != exitInvalid || len(lines) != 0 {
			t.Errorf("-j %s: exit %d, stderr %q", j, code, stderr)
		}
		if want := "relurl lint: 5 files linted, 5 skipped (1 binary, 1 hidden directory, 3 of no known kind), 0 unreadable; " +
			"5 URLs (2 under the root, 0 to other sites, 0 fragments not checked); 7 errors, 0 warnings, 0 info; 0 suppressed, 0 baselined; T"; summary != want {
			t.Errorf("-j %s: summary\n%s\nwant\n%s", j, summary, want)
		}
		out = strings.ReplaceAll(out, dir+string(filepath.Separator), "")
		if first == "" {
			first = out
			continue
		}
		if out != first {
			t.Errorf("-j %s gives\n%s\nwant\n%s", j, out, first)
		}
	}
	var files []string
	for line := range strings.SplitSeq(strings.TrimSpace(first), "\n") {
		if f := line[:strings.IndexByte(line, ':')]; len(files) == 0 || files[len(files)-1] != f {
			files = append(files, f)
		}
	}
	want := []string{"a.html", "b.urls", "msg_01.txt", "sub/c.eml", "sub/z/deep.htm"}
	if strings.Join(files, " ") != strings.Join(want, " ") {
		t.Errorf("files linted: %q, want %q\n%s", files, want, first)
	}
}

// TestLintTree: symbolic links to files and directories are followed, in
// the arguments and in a walk; each real directory is walked once, so a
// loop ends, and each real file is linted once, by the first path to it,
// its targets checked under each path (decision T-6); a broken link is
// skipped and counted; an mbox is linted message by message, positions in
// the mailbox's lines.
func TestLintTree(t *testing.T) {
	dir := t.TempDir()
	real := filepath.Join(dir, "real")
	writeFile(t, real, "a.html", `<a href="a b">`)
	writeFile(t, real, "sub/b.urls", "b c\n")
	writeFile(t, real, "mail.mbox", strings.Join([]string{
		"From a@b Mon Jan  1 00:00:00 2001",
		"Subject: one",
		"List-Help: <http://a/help|me>",
		"",
		"body",
		"",
		"From c@d Mon Jan  1 00:00:00 2001",
		"Subject: two",
		"",
		"<URL:two|x>",
		"",
	}, "\n"))
	writeFile(t, real, "unknown.dat", "x y\n")
	for link, target := range map[string]string{
		"real/sub/loop":   "..",                              // a loop: real/sub/loop/sub/loop/...
		"real/again.html": "a.html",                          // a second path to a file
		"real/gone.html":  "nowhere.html",                    // broken
		"linked":          "real",                            // a link to the tree
		"file.urls":       "real/sub/b.urls",                 // a link to a file, named
		"real/z":          filepath.Join(dir, "real", "sub"), // an absolute link to a directory walked already
	} {
		if err := os.Symlink(target, filepath.Join(dir, link)); err != nil {
			t.Skipf("no symbolic links: %v", err)
		}
	}
	// One root for the three: each directory named would be its own
	// (decision L-46), and each a run of its own.
	out, stderr, code := runCmd(t, "", "lint", "--root", dir, filepath.Join(dir, "linked"), filepath.Join(dir, "file.urls"), filepath.Join(dir, "real"))
	lines, summary := splitStderr(t, stderr)
	if code != exitInvalid || len(lines) != 0 {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
	out = strings.ReplaceAll(out, dir+string(filepath.Separator), "")
	want := strings.Join([]string{
		`linked/a.html:1:10: error: "a b" leads to "linked/a b" under the root: no such file (as browsers read it: the URL is not valid under RFC 1808) [target/missing]`,
		"linked/a.html:1:11: error: space is not allowed in fsegment; write it as %20 [fsegment/char]",
		// The same file under another name: its references resolved
		// against that name's base, the target rules' findings alone.
		`linked/again.html:1:10: error: "a b" leads to "linked/a b" under the root: no such file (as browsers read it: the URL is not valid under RFC 1808) [target/missing]`,
		"linked/mail.mbox:3:26: error: national character '|' is not allowed in fsegment; write it as %7C [fsegment/char]",
		"linked/mail.mbox:10:9: error: national character '|' is not allowed in fsegment; write it as %7C [fsegment/char]",
		"linked/sub/b.urls:1:2: error: space is not allowed in fsegment; write it as %20 [fsegment/char]",
		"",
	}, "\n")
	if out != want {
		t.Errorf("output\n%s\nwant\n%s", out, want)
	}
	// Skipped: again.html and file.urls (linted already), linked/sub/loop,
	// linked/z and real (walked already), unknown.dat (no known kind),
	// gone.html (broken).
	if want := "relurl lint: 3 files linted, 7 skipped (3 a directory walked already, 1 broken symbolic link, 2 linted already, 1 of no known kind), 0 unreadable; " +
		"4 URLs (1 under the root, 0 to other sites, 0 fragments not checked); 6 errors, 0 warnings, 0 info; 0 suppressed, 0 baselined; T"; summary != want {
		t.Errorf("summary\n%s\nwant\n%s", summary, want)
	}
}

// TestLintPerFileBase: --base names the URL of --root, and each file's
// base is its path under the root resolved against it; a file outside the
// root, and standard input, get --base itself; a BASE element still wins.
func TestLintPerFileBase(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "root/library/intro.html", `<a href="x|">`)
	writeFile(t, dir, "root/a b;c.html", `<a href="y|">`)
	writeFile(t, dir, "root/x:y.html", `<a href="z|">`)
	writeFile(t, dir, "root/own.html", `<head><base href="http://own/"></head><a href="w|">`)
	writeFile(t, dir, "outside.html", `<a href="v|">`)
	out, _, code := runCmd(t, `<a href="u|">`, "lint", "--format", "json", "--base", "https://docs.python.org/3.11/",
		"--root", filepath.Join(dir, "root"), filepath.Join(dir, "root"), filepath.Join(dir, "outside.html"), "-")
	if code != exitInvalid {
		t.Fatalf("exit %d", code)
	}
	got := map[string]string{}
	for line := range strings.SplitSeq(strings.TrimSpace(out), "\n") {
		var f struct{ URL, Base string }
		if err := json.Unmarshal([]byte(line), &f); err != nil {
			t.Fatal(err)
		}
		got[f.URL] = f.Base
	}
	want := map[string]string{
		"x|": "https://docs.python.org/3.11/library/intro.html",
		"y|": "https://docs.python.org/3.11/a%20b%3Bc.html",
		"z|": "https://docs.python.org/3.11/x:y.html",
		"w|": "http://own/",
		"v|": "https://docs.python.org/3.11/",
		"u|": "https://docs.python.org/3.11/",
	}
	for u, b := range want {
		if got[u] != b {
			t.Errorf("%s: base %q, want %q", u, got[u], b)
		}
	}
}

// TestLintInputs: standard input is read once however many times "-" is
// named; a file past --max-size is an error for that file and the others
// are linted, a file at the limit is read; a FIFO with no writer and an
// endless device are errors in bounded time; the summary counts them.
func TestLintInputs(t *testing.T) {
	var lines strings.Builder
	for i := range 3000 {
		fmt.Fprintf(&lines, "http://a/%%zz/%d\n", i)
	}
	out, stderr, code := runCmd(t, lines.String(), "lint", "--format", "json", "-", "-")
	_, summary := splitStderr(t, stderr)
	if n := strings.Count(out, "\n"); code != exitInvalid || n != 3000 {
		t.Errorf("lint - -: exit %d, %d findings, want 3000", code, n)
	}
	for i, line := range strings.Split(strings.TrimSpace(out), "\n") {
		if !strings.Contains(line, fmt.Sprintf(`"line":%d,`, i+1)) || !strings.Contains(line, fmt.Sprintf(`"url":"http://a/%%zz/%d"`, i)) {
			t.Fatalf("finding %d: %s", i, line)
		}
	}
	if !strings.Contains(summary, "1 file linted, 1 skipped (1 linted already)") {
		t.Errorf("summary %s", summary)
	}

	dir := t.TempDir()
	at := writeFile(t, dir, "at.urls", strings.Repeat("a b\n", 25))     // 100 bytes
	past := writeFile(t, dir, "past.urls", strings.Repeat("a b\n", 26)) // 104
	other := writeFile(t, dir, "other.urls", "c d\n")
	out, stderr, code = runCmd(t, "", "lint", "--max-size", "100", past, at, other)
	errs, summary := splitStderr(t, stderr)
	if code != exitUsage || strings.Count(out, "\n") != 26 || len(errs) != 1 ||
		!strings.Contains(errs[0], "past.urls: larger than the limit of 100 bytes (--max-size raises the limit)") ||
		!strings.Contains(summary, "2 files linted, 0 skipped, 1 unreadable") {
		t.Errorf("--max-size 100: exit %d, %d findings, stderr\n%s", code, strings.Count(out, "\n"), stderr)
	}

	if _, err := os.Stat("/dev/zero"); err == nil {
		_, stderr, code = runCmd(t, "", "lint", "--type", "text", "--max-size", "1MiB", "/dev/zero", other)
		if errs, _ := splitStderr(t, stderr); code != exitUsage || len(errs) != 1 || !strings.Contains(errs[0], "/dev/zero: larger than the limit") {
			t.Errorf("/dev/zero: exit %d, stderr\n%s", code, stderr)
		}
	}
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err == nil {
		_, stderr, code = runCmd(t, "", "lint", "--type", "text", fifo, other)
		if errs, _ := splitStderr(t, stderr); code != exitUsage || len(errs) != 1 || !strings.Contains(errs[0], "no process writes to") {
			t.Errorf("a FIFO with no writer: exit %d, stderr\n%s", code, stderr)
		}
	}
	_, stderr, code = runCmd(t, "", "lint", filepath.Join(dir, "notes.txt"))
	if errs, _ := splitStderr(t, stderr); code != exitUsage || len(errs) != 1 || !strings.Contains(errs[0], "no such file") {
		t.Errorf("missing: exit %d, stderr\n%s", code, stderr)
	}
	writeFile(t, dir, "notes.txt", "prose\n")
	_, stderr, code = runCmd(t, "", "lint", filepath.Join(dir, "notes.txt"))
	if errs, _ := splitStderr(t, stderr); code != exitUsage || len(errs) != 1 ||
		!strings.Contains(errs[0], "notes.txt: cannot tell what kind of file it is") || !strings.Contains(errs[0], "--type text|html|message|markdown|css|xml|mbox") {
		t.Errorf("unknown kind: exit %d, stderr\n%s", code, stderr)
	}
	empty := filepath.Join(dir, "empty")
	os.Mkdir(empty, 0o755)
	_, stderr, code = runCmd(t, "", "lint", empty)
	if errs, summary := splitStderr(t, stderr); code != exitUsage || len(errs) != 1 || !strings.Contains(errs[0], "no file to lint") ||
		!strings.HasPrefix(summary, "relurl lint: 0 files linted") {
		t.Errorf("an empty directory: exit %d, stderr\n%s", code, stderr)
	}
}

// TestBaseAndLintAgree: relurl base and relurl lint read every message the
// same way, on the one MIME walk. Over every message in the repository's test data
// (files that are messages or mailboxes by their names or content, a
// mailbox's messages one by one), the base relurl base prints for each part
// is the base the linter resolves that part's URLs against. A message
// relurl base refuses (a bad Base header, nesting past the limit) is read
// on by the linter (decision L-11) and is not compared.
func TestBaseAndLintAgree(t *testing.T) {
	var msgs []string
	var names []string
	for _, root := range []string{"../internal/lint/testdata", "testdata", "../internal/base/testdata", "../../testdata"} {
		filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
			if err != nil || !d.Type().IsRegular() {
				return nil
			}
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			switch extract.Detect(path, data) {
			case extract.KindMessage:
				msgs, names = append(msgs, string(data)), append(names, path)
			case extract.KindMbox:
				for i, sp := range extract.MboxMessages(string(data)) {
					msgs, names = append(msgs, string(data[sp[0]:sp[1]])), append(names, fmt.Sprintf("%s, message %d", path, i+1))
				}
			}
			return nil
		})
	}
	const retrieval = "http://retrieved.example/msg"
	partRE := regexp.MustCompile(` in part ([0-9.]+)`)
	compared, refused := 0, 0
	for i, msg := range msgs {
		out, stderr, code := runCmd(t, msg, "base", "--json", "--type", "message", "--url", retrieval, "-")
		if code != exitOK {
			refused++
			t.Logf("%s: relurl base refuses it: %s", names[i], strings.TrimSpace(stderr))
			continue
		}
		var res struct {
			Base  string
			Parts []struct{ Part, Base string }
		}
		if err := json.Unmarshal([]byte(out), &res); err != nil {
			t.Fatal(err)
		}
		bases := map[string]string{"": res.Base}
		for _, p := range res.Parts {
			bases[p.Part] = p.Base
		}
		extract.Extract(msg, extract.KindMessage, retrieval, extract.Handler{Ref: func(r extract.Ref) {
			if r.Err != nil || r.IsBase {
				return
			}
			part := ""
			if m := partRE.FindStringSubmatch(r.Where); m != nil {
				part = m[1]
			}
			want, ok := bases[part]
			if !ok {
				t.Errorf("%s: the linter reads %q (%s) in a part relurl base does not list", names[i], r.URL, r.Where)
				return
			}
			if r.Base.URL.URL != want {
				t.Errorf("%s: %q (%s) is linted against %q, relurl base says %q", names[i], r.URL, r.Where, r.Base.URL.URL, want)
			}
			compared++
		}})
	}
	if len(msgs) < 8 || compared < 12 {
		t.Errorf("%d messages, %d URLs compared: the test data has too few", len(msgs), compared)
	}
	t.Logf("%d messages (%d refused by relurl base), %d URLs' bases compared", len(msgs), refused, compared)
}

func TestRulesCommand(t *testing.T) {
	out, _, code := runCmd(t, "", "rules")
	if code != exitOK || !strings.Contains(out, "escape/malformed") || !strings.Contains(out, "rfc1738/host") {
		t.Errorf("relurl rules: exit %d\n%s", code, out)
	}
	checkGolden(t, "rules.golden", out)

	out, _, code = runCmd(t, "", "rules", "--json", "--rfc1738")
	if code != exitOK {
		t.Fatalf("exit %d", code)
	}
	n := 0
	for line := range strings.SplitSeq(strings.TrimSpace(out), "\n") {
		var r ruleResult
		dec := json.NewDecoder(bytes.NewReader([]byte(line)))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&r); err != nil {
			t.Fatalf("%v: %s", err, line)
		}
		// target/via-redirect is opt-in outside the profile.
		if r.ID == "" || r.Help == "" || r.Section == "" || !r.Enabled && r.ID != "target/via-redirect" {
			t.Errorf("rule %+v: a field is missing, or --rfc1738 did not enable it", r)
		}
		n++
	}
	if n < 25 {
		t.Errorf("only %d rules", n)
	}

	out, _, code = runCmd(t, "", "rules", "fsegment/colon")
	if code != exitOK || !strings.Contains(out, "./this:that") || !strings.Contains(out, "§5.3") {
		t.Errorf("relurl rules fsegment/colon: exit %d\n%s", code, out)
	}
	if _, _, code = runCmd(t, "", "rules", "nope"); code != exitUsage {
		t.Errorf("relurl rules nope: exit %d", code)
	}
}
