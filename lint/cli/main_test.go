package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"
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
// the command's usage line and flags on standard output and exit 0; every
// line fits 80 columns, and every flag is written as the manual writes it,
// with two dashes ("-j, --jobs"); a bad flag is one line on standard
// error naming the help, exit 2.
func TestHelp(t *testing.T) {
	for _, c := range commands {
		want := "usage: relurl " + c.name
		for _, args := range [][]string{{c.name, "-h"}, {c.name, "--help"}, {c.name, "-help"}, {"help", c.name}} {
			out, stderr, code := runCmd(t, "", args...)
			if code != exitOK || !strings.HasPrefix(out, want) || stderr != "" {
				t.Errorf("relurl %q: exit %d, stdout %q, stderr %q; want 0 and %q on stdout", args, code, out, stderr, want)
			}
			for i, l := range strings.Split(out, "\n") {
				if n := utf8.RuneCountInString(l); n > helpWidth {
					t.Errorf("relurl %q: line %d is %d columns, more than %d:\n%s", args, i+1, n, helpWidth, l)
				}
			}
		}
		if c.name == "help" {
			continue
		}
		out, stderr, code := runCmd(t, "", c.name, "--no-such-flag")
		if code != exitUsage || out != "" || stderr != "relurl "+c.name+": unknown flag --no-such-flag (see relurl "+c.name+" --help)\n" {
			t.Errorf("relurl %s --no-such-flag: exit %d, stdout %q, stderr %q", c.name, code, out, stderr)
		}
	}
	out, _, code := runCmd(t, "", "lint", "--help")
	for _, flag := range []string{"--format", "--fail-on", "--type", "--severity", "--enable", "--disable", "--rfc1738", "--root", "--base",
		"-j, --jobs", "-v, --verbose", "--fix", "--baseline", "--changed-since"} {
		if !strings.Contains(out, "\n  "+flag+" ") {
			t.Errorf("relurl lint --help (exit %d) does not list %s:\n%s", code, flag, out)
		}
	}
	if strings.Contains(out, "  -base") || strings.Contains(out, "  -format") {
		t.Errorf("relurl lint --help writes a flag with one dash:\n%s", out)
	}
	for _, group := range []string{"Input", "Rules", "Output", "Fixes", "Baselines", "CI"} {
		if !strings.Contains(out, "\n"+group+":\n") {
			t.Errorf("relurl lint --help has no group %s:\n%s", group, out)
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

// TestMistakes: a mistyped flag, flag value, rule id, family or
// configuration key is one line on standard error, with the closest
// names and where to look, and exit 2: no help follows it.
func TestMistakes(t *testing.T) {
	dir := t.TempDir()
	bad := writeFile(t, dir, "bad.toml", "basee = \"https://a/\"\n")
	badRule := writeFile(t, dir, "rule.toml", "[rules]\n\"target/mising\" = \"off\"\n")
	badLevel := writeFile(t, dir, "level.toml", "[rules]\n\"target/missing\" = \"warn\"\n")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"lint", "--bse", "x", "."}, "relurl lint: unknown flag --bse; did you mean --base? (see relurl lint --help)"},
		{[]string{"lint", "-bse", "x", "."}, "relurl lint: unknown flag -bse; did you mean --base? (see relurl lint --help)"},
		{[]string{"lint", "--jbos", "2", "."}, "relurl lint: unknown flag --jbos; did you mean --jobs? (see relurl lint --help)"},
		{[]string{"lint", "--fail-on", "warn", "."}, `relurl lint: --fail-on "warn": want error, warning, info or none; did you mean warning? (see relurl lint --help)`},
		{[]string{"lint", "--format", "jsno", "."}, `relurl lint: --format "jsno": want text, json, sarif or github; did you mean json? (see relurl lint --help)`},
		{[]string{"lint", "--type", "htm", "."}, `relurl lint: --type "htm": want text, html, message, markdown, css, xml or mbox; did you mean html? (see relurl lint --help)`},
		{[]string{"lint", "--severity", "syntax=warn", "."}, `relurl lint: --severity "syntax=warn": syntax: level "warn": want error, warning or info; did you mean warning? (see relurl lint --help)`},
		{[]string{"lint", "--base"}, "relurl lint: --base needs a value: --base URL (see relurl lint --help)"},
		{[]string{"lint", "--no-config", "--enable", "target/mising", "."}, `relurl lint: unknown rule or family "target/mising"; did you mean target/missing? (see relurl rules)`},
		{[]string{"lint", "--no-config", "--disable", "portabilty", "."}, `relurl lint: unknown rule or family "portabilty"; did you mean portability? (see relurl rules)`},
		{[]string{"lint", "--config", bad, "."}, "relurl lint: " + bad + ":1:1: basee: unknown key; did you mean base? (the keys are base, root, exclude, include, fail-on, baseline, max-size, [rules], [allow], [[override]], [targets])"},
		{[]string{"lint", "--config", badRule, "."}, "relurl lint: " + badRule + `:2: rules.target/mising: unknown rule or family "target/mising"; did you mean target/missing? (see relurl rules)`},
		{[]string{"lint", "--config", badLevel, "."}, "relurl lint: " + badLevel + `:2: rules.target/missing: "warn" is not off, error, warning or info; did you mean warning?`},
		{[]string{"rules", "target/mising"}, `relurl rules: unknown rule or family "target/mising"; did you mean target/missing? (relurl rules lists them)`},
		{[]string{"rules", "--jsn"}, "relurl rules: unknown flag --jsn; did you mean --json? (see relurl rules --help)"},
		{[]string{"parse", "--jsn", "a"}, "relurl parse: unknown flag --jsn; did you mean --json? (see relurl parse --help)"},
		{[]string{"grammar", "--fromat", "ebnf"}, "relurl grammar: unknown flag --fromat; did you mean --format? (see relurl grammar --help)"},
	} {
		out, stderr, code := runCmd(t, "", tc.args...)
		if code != exitUsage || out != "" || stderr != tc.want+"\n" {
			t.Errorf("relurl %q: exit %d, stdout %q, stderr\n%s\nwant exit 2 and\n%s", tc.args, code, out, stderr, tc.want)
		}
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

// TestParseArgs: flags before the positional arguments, and none after
// the first one (decision U-1); "--" and a lone "-".
func TestParseArgs(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "--json", "")
	inDir(t, dir, ".")
	for _, tt := range []struct {
		args  []string
		files bool
		pos   string
		json  bool
		ok    bool
	}{
		{[]string{"--json", "a", "b"}, false, "a b", true, true},
		{[]string{"--json", "-", "b"}, false, "- b", true, true},
		{[]string{"a", "--", "--json", "-x"}, false, "a --json -x", false, true},
		{[]string{"--", "a"}, false, "a", false, true},
		{[]string{"--base", "--", "--json", "a"}, false, "a", true, true}, // "--" a flag's value, not the end of the flags
		{[]string{"--base=--", "--", "--json"}, false, "--json", false, true},
		{[]string{"-base", "x", "-json", "a"}, false, "a", true, true},
		{[]string{"a", "-x", "-"}, false, "a -x -", false, true}, // no flag of the command: an argument
		{nil, false, "", false, true},
		// After the first positional argument, a flag is a mistake...
		{[]string{"a", "--json", "b"}, false, "", false, false},
		{[]string{"a", "--json=false", "-"}, false, "", false, false},
		{[]string{"a", "--base", "b"}, false, "", false, false},
		{[]string{"a", "-h"}, false, "", false, false},
		// ... unless the command reads files and one is called so.
		{[]string{"a", "--json"}, true, "a --json", false, true},
		{[]string{"a", "--base"}, true, "", false, false},
	} {
		var stderr strings.Builder
		fs := newFlagSet("parse", &stderr)
		fs.files = tt.files
		asJSON := fs.Bool("json", false, "")
		fs.String("base", "", "")
		pos, _, ok := parseArgs(fs, tt.args, nil)
		if ok != tt.ok || strings.Join(pos, " ") != tt.pos || *asJSON != tt.json {
			t.Errorf("parseArgs(%q) = %q, json %v, ok %v; want %q, %v, %v", tt.args, pos, *asJSON, ok, tt.pos, tt.json, tt.ok)
		}
		if !ok && strings.Count(stderr.String(), "\n") != 1 {
			t.Errorf("parseArgs(%q) says %q; want one line", tt.args, stderr.String())
		}
	}
}

// TestLintHelpInManual: docs/lint.md's copy of relurl lint --help is the
// command's (decision U-3); go test -update rewrites it.
func TestLintHelpInManual(t *testing.T) {
	const page = "../../docs/lint.md"
	const begin, end = "<!-- begin: relurl lint --help -->\n```\n", "```\n<!-- end: relurl lint --help -->\n"
	out, stderr, code := runCmd(t, "", "lint", "--help")
	if code != exitOK || stderr != "" {
		t.Fatalf("relurl lint --help: exit %d, %s", code, stderr)
	}
	data, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	i, j := strings.Index(text, begin), strings.Index(text, end)
	if i < 0 || j < i {
		t.Fatalf("%s has no %q ... %q", page, strings.TrimSpace(begin), strings.TrimSpace(end))
	}
	i += len(begin)
	if text[i:j] == out {
		return
	}
	if *updateGolden {
		if err := os.WriteFile(page, []byte(text[:i]+out+text[j:]), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Errorf("%s's copy of relurl lint --help is not the command's (go test ./lint/cli -run TestLintHelpInManual -update rewrites it); want\n%s", page, out)
}
