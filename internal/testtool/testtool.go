// Package testtool finds what a test drives besides Go code (git,
// pre-commit, Neovim, a browser, the conformance adapters' interpreters, a
// dependency's files through go list) and decides what a test does when
// it is missing: it skips, saying what is missing, unless the environment
// variable that .ci/run sets on CI says the test must run, and then it
// fails. Every test that can skip for a missing program goes through it
// (TestSkipsHonest in internal/layout holds them to it), so that CI never
// passes a test that did not run.
package testtool

import (
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// A Variable is an environment variable that makes the tests needing a
// program fail, rather than skip, when it is missing.
type Variable struct {
	// Name is the variable, RELURL_REQUIRE_….
	Name string
	// What is what it requires, for the test's message.
	What string
}

// The variables, one per thing a test can need; .ci/run sets each on CI
// (TestCIRequires in internal/layout).
const (
	Browser   = "RELURL_REQUIRE_BROWSER"
	Adapters  = "RELURL_REQUIRE_ADAPTERS"
	PreCommit = "RELURL_REQUIRE_PRECOMMIT"
	Git       = "RELURL_REQUIRE_GIT"
	Nvim      = "RELURL_REQUIRE_NVIM"
	Go        = "RELURL_REQUIRE_GO"
	// DebianDocs requires a documentation tree of Debian's packages, the
	// Python 3.11 documentation (python3.11-doc).
	DebianDocs = "RELURL_REQUIRE_DEBIAN_DOCS"
	// QEMU, NPM and Pip require what the install tests of the release
	// run: qemu-user, for the linux/arm64 binary; Node.js with npm; Python
	// with venv and ensurepip.
	QEMU = "RELURL_REQUIRE_QEMU"
	NPM  = "RELURL_REQUIRE_NPM"
	Pip  = "RELURL_REQUIRE_PIP"
	// Dist requires the files of make dist VERSION=v0.1.0, in the
	// directory RELURL_DIST names, for the test that runs the commands of
	// docs/install.md on them.
	Dist = "RELURL_REQUIRE_DIST"
)

// Variables returns every variable with what it requires.
func Variables() []Variable {
	return []Variable{
		{Browser, "headless Chromium (TestBrowser in playground/site)"},
		{Adapters, "the conformance adapters' Perl URI, Ruby, Node.js, libcurl's headers and Java (internal/conformance)"},
		{PreCommit, "Debian's pre-commit, and curl for the Action (internal/hooks)"},
		{Git, "git (changed lines, the Action, --diff applied)"},
		{Nvim, "Neovim, headless (TestNeovim in lsp)"},
		{Go, "the go command, the module cache that go list reads (dependencies' test data) and the module proxy (a fresh importer of the library, the API beside the last release)"},
		{QEMU, "qemu-user, to run the linux/arm64 binary (internal/dist)"},
		{NPM, "Node.js and npm, to install the npm packages offline (internal/dist)"},
		{Pip, "Python with venv and ensurepip, to install the wheel (internal/dist)"},
		{Dist, "the files of make dist VERSION=v0.1.0 in RELURL_DIST (TestInstallCommands in internal/dist)"},
		{DebianDocs, "Debian's python3.11-doc, a real documentation tree (TestPartialViews in cmd/relurl)"},
	}
}

// Missing ends the test t for want of what variable requires, err saying
// why: it fails t when the variable is set (as on CI), and skips it
// otherwise.
func Missing(t testing.TB, variable string, err error) {
	t.Helper()
	if os.Getenv(variable) != "" {
		t.Fatalf("%v; %s is set, so the test must run", err, variable)
	}
	t.Skipf("%v (%s makes this a failure)", err, variable)
}

// LookPath returns the path of the first of names that is a program on
// PATH, or ends t by [Missing].
func LookPath(t testing.TB, variable string, names ...string) string {
	t.Helper()
	var err error
	for _, name := range names {
		var path string
		if path, err = exec.LookPath(name); err == nil {
			return path
		}
	}
	if len(names) > 1 {
		err = fmt.Errorf("none of %s on PATH", strings.Join(names, ", "))
	}
	Missing(t, variable, err)
	return ""
}

// ModuleDir returns the directory of the module path in the module cache,
// as go list -m gives it, or ends t by [Missing] under [Go].
func ModuleDir(t testing.TB, path string) string {
	t.Helper()
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", path).Output()
	dir := strings.TrimSpace(string(out))
	if err == nil && dir == "" {
		err = exec.ErrNotFound
	}
	if err != nil {
		Missing(t, Go, &moduleError{path, err})
	}
	return dir
}

type moduleError struct {
	path string
	err  error
}

func (e *moduleError) Error() string {
	return "the directory of module " + e.path + " is not known to go list: " + e.err.Error()
}

func (e *moduleError) Unwrap() error { return e.err }

// Section checks that the text between the lines "<!-- begin: name -->"
// and "<!-- end: name -->" of the page at path is want: a sample of a
// test's output that a page of the manual quotes. With update it rewrites
// the section instead; otherwise a difference fails t, naming the command
// that rewrites it (rewrite, e.g. "go test ./pkg -run TestX -update").
func Section(t testing.TB, path, name, want string, update bool, rewrite string) {
	t.Helper()
	begin, end := "<!-- begin: "+name+" -->\n", "<!-- end: "+name+" -->\n"
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	i, j := strings.Index(text, begin), strings.Index(text, end)
	if i < 0 || j < i {
		t.Fatalf("%s has no %q ... %q", path, strings.TrimSpace(begin), strings.TrimSpace(end))
	}
	i += len(begin)
	switch {
	case text[i:j] == want:
	case update:
		if err := os.WriteFile(path, []byte(text[:i]+want+text[j:]), 0o644); err != nil {
			t.Fatal(err)
		}
	default:
		t.Errorf("the section %s of %s is not the test's output (%s rewrites it); want\n%s", name, path, rewrite, want)
	}
}
