package cli

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestLintBaseWarning: a base whose path does not end in "/" is said at
// the start of the run, from the flag or the configuration, once, with
// what §4 makes of it and how to write it; a base that ends in "/", or
// has no path, or serves standard input alone, is not (decision U-10).
func TestLintBaseWarning(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "a.html", `<a href="b.html">b</a>`+"\n")
	writeFile(t, dir, "b.html", "\n")
	const want = `relurl lint: %s "https://docs.example.org/guide" does not end in "/": RFC 1808 §4 drops its last segment, "guide", ` +
		`when it resolves a file's path against it, so the root is served at "https://docs.example.org/" ` +
		`(index.html is "https://docs.example.org/index.html"); for the directory "guide", write "https://docs.example.org/guide/"`
	_, stderr, code := runCmd(t, "", "lint", "--no-config", "--base", "https://docs.example.org/guide", dir)
	lines, _ := splitStderr(t, stderr)
	if code != exitOK || len(lines) != 1 || lines[0] != strings.Replace(want, "%s", "--base", 1) {
		t.Errorf("--base without \"/\": exit %d\n%s", code, stderr)
	}
	conf := writeFile(t, dir, ".relurl.toml", "base = \"https://docs.example.org/guide\"\n")
	_, stderr, _ = runCmd(t, "", "lint", dir)
	lines, _ = splitStderr(t, stderr)
	if len(lines) != 1 || lines[0] != strings.Replace(want, "%s", relToWD(conf)+": base", 1) {
		t.Errorf("base without \"/\" in %s:\n%s", filepath.Base(conf), stderr)
	}
	for _, args := range [][]string{
		{"lint", "--no-config", "--base", "https://docs.example.org/guide/", dir},
		{"lint", "--no-config", "--base", "https://docs.example.org", dir},
		{"lint", "--no-config", "--base", "https://docs.example.org/guide", "-"},
	} {
		_, stderr, _ := runCmd(t, "http://a/\n", args...)
		if lines, _ := splitStderr(t, stderr); len(lines) != 0 {
			t.Errorf("relurl %q:\n%s", args, stderr)
		}
	}
	// A base that is none is said as such, not as one that drops a segment.
	if _, stderr, code := runCmd(t, "", "lint", "--no-config", "--base", "not a base", dir); code != exitUsage || strings.Contains(stderr, "does not end") {
		t.Errorf("--base \"not a base\": exit %d\n%s", code, stderr)
	}
}
