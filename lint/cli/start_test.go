package cli

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// startPage is the newcomer's walkthrough.
const startPage = "../../docs/start.md"

// fence is a fenced code block of a page: its info string and its lines.
type fence struct {
	info  string
	start int // the index of its first line in the page
	lines []string
}

// fences returns the fenced code blocks of a Markdown page.
func fences(lines []string) []fence {
	var out []fence
	for i := 0; i < len(lines); i++ {
		info, ok := strings.CutPrefix(lines[i], "```")
		if !ok {
			continue
		}
		f := fence{info: strings.TrimSpace(info), start: i + 1}
		for i++; i < len(lines) && lines[i] != "```"; i++ {
			f.lines = append(f.lines, lines[i])
		}
		out = append(out, f)
	}
	return out
}

// elapsed is the time at the end of relurl lint's summary line.
var elapsed = regexp.MustCompile(`; \d+\.\d+s$`)

// TestStart runs docs/start.md as a newcomer would, in an empty
// repository: each block whose info string names a file ("html
// docs/index.html") writes that file; each console block's "$ relurl ..."
// commands run in order, and print what the block shows after them
// (standard output, then standard error), with the exit status the
// command's "# exit N" comment says (0 without one). The YAML blocks
// (pre-commit, the Action) are those of docs/ci.md and docs/install.md,
// which the tests of the hooks and of the release run. With -update the
// outputs are rewritten from the runs.
func TestStart(t *testing.T) {
	page, err := filepath.Abs(startPage)
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	pages := ""
	for _, p := range []string{"../../docs/ci.md", "../../docs/install.md"} {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		pages += string(b)
	}
	lines := strings.Split(string(data), "\n")
	var rewritten []string // the page's lines, with the outputs of this run
	copied := 0
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, ".git"), 0o755); err != nil { // the repository's root: no configuration above it is read
		t.Fatal(err)
	}
	t.Chdir(dir)
	commands := 0
	for _, f := range fences(lines) {
		lang, name, isFile := strings.Cut(f.info, " ")
		switch {
		case isFile:
			p := filepath.FromSlash(name)
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, []byte(strings.Join(f.lines, "\n")+"\n"), 0o644); err != nil {
				t.Fatal(err)
			}
		case lang == "yaml":
			if !strings.Contains(pages, strings.Join(f.lines, "\n")+"\n") {
				t.Errorf("%s:%d: the YAML block is not one of docs/ci.md or docs/install.md, which tests run", startPage, f.start)
			}
		case lang == "console":
			rewritten = append(rewritten, lines[copied:f.start]...)
			copied = f.start + len(f.lines)
			for i := 0; i < len(f.lines); {
				cmdLine, ok := strings.CutPrefix(f.lines[i], "$ ")
				if !ok {
					t.Fatalf("%s:%d: %q: want a command, \"$ relurl ...\"", startPage, f.start+i+1, f.lines[i])
				}
				j := i + 1
				for j < len(f.lines) && !strings.HasPrefix(f.lines[j], "$ ") {
					j++
				}
				want := f.lines[i+1 : j]
				cmd, comment, _ := strings.Cut(cmdLine, "#")
				wantCode := 0
				if n, ok := strings.CutPrefix(strings.TrimSpace(comment), "exit "); ok {
					wantCode, _ = strconv.Atoi(strings.Fields(n)[0])
				}
				args := strings.Fields(cmd)
				if len(args) == 0 || args[0] != "relurl" {
					t.Fatalf("%s:%d: %q is not a relurl command", startPage, f.start+i+1, cmdLine)
				}
				stdout, stderr, code := runCmd(t, "", args[1:]...)
				got := strings.Split(strings.TrimSuffix(stdout+stderr, "\n"), "\n")
				if stdout+stderr == "" {
					got = nil
				}
				for k := range got {
					got[k] = elapsed.ReplaceAllString(got[k], "; 0.00s")
				}
				commands++
				if code != wantCode || strings.Join(got, "\n") != strings.Join(want, "\n") {
					if !*updateGolden {
						t.Errorf("%s:%d: %s: exit %d (want %d); prints\n%s\nwant\n%s", startPage, f.start+i+1, cmdLine, code, wantCode,
							strings.Join(got, "\n"), strings.Join(want, "\n"))
					}
				}
				rewritten = append(rewritten, f.lines[i])
				rewritten = append(rewritten, got...)
				i = j
			}
		}
	}
	if commands == 0 {
		t.Fatalf("%s runs no command", startPage)
	}
	if *updateGolden {
		rewritten = append(rewritten, lines[copied:]...)
		if err := os.WriteFile(page, []byte(strings.Join(rewritten, "\n")), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
