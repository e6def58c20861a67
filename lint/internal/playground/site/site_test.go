package site_test

import (
	"compress/gzip"
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/relurl/relurl/lint/internal/playground/site"
)

// fakeModule stands in for the module where what is tested is not the
// module: TestModule builds the real one.
var fakeModule = fstest.MapFS{
	site.ModuleFile:  {Data: []byte("\x00asm\x01\x00\x00\x00" + strings.Repeat("module ", 1000))},
	site.SupportFile: {Data: []byte("\"use strict\"; // Go's wasm_exec.js")},
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
	files := site.Files(fakeModule)
	h := site.Handler(files)
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
	raw, err := fs.ReadFile(files, site.ModuleFile)
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
	page, err := fs.ReadFile(site.Page(), "index.html")
	if err != nil {
		t.Fatal(err)
	}
	want := strings.TrimSuffix(site.CSP, "; frame-ancestors 'none'")
	if !strings.Contains(string(page), `http-equiv="Content-Security-Policy" content="`+want+`"`) {
		t.Errorf("index.html does not state the policy %q", want)
	}
}

// TestWrite: the directory written holds exactly the files served: the
// page's and the module's.
func TestWrite(t *testing.T) {
	dir := t.TempDir()
	files := site.Files(fakeModule)
	if err := site.Write(files, dir); err != nil {
		t.Fatal(err)
	}
	var names []string
	err := fs.WalkDir(files, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		names = append(names, name)
		want, _ := fs.ReadFile(files, name)
		got, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil || string(got) != string(want) {
			t.Errorf("%s: written %d bytes, %v; served %d", name, len(got), err, len(want))
		}
		return nil
	})
	want := []string{"app.js", "grammar.js", "index.html", "relurl.wasm", "style.css", "wasm_exec.js"}
	if err != nil || !slices.Equal(names, want) {
		t.Fatalf("files %q, %v; want %q", names, err, want)
	}
	written, _ := os.ReadDir(dir)
	if len(written) != len(want) {
		t.Errorf("%d files in the directory, want %d (no temporary file left)", len(written), len(want))
	}
}
