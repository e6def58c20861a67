package runner

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/relurl/relurl/ast"
	"github.com/relurl/relurl/lint/internal/extract"
	"github.com/relurl/relurl/lint/internal/lint"
	"github.com/relurl/relurl/lint/internal/target"
)

// The issue's example, as written.
const issueConfig = `base = "https://docs.example.org/"   # as --base
root = "."                           # as --root; relative to the config file
exclude = ["_sources/**", "vendor/**"] # gitignore-style globs, relative to the config file
include = ["**/*.html", "**/*.md"]   # when given, only these
fail-on = "error"
[rules]                              # id or family = "off" | "info" | "warning" | "error"
"fsegment/colon" = "off"
portability = "info"
[allow]
chars = "~"            # characters accepted as if §2.2 allowed them (RFC 3986 unreserved "~")
ipv6-hosts = true      # RFC 2732 "[...]" literals in a net_loc
[[override]]           # later entries win
paths = ["legacy/**"]
rules = { syntax = "warning" }
`

func TestParseConfig(t *testing.T) {
	dir := t.TempDir()
	c, err := ParseConfig(filepath.Join(dir, ConfigName), []byte("max-size = \"2MiB\"\nbaseline = \"ci/b.json\"\n"+issueConfig))
	if err != nil {
		t.Fatal(err)
	}
	if c.Base != "https://docs.example.org/" || c.Root != dir || c.FailOn != "error" || c.AllowChars != "~" || !c.AllowIPv6Hosts ||
		c.Levels["fsegment/colon"] != lint.LevelOff || c.Levels["portability"] != lint.LevelInfo || len(c.Overrides) != 1 ||
		c.Overrides[0].Levels["syntax"] != lint.LevelWarning || c.Dir != dir || c.MaxSize != 2<<20 ||
		c.Baseline != filepath.Join(dir, "ci", "b.json") {
		t.Errorf("%+v", c)
	}
	for _, s := range []struct {
		path  string
		dir   bool
		walks bool
	}{
		{"a.html", false, true}, {"docs/x.md", false, true}, {"a.urls", false, false},
		{"_sources", true, true}, {"_sources/a.html", false, false}, {"vendor/x/a.html", false, false},
	} {
		if got := !c.Skips(filepath.Join(dir, s.path), s.dir); got != s.walks {
			t.Errorf("Skips(%s) = %v", s.path, !got)
		}
	}

	l, err := lint.New(c.Options())
	if err != nil {
		t.Fatal(err)
	}
	if l.Enabled(lint.RuleFsegmentColon) || l.Severity(lint.RulePortabilityParse) != ast.SeverityInfo {
		t.Error("[rules] not applied")
	}
	o, err := newOverrides(l, c.Overrides, c.Dir)
	if err != nil {
		t.Fatal(err)
	}
	page := []byte(`<a href="a b">x</a> <a href="http://[::1]/~x">y</a>`)
	for _, f := range []struct {
		name string
		sev  ast.Severity
	}{{filepath.Join(dir, "a.html"), ast.SeverityError}, {filepath.Join(dir, "legacy/x/a.html"), ast.SeverityWarning}} {
		fs := o.forFile(f.name).File(f.name, page, extract.KindHTML)
		if len(fs) != 1 || fs[0].Rule != ast.RuleFsegmentChar || fs[0].Severity != f.sev {
			t.Errorf("%s: %v, want one fsegment/char, %v (the override)", f.name, fs, f.sev)
		}
	}
}

// TestConfigErrors: every error names the file, the line and the key.
func TestConfigErrors(t *testing.T) {
	for _, c := range []struct {
		toml string
		want string // the error, after the file name
	}{
		{"base = \"x\"\nbasee = 1\n", ":2:1: basee: unknown key; did you mean base? (the keys are base, root,"},
		{"[allow]\nchars = \"~\"\nipv6 = true\n", ":3:1: allow.ipv6: unknown key; did you mean ipv6-hosts? (the keys are chars, ipv6-hosts)"},
		{"[[override]]\npaths = [\"a\"]\nrulez = {}\n", ":3:1: override.rulez: unknown key; did you mean rules? (the keys are paths, rules)"},
		{"exclude = [\"a\", 3]\n", ":1:17: exclude: want an array of strings (patterns), not a TOML integer"},
		{"[[override]]\npaths = [\"a\",\n\"b//c\"]\n", `:3: override.paths: pattern "b//c" has an empty segment`},
		{"[allow]\nipv6-hosts = \"yes\"\n", ":2:14: allow.ipv6-hosts: want a boolean, not a TOML string"},
		{"base = 3\n", ":1:8: base: want a string (a URL), not a TOML integer"},
		{"baseline = \"\"\n", ":1: baseline: an empty file name"},
		{"baseline = true\n", ":1:12: baseline: want a string (a file), not a TOML boolean"},
		{"rules = 3\n", ":1:9: rules: want a table of rule ids and families"},
		{"[rules]\nsyntax = 3\n", `:2:10: rules.syntax: want "off", "error", "warning" or "info", not a TOML integer`},
		{"[rules]\nsyntax = \"offf\"\n", `:2: rules.syntax: "offf" is not off, error, warning or info`},
		{"\n[rules]\n\"fsegment/colons\" = \"off\"\n", `:3: rules.fsegment/colons: unknown rule or family "fsegment/colons"`},
		{"[[override]]\npaths = [\"a\"]\n[[override]]\npaths = [\"b\"]\nrules = { bogus = \"off\" }\n", `:5: override.1.rules.bogus: unknown rule or family "bogus"`},
		{"[[override]]\nrules = { syntax = \"off\" }\n", `:1: override: entry 1 has no paths`},
		{"[[override]]\npaths = [\"a\"]\nrules = { syntax = true }\n", `:3:20: override.rules: want "off", "error", "warning" or "info", not a TOML boolean`},
		{"exclude = [\"ok\",\n  \"[a\"]\n", `:2: exclude: pattern "[a": segment "[a" is malformed`},
		{"include = [\"\"]\n", `:1: include: pattern "" matches nothing`},
		{"fail-on = \"never\"\n", `:1: fail-on: "never" is not error, warning, info or none`},
		{"max-size = \"10 parsecs\"\n", `:1: max-size: size "10 parsecs": unknown unit "parsecs"`},
		{"max-size = 0\n", `:1: max-size: size "0": want a positive whole number`},
		{"max-size = 1.5\n", `:1: max-size: want a size`},
		{"follow-outside = true\n", ":1:1: follow-outside: reading what symbolic links lead out of the tree to is the choice of the person running relurl, not the tree's: give --follow-outside on the command line"},
		{"follow-outside = \"yes\"\n", ":1:1: follow-outside: reading what symbolic links lead out of the tree to is the choice"},
		{"base = \"/docs/\"\n", `:1: base: retrieval URL "/docs/" is not absolute`},
		{"[allow]\nchars = \"%\"\n", `:2: allow.chars: allowed characters "%": "%" cannot be allowed`},
		{"base = \n", `:1:8: `},
		{"base = \"a\"\nbase = \"b\"\n", `:2:1: base: key base is already defined`},
		{"[targets]\nchek = true\n", ":2:1: targets.chek: unknown key; did you mean check? (the keys are check, index, try-extensions, markdown-anchors, ignore, redirects, line-ranges, scripted)"},
		{"[targets]\ncheck = \"yes\"\n", ":2:9: targets.check: want a boolean, not a TOML string"},
		{"[targets]\nindex = [\"a/index.html\"]\n", `:2: targets.index: "a/index.html" is not the name of a file in a directory`},
		{"[targets]\ntry-extensions = [\".html\", \"md\"]\n", `:2: targets.try-extensions: "md" is not an extension`},
		{"[targets]\nmarkdown-anchors = \"gitlab\"\n", `:2: targets.markdown-anchors: markdown anchors "gitlab": want "github", "goldmark" or "none"`},
		{"[targets]\nignore = [\"a//b\"]\n", `:2: targets.ignore: pattern "a//b" has an empty segment`},
		{"[targets]\nredirects = \"carry\"\n", `:2: targets.redirects: "carry" is not a way of reading redirect pages: want "follow" or "off"`},
		{"[targets]\nline-ranges = [\"N-N\", \"L10-L20\"]\n", `:2: targets.line-ranges: "L10-L20" is not a line range's form: "L10" must hold one "N"`},
		{"[targets]\nline-ranges = [\"N\"]\n", `:2: targets.line-ranges: "N" is not a line range's form: want two anchors' forms`},
		{"[targets]\nscripted = [\"#/*\"]\n", `:2: targets.scripted: "#/*" is not a pattern of fragments a page reads`},
	} {
		_, err := ParseConfig("x/.relurl.toml", []byte(c.toml))
		var ce *ConfigError
		if err == nil || !errors.As(err, &ce) {
			t.Errorf("%q: %v, want a *ConfigError", c.toml, err)
			continue
		}
		if got := err.Error(); !strings.HasPrefix(got, "x/.relurl.toml"+c.want) {
			t.Errorf("%q:\n got %s\nwant x/.relurl.toml%s…", c.toml, got, c.want)
		}
	}
}

// TestTargetsConfig: the [targets] table, and its ignore patterns read
// against the configuration's directory for a tree under it.
func TestTargetsConfig(t *testing.T) {
	dir := t.TempDir()
	c, err := ParseConfig(filepath.Join(dir, ConfigName), []byte(`[targets]
check = false
index = ["default.htm"]
try-extensions = [".html", ".md"]
markdown-anchors = "goldmark"
ignore = ["site/api/**", "!site/api/keep.html"]
redirects = "off"
line-ranges = ["LN-LN"]
scripted = ["api/index.html#/*"]
`))
	if err != nil {
		t.Fatal(err)
	}
	tc := c.Targets
	if tc.Check == nil || *tc.Check || !slices.Equal(tc.Options.Index, []string{"default.htm"}) ||
		!slices.Equal(tc.Options.TryExtensions, []string{".html", ".md"}) || tc.Options.MarkdownAnchors != target.SlugsGoldmark ||
		tc.Options.Redirects != target.RedirectsOff || !slices.Equal(tc.Options.LineRanges, []string{"LN-LN"}) ||
		!slices.Equal(tc.Options.Scripted, []string{"api/index.html#/*"}) {
		t.Errorf("%+v", tc)
	}
	opts := c.TargetOptions(filepath.Join(dir, "site"))
	for p, want := range map[string]bool{"api/x.html": true, "api/keep.html": false, "x.html": false} {
		if got := opts.Ignore(p); got != want {
			t.Errorf("ignore(%q) = %v, want %v", p, got, want)
		}
	}
	noRanges, err := ParseConfig(filepath.Join(dir, ConfigName), []byte("[targets]\nline-ranges = []\n"))
	if err != nil || noRanges.Targets.Options.LineRanges == nil || len(noRanges.Targets.Options.LineRanges) != 0 {
		t.Errorf("line-ranges = []: %v, %q", err, noRanges.Targets.Options.LineRanges)
	}
	none, err := ParseConfig(filepath.Join(dir, ConfigName), []byte("[targets]\nindex = []\n"))
	if err != nil || none.Targets.Options.Index == nil || len(none.Targets.Options.Index) != 0 || none.TargetOptions(dir).Ignore != nil {
		t.Errorf("index = []: %+v, %v", none.Targets, err)
	}
}

func TestFindConfig(t *testing.T) {
	root := t.TempDir()
	deep := filepath.Join(root, "repo", "docs", "a")
	if err := os.MkdirAll(deep, 0o755); err != nil {
		t.Fatal(err)
	}
	write := func(p string) {
		if err := os.WriteFile(p, nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(root, ConfigName)) // above the repository: never found from inside it
	if got, err := FindConfig(deep); err != nil || got != filepath.Join(root, ConfigName) {
		t.Errorf("no repository: %q, %v", got, err)
	}
	if err := os.Mkdir(filepath.Join(root, "repo", ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	if got, err := FindConfig(deep); err != nil || got != "" {
		t.Errorf("stops at .git: %q, %v", got, err)
	}
	write(filepath.Join(root, "repo", ConfigName))
	if got, _ := FindConfig(deep); got != filepath.Join(root, "repo", ConfigName) {
		t.Errorf("the repository's: %q", got)
	}
	write(filepath.Join(root, "repo", "docs", ConfigName))
	if got, _ := FindConfig(deep); got != filepath.Join(root, "repo", "docs", ConfigName) {
		t.Errorf("the nearest: %q", got)
	}
}

// TestLayers: defaults, then Levels, then the overrides that match (the
// later winning), then the flags.
func TestLayers(t *testing.T) {
	legacy, _ := ParsePatterns([]string{"legacy/"})
	old, _ := ParsePatterns([]string{"legacy/old/"})
	opts := lint.Options{
		Levels:   map[string]lint.Level{"rfc1808": lint.LevelInfo, lint.RuleFsegmentColon: lint.LevelOff, "rfc1738": lint.LevelWarning},
		Severity: map[string]ast.Severity{lint.RuleRFC1738Host: ast.SeverityError},
	}
	list := []Override{
		{Paths: legacy, Levels: map[string]lint.Level{lint.RuleFsegmentColon: lint.LevelError, "syntax": lint.LevelOff}},
		{Paths: old, Levels: map[string]lint.Level{lint.RuleFsegmentColon: lint.LevelWarning}},
	}
	l := mustNew(t, opts)
	o, err := newOverrides(l, list, "/top")
	if err != nil {
		t.Fatal(err)
	}
	check := func(l *lint.Linter, id string, on bool, sev ast.Severity) {
		t.Helper()
		if l.Enabled(id) != on || on && l.Severity(id) != sev {
			t.Errorf("%s: on %v %v, want %v %v", id, l.Enabled(id), l.Severity(id), on, sev)
		}
	}
	check(l, lint.RuleSchemeRelativeForm, true, ast.SeverityInfo)
	check(l, lint.RuleFsegmentColon, false, 0)
	check(l, lint.RuleRFC1738Port, true, ast.SeverityWarning)
	check(l, lint.RuleRFC1738Host, true, ast.SeverityError) // the flag wins
	a := o.forFile("/top/legacy/a.html")
	check(a, lint.RuleFsegmentColon, true, ast.SeverityError)
	check(a, ast.RuleQueryChar, false, 0)
	check(a, lint.RuleRFC1738Host, true, ast.SeverityError) // the flag wins over an override too
	b := o.forFile("/top/legacy/old/b.html")
	check(b, lint.RuleFsegmentColon, true, ast.SeverityWarning)
	check(b, ast.RuleQueryChar, false, 0)
	if o.forFile("/top/legacy/c.html") != a || o.forFile("/elsewhere/legacy/a.html") != l || o.forFile("<stdin>") != l {
		t.Error("linters per set of overrides")
	}
	opts.Disable = []string{lint.RuleFsegmentColon}
	o, _ = newOverrides(mustNew(t, opts), list, "/top")
	check(o.forFile("/top/legacy/a.html"), lint.RuleFsegmentColon, false, 0)
	bad := []Override{{Paths: legacy, Levels: map[string]lint.Level{"nope": lint.LevelOff}}}
	if _, err := newOverrides(l, bad, ""); err == nil {
		t.Error("an unknown rule in an override: no error")
	}
	rec := &recorder{}
	if _, err := (&Run{Linter: l, Overrides: bad}).Lint([]string{"-"}, rec); err == nil || rec.files != nil {
		t.Errorf("a run with an unknown rule in an override: %v, and %d files read", err, len(rec.files))
	}
}
