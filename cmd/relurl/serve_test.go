package main

import (
	"bytes"
	"context"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestServe serves the playground on a free port, fetches the page and
// the module, and stops when its context is done.
func TestServe(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	var out bytes.Buffer
	done := make(chan error, 1)
	go func() { done <- serve(ctx, ln, &out) }()
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

func TestServeWrite(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "site")
	stdout, stderr, code := runCmd(t, "", "serve", "--write", dir)
	if code != exitOK || !strings.Contains(stdout, "wrote 6 files") {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	for _, name := range []string{"index.html", "style.css", "app.js", "grammar.js", "wasm_exec.js", "relurl.wasm"} {
		if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
			t.Error(err)
		}
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
