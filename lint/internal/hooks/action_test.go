package hooks

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"go.yaml.in/yaml/v3"

	"github.com/relurl/relurl/lint/internal/dist"
)

// action is action.yml: the keys of a composite action that relurl's
// sets (a key not here fails the decoding).
type action struct {
	Name        string            `yaml:"name"`
	Description string            `yaml:"description"`
	Author      string            `yaml:"author"`
	Branding    map[string]string `yaml:"branding"`
	Inputs      map[string]struct {
		Description string  `yaml:"description"`
		Default     *string `yaml:"default"`
		Required    bool    `yaml:"required"`
	} `yaml:"inputs"`
	Outputs map[string]struct {
		Description string `yaml:"description"`
		Value       string `yaml:"value"`
	} `yaml:"outputs"`
	Runs struct {
		Using string `yaml:"using"`
		Steps []step `yaml:"steps"`
	} `yaml:"runs"`
}

// step is a step of a composite action, as far as the harness runs it: a
// bash script with its environment. uses, if, working-directory and
// continue-on-error are decoded so that a step that has one fails the
// test, which does not run them.
type step struct {
	Name             string            `yaml:"name"`
	ID               string            `yaml:"id"`
	Shell            string            `yaml:"shell"`
	Env              map[string]string `yaml:"env"`
	Run              string            `yaml:"run"`
	Uses             string            `yaml:"uses"`
	If               string            `yaml:"if"`
	WorkingDirectory string            `yaml:"working-directory"`
	ContinueOnError  string            `yaml:"continue-on-error"`
}

func readAction(t *testing.T) *action {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(root, "action.yml"))
	if err != nil {
		t.Fatal(err)
	}
	var a action
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(&a); err != nil {
		t.Fatalf("action.yml: %v", err)
	}
	if a.Runs.Using != "composite" {
		t.Fatalf("action.yml runs using %q, want composite", a.Runs.Using)
	}
	for i, s := range a.Runs.Steps {
		if s.Shell != "bash" || s.Run == "" || s.Uses != "" || s.If != "" || s.WorkingDirectory != "" || s.ContinueOnError != "" {
			t.Fatalf("action.yml: step %d (%s) is not a bash script with no uses, if, working-directory or continue-on-error, which the test runs as the runner does", i+1, s.Name)
		}
	}
	return &a
}

// runnerOS and runnerArch are the runner's RUNNER_OS and RUNNER_ARCH
// for Go's GOOS and GOARCH.
var (
	runnerOS   = map[string]string{"linux": "Linux", "darwin": "macOS", "windows": "Windows"}
	runnerArch = map[string]string{"amd64": "X64", "arm64": "ARM64"}
)

// expression is a ${{ }} expression of a workflow.
var expression = regexp.MustCompile(`\$\{\{\s*(.*?)\s*\}\}`)

// runResult is what a run of the action did.
type runResult struct {
	// log is what its steps wrote, standard output and error, in order.
	log string
	// outputs are the action's outputs, by name.
	outputs map[string]string
	// failed is the name of the step that failed, or "".
	failed string
}

// runAction runs the steps of action.yml in workspace as a GitHub runner
// runs a composite action's: each a bash script (bash --noprofile --norc
// -eo pipefail), its ${{ }} expressions (github.action_path, inputs.NAME,
// and in the outputs steps.ID.outputs.NAME) substituted, with the
// runner's variables (GITHUB_ACTION_PATH, GITHUB_WORKSPACE, RUNNER_TEMP,
// and the files GITHUB_OUTPUT, GITHUB_PATH and GITHUB_ENV, which the
// next steps see), up to the first that fails. An input not given is its
// default.
func runAction(t *testing.T, a *action, workspace string, inputs map[string]string) runResult {
	t.Helper()
	actionPath, err := filepath.Abs(root)
	if err != nil {
		t.Fatal(err)
	}
	return runActionAt(t, a, actionPath, workspace, inputs)
}

// runActionAt is runAction with the action's files at actionPath.
func runActionAt(t *testing.T, a *action, actionPath, workspace string, inputs map[string]string) runResult {
	t.Helper()
	for name := range inputs {
		if _, ok := a.Inputs[name]; !ok {
			t.Fatalf("the test gives the input %q, which action.yml does not have", name)
		}
	}
	eval := func(expr string, steps map[string]map[string]string) string {
		switch name, ok := strings.CutPrefix(expr, "inputs."); {
		case expr == "github.action_path":
			return actionPath
		case ok:
			if v, given := inputs[name]; given {
				return v
			}
			in, known := a.Inputs[name]
			if !known {
				t.Fatalf("action.yml reads the input %q, which it does not declare", name)
			}
			if in.Default != nil {
				return *in.Default
			}
			return ""
		}
		if m := regexp.MustCompile(`^steps\.([\w-]+)\.outputs\.([\w-]+)$`).FindStringSubmatch(expr); m != nil && steps != nil {
			return steps[m[1]][m[2]]
		}
		t.Fatalf("action.yml has the expression ${{ %s }}, which the test cannot evaluate", expr)
		return ""
	}
	subst := func(s string, steps map[string]map[string]string) string {
		return expression.ReplaceAllStringFunc(s, func(m string) string {
			return eval(expression.FindStringSubmatch(m)[1], steps)
		})
	}

	runnerTemp := t.TempDir()
	var log strings.Builder
	var paths []string
	addedEnv := map[string]string{}
	steps := map[string]map[string]string{}
	res := runResult{outputs: map[string]string{}}
	for i, s := range a.Runs.Steps {
		files := map[string]string{}
		for _, name := range []string{"GITHUB_OUTPUT", "GITHUB_PATH", "GITHUB_ENV"} {
			files[name] = filepath.Join(runnerTemp, fmt.Sprintf("%s_%d", strings.ToLower(name), i))
			if err := os.WriteFile(files[name], nil, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		script := filepath.Join(runnerTemp, fmt.Sprintf("step_%d.sh", i))
		if err := os.WriteFile(script, []byte(subst(s.Run, nil)), 0o644); err != nil {
			t.Fatal(err)
		}
		env := environ()
		env = slices.DeleteFunc(env, func(kv string) bool {
			return strings.HasPrefix(kv, "GITHUB_") || strings.HasPrefix(kv, "RUNNER_") || strings.HasPrefix(kv, "INPUT_")
		})
		pathVar := os.Getenv("PATH")
		if len(paths) > 0 {
			pathVar = strings.Join(paths, string(os.PathListSeparator)) + string(os.PathListSeparator) + pathVar
		}
		env = append(env, "PATH="+pathVar, "CI=true", "GITHUB_ACTIONS=true",
			"GITHUB_ACTION_PATH="+actionPath, "GITHUB_WORKSPACE="+workspace, "RUNNER_TEMP="+runnerTemp,
			"RUNNER_OS="+runnerOS[runtime.GOOS], "RUNNER_ARCH="+runnerArch[runtime.GOARCH])
		for k, v := range files {
			env = append(env, k+"="+v)
		}
		for k, v := range addedEnv {
			env = append(env, k+"="+v)
		}
		for k, v := range s.Env {
			env = append(env, k+"="+subst(v, nil))
		}
		cmd := exec.Command("bash", "--noprofile", "--norc", "-eo", "pipefail", script)
		cmd.Dir = workspace
		cmd.Env = env
		out, runErr := cmd.CombinedOutput()
		log.Write(out)
		if _, exited := runErr.(*exec.ExitError); runErr != nil && !exited {
			t.Fatalf("step %q: %v", s.Name, runErr)
		}
		outputs := readCommandFile(t, files["GITHUB_OUTPUT"])
		if s.ID != "" {
			steps[s.ID] = outputs
		}
		for k, v := range readCommandFile(t, files["GITHUB_ENV"]) {
			addedEnv[k] = v
		}
		added, err := os.ReadFile(files["GITHUB_PATH"])
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range strings.Split(strings.TrimSpace(string(added)), "\n") {
			if p != "" {
				paths = append([]string{p}, paths...)
			}
		}
		if runErr != nil {
			res.failed = s.Name
			break
		}
	}
	for name, o := range a.Outputs {
		res.outputs[name] = subst(o.Value, steps)
	}
	res.log = log.String()
	return res
}

// readCommandFile reads a file of GITHUB_OUTPUT or GITHUB_ENV: lines
// "name=value" and blocks "name<<DELIMITER" ... "DELIMITER".
func readCommandFile(t *testing.T, path string) map[string]string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	m := map[string]string{}
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		if l == "" {
			continue
		}
		if name, delim, ok := strings.Cut(l, "<<"); ok && !strings.Contains(name, "=") {
			var v []string
			for i++; i < len(lines) && lines[i] != delim; i++ {
				v = append(v, lines[i])
			}
			m[name] = strings.Join(v, "\n")
			continue
		}
		name, v, ok := strings.Cut(l, "=")
		if !ok {
			t.Fatalf("%s: %q is neither name=value nor name<<DELIMITER", filepath.Base(path), l)
		}
		m[name] = v
	}
	return m
}

// workspace makes a directory of documents: docs/index.html with an error
// and a warning, docs/a b/ünï.md with an error after a multi-byte
// character, and notes.txt, which is not linted; the files their links
// lead to are there, so that the target rules find nothing.
func workspace(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for name, content := range map[string]string{
		"docs/index.html":  "<p><a href=\"getting started.html\">start</a>\n<p><a href=\"http:g\">g</a>\n",
		"docs/a b/ünï.md":  "# Ünï\n\nSee [ü](<a%zz.md>).\n",
		"notes.txt":        "http://a/ b\n",
		"clean/index.html": "<p><a href=\"ok.html\">ok</a>\n",
		// What the links lead to.
		"docs/getting started.html": "<p>Start here.\n",
		"docs/new page.html":        "<p>New.\n",
		"docs/a b/a%zz.md":          "# A\n",
		"clean/ok.html":             "<p>OK.\n",
	} {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// commands returns the workflow commands (::error, ::warning, ::notice)
// of a log, in order.
func commands(log string) []string {
	return regexp.MustCompile(`(?m)^::(?:error|warning|notice) .*$`).FindAllString(log, -1)
}

// TestAction runs the steps of action.yml as the runner does (runAction):
// with no version given, at a commit that is no release (here, this
// working tree, as "uses: ./" has it), it builds relurl from the action's
// own files, and lints with the inputs given: annotations as workflow
// commands, or a SARIF file named by the output sarif-file; the output
// exit-code is relurl lint's, and the step fails with it. TestActionRelease
// installs a release instead.
func TestAction(t *testing.T) {
	need(t, "bash")
	goTool := need(t, "go")
	a := readAction(t)
	// At a release's commit the Action installs that release: served from
	// this machine, built from this tree. Elsewhere it builds relurl, and
	// releases-url is a closed port.
	releases := "http://127.0.0.1:9"
	if v := ownRelease(t); v != "" {
		need(t, "curl")
		releases = serveRelease(t, goTool, v, nil)
	}

	t.Run("annotations", func(t *testing.T) {
		ws := workspace(t)
		res := runAction(t, a, ws, withReleases(releases, map[string]string{"paths": "docs/index.html\n  docs/a b  \n", "base": "https://docs.example.org/"}))
		t.Logf("the action's log:\n%s", res.log)
		want := []string{
			"::error file=docs/index.html,line=1,col=20,endColumn=21,title=fsegment/char::space is not allowed in fsegment; write it as %2520",
			"::warning file=docs/index.html,line=2,col=13,endColumn=18,title=scheme/relative-form::\"http:g\" has the scheme \"http\" but no \"//\" net_loc: older parsers read it as the relative URL \"g\" against a base of the same scheme (the loophole of §5.2), RFC 1808 as the absolute URL \"http:g\"",
			"::error file=docs/a b/ünï.md,line=3,col=11,endColumn=14,title=escape/malformed::\"%25zz\" is not an escape: escape = \"%25\" hex hex; write a literal \"%25\" as %2525",
		}
		if got := commands(res.log); !slices.Equal(got, want) {
			t.Errorf("workflow commands:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
		if res.failed != "Lint" || res.outputs["exit-code"] != "1" || res.outputs["sarif-file"] != "" {
			t.Errorf("failed step %q, outputs %v; want Lint to fail with exit-code 1, and no sarif-file", res.failed, res.outputs)
		}
	})

	t.Run("SARIF", func(t *testing.T) {
		ws := workspace(t)
		res := runAction(t, a, ws, withReleases(releases, map[string]string{"paths": "docs", "format": "sarif", "sarif-file": "out/relurl.sarif", "args": "--disable scheme/relative-form --disable portability\n-j 1"}))
		if res.failed != "Lint" || res.outputs["exit-code"] != "1" || res.outputs["sarif-file"] != "out/relurl.sarif" {
			t.Fatalf("failed step %q, outputs %v; want Lint to fail with exit-code 1 and sarif-file out/relurl.sarif\n%s", res.failed, res.outputs, res.log)
		}
		if got := commands(res.log); len(got) > 0 {
			t.Errorf("SARIF, and workflow commands too: %q", got)
		}
		data, err := os.ReadFile(filepath.Join(ws, "out", "relurl.sarif"))
		if err != nil {
			t.Fatal(err)
		}
		var log struct {
			Version string `json:"version"`
			Runs    []struct {
				Tool struct {
					Driver struct {
						Name string `json:"name"`
					} `json:"driver"`
				} `json:"tool"`
				Results []struct {
					RuleID    string `json:"ruleId"`
					Level     string `json:"level"`
					Locations []struct {
						PhysicalLocation struct {
							ArtifactLocation struct {
								URI string `json:"uri"`
							} `json:"artifactLocation"`
							Region struct {
								StartLine   int `json:"startLine"`
								StartColumn int `json:"startColumn"`
							} `json:"region"`
						} `json:"physicalLocation"`
					} `json:"locations"`
				} `json:"results"`
			} `json:"runs"`
		}
		if err := json.Unmarshal(data, &log); err != nil {
			t.Fatalf("the SARIF file: %v", err)
		}
		if log.Version != "2.1.0" || len(log.Runs) != 1 || log.Runs[0].Tool.Driver.Name != "relurl" {
			t.Fatalf("SARIF version %q, %d runs; want 2.1.0 and one run of relurl", log.Version, len(log.Runs))
		}
		var got []string
		for _, r := range log.Runs[0].Results {
			l := r.Locations[0].PhysicalLocation
			got = append(got, fmt.Sprintf("%s %s %s:%d:%d", r.Level, r.RuleID, l.ArtifactLocation.URI, l.Region.StartLine, l.Region.StartColumn))
		}
		// The warnings are of the rules that args disabled.
		want := []string{"error escape/malformed docs/a%20b/%C3%BCn%C3%AF.md:3:11", "error fsegment/char docs/index.html:1:20"}
		if !slices.Equal(got, want) {
			t.Errorf("SARIF results:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	})

	t.Run("clean, a configuration, fail-on", func(t *testing.T) {
		ws := workspace(t)
		res := runAction(t, a, ws, withReleases(releases, map[string]string{"paths": "clean"}))
		if res.failed != "" || res.outputs["exit-code"] != "0" || len(commands(res.log)) > 0 {
			t.Errorf("a clean directory: failed step %q, outputs %v\n%s", res.failed, res.outputs, res.log)
		}
		if err := os.WriteFile(filepath.Join(ws, "relurl.toml"), []byte("[rules]\n\"fsegment/char\" = \"off\"\n\"escape/malformed\" = \"warning\"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		res = runAction(t, a, ws, withReleases(releases, map[string]string{"paths": "docs", "config": "relurl.toml"}))
		got := commands(res.log)
		if res.failed != "" || res.outputs["exit-code"] != "0" || len(got) != 2 || !strings.HasPrefix(got[0], "::warning file=docs/a b/ünï.md,line=3,") {
			t.Errorf("with a configuration that turns the errors off or to warnings: failed step %q, outputs %v, commands %q", res.failed, res.outputs, got)
		}
		res = runAction(t, a, ws, withReleases(releases, map[string]string{"paths": "docs", "config": "relurl.toml", "fail-on": "warning"}))
		if res.failed != "Lint" || res.outputs["exit-code"] != "1" {
			t.Errorf("fail-on warning: failed step %q, outputs %v", res.failed, res.outputs)
		}
		res = runAction(t, a, ws, withReleases(releases, map[string]string{"paths": "docs", "config": "nope.toml"}))
		if res.failed != "Lint" || res.outputs["exit-code"] != "2" || !strings.Contains(res.log, "nope.toml") {
			t.Errorf("a configuration file that is not there: failed step %q, outputs %v\n%s", res.failed, res.outputs, res.log)
		}
	})

	t.Run("new-from-rev", func(t *testing.T) {
		need(t, "git")
		ws := workspace(t)
		env := environ()
		for _, args := range [][]string{{"init", "-q", "-b", "main"}, {"add", "-A"}, {"commit", "-q", "-m", "old findings"}} {
			if out, ok := command(t, ws, env, "git", args...); !ok {
				t.Fatalf("git %s: %s", strings.Join(args, " "), out)
			}
		}
		f, err := os.OpenFile(filepath.Join(ws, "docs", "index.html"), os.O_APPEND|os.O_WRONLY, 0)
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(f, "<p><a href=\"new page.html\">new</a>\n")
		f.Close()
		res := runAction(t, a, ws, withReleases(releases, map[string]string{"new-from-rev": "HEAD"}))
		t.Logf("the action's log:\n%s", res.log)
		want := []string{"::error file=docs/index.html,line=3,col=16,endColumn=17,title=fsegment/char::space is not allowed in fsegment; write it as %2520"}
		if got := commands(res.log); !slices.Equal(got, want) || res.outputs["exit-code"] != "1" {
			t.Errorf("workflow commands %q, exit-code %s; want %q and 1", got, res.outputs["exit-code"], want)
		}
	})
}

// TestActionRelease runs action.yml with a release: a relurl stamped
// v0.1.0, in its archive for this machine and with its checksums.txt, as
// make dist names them, served from this machine (the input releases-url)
// as GitHub serves a release's files. The version input installs it, and
// so does the Action's own release with no input (a cmd/go.mod that
// requires the linter at v0.1.0 with no replace, as a release commit's
// does); the binary is the release's, not one built with Go. An archive
// that does not match checksums.txt, and a version with no release, fail
// the step before relurl runs.
func TestActionRelease(t *testing.T) {
	need(t, "bash")
	goTool := need(t, "go")
	need(t, "curl")
	a := readAction(t)
	if runnerOS[runtime.GOOS] != "Linux" || runnerArch[runtime.GOARCH] == "" {
		t.Skipf("the release served is a tar.gz of a Linux binary; this is %s/%s", runtime.GOOS, runtime.GOARCH)
	}
	const version = "v0.1.0"
	var corrupt func([]byte)
	url := serveRelease(t, goTool, version, &corrupt)
	archive := dist.ArchiveName(dist.Version{Go: version}, dist.Platform{GOOS: runtime.GOOS, GOARCH: runtime.GOARCH})

	// The Action at a release commit: its cmd/go.mod pinned.
	pinned := t.TempDir()
	if err := os.MkdirAll(filepath.Join(pinned, "cmd"), 0o755); err != nil {
		t.Fatal(err)
	}
	goMod := "module github.com/relurl/relurl/cmd\n\ngo 1.26.8\n\nrequire (\n\tgithub.com/relurl/relurl/lint " + version + "\n\tgolang.org/x/tools v0.51.0\n)\n"
	if err := os.WriteFile(filepath.Join(pinned, "cmd", "go.mod"), []byte(goMod), 0o644); err != nil {
		t.Fatal(err)
	}
	actionPath, err := filepath.Abs(root)
	if err != nil {
		t.Fatal(err)
	}
	wantInstalled := "relurl " + version + ", the release's " + archive
	wantCommand := "::error file=docs/index.html,line=1,col=20,endColumn=21,title=fsegment/char::space is not allowed in fsegment; write it as %2520"
	for _, tc := range []struct {
		name, actionPath string
		inputs           map[string]string
	}{
		{"the version input", actionPath, map[string]string{"version": version}},
		{"the Action's own release", pinned, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			inputs := map[string]string{"paths": "docs/index.html", "releases-url": url}
			for k, v := range tc.inputs {
				inputs[k] = v
			}
			res := runActionAt(t, a, tc.actionPath, workspace(t), inputs)
			t.Logf("the action's log:\n%s", res.log)
			if !strings.Contains(res.log, wantInstalled) || strings.Contains(res.log, "built from the Action's files") {
				t.Errorf("the log does not say %q, or says relurl was built", wantInstalled)
			}
			if got := commands(res.log); len(got) == 0 || got[0] != wantCommand || res.failed != "Lint" || res.outputs["exit-code"] != "1" {
				t.Errorf("commands %q, failed step %q, exit-code %s; want %q first, and Lint to fail with 1", got, res.failed, res.outputs["exit-code"], wantCommand)
			}
		})
	}

	t.Run("refused", func(t *testing.T) {
		res := runAction(t, a, workspace(t), map[string]string{"version": "v9.9.9", "releases-url": url})
		if res.failed != "Install relurl" || !strings.Contains(res.log, "::error title=relurl::cannot download "+url+"/v9.9.9/") {
			t.Errorf("a version with no release: failed step %q\n%s", res.failed, res.log)
		}
		corrupt([]byte(strings.Repeat("0", 64) + "  " + archive + "\n"))
		res = runAction(t, a, workspace(t), map[string]string{"version": version, "releases-url": url})
		if res.failed != "Install relurl" || !strings.Contains(res.log, "::error title=relurl::"+archive+" does not match the release's checksums.txt") ||
			strings.Contains(res.log, "fsegment/char") {
			t.Errorf("an archive that does not match checksums.txt: failed step %q\n%s", res.failed, res.log)
		}
	})
}

// withReleases returns inputs with releases-url set to url.
func withReleases(url string, inputs map[string]string) map[string]string {
	inputs["releases-url"] = url
	return inputs
}

// ownRelease is the release of the action's files: the version at which
// cmd/go.mod requires the linter when it replaces nothing, as at a
// release's commit, or "".
func ownRelease(t *testing.T) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(root, "cmd", "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	if regexp.MustCompile(`(?m)^replace`).Match(data) {
		return ""
	}
	if m := regexp.MustCompile(`(?m)^\s*github\.com/relurl/relurl/lint (v\S+)$`).FindSubmatch(data); m != nil {
		return string(m[1])
	}
	return ""
}

// serveRelease serves from this machine, as GitHub serves a release's
// files, the archive of this machine's platform of a relurl built from
// this tree and stamped version, and a checksums.txt that lists it, and
// returns the URL of the releases (the input releases-url). When corrupt
// is not nil, it is set to a function that replaces checksums.txt.
func serveRelease(t *testing.T, goTool, version string, corrupt *func([]byte)) string {
	t.Helper()
	releases := t.TempDir()
	bin := filepath.Join(t.TempDir(), "relurl")
	build := exec.Command(goTool, "build", "-ldflags=-X github.com/relurl/relurl/lint/cli.release="+version, "-o", bin, "./relurl")
	build.Dir = filepath.Join(root, "cmd")
	build.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build ./cmd/relurl: %v\n%s", err, out)
	}
	binary, err := os.ReadFile(bin)
	if err != nil {
		t.Fatal(err)
	}
	archive := dist.ArchiveName(dist.Version{Go: version}, dist.Platform{GOOS: runtime.GOOS, GOARCH: runtime.GOARCH})
	var tgz bytes.Buffer
	if err := dist.TarGz(&tgz, []dist.File{{Name: "relurl", Data: binary, Exec: true}, {Name: "README.md", Data: []byte("# relurl\n")}}, time.Unix(0, 0)); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(releases, version), 0o755); err != nil {
		t.Fatal(err)
	}
	write := func(name string, data []byte) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(releases, version, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(archive, tgz.Bytes())
	write("checksums.txt", dist.Checksums(map[string][]byte{archive: tgz.Bytes(), "relurl-" + strings.TrimPrefix(version, "v") + ".tgz": []byte("npm")}))
	if corrupt != nil {
		*corrupt = func(sums []byte) { write("checksums.txt", sums) }
	}
	server := httptest.NewServer(http.FileServer(http.Dir(releases)))
	t.Cleanup(server.Close)
	return server.URL
}
