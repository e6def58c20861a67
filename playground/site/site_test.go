package site_test

import (
	"compress/gzip"
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/relurl/relurl/playground/internal/wasmbuild"
	"github.com/relurl/relurl/playground/site"
)

// TestModuleFresh fails when the committed WebAssembly module was built
// from other sources than those of the tree: the page would then answer
// otherwise than the library. The fix is to rebuild it.
func TestModuleFresh(t *testing.T) {
	want, err := wasmbuild.Stamp(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	have, err := wasmbuild.ReadStamp(".")
	if err != nil {
		t.Fatal(err)
	}
	if have != want {
		t.Fatalf("the playground's WebAssembly module is stale: its sources changed since it was built\n"+
			"(%s, the sources now give %s).\n"+
			"Run: go generate ./playground/site, and commit playground/site/static/relurl.wasm, wasm_exec.js and wasm.stamp", have, want)
	}
	stamp, _ := os.ReadFile(wasmbuild.StampFile)
	if !strings.Contains(string(stamp), "\ngo "+runtime.Version()+"\n") {
		t.Logf("the module was built by another Go release than this test's (%s):\n%s", runtime.Version(), stamp)
	}
	for _, name := range []string{wasmbuild.Module, wasmbuild.Support} {
		if _, err := fs.Stat(site.Files(), strings.TrimPrefix(name, "static/")); err != nil {
			t.Errorf("%s is not embedded: %v", name, err)
		}
	}
}

func get(t *testing.T, h http.Handler, method, path string, header ...string) *http.Response {
	t.Helper()
	req := httptest.NewRequest(method, path, nil)
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec.Result()
}

// TestHandler: every file is served with its type and the page's
// Content-Security-Policy; the module gzip-compressed to a browser that
// takes it and as it is to one that does not; nothing but GET and HEAD.
func TestHandler(t *testing.T) {
	h := site.Handler()
	for path, typ := range map[string]string{
		"/":             "text/html; charset=utf-8",
		"/app.js":       "text/javascript; charset=utf-8",
		"/style.css":    "text/css; charset=utf-8",
		"/wasm_exec.js": "text/javascript; charset=utf-8",
		"/relurl.wasm":  "application/wasm",
	} {
		res := get(t, h, "GET", path)
		if res.StatusCode != 200 || res.Header.Get("Content-Type") != typ {
			t.Errorf("GET %s: %s %q, want 200 %q", path, res.Status, res.Header.Get("Content-Type"), typ)
		}
		if res.Header.Get("Content-Security-Policy") != site.CSP || res.Header.Get("X-Content-Type-Options") != "nosniff" {
			t.Errorf("GET %s: headers %v", path, res.Header)
		}
	}
	raw, err := fs.ReadFile(site.Files(), site.Module)
	if err != nil {
		t.Fatal(err)
	}
	res := get(t, h, "GET", "/relurl.wasm", "Accept-Encoding", "gzip, deflate, br")
	if res.Header.Get("Content-Encoding") != "gzip" {
		t.Fatalf("module sent with Content-Encoding %q", res.Header.Get("Content-Encoding"))
	}
	zr, err := gzip.NewReader(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	body, err := io.ReadAll(zr)
	if err != nil || string(body) != string(raw) {
		t.Fatalf("the compressed module does not decompress to the module: %v", err)
	}
	t.Logf("module: %d bytes, %s sent compressed", len(raw), res.Header.Get("Content-Length"))
	if res := get(t, h, "GET", "/relurl.wasm", "Accept-Encoding", "gzip;q=0"); res.Header.Get("Content-Encoding") != "" {
		t.Errorf("gzip;q=0 got Content-Encoding %q", res.Header.Get("Content-Encoding"))
	}
	for _, m := range []string{"POST", "PUT", "DELETE"} {
		if res := get(t, h, m, "/"); res.StatusCode != http.StatusMethodNotAllowed {
			t.Errorf("%s /: %s", m, res.Status)
		}
	}
	if res := get(t, h, "GET", "/nothing-here"); res.StatusCode != http.StatusNotFound {
		t.Errorf("GET /nothing-here: %s", res.Status)
	}
}

// TestCSP: the policy index.html states for static hosts is the server's,
// less frame-ancestors, which a meta element cannot set.
func TestCSP(t *testing.T) {
	page, err := fs.ReadFile(site.Files(), "index.html")
	if err != nil {
		t.Fatal(err)
	}
	want := strings.TrimSuffix(site.CSP, "; frame-ancestors 'none'")
	if !strings.Contains(string(page), `http-equiv="Content-Security-Policy" content="`+want+`"`) {
		t.Errorf("index.html does not state the policy %q", want)
	}
}

// TestWrite: the directory written holds exactly the files served.
func TestWrite(t *testing.T) {
	dir := t.TempDir()
	if err := site.Write(dir); err != nil {
		t.Fatal(err)
	}
	n := 0
	err := fs.WalkDir(site.Files(), ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		n++
		want, _ := fs.ReadFile(site.Files(), name)
		got, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil || string(got) != string(want) {
			t.Errorf("%s: written %d bytes, %v; embedded %d", name, len(got), err, len(want))
		}
		return nil
	})
	if err != nil || n < 5 {
		t.Fatalf("%d files, %v", n, err)
	}
}
