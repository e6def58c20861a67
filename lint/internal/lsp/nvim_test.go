package lsp

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/relurl/relurl/internal/testtool"
)

// neovim returns the path of nvim and of a relurl built for the test, in
// dir; without nvim the test skips, unless RELURL_REQUIRE_NVIM is set
// (.ci/run sets it on CI, and installs Debian's neovim).
func neovim(t *testing.T, dir string) (nvim, bin string) {
	t.Helper()
	nvim = testtool.LookPath(t, testtool.Nvim, "nvim")
	bin = filepath.Join(dir, "relurl")
	build := exec.Command("go", "build", "-o", bin, "github.com/relurl/relurl/cmd/relurl")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return nvim, bin
}

// runNeovim runs nvim, headless, in the directory cwd on file, with the
// script testdata/nvim/script and the environment env besides the
// user's, with its state kept in state; it logs what the script printed
// (go test -v), fails unless the script passed, and returns what it
// printed.
func runNeovim(t *testing.T, nvim, state, cwd, file, script string, env ...string) string {
	t.Helper()
	script, err := filepath.Abs(filepath.Join("testdata", "nvim", script))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, "timeout", "50", nvim, "--headless", "-u", "NONE", "-i", "NONE", "-n", file, "-c", "luafile "+script)
	cmd.Dir = cwd
	cmd.Env = append(os.Environ(), "XDG_STATE_HOME="+state, "XDG_CACHE_HOME="+state, "XDG_DATA_HOME="+state, "XDG_CONFIG_HOME="+state)
	cmd.Env = append(cmd.Env, env...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err = cmd.Run()
	version, _ := exec.Command(nvim, "--version").Output()
	t.Logf("%s\n%s", bytes.SplitN(version, []byte("\n"), 2)[0], out.String())
	if err != nil {
		t.Fatalf("nvim: %v", err)
	}
	if !strings.Contains(out.String(), "\nPASS\n") {
		t.Fatalf("the script did not pass")
	}
	return out.String()
}

// TestNeovim drives relurl lsp from a real client: Neovim 0.7.2 as Debian
// 12 packages it, headless, runs testdata/nvim/test.lua on an HTML file
// whose line 1 holds a URL with a space after "é" and "𝄞". The script
// checks the diagnostic's UTF-16 range, applies the quick fix and checks
// the buffer and that the diagnostics clear, asks for a hover, links to a
// fragment the target does not have and waits for target/fragment, and
// stops the server; its log is printed (go test -v) for CI to show.
func TestNeovim(t *testing.T) {
	dir := t.TempDir()
	nvim, bin := neovim(t, dir)
	file := filepath.Join(dir, "page.html")
	if err := os.WriteFile(file, []byte(page), 0o644); err != nil {
		t.Fatal(err)
	}
	// The page's link leads to this file; the script then links to a
	// fragment it does not have.
	if err := os.WriteFile(filepath.Join(dir, "a b.html"), []byte(`<h1 id="usage">Usage</h1>`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	runNeovim(t, nvim, dir, dir, file, "test.lua",
		"RELURL_BIN="+bin, "RELURL_EXPECT="+strings.Replace(strings.TrimSuffix(page, "\n"), "a b", "a%20b", 1))
}

// TestNeovimTree drives relurl lsp from Neovim started in a subdirectory
// of a repository (testdata/nvim/tree.lua), its working directory as
// the client's root_dir: the diagnostics of library/functions.html are
// those relurl lint reports for it in a lint of the whole tree, and the
// hover finds the target of a "../" link; then another process writes
// the file a link leads to, and its "no such file" clears within a
// second, though Neovim 0.7 sends no didChangeWatchedFiles (decisions
// E-9, E-10).
func TestNeovimTree(t *testing.T) {
	dir := t.TempDir()
	nvim, bin := neovim(t, dir)
	tree := filepath.Join(dir, "tree")
	writeFiles(t, tree, map[string]string{
		".git/HEAD":             "ref: refs/heads/main\n",
		"index.html":            `<h1 id="top">Home</h1>` + "\n",
		"glossary.html":         `<dt id="term-iterable">iterable</dt>` + "\n",
		"library/stdtypes.html": "<h1>Built-in Types</h1>\n",
		"library/functions.html": lines(
			`<a href="../index.html#top">home</a>`,
			`<a href="../glossary.html#term-iterable">iterable</a>`,
			`<a href="../glossary.html#term-nope">nope</a>`,
			`<a href="stdtypes.html#nope">stdtypes</a>`,
			`<a href="../new.html">new</a>`,
			`<a href="/index.html">root-relative</a>`,
			`<a href="../../outside.html">outside</a>`),
	})
	// relurl lint of the whole tree, from its top.
	lint := exec.Command(bin, "lint", "--format", "json", ".")
	lint.Dir = tree
	out, err := lint.Output()
	if err != nil && len(out) == 0 {
		t.Fatalf("relurl lint: %v", err)
	}
	type pos struct {
		line, col int
		code      string
	}
	var found []pos
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		var f struct {
			File         string `json:"file"`
			Line, Column int
			Rule         string `json:"rule"`
		}
		if err := json.Unmarshal(sc.Bytes(), &f); err != nil {
			t.Fatalf("relurl lint's JSON: %v: %s", err, sc.Bytes())
		}
		if f.File == "library/functions.html" {
			found = append(found, pos{f.Line - 1, f.Column - 1, f.Rule})
		}
	}
	slices.SortFunc(found, func(a, b pos) int { return cmpPos(a.line, a.col, b.line, b.col) })
	var want []string
	for _, f := range found {
		want = append(want, fmt.Sprintf("%s@%d:%d", f.code, f.line, f.col))
	}
	expect := strings.Join(want, " ")
	after := strings.Join(slices.DeleteFunc(want, func(s string) bool { return s == "target/missing@4:9" }), " ")
	if expect == after {
		t.Fatalf("relurl lint does not report the missing ../new.html: %s", expect)
	}
	log := runNeovim(t, nvim, dir, filepath.Join(tree, "library"), "functions.html", "tree.lua",
		"RELURL_BIN="+bin, "RELURL_EXPECT="+expect, "RELURL_AFTER="+after,
		"RELURL_CREATE="+filepath.Join(tree, "new.html"), "RELURL_WITHIN_MS=1000")
	testtool.Section(t, "../../../docs/editors.md", "TestNeovimTree", editorsSample(log), *update,
		"go test ./lint/internal/lsp -run TestNeovimTree -update")
}

// editorsSample is the sample of docs/editors.md taken from the log of
// tree.lua: what the editor shows, the time it took aside.
func editorsSample(log string) string {
	var b strings.Builder
	b.WriteString("```text\n")
	for _, l := range strings.Split(log, "\n") {
		switch {
		case strings.HasPrefix(l, "nvim "), strings.HasPrefix(l, "client root_dir"), strings.HasPrefix(l, "diagnostic ["),
			strings.HasPrefix(l, "hover | "), strings.HasPrefix(l, "another process wrote"):
			b.WriteString(l + "\n")
		case strings.HasPrefix(l, "diagnostics after "):
			if _, codes, ok := strings.Cut(l, ": "); ok {
				b.WriteString("diagnostics within a second: " + codes + "\n")
			}
		}
	}
	b.WriteString("```\n")
	return b.String()
}

// update rewrites the samples of the manual that the tests produce.
var update = flag.Bool("update", false, "rewrite the samples of docs/editors.md")

// cmpPos orders two positions.
func cmpPos(l1, c1, l2, c2 int) int {
	if l1 != l2 {
		return l1 - l2
	}
	return c1 - c2
}
