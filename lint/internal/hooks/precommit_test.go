package hooks

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"go.yaml.in/yaml/v3"

	"github.com/relurl/relurl/internal/testtool"
	"github.com/relurl/relurl/lint/internal/extract"
)

// root is the repository's root, from this package's directory.
const root = "../../.."

// hook is an entry of .pre-commit-hooks.yaml: the keys relurl's hooks
// set, each as pre-commit names it (a key not here fails the decoding).
type hook struct {
	ID                      string   `yaml:"id"`
	Name                    string   `yaml:"name"`
	Description             string   `yaml:"description"`
	Entry                   string   `yaml:"entry"`
	Language                string   `yaml:"language"`
	LanguageVersion         string   `yaml:"language_version"`
	AdditionalDependencies  []string `yaml:"additional_dependencies"`
	Files                   string   `yaml:"files"`
	Types                   []string `yaml:"types"`
	PassFilenames           *bool    `yaml:"pass_filenames"`
	RequireSerial           bool     `yaml:"require_serial"`
	MinimumPreCommitVersion string   `yaml:"minimum_pre_commit_version"`
}

func readHooks(t *testing.T) []hook {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(root, ".pre-commit-hooks.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var hooks []hook
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(&hooks); err != nil {
		t.Fatalf(".pre-commit-hooks.yaml: %v", err)
	}
	return hooks
}

// kindsPattern is the files pattern of the hooks: every extension of
// every kind of package lint/extract, in the order of Kinds, in any case
// (extract.KindByName folds it).
func kindsPattern() string {
	var exts []string
	for _, k := range extract.Kinds() {
		for _, e := range k.Extensions() {
			exts = append(exts, regexp.QuoteMeta(strings.TrimPrefix(e, ".")))
		}
	}
	return `(?i)\.(` + strings.Join(exts, "|") + `)$`
}

// TestPreCommitHooks: relurl-lint and relurl-fix are built with the Go of
// the machine, get the names of the files of every kind relurl reads and
// no other (the files pattern is derived from lint/extract's table of
// kinds, so that the two cannot drift), and run relurl lint --pre-commit
// (the file names after the hook's args are never flags), with --fix for
// relurl-fix.
func TestPreCommitHooks(t *testing.T) {
	hooks := readHooks(t)
	var ids []string
	for _, h := range hooks {
		ids = append(ids, h.ID)
	}
	if want := []string{"relurl-lint", "relurl-fix"}; !slices.Equal(ids, want) {
		t.Fatalf("the hooks are %q, want %q", ids, want)
	}
	pattern := kindsPattern()
	for _, h := range hooks {
		if h.Language != "golang" || h.LanguageVersion != "system" || !slices.Equal(h.AdditionalDependencies, []string{"./cmd/relurl"}) {
			t.Errorf("%s: language %q, language_version %q, additional_dependencies %q; want golang, system and ./cmd/relurl (go install ./... builds the library's module alone)",
				h.ID, h.Language, h.LanguageVersion, h.AdditionalDependencies)
		}
		if h.Files != pattern {
			t.Errorf("%s: files is\n\t%s\nand the kinds of lint/extract say\n\t%s", h.ID, h.Files, pattern)
		}
		if h.PassFilenames != nil && !*h.PassFilenames {
			t.Errorf("%s: pass_filenames is false; the hook lints the files pre-commit names", h.ID)
		}
		want := "relurl lint --pre-commit --allow-empty"
		if h.ID == "relurl-fix" {
			want = "relurl lint --pre-commit --fix --allow-empty"
		}
		if h.Entry != want {
			t.Errorf("%s: entry %q, want %q", h.ID, h.Entry, want)
		}
	}

	// pre-commit matches files with Python's re.search; this pattern reads
	// the same in Go's syntax.
	re := regexp.MustCompile(pattern)
	names := []string{"README", "Makefile", "a.txt", "a.go", "index.html.bak", "a.json", "docs/page.tmpl", "md", "a.md/x"}
	for _, k := range extract.Kinds() {
		for _, e := range k.Extensions() {
			names = append(names, "docs/page"+e, "Page"+strings.ToUpper(e), "a b/ünï"+e)
		}
	}
	for _, name := range names {
		_, known := extract.KindByName(name)
		if re.MatchString(name) != known {
			t.Errorf("%q: the hooks' files pattern matches %v, extract.KindByName knows it %v", name, re.MatchString(name), known)
		}
	}
}

// need returns the path of a tool, or skips the test when it is not
// installed, unless RELURL_REQUIRE_PRECOMMIT is set (.ci/run sets it under
// CI, where the test must run).
func need(t *testing.T, tool string) string {
	t.Helper()
	return testtool.LookPath(t, testtool.PreCommit, tool)
}

// environ is the environment of the tools the tests run: this process's,
// without git's variables (a test run from a git hook has them), with a
// git configuration of its own and an identity for commits.
func environ(extra ...string) []string {
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "GIT_") {
			env = append(env, kv)
		}
	}
	env = append(env, "GIT_CONFIG_GLOBAL="+os.DevNull, "GIT_CONFIG_NOSYSTEM=1",
		"GIT_AUTHOR_NAME=relurl test", "GIT_AUTHOR_EMAIL=test@example.org",
		"GIT_COMMITTER_NAME=relurl test", "GIT_COMMITTER_EMAIL=test@example.org")
	return append(env, extra...)
}

// command runs a tool in dir, and returns its output (standard output and
// error) and whether it succeeded; it fails the test when it could not
// start.
func command(t *testing.T, dir string, env []string, name string, args ...string) (string, bool) {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = env
	out, err := cmd.CombinedOutput()
	if _, exited := err.(*exec.ExitError); err != nil && !exited {
		t.Fatalf("%s %s: %v", name, strings.Join(args, " "), err)
	}
	return string(out), err == nil
}

// preCommitConfig returns the .pre-commit-config.yaml of docs/ci.md: its
// first YAML block that names the relurl repository.
func preCommitConfig(t *testing.T) string {
	t.Helper()
	for _, block := range regexp.MustCompile("(?s)```yaml\n(.*?)```").FindAllStringSubmatch(readCI(t), -1) {
		if strings.Contains(block[1], "repo: "+upstream+"\n") {
			return block[1]
		}
	}
	t.Fatalf("docs/ci.md has no YAML block with repo: %s", upstream)
	return ""
}

// upstream is the repository as a project's .pre-commit-config.yaml names it.
const upstream = "https://github.com/relurl/relurl"

// TestPreCommit runs Debian's pre-commit on a scratch repository whose
// .pre-commit-config.yaml is the one of docs/ci.md pointed at a clone of
// this repository's HEAD: pre-commit builds the hooks from the clone (go
// install ./..., with the Go of the machine and the module proxy), a
// commit with a bad URL fails, relurl-fix mends it, and the commit
// passes. Go's module cache is the machine's, so that the modules are
// fetched once; the build is pre-commit's. With go test -v it prints
// pre-commit's output.
func TestPreCommit(t *testing.T) {
	need(t, "git")
	preCommit := need(t, "pre-commit")
	goTool := need(t, "go")
	if testing.Short() {
		t.Skip("builds relurl with pre-commit: not in -short")
	}
	tmp := t.TempDir()
	modcache, err := exec.Command(goTool, "env", "GOMODCACHE").Output()
	if err != nil {
		t.Fatalf("go env GOMODCACHE: %v", err)
	}
	env := environ("PRE_COMMIT_HOME="+filepath.Join(tmp, "cache"), "GOMODCACHE="+strings.TrimSpace(string(modcache)))
	must := func(dir, name string, args ...string) string {
		t.Helper()
		out, ok := command(t, dir, env, name, args...)
		if !ok {
			t.Fatalf("%s %s failed:\n%s", name, strings.Join(args, " "), out)
		}
		return out
	}

	// The hooks' repository: a clone of HEAD, pinned by its commit.
	abs, err := filepath.Abs(root)
	if err != nil {
		t.Fatal(err)
	}
	clone := filepath.Join(tmp, "relurl")
	must(tmp, "git", "clone", "-q", abs, clone)
	rev := strings.TrimSpace(must(clone, "git", "rev-parse", "HEAD"))

	proj := filepath.Join(tmp, "project")
	if err := os.MkdirAll(filepath.Join(proj, "docs"), 0o755); err != nil {
		t.Fatal(err)
	}
	config := preCommitConfig(t)
	config = strings.Replace(config, "repo: "+upstream+"\n", "repo: "+clone+"\n", 1)
	config = regexp.MustCompile(`(?m)^(\s*rev:) \S+`).ReplaceAllString(config, "${1} "+rev)
	write := func(name, content string) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(proj, filepath.FromSlash(name)), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(".pre-commit-config.yaml", config)
	write("docs/index.html", "<p>See <a href=\"getting started.html\">the guide</a>.\n")
	// What the links lead to, so that the target rules find nothing.
	for _, name := range []string{"docs/getting started.html", "docs/old page.html", "docs/new page.html"} {
		write(name, "<p>A page.\n")
	}
	write("docs/notes.md", "# Notes\n\n[The index](index.html)\n")
	write("notes.txt", "not linted: a space in http://example.org/a b\n")
	must(proj, "git", "init", "-q", "-b", "main")
	must(proj, preCommit, "install")
	must(proj, "git", "add", "-A")

	start := time.Now()
	out, ok := command(t, proj, env, "git", "commit", "-m", "a bad URL")
	t.Logf("$ git commit -m 'a bad URL' (pre-commit builds the hooks first: %.0fs)\n%s", time.Since(start).Seconds(), out)
	const finding = "docs/index.html:1:24: error: space is not allowed in fsegment; write it as %20 [fsegment/char]"
	if ok || !strings.Contains(out, finding) || !regexp.MustCompile(`(?m)^relurl lint\.+Failed$`).MatchString(out) {
		t.Fatalf("the commit of a bad URL: succeeded %v, want it to fail with relurl lint's finding %q", ok, finding)
	}
	bins, _ := filepath.Glob(filepath.Join(tmp, "cache", "repo*", "golangenv-*", "bin", "*"))
	for i := range bins {
		bins[i] = filepath.Base(bins[i])
	}
	t.Logf("go install ./... installed %q in the hooks' environment", bins)

	out, ok = command(t, proj, env, preCommit, "run", "-v", "--hook-stage", "manual", "relurl-fix", "--files", "docs/index.html")
	t.Logf("$ pre-commit run -v --hook-stage manual relurl-fix --files docs/index.html\n%s", out)
	if ok || !strings.Contains(out, "files were modified by this hook") {
		t.Fatalf("relurl-fix: succeeded %v, want it to fail for the file it fixed", ok)
	}
	fixed, err := os.ReadFile(filepath.Join(proj, "docs", "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	if want := "<p>See <a href=\"getting%20started.html\">the guide</a>.\n"; string(fixed) != want {
		t.Fatalf("relurl-fix made\n%s\nwant\n%s", fixed, want)
	}

	must(proj, "git", "add", "-A")
	out = must(proj, "git", "commit", "-m", "the URL fixed")
	t.Logf("$ git commit -m 'the URL fixed'\n%s", out)
	if !regexp.MustCompile(`(?m)^relurl lint\.+Passed$`).MatchString(out) {
		t.Errorf("the commit passed, but relurl lint did not say Passed")
	}
	out = must(proj, preCommit, "run", "-v", "--all-files")
	t.Logf("$ pre-commit run -v --all-files\n%s", out)
	if !strings.Contains(out, "relurl lint: 5 files linted, 0 skipped, 0 unreadable; 2 URLs (2 under the root,") ||
		!strings.Contains(out, "; 0 errors, 0 warnings") {
		t.Errorf("pre-commit run --all-files did not pass relurl lint the five documents (and not notes.txt), or they have findings")
	}

	// An old finding, committed without the hooks; then the hook of
	// docs/ci.md for a tree with old findings, and a new one.
	write("docs/notes.md", "# Notes\n\n[The index](index.html)\n[Old](<old page.html>)\n")
	must(proj, "git", "commit", "-q", "--no-verify", "-a", "-m", "an old finding")
	var newOnly string
	for _, block := range regexp.MustCompile("(?s)```yaml\n(.*?)```").FindAllStringSubmatch(readCI(t), -1) {
		if strings.Contains(block[1], "--new-from-rev=HEAD") {
			newOnly = block[1]
		}
	}
	lintHook := "      - id: relurl-lint\n"
	if !strings.HasPrefix(newOnly, lintHook) || !strings.Contains(config, lintHook) {
		t.Fatalf("docs/ci.md has no block for relurl-lint with --new-from-rev=HEAD that fits its configuration:\n%s", newOnly)
	}
	write(".pre-commit-config.yaml", strings.Replace(config, lintHook, newOnly, 1))
	write("docs/notes.md", "# Notes\n\n[The index](index.html)\n[Old](<old page.html>)\n[New](<new page.html>)\n")
	must(proj, "git", "add", "-A")
	out, ok = command(t, proj, env, "git", "commit", "-m", "a new finding beside an old one")
	t.Logf("$ git commit -m 'a new finding beside an old one' (relurl-lint with args: [--new-from-rev=HEAD])\n%s", out)
	const newFinding = "docs/notes.md:5:11: error: space is not allowed in fsegment; write it as %20 [fsegment/char]"
	if ok || !strings.Contains(out, newFinding) || strings.Contains(out, "docs/notes.md:4:") ||
		!strings.Contains(out, "1 on lines unchanged since HEAD") {
		t.Errorf("the commit of a new finding beside an old one: succeeded %v; want it to fail with the new finding %q alone", ok, newFinding)
	}

	// File names that read as flags, which pre-commit passes after the
	// hook's args: relurl lint --pre-commit reads them as files, so that
	// one cannot name a configuration that passes everything, nor the
	// other overwrite the README with a baseline.
	write(".pre-commit-config.yaml", config)
	write("cfg.md", "fail-on = \"none\"\n")
	write("--config=cfg.md", "# Notes\n\n[Bad](<a b.html>)\n")
	write("--write-baseline=README.md", "# Notes\n")
	write("README.md", "# Read me\n")
	must(proj, "git", "add", "-A")
	out, ok = command(t, proj, env, "git", "commit", "-m", "files named as flags")
	t.Logf("$ git commit -m 'files named as flags'\n%s", out)
	const flagFinding = "--config=cfg.md:3:9: error: space is not allowed in fsegment; write it as %20 [fsegment/char]"
	if ok || !strings.Contains(out, flagFinding) {
		t.Errorf("the commit of a file named --config=cfg.md: succeeded %v; want it to fail with %q", ok, flagFinding)
	}
	if readme, err := os.ReadFile(filepath.Join(proj, "README.md")); err != nil || string(readme) != "# Read me\n" {
		t.Errorf("README.md, after a commit of a file named --write-baseline=README.md: %v\n%s", err, readme)
	}
}

func readCI(t *testing.T) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(root, "docs", "ci.md"))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}
