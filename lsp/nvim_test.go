package lsp

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/relurl/relurl/internal/testtool"
)

// TestNeovim drives relurl lsp from a real client: Neovim 0.7.2 as Debian
// 12 packages it, headless, runs testdata/nvim/test.lua on an HTML file
// whose line 1 holds a URL with a space after "é" and "𝄞". The script
// checks the diagnostic's UTF-16 range, applies the quick fix and checks
// the buffer and that the diagnostics clear, asks for a hover, links to a
// fragment the target does not have and waits for target/fragment, and
// stops the server; its log is printed (go test -v) for CI to show. Without
// nvim the test skips, unless RELURL_REQUIRE_NVIM is set (.ci/run sets it
// on CI, and installs Debian's neovim).
func TestNeovim(t *testing.T) {
	nvim := testtool.LookPath(t, testtool.Nvim, "nvim")
	dir := t.TempDir()
	bin := filepath.Join(dir, "relurl")
	build := exec.Command("go", "build", "-o", bin, "github.com/relurl/relurl/cmd/relurl")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	file := filepath.Join(dir, "page.html")
	if err := os.WriteFile(file, []byte(page), 0o644); err != nil {
		t.Fatal(err)
	}
	// The page's link leads to this file; the script then links to a
	// fragment it does not have.
	if err := os.WriteFile(filepath.Join(dir, "a b.html"), []byte(`<h1 id="usage">Usage</h1>`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	script, err := filepath.Abs("testdata/nvim/test.lua")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, "timeout", "50", nvim, "--headless", "-u", "NONE", "-i", "NONE", "-n", file, "-c", "luafile "+script)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "RELURL_BIN="+bin, "RELURL_EXPECT="+strings.Replace(strings.TrimSuffix(page, "\n"), "a b", "a%20b", 1),
		"XDG_STATE_HOME="+dir, "XDG_CACHE_HOME="+dir, "XDG_DATA_HOME="+dir, "XDG_CONFIG_HOME="+dir)
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
}
