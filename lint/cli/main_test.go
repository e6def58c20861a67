package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// writeFile writes content to the file name under dir, making its
// directories, and returns its path.
func writeFile(t *testing.T, dir, name, content string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestHelp: -h and --help on any command, and "relurl help COMMAND", print
// the command's usage line and flags on standard output and exit 0; a bad
// flag prints them on standard error and exits 2.
func TestHelp(t *testing.T) {
	for _, c := range commands {
		want := "usage: relurl " + c.name
		for _, args := range [][]string{{c.name, "-h"}, {c.name, "--help"}, {c.name, "-help"}, {"help", c.name}} {
			out, stderr, code := runCmd(t, "", args...)
			if code != exitOK || !strings.HasPrefix(out, want) || stderr != "" {
				t.Errorf("relurl %q: exit %d, stdout %q, stderr %q; want 0 and %q on stdout", args, code, out, stderr, want)
			}
		}
		if c.name == "help" {
			continue
		}
		out, stderr, code := runCmd(t, "", c.name, "--no-such-flag")
		if code != exitUsage || out != "" || !strings.Contains(stderr, "flag provided but not defined") || !strings.Contains(stderr, want) {
			t.Errorf("relurl %s --no-such-flag: exit %d, stdout %q, stderr %q", c.name, code, out, stderr)
		}
	}
	out, _, code := runCmd(t, "", "lint", "--help")
	for _, flag := range []string{"-format", "-fail-on", "-type", "-severity", "-enable", "-disable", "-rfc1738", "-root", "-base", "-j", "-v"} {
		if !strings.Contains(out, "  "+flag) {
			t.Errorf("relurl lint --help (exit %d) does not list %s:\n%s", code, flag, out)
		}
	}
	for _, args := range [][]string{{"help"}, {"--help"}, {"-h"}} {
		if out, _, code := runCmd(t, "", args...); code != exitOK || !strings.Contains(out, "relurl lint") || !strings.Contains(out, "relurl version") {
			t.Errorf("relurl %q: exit %d\n%s", args, code, out)
		}
	}
	if _, stderr, code := runCmd(t, "", "help", "nope"); code != exitUsage || !strings.Contains(stderr, "unknown command") {
		t.Errorf("relurl help nope: exit %d, %q", code, stderr)
	}
}

func TestVersion(t *testing.T) {
	for _, args := range [][]string{{"version"}, {"--version"}, {"-version"}} {
		out, stderr, code := runCmd(t, "", args...)
		if code != exitOK || out != "relurl "+version()+"\n" || stderr != "" {
			t.Errorf("relurl %q: exit %d, %q, %q", args, code, out, stderr)
		}
	}
	if v := version(); v == "" || strings.ContainsAny(v, " \n") {
		t.Errorf("version() = %q", v)
	}
	if _, _, code := runCmd(t, "", "version", "extra"); code != exitUsage {
		t.Errorf("relurl version extra: exit %d", code)
	}
}

// TestParseArgs: flags before and after the positional arguments, "--",
// and a lone "-".
func TestParseArgs(t *testing.T) {
	for _, tt := range []struct {
		args []string
		pos  string
		json bool
	}{
		{[]string{"a", "--json", "b"}, "a b", true},
		{[]string{"--json", "-", "b"}, "- b", true},
		{[]string{"a", "--", "--json", "-x"}, "a --json -x", false},
		{[]string{"--", "a"}, "a", false},
		{[]string{"--base", "--", "a", "--json"}, "a", true}, // "--" a flag's value, not the end of the flags
		{[]string{"--base=--", "--", "--json"}, "--json", false},
		{[]string{"-base", "x", "a", "-json"}, "a", true},
		{[]string{"a", "--json=false", "-"}, "a -", false},
		{nil, "", false},
	} {
		fs := newFlagSet("parse", nil)
		asJSON := fs.Bool("json", false, "")
		fs.String("base", "", "")
		pos, _, ok := parseArgs(fs, tt.args, nil)
		if !ok || strings.Join(pos, " ") != tt.pos || *asJSON != tt.json {
			t.Errorf("parseArgs(%q) = %q, json %v, ok %v; want %q, %v", tt.args, pos, *asJSON, ok, tt.pos, tt.json)
		}
	}
}
