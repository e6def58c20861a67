package cli

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/relurl/relurl/internal/testtool"
	"github.com/relurl/relurl/lint/internal/playground/site"
)

// TestServe serves the playground on a free port, fetches the page and
// the module (a stand-in: TestServeWrite builds the real one), and stops
// when its context is done.
func TestServe(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	var out bytes.Buffer
	done := make(chan error, 1)
	module := fstest.MapFS{site.ModuleFile: {Data: []byte("\x00asm\x01\x00\x00\x00")}, site.SupportFile: {Data: []byte("// Go")}}
	go func() { done <- serve(ctx, ln, site.Files(module), &out) }()
	base := "http://" + ln.Addr().String() + "/"
	for path, want := range map[string]string{"": "relurl playground", "app.js": "analyse", "relurl.wasm": "\x00asm"} {
		res, err := http.Get(base + path)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != 200 || !strings.Contains(string(body), want) {
			t.Errorf("GET /%s: %s, %d bytes without %q", path, res.Status, len(body), want)
		}
	}
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("serve did not stop")
	}
	if got := out.String(); !strings.Contains(got, base) {
		t.Errorf("serve said %q, not where (%s)", got, base)
	}
}

// TestServeWrite: relurl serve --write builds the WebAssembly module into
// the user's cache directory the first time, says so, and writes the page
// with it; the second time it takes the module from the cache.
func TestServeWrite(t *testing.T) {
	gocache, err := exec.Command("go", "env", "GOCACHE").Output()
	if err != nil {
		testtool.Missing(t, testtool.Go, fmt.Errorf("relurl serve builds the module with the go command: %w", err))
	}
	// A cache directory of the test's own (os.UserCacheDir), and the go
	// command's build cache where it was, not under it.
	t.Setenv("GOCACHE", strings.TrimSpace(string(gocache)))
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	for run := range 2 {
		dir := filepath.Join(t.TempDir(), "site")
		stdout, stderr, code := runCmd(t, "", "serve", "--write", dir)
		if code != exitOK || !strings.Contains(stdout, "wrote 6 files") {
			t.Fatalf("exit %d, stdout %q, stderr %q", code, stdout, stderr)
		}
		if building := strings.Contains(stderr, "building the playground's WebAssembly module"); building != (run == 0) {
			t.Errorf("run %d: stderr %q", run+1, stderr)
		}
		for _, name := range []string{"index.html", "style.css", "app.js", "grammar.js", "wasm_exec.js", "relurl.wasm"} {
			if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
				t.Error(err)
			}
		}
		if wasm, err := os.ReadFile(filepath.Join(dir, "relurl.wasm")); err != nil || !bytes.HasPrefix(wasm, []byte("\x00asm")) {
			t.Errorf("relurl.wasm: %d bytes, %v", len(wasm), err)
		}
	}
}

// TestServeNoGo: without the go command, relurl serve says what it needs
// and exits 2.
func TestServeNoGo(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	_, stderr, code := runCmd(t, "", "serve", "--write", filepath.Join(t.TempDir(), "site"))
	if code != exitUsage || !strings.Contains(stderr, "needs the Go toolchain") || !strings.Contains(stderr, "go was not found on PATH") {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
}

func TestServeUsage(t *testing.T) {
	if stdout, _, code := runCmd(t, "", "serve", "-h"); code != exitOK || !strings.Contains(stdout, "--addr") {
		t.Errorf("serve -h: exit %d, %q", code, stdout)
	}
	if _, stderr, code := runCmd(t, "", "serve", "extra"); code != exitUsage || !strings.Contains(stderr, "unexpected argument") {
		t.Errorf("serve extra: exit %d, %q", code, stderr)
	}
	if _, stderr, code := runCmd(t, "", "serve", "--addr", "256.0.0.1:99999"); code != exitUsage || stderr == "" {
		t.Errorf("serve on a bad address: exit %d, %q", code, stderr)
	}
}

func TestPageURL(t *testing.T) {
	for addr, want := range map[string]string{
		"127.0.0.1:8080": "http://127.0.0.1:8080/",
		"[::]:8080":      "http://localhost:8080/",
		"0.0.0.0:80":     "http://localhost:80/",
		"[::1]:8080":     "http://[::1]:8080/",
	} {
		a, err := net.ResolveTCPAddr("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		if got := pageURL(a); got != want {
			t.Errorf("pageURL(%s) = %q, want %q", addr, got, want)
		}
	}
}

// TestInstallFetchesThePlaygroundsModules: every module the playground's
// WebAssembly module is built from is one that relurl is built from, so
// that go install, which fetches those, leaves relurl serve what it needs
// to build the module offline.
func TestInstallFetchesThePlaygroundsModules(t *testing.T) {
	modules := func(env []string, pkg string) map[string]bool {
		cmd := exec.Command("go", "list", "-deps", "-f", "{{with .Module}}{{.Path}}{{end}}", pkg)
		cmd.Env = append(os.Environ(), env...)
		out, err := cmd.Output()
		if err != nil {
			testtool.Missing(t, testtool.Go, fmt.Errorf("go list: %w", err))
		}
		m := map[string]bool{}
		for _, line := range strings.Fields(string(out)) {
			m[line] = true
		}
		return m
	}
	relurl := modules(nil, ".")
	wasm := modules([]string{"GOOS=js", "GOARCH=wasm"}, "../internal/playground/wasm")
	if len(wasm) < 3 {
		t.Fatalf("the module is built from %d modules", len(wasm))
	}
	for m := range wasm {
		if !relurl[m] {
			t.Errorf("the playground's module needs %s, which relurl does not import: go install would not fetch it", m)
		}
	}
}
