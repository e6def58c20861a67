package dist

import (
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/relurl/relurl/internal/testtool"
)

// block is a fenced code block of docs/install.md: its info string and
// its lines.
type block struct {
	info  string
	line  int // the line of its first line, from 1
	lines []string
}

// blocks returns the fenced code blocks of a Markdown page.
func blocks(page string) []block {
	var out []block
	lines := strings.Split(page, "\n")
	for i := 0; i < len(lines); i++ {
		info, ok := strings.CutPrefix(lines[i], "```")
		if !ok {
			continue
		}
		b := block{info: strings.TrimSpace(info), line: i + 2}
		for i++; i < len(lines) && lines[i] != "```"; i++ {
			b.lines = append(b.lines, lines[i])
		}
		out = append(out, b)
	}
	return out
}

// notRun are the commands of docs/install.md's sh blocks, which
// TestInstallCommands does not run, each with what runs it or why
// nothing can yet: every command of the page is run somewhere, or waits
// for the release.
var notRun = map[string]string{
	"npm install --save-dev relurl":                                       "after the release (npm)",
	"npx relurl lint --base https://docs.example.org/ docs/":              "after the release (npm)",
	"pipx install relurl":                                                 "after the release (PyPI)",
	"pip install relurl":                                                  "after the release (PyPI)",
	"relurl lint --base https://docs.example.org/ docs/_build/html/":      "after the release (PyPI)",
	"pip install --require-hashes -r requirements.txt":                    "after the release (PyPI)",
	"CGO_ENABLED=0 go install github.com/relurl/relurl/cmd/relurl@v0.1.0": "TestRehearsal (lint/internal/release), against a rehearsal of the release",
	"go install github.com/relurl/relurl/cmd/relurlvet@v0.1.0":            "after the release (the Go module proxy)",
	"git clone https://github.com/relurl/relurl && cd relurl":             "CI's own clone",
	"make build":               "no test: the Makefile's target of one line, CGO_ENABLED=0 go build -o relurl ./cmd/relurl",
	"go build ./cmd/relurl":    "TestActionRelease, which builds ./relurl in cmd/",
	"make dist VERSION=v0.1.0": ".ci/run, which makes the files this test installs",
	"PIP_NO_INDEX=1 PIP_FIND_LINKS=/path/to/relurl/dist pre-commit run --all-files": "TestPreCommitWithoutGo",
}

// TestInstallCommands runs docs/install.md's console blocks as a user
// would, in the order of the page, on the files of make dist
// VERSION=v0.1.0 in RELURL_DIST (.ci/run makes them): a block runs in an
// empty folder holding checksums.txt and the files of the release that it
// names, as downloaded from the release's page; a "console checkout"
// block in a folder holding dist/ with every file, as a checkout after
// make dist. Each "$ " line runs with bash in that folder, with no
// network for npm or pip (their registries a closed port, no find-links
// of the machine's), HOME a directory of the test's and ~/.local/bin on
// PATH; it must exit 0, or as
// its "# exit N" comment says, and print the lines after it when there
// are any (standard output and error). The commands of the other blocks
// are each in notRun, with what runs them.
func TestInstallCommands(t *testing.T) {
	data, err := os.ReadFile(installPage)
	if err != nil {
		t.Fatal(err)
	}
	page := string(data)
	all := blocks(page)
	for _, b := range all {
		if b.info != "sh" {
			continue
		}
		for _, l := range b.lines {
			cmd := strings.TrimSpace(regexp.MustCompile(`\s+#.*$`).ReplaceAllString(l, ""))
			if cmd == "" || strings.HasPrefix(cmd, "#") {
				continue
			}
			if _, ok := notRun[cmd]; !ok {
				t.Errorf("%s:%d: %q is run by no test: run it in a console block, or say in notRun what runs it", installPage, b.line, cmd)
			}
		}
	}

	dir := os.Getenv("RELURL_DIST")
	if dir == "" {
		testtool.Missing(t, testtool.Dist, errNoDist)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		testtool.Missing(t, testtool.Dist, err)
	}
	var files []string
	version := ""
	for _, e := range entries {
		files = append(files, e.Name())
		if m := regexp.MustCompile(`^relurl-(\d[^/]*)\.tgz$`).FindStringSubmatch(e.Name()); m != nil {
			version = m[1]
		}
	}
	if !strings.Contains(page, "relurl v"+version+"\n") || version == "" {
		t.Fatalf("the files of %s are of release %q, and %s installs another", dir, version, installPage)
	}

	home := t.TempDir()
	env := append(os.Environ(), "HOME="+home, "PATH="+filepath.Join(home, ".local", "bin")+string(os.PathListSeparator)+os.Getenv("PATH"),
		"npm_config_registry=http://127.0.0.1:9/", "npm_config_cache="+filepath.Join(home, ".npm-cache"),
		"npm_config_userconfig="+filepath.Join(home, ".npmrc"), "npm_config_audit=false", "npm_config_fund=false",
		"npm_config_update_notifier=false", "PIP_INDEX_URL=http://127.0.0.1:9/simple", "PIP_CONFIG_FILE="+os.DevNull,
		"PIP_DISABLE_PIP_VERSION_CHECK=1", "PIP_NO_CACHE_DIR=1", "PIP_FIND_LINKS=")
	commands := 0
	for _, b := range all {
		lang, where, _ := strings.Cut(b.info, " ")
		if lang != "console" {
			continue
		}
		work := t.TempDir()
		if where == "checkout" {
			if err := os.Mkdir(filepath.Join(work, "dist"), 0o755); err != nil {
				t.Fatal(err)
			}
			for _, f := range files {
				if err := os.Symlink(filepath.Join(dir, f), filepath.Join(work, "dist", f)); err != nil {
					t.Fatal(err)
				}
			}
		} else {
			text := strings.Join(b.lines, "\n")
			for _, f := range files {
				if f == "checksums.txt" || strings.Contains(text, f) {
					copyFile(t, filepath.Join(dir, f), filepath.Join(work, f))
				}
			}
		}
		for i := 0; i < len(b.lines); {
			cmdLine, ok := strings.CutPrefix(b.lines[i], "$ ")
			if !ok {
				t.Fatalf("%s:%d: %q: want a command, \"$ ...\"", installPage, b.line+i, b.lines[i])
			}
			j := i + 1
			for j < len(b.lines) && !strings.HasPrefix(b.lines[j], "$ ") {
				j++
			}
			want := strings.Join(b.lines[i+1:j], "\n")
			wantCode := 0
			if m := regexp.MustCompile(`#\s*exit (\d+)`).FindStringSubmatch(cmdLine); m != nil {
				wantCode, _ = strconv.Atoi(m[1])
			}
			switch strings.Fields(cmdLine)[0] {
			case "npm", "npx":
				testtool.LookPath(t, testtool.NPM, "npm")
			case "python3":
				python := testtool.LookPath(t, testtool.Pip, "python3")
				if err := exec.Command(python, "-c", "import venv, ensurepip").Run(); err != nil {
					testtool.Missing(t, testtool.Pip, err)
				}
			}
			cmd := exec.Command("bash", "-eo", "pipefail", "-c", cmdLine)
			cmd.Dir, cmd.Env = work, env
			out, _ := cmd.CombinedOutput()
			code := cmd.ProcessState.ExitCode()
			commands++
			t.Logf("%s:%d: $ %s   # exit %d\n%s", installPage, b.line+i, cmdLine, code, out)
			if code != wantCode {
				t.Errorf("%s:%d: %s: exit %d; want %d\n%s", installPage, b.line+i, cmdLine, code, wantCode, out)
			} else if want != "" && strings.TrimSuffix(string(out), "\n") != want {
				t.Errorf("%s:%d: %s prints\n%s\nwant\n%s", installPage, b.line+i, cmdLine, out, want)
			}
			i = j
		}
	}
	if commands == 0 {
		t.Fatalf("%s has no console block", installPage)
	}
}

var errNoDist = &noDistError{}

type noDistError struct{}

func (*noDistError) Error() string {
	return "RELURL_DIST names no directory of the files of make dist VERSION=v0.1.0 (make dist VERSION=v0.1.0, then RELURL_DIST=$PWD/dist)"
}

// copyFile copies the file from to the new file to.
func copyFile(t *testing.T, from, to string) {
	t.Helper()
	in, err := os.Open(from)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	out, err := os.Create(to)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.Copy(out, in); err != nil {
		t.Fatal(err)
	}
	if err := out.Close(); err != nil {
		t.Fatal(err)
	}
}
