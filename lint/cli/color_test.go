package cli

import (
	"os"
	"strings"
	"testing"
)

// TestMain runs the tests without the colour the environment may ask
// for: their outputs are plain text, and the tests of colour set it.
func TestMain(m *testing.M) {
	os.Unsetenv("FORCE_COLOR")
	os.Unsetenv("NO_COLOR")
	os.Exit(m.Run())
}

// TestColorOn: --color always and never decide; with auto, FORCE_COLOR
// wins over NO_COLOR (FORCE_COLOR=0 or false turns colour off), NO_COLOR
// over the terminal, and a terminal colours unless TERM is dumb; empty
// variables count as unset (decision U-6).
func TestColorOn(t *testing.T) {
	for _, tc := range []struct {
		when     string
		env      map[string]string
		terminal bool
		want     bool
	}{
		{"auto", nil, true, true},
		{"auto", nil, false, false},
		{"auto", map[string]string{"TERM": "dumb"}, true, false},
		{"auto", map[string]string{"NO_COLOR": "1"}, true, false},
		{"auto", map[string]string{"NO_COLOR": ""}, true, true},
		{"auto", map[string]string{"FORCE_COLOR": "1"}, false, true},
		{"auto", map[string]string{"FORCE_COLOR": "3", "NO_COLOR": "1"}, false, true},
		{"auto", map[string]string{"FORCE_COLOR": "0"}, true, false},
		{"auto", map[string]string{"FORCE_COLOR": "false", "NO_COLOR": ""}, true, false},
		{"auto", map[string]string{"FORCE_COLOR": ""}, false, false},
		{"always", map[string]string{"NO_COLOR": "1"}, false, true},
		{"always", map[string]string{"FORCE_COLOR": "0"}, false, true},
		{"never", map[string]string{"FORCE_COLOR": "1"}, true, false},
	} {
		getenv := func(k string) string { return tc.env[k] }
		if got := colorOn(tc.when, getenv, tc.terminal); got != tc.want {
			t.Errorf("--color %s, %v, terminal %v: %v, want %v", tc.when, tc.env, tc.terminal, got, tc.want)
		}
	}
}

// TestLintColor: relurl lint colours its text when asked, through the
// environment or --color, and never otherwise in a pipe or a file; the
// machine formats never.
func TestLintColor(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "a.urls", "http://a/b c\n")
	const red = "\x1b[1;31merror\x1b[0m"
	for _, tc := range []struct {
		env  map[string]string
		args []string
		want bool
	}{
		{nil, nil, false},
		{map[string]string{"FORCE_COLOR": "1"}, nil, true},
		{map[string]string{"FORCE_COLOR": "1", "NO_COLOR": "1"}, nil, true},
		{map[string]string{"NO_COLOR": "1"}, []string{"--color=always"}, true},
		{map[string]string{"FORCE_COLOR": "1"}, []string{"--color", "never"}, false},
		{map[string]string{"FORCE_COLOR": "1"}, []string{"--format", "github"}, false},
		{map[string]string{"FORCE_COLOR": "1"}, []string{"--format=json"}, false},
	} {
		for k, v := range tc.env {
			t.Setenv(k, v)
		}
		args := append(append([]string{"lint", "--no-config"}, tc.args...), dir)
		out, stderr, _ := runCmd(t, "", args...)
		if got := strings.Contains(out, red); got != tc.want || !tc.want && strings.Contains(out, "\x1b") {
			t.Errorf("%v relurl %q: coloured %v, want %v\n%q%s", tc.env, args, got, tc.want, out, stderr)
		}
		for k := range tc.env {
			os.Unsetenv(k)
		}
	}
	if _, stderr, code := runCmd(t, "", "lint", "--color", "sometimes", dir); code != exitUsage ||
		stderr != "relurl lint: --color \"sometimes\": want auto, always or never (see relurl lint --help)\n" {
		t.Errorf("--color sometimes: exit %d, %q", code, stderr)
	}
}

// TestLintFaults: the text ends with the faults repeated most, said on
// standard error before the summary, so that standard output holds the
// findings alone; --faults lists each fault once instead, and is the
// text format's alone.
func TestLintFaults(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"a.html", "b.html", "c/d.html"} {
		up := strings.Repeat("../", strings.Count(name, "/"))
		writeFile(t, dir, name, "<a href=\""+up+"gone.html\">g</a> <a href=\""+up+"a.html#nope\">a</a>\n")
	}
	out, stderr, code := runCmd(t, "", "lint", "--no-config", dir)
	want := "6 of 6 findings come from 2 faults (--faults lists each fault once):\n" +
		"  \"gone.html\" [target/missing]: 3 findings in 3 files\n" +
		"  \"a.html#nope\" [target/fragment]: 3 findings in 3 files\n"
	if code != exitInvalid || !strings.HasPrefix(stderr, want) || strings.Count(out, "\n") != 6 {
		t.Errorf("relurl lint: exit %d\n%s%s\nwant standard error to begin with\n%s", code, out, stderr, want)
	}
	out, _, code = runCmd(t, "", "lint", "--no-config", "--faults", dir)
	if n := strings.Count(out, "\n"); code != exitInvalid || n != 2 || !strings.Contains(out, "[target/missing] (3 findings in 3 files)\n") {
		t.Errorf("relurl lint --faults: exit %d, %d lines\n%s", code, n, out)
	}
	if _, stderr, code := runCmd(t, "", "lint", "--faults", "--format", "json", dir); code != exitUsage || !strings.Contains(stderr, "--faults writes the text format") {
		t.Errorf("relurl lint --faults --format json: exit %d, %s", code, stderr)
	}
}
