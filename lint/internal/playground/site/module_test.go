package site_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"errors"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/relurl/relurl/internal/testtool"
	"github.com/relurl/relurl/lint/internal/playground/site"
)

// maxCompressed is the most the module may weigh gzip-compressed at the
// best compression, as a server sends it: the page loads it before it
// can answer anything.
const maxCompressed = 3 << 20

// The module built once for the tests of the package, in a cache of
// their own (TestMain removes it).
var (
	moduleOnce  sync.Once
	moduleCache string
	moduleFS    fs.FS
	moduleErr   error
	moduleLog   bytes.Buffer
)

func TestMain(m *testing.M) {
	code := m.Run()
	if moduleCache != "" {
		os.RemoveAll(moduleCache)
	}
	os.Exit(code)
}

// builtModule returns the module as site.Module builds it, or skips the
// test when there is no go command to build it with.
func builtModule(t *testing.T) fs.FS {
	t.Helper()
	testtool.LookPath(t, testtool.Go, "go") // the module is built with the go command
	moduleOnce.Do(func() {
		moduleCache, moduleErr = os.MkdirTemp("", "relurl-playground-cache")
		if moduleErr == nil {
			moduleFS, moduleErr = site.Module(context.Background(), site.ModuleOptions{Cache: moduleCache, Log: &moduleLog})
		}
	})
	if moduleErr != nil {
		t.Fatal(moduleErr)
	}
	return moduleFS
}

// TestModule builds the module into an empty cache directory, finds it
// there the second time without building, serves it, and holds its
// weight to maxCompressed.
func TestModule(t *testing.T) {
	mod := builtModule(t)
	if !strings.Contains(moduleLog.String(), "building the playground's WebAssembly module") {
		t.Errorf("building into an empty cache said %q", moduleLog.String())
	}
	entries, err := os.ReadDir(moduleCache)
	if err != nil || len(entries) != 1 || !strings.HasPrefix(entries[0].Name(), "devel-") {
		t.Fatalf("the cache holds %v, %v; want one directory, devel-…", entries, err)
	}
	var again bytes.Buffer
	if _, err := site.Module(context.Background(), site.ModuleOptions{Cache: moduleCache, Log: &again}); err != nil || again.Len() > 0 {
		t.Errorf("the second time: %v, said %q; want the cached module, and nothing said", err, again.String())
	}

	raw, err := fs.ReadFile(mod, site.ModuleFile)
	if err != nil || !bytes.HasPrefix(raw, []byte("\x00asm")) {
		t.Fatalf("the module: %d bytes, %v", len(raw), err)
	}
	support, err := fs.ReadFile(mod, site.SupportFile)
	if err != nil || !bytes.Contains(support, []byte("Go")) {
		t.Fatalf("wasm_exec.js: %d bytes, %v", len(support), err)
	}
	var best bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&best, gzip.BestCompression)
	zw.Write(raw)
	zw.Close()
	t.Logf("module: %d bytes, %d gzip-compressed at the best compression (bound %d)", len(raw), best.Len(), maxCompressed)
	if best.Len() > maxCompressed {
		t.Errorf("the module weighs %d bytes gzip-compressed, more than %d", best.Len(), maxCompressed)
	}

	res := get(t, site.Handler(site.Files(mod)), "GET", "/"+site.ModuleFile, "Accept-Encoding", "gzip")
	zr, err := gzip.NewReader(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	body, err := io.ReadAll(zr)
	if err != nil || !bytes.Equal(body, raw) {
		t.Fatalf("the module served does not decompress to the module: %v", err)
	}
	t.Logf("served: %s bytes gzip-compressed at the default level", res.Header.Get("Content-Length"))
}

// TestNoGo: without a go command on PATH, and without the module
// embedded, Module says what it needs.
func TestNoGo(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	_, err := site.Module(context.Background(), site.ModuleOptions{Cache: t.TempDir()})
	if !errors.Is(err, site.ErrNoGo) || !strings.Contains(err.Error(), "install Go") {
		t.Errorf("Module without go: %v", err)
	}
}

// TestEmbedded builds relurl with -tags embedwasm, the module embedded
// (the files go:embed reads given by -overlay, as if genwasm had written
// them into playground/site/module), and runs relurl serve --write with
// no go command on PATH: it writes the embedded module.
func TestEmbedded(t *testing.T) {
	mod := builtModule(t)
	tmp := t.TempDir()
	abs, err := filepath.Abs("module")
	if err != nil {
		t.Fatal(err)
	}
	replace := map[string]string{}
	for _, name := range []string{site.ModuleFile, site.SupportFile} {
		data, err := fs.ReadFile(mod, name)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(tmp, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
		replace[filepath.Join(abs, name)] = filepath.Join(tmp, name)
	}
	overlay, _ := json.Marshal(map[string]any{"Replace": replace})
	if err := os.WriteFile(filepath.Join(tmp, "overlay.json"), overlay, 0o644); err != nil {
		t.Fatal(err)
	}
	relurl := filepath.Join(tmp, "relurl")
	cmd := exec.Command("go", "build", "-tags", "embedwasm", "-overlay", filepath.Join(tmp, "overlay.json"), "-o", relurl, "../../../../cmd/relurl")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build -tags embedwasm: %v\n%s", err, out)
	}
	out := filepath.Join(tmp, "site")
	cmd = exec.Command(relurl, "serve", "--write", out)
	cmd.Env = append(os.Environ(), "PATH="+t.TempDir(), "XDG_CACHE_HOME="+t.TempDir())
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("relurl serve --write without go: %v\n%s", err, msg)
	}
	for _, name := range []string{site.ModuleFile, site.SupportFile} {
		got, err := os.ReadFile(filepath.Join(out, name))
		want, _ := fs.ReadFile(mod, name)
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("%s: written %d bytes, %v; embedded %d", name, len(got), err, len(want))
		}
	}
}
