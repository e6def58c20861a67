package wasmbuild

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/relurl/relurl/internal/testtool"
)

func TestReleased(t *testing.T) {
	for v, want := range map[string]bool{
		"v1.2.3":                             true,
		"v0.0.0-20261123140300-0013b9f3c2a1": true,
		"v1.2.3+incompatible":                true,
		"(devel)":                            false,
		"":                                   false,
		"v0.0.0-20261123140300-0013b9f3c2a1+dirty": false,
	} {
		if got := released(v); got != want {
			t.Errorf("released(%q) = %v", v, got)
		}
	}
}

func needGo(t *testing.T) {
	t.Helper()
	testtool.LookPath(t, testtool.Go, "go") // the module is built with the go command
}

// TestLocate: a test binary is built from the checkout, which Locate
// finds, and whose key is a hash of its sources.
func TestLocate(t *testing.T) {
	needGo(t)
	src, err := Locate(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	root, _ := filepath.Abs(filepath.Join("..", "..", "..", ".."))
	if src.Dir != root || src.Version != "" {
		t.Errorf("Locate = %+v, want the checkout's linter module %s", src, root)
	}
	key, err := Key(context.Background(), src)
	if err != nil || !strings.HasPrefix(key, "devel-") || !strings.HasSuffix(key, "-"+goVersion(t)) {
		t.Errorf("Key = %q, %v", key, err)
	}
	key, err = Key(context.Background(), Source{Dir: src.Dir, Version: "v1.2.3"})
	if err != nil || key != "v1.2.3-"+goVersion(t) {
		t.Errorf("the key of a version: %q, %v", key, err)
	}
}

func goVersion(t *testing.T) string {
	out, err := exec.Command("go", "env", "GOVERSION").Output()
	if err != nil {
		t.Fatal(err)
	}
	return strings.TrimSpace(string(out))
}

// TestEnsure: two programs that build at once into an empty cache both
// get the one complete module, and leave no partial build; a module no
// one used for Stale goes when another is built; the third call finds the
// module and builds nothing.
func TestEnsure(t *testing.T) {
	needGo(t)
	ctx := context.Background()
	cache := t.TempDir()
	stale := filepath.Join(cache, "v0.0.1-go1.20")
	if err := os.MkdirAll(stale, 0o755); err != nil {
		t.Fatal(err)
	}
	old := time.Now().Add(-Stale - time.Hour)
	if err := os.Chtimes(stale, old, old); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	dirs, errs := make([]string, 2), make([]error, 2)
	for i := range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			dirs[i], errs[i] = Ensure(ctx, cache, &bytes.Buffer{})
		}()
	}
	wg.Wait()
	if errs[0] != nil || errs[1] != nil || dirs[0] != dirs[1] || !complete(dirs[0]) {
		t.Fatalf("Ensure at once: %q, %v", dirs, errors.Join(errs...))
	}
	entries, _ := os.ReadDir(cache)
	if len(entries) != 1 || filepath.Join(cache, entries[0].Name()) != dirs[0] {
		t.Errorf("the cache holds %v; want the module alone (no partial build, the stale one gone)", entries)
	}
	var log bytes.Buffer
	if dir, err := Ensure(ctx, cache, &log); err != nil || dir != dirs[0] || log.Len() > 0 {
		t.Errorf("Ensure again: %q, %v, said %q", dir, err, log.String())
	}
	// A cached module that lost a file is built again, in its place.
	if err := os.Remove(filepath.Join(dirs[0], Support)); err != nil {
		t.Fatal(err)
	}
	if dir, err := Ensure(ctx, cache, &log); err != nil || dir != dirs[0] || !complete(dir) || log.Len() == 0 {
		t.Errorf("Ensure after a file was removed: %q, %v, said %q", dir, err, log.String())
	}
}

// TestEnsureNoGo: without a go command, ErrNoGo.
func TestEnsureNoGo(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	if _, err := Ensure(context.Background(), t.TempDir(), &bytes.Buffer{}); !errors.Is(err, ErrNoGo) {
		t.Errorf("Ensure without go: %v", err)
	}
}

func TestComplete(t *testing.T) {
	dir := t.TempDir()
	if complete(dir) {
		t.Error("an empty directory is complete")
	}
	os.WriteFile(filepath.Join(dir, Module), []byte("\x00asm\x01\x00\x00\x00"), 0o644)
	if complete(dir) {
		t.Error("a module without wasm_exec.js is complete")
	}
	os.WriteFile(filepath.Join(dir, Support), []byte("// Go"), 0o644)
	if !complete(dir) {
		t.Error("a module and wasm_exec.js are not complete")
	}
	os.WriteFile(filepath.Join(dir, Module), []byte("\x00as"), 0o644)
	if complete(dir) {
		t.Error("a truncated module is complete")
	}
}
