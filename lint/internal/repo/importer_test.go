package repo_test

import (
	"bytes"
	"go/version"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"golang.org/x/mod/modfile"

	"github.com/relurl/relurl/internal/testtool"
)

// importerMain is a program that uses the library as its documentation
// shows, through the root package alone: it parses, reads under a
// profile, asks a host, resolves, and keeps a URL in JSON.
const importerMain = `package main

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/relurl/relurl"
)

func main() {
	u, err := relurl.Parse("http://a/b/c/d;p?q#f")
	check(err)
	p, err := relurl.ParseProfile("rfc1738,allow:~")
	check(err)
	v, err := p.Parse("http://www.example.com/~joe/")
	check(err)
	host, err := v.Host()
	check(err)
	abs, err := relurl.Resolve(u.String(), "../g")
	check(err)
	j, err := json.Marshal(struct{ URL relurl.URL }{u})
	check(err)
	var back struct{ URL relurl.URL }
	check(json.Unmarshal(j, &back))
	_, err = relurl.Parse("a b")
	fmt.Println(u.Form, p, host, abs, string(j), back.URL == u, errors.Is(err, relurl.ErrSyntax))
}

func check(err error) {
	if err != nil {
		panic(err)
	}
}
`

// importerOutput is what importerMain prints.
const importerOutput = `generic-RL rfc1738,allow:~ www.example.com http://a/b/g {"URL":"http://a/b/c/d;p?q#f"} true true` + "\n"

// maxImporterModules is the most modules "go list -m all" may list in a
// program that imports the root package, the program itself included.
const maxImporterModules = 10

// toolModules are modules of the linter, the commands or the repository's
// tooling that must never reach a program that imports the library.
var toolModules = []string{
	"honnef.co/go/tools", "golang.org/x/perf", "github.com/AdamKorcz/go-118-fuzz-build",
	"github.com/yuin/goldmark", "github.com/tdewolff/", "github.com/pelletier/go-toml",
	"github.com/santhosh-tekuri/jsonschema", "github.com/sourcegraph/jsonrpc2",
	"github.com/bluekeyes/go-gitdiff", "yaml",
}

// TestFreshImporter: a new module that requires github.com/relurl/relurl
// (through a replace of this checkout) and imports the root package alone
// builds and runs after "go mod tidy", with the module proxy, outside the
// workspace; it needs at most maxImporterModules modules, none of them the
// tools', and its go directive is not raised above the library's. It needs
// the go command and the module proxy (RELURL_REQUIRE_GO makes their want
// a failure).
func TestFreshImporter(t *testing.T) {
	goCmd := testtool.LookPath(t, testtool.Go, "go")
	root, err := filepath.Abs(".")
	if err != nil {
		t.Fatal(err)
	}
	libGo := goDirective(t, filepath.Join(root, "go.mod"))
	dir := t.TempDir()
	gomod := "module example.com/importer\n\ngo " + libGo + "\n\n" +
		"require github.com/relurl/relurl v0.0.0-00010101000000-000000000000\n\n" +
		"replace github.com/relurl/relurl => " + filepath.ToSlash(root) + "\n"
	for name, text := range map[string]string{"go.mod": gomod, "main.go": importerMain} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	run := func(args ...string) string {
		t.Helper()
		cmd := exec.Command(goCmd, args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod", "GOTOOLCHAIN=local")
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		if err != nil {
			err = &goError{args: args, err: err, stderr: stderr.String()}
			if unreachable.MatchString(stderr.String()) {
				testtool.Missing(t, testtool.Go, err)
			}
			t.Fatal(err)
		}
		return string(out)
	}
	run("mod", "tidy")
	if got := run("run", "."); got != importerOutput {
		t.Errorf("the importer prints\n%s\nwant\n%s", got, importerOutput)
	}

	mods := strings.Fields(run("list", "-m", "-f", "{{.Path}}", "all"))
	t.Logf("go list -m all: %d modules: %s", len(mods), strings.Join(mods, " "))
	if len(mods) > maxImporterModules {
		t.Errorf("the importer needs %d modules, more than %d: %s", len(mods), maxImporterModules, strings.Join(mods, " "))
	}
	for _, m := range mods {
		for _, tool := range toolModules {
			if strings.Contains(m, tool) {
				t.Errorf("the importer needs %s, a module of the tools (%s)", m, tool)
			}
		}
	}
	if sum, err := os.ReadFile(filepath.Join(dir, "go.sum")); err == nil {
		t.Logf("go.sum: %d lines", strings.Count(string(sum), "\n"))
	}
	if got := goDirective(t, filepath.Join(dir, "go.mod")); version.Compare("go"+got, "go"+libGo) > 0 {
		t.Errorf("go mod tidy raised the importer's go directive to %s, above the library's %s", got, libGo)
	}
}

// unreachable matches what the go command says when it cannot reach the
// module proxy or the checksum database.
var unreachable = regexp.MustCompile(`dial tcp|no such host|connection refused|i/o timeout|TLS handshake|network is unreachable|proxyconnect|GOPROXY=off|Temporary failure in name resolution`)

// goDirective returns the go directive of the go.mod file at path.
func goDirective(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	f, err := modfile.ParseLax(path, data, nil)
	if err != nil {
		t.Fatal(err)
	}
	if f.Go == nil {
		t.Fatalf("%s has no go directive", path)
	}
	return f.Go.Version
}

// goError is a go command that failed, with what it wrote.
type goError struct {
	args   []string
	err    error
	stderr string
}

func (e *goError) Error() string {
	return "go " + strings.Join(e.args, " ") + ": " + e.err.Error() + "\n" + e.stderr
}

func (e *goError) Unwrap() error { return e.err }
