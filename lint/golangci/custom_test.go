package golangci

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/relurl/relurl/internal/testtool"
	"github.com/relurl/relurl/lint/internal/lint"
)

// golangciModule is golangci-lint's module path (v2).
const golangciModule = "github.com/golangci/golangci-lint/v2"

// golangciRepo is the repository "golangci-lint custom" clones.
const golangciRepo = "https://github.com/golangci/golangci-lint.git"

// TestCustom builds golangci-lint with the plugin as docs/analyzer.md says, and
// runs it. It installs golangci-lint at the version .custom-gcl.yml names
// from the module proxy, runs "golangci-lint custom" in the working tree
// with the .custom-gcl.yml of docs/analyzer.md (only --destination added, to keep the
// binary out of the tree), then runs the binary it built on
// testdata/urls with that page's .golangci.yml and with variations of its
// settings, and checks which lines relurl reports, that each issue's text
// begins with its rule id and that the page's severity section gives it
// the rule's severity.
//
// "golangci-lint custom" clones its own repository from github.com with
// git. The test makes that clone from the module proxy instead: a git
// repository of the module's files (checked against sum.golang.org by go
// mod download), tagged with the version, to which git's
// url.<base>.insteadOf sends the clone; golangci-lint passes the
// GIT_CONFIG_COUNT, GIT_CONFIG_KEY_n and GIT_CONFIG_VALUE_n variables that
// set it through to git. So it needs the module proxy and git, and no
// other network access.
//
// It compiles golangci-lint twice (the second time mostly from the build
// cache), so it runs only when RELURL_GOLANGCI is set: make
// golangci-plugin.
func TestCustom(t *testing.T) {
	if os.Getenv("RELURL_GOLANGCI") == "" {
		t.Skip("builds golangci-lint with the plugin (minutes, and the module proxy): run it with make golangci-plugin, which sets RELURL_GOLANGCI=1")
	}
	testtool.LookPath(t, testtool.Git, "git") // golangci-lint custom clones with git
	ctx := t.Context()
	if deadline, ok := t.Deadline(); ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithDeadline(ctx, deadline.Add(-10*time.Second))
		defer cancel()
	}
	customGCL, golangciYML := docsConfigs(t)
	version := yamlField(t, customGCL, "version")
	name := yamlField(t, customGCL, "name")
	absRoot, err := filepath.Abs(root)
	if err != nil {
		t.Fatal(err)
	}
	tmp := t.TempDir()

	step := time.Now()
	bin := filepath.Join(tmp, "bin")
	command(ctx, t, "", []string{"GOBIN=" + bin},
		"go", "install", golangciModule+"/cmd/golangci-lint@"+version)
	t.Logf("go install golangci-lint@%s: %v", version, time.Since(step).Round(time.Second))

	step = time.Now()
	src := sourceRepo(ctx, t, version, filepath.Join(tmp, "golangci-lint.git"))
	t.Logf("a git repository of golangci-lint %s from the module proxy: %v", version, time.Since(step).Round(time.Second))

	step = time.Now()
	out := filepath.Join(tmp, "out")
	redirect := []string{
		"GIT_CONFIG_COUNT=1",
		"GIT_CONFIG_KEY_0=url.file://" + filepath.ToSlash(src) + ".insteadOf",
		"GIT_CONFIG_VALUE_0=" + golangciRepo,
	}
	command(ctx, t, absRoot, redirect,
		filepath.Join(bin, "golangci-lint"), "custom", "-v", "--destination", out)
	custom := filepath.Join(out, name)
	t.Logf("golangci-lint custom: %v", time.Since(step).Round(time.Second))

	fixture := filepath.Join(tmp, "urls")
	if err := os.CopyFS(fixture, os.DirFS(filepath.Join("testdata", "urls"))); err != nil {
		t.Fatal(err)
	}
	source, err := os.ReadFile(filepath.Join(fixture, "urls.go"))
	if err != nil {
		t.Fatal(err)
	}

	for _, tc := range []struct {
		name  string
		edits []string // pairs: old, new in the .golangci.yml of docs/analyzer.md
		want  []string // the URL literals relurl reports
	}{
		{
			name: "as written",
			want: []string{`"http://a/b c"`, `"http://[::1]:8080/"`, `"http://a/~b"`, `"a_b:c"`},
		}, {
			name:  "rfc1738 on, nothing disabled",
			edits: []string{"rfc1738: false", "rfc1738: true", "disable: [portability]", "disable: []"},
			want: []string{`"http://a/b c"`, `"1a:b"`, `"HTTP://a/"`, `"http://user@a/"`,
				`"http://[::1]:8080/"`, `"http://a/~b"`, `"a_b:c"`},
		}, {
			name:  "one rule enabled",
			edits: []string{"enable: []", "enable: [rfc1738/scheme-case]"},
			want:  []string{`"http://a/b c"`, `"HTTP://a/"`, `"http://[::1]:8080/"`, `"http://a/~b"`, `"a_b:c"`},
		}, {
			name:  "allowances",
			edits: []string{`allow-chars: ""`, `allow-chars: "~"`, "allow-ipv6-hosts: false", "allow-ipv6-hosts: true"},
			want:  []string{`"http://a/b c"`, `"a_b:c"`},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			step := time.Now()
			config := edit(t, golangciYML, tc.edits...)
			if err := os.WriteFile(filepath.Join(fixture, ".golangci.yml"), []byte(config), 0o666); err != nil {
				t.Fatal(err)
			}
			got, output := relurlLines(ctx, t, custom, fixture)
			// relurlLines checked each issue's rule and severity.
			want := literalLines(t, source, tc.want)
			if !slices.Equal(got, want) {
				t.Errorf("relurl reported lines %v of urls.go, want %v (%q) with\n%s\noutput:\n%s", got, want, tc.want, config, output)
			}
			t.Logf("golangci-lint run: %v", time.Since(step).Round(time.Millisecond))
		})
	}

	t.Run("unknown rule", func(t *testing.T) {
		config := edit(t, golangciYML, "enable: []", "enable: [no-such-rule]")
		if err := os.WriteFile(filepath.Join(fixture, ".golangci.yml"), []byte(config), 0o666); err != nil {
			t.Fatal(err)
		}
		cmd := exec.CommandContext(ctx, custom, "run", "./...")
		cmd.Dir = fixture
		cmd.Env = append(os.Environ(), "GOLANGCI_LINT_CACHE="+t.TempDir())
		output, err := cmd.CombinedOutput()
		if err == nil || !bytes.Contains(output, []byte("no-such-rule")) {
			t.Errorf("golangci-lint run with an unknown rule: %v, output:\n%s", err, output)
		}
	})
}

// edit applies the replacements (old, new pairs) to s, each of which must
// apply.
func edit(t *testing.T, s string, pairs ...string) string {
	t.Helper()
	for i := 0; i+1 < len(pairs); i += 2 {
		if !strings.Contains(s, pairs[i]) {
			t.Fatalf("no %q in\n%s", pairs[i], s)
		}
		s = strings.Replace(s, pairs[i], pairs[i+1], 1)
	}
	return s
}

// sourceRepo makes in dir the clone that "golangci-lint custom" expects:
// a git repository of golangci-lint's module at version, with the tag
// version on its one commit.
func sourceRepo(ctx context.Context, t *testing.T, version, dir string) string {
	t.Helper()
	out := command(ctx, t, "", nil, "go", "mod", "download", "-json", golangciModule+"@"+version)
	var m struct{ Dir, Error string }
	if err := json.Unmarshal(out, &m); err != nil || m.Dir == "" {
		t.Fatalf("go mod download %s@%s: %v %s", golangciModule, version, err, m.Error)
	}
	if err := os.CopyFS(dir, os.DirFS(m.Dir)); err != nil {
		t.Fatal(err)
	}
	git := []string{"git", "-c", "user.name=relurl", "-c", "user.email=relurl@invalid",
		"-c", "commit.gpgsign=false", "-c", "tag.gpgsign=false", "-c", "init.defaultBranch=main"}
	for _, args := range [][]string{
		{"init", "-q"},
		{"add", "-A"},
		{"commit", "-q", "--no-verify", "-m", fmt.Sprintf("%s %s from the module proxy", golangciModule, version)},
		{"tag", version},
	} {
		command(ctx, t, dir, nil, append(git, args...)...)
	}
	return dir
}

// relurlLines runs golangci-lint (bin) in dir with a cache of its own and
// returns the lines of urls.go that relurl reported, in order, and the
// output in golangci-lint's text format.
func relurlLines(ctx context.Context, t *testing.T, bin, dir string) ([]int, []byte) {
	t.Helper()
	report := filepath.Join(t.TempDir(), "report.json")
	cmd := exec.CommandContext(ctx, bin, "run", "--output.json.path", report, "--output.text.path", "stdout", "./...")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOLANGCI_LINT_CACHE="+t.TempDir())
	output, err := cmd.CombinedOutput()
	// Exit status 1 says that there were issues.
	if exit := (*exec.ExitError)(nil); err != nil && !(errors.As(err, &exit) && exit.ExitCode() == 1) {
		t.Fatalf("golangci-lint run: %v\n%s", err, output)
	}
	data, err := os.ReadFile(report)
	if err != nil {
		t.Fatal(err)
	}
	var issues struct {
		Issues []struct {
			FromLinter string
			Text       string
			Severity   string
			Pos        struct {
				Filename string
				Line     int
			}
		}
	}
	if err := json.Unmarshal(data, &issues); err != nil {
		t.Fatalf("golangci-lint run: %v in\n%s", err, data)
	}
	var lines []int
	for _, is := range issues.Issues {
		if is.FromLinter != "relurl" {
			continue
		}
		if is.Pos.Filename != "urls.go" {
			t.Errorf("relurl reported %s:%d: %s", is.Pos.Filename, is.Pos.Line, is.Text)
		}
		// The text begins with the rule id, and the page's severity
		// section gives the rule's severity.
		id, _, _ := strings.Cut(is.Text, ": ")
		if r, ok := lint.Lookup(id); !ok {
			t.Errorf("urls.go:%d: %q does not begin with a rule id", is.Pos.Line, is.Text)
		} else if is.Severity != r.Severity.String() {
			t.Errorf("urls.go:%d: %s has the severity %q, want %q", is.Pos.Line, is.Text, is.Severity, r.Severity)
		}
		lines = append(lines, is.Pos.Line)
	}
	slices.Sort(lines)
	return lines, output
}

// literalLines returns the lines of source that hold the literals, in
// order.
func literalLines(t *testing.T, source []byte, literals []string) []int {
	t.Helper()
	var lines []int
	for _, lit := range literals {
		i := bytes.Index(source, []byte(lit))
		if i < 0 {
			t.Fatalf("urls.go has no %s", lit)
		}
		lines = append(lines, 1+bytes.Count(source[:i], []byte("\n")))
	}
	slices.Sort(lines)
	return lines
}

// command runs name with args in dir (the package's directory when
// empty), with env added to the environment, and returns its standard
// output; it ends the test when the command fails.
func command(ctx context.Context, t *testing.T, dir string, env []string, args ...string) []byte {
	t.Helper()
	cmd := exec.CommandContext(ctx, args[0], args[1:]...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s: %v\n%s%s", strings.Join(args, " "), err, out, tail(stderr.Bytes(), 8000))
	}
	return out
}

// tail returns the last n bytes of b at most.
func tail(b []byte, n int) []byte {
	if len(b) > n {
		return append([]byte("…"), b[len(b)-n:]...)
	}
	return b
}
