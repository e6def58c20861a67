// Package site holds the playground page's files, embedded: the page
// (index.html, style.css, app.js), Go's wasm_exec.js and the WebAssembly
// module of package playground/wasm (relurl.wasm). The page loads the
// module and calls it as the user types; after the page has loaded it
// makes no request, and it loads nothing from elsewhere.
//
// [Handler] serves the files (`relurl serve`), the module gzip-compressed
// to browsers that take it (6.1 MB as built, 1.7 MB compressed); [Write]
// writes them to a directory any static host can serve (`make site`);
// such hosts compress what they send themselves.
//
// The module is committed, so that go install builds a `relurl serve` that
// works; `go generate ./playground/site` rebuilds it when its sources
// changed, and TestModuleFresh fails until someone does (see package
// playground/internal/wasmbuild, which says why the module is committed as
// it is built rather than compressed).
package site

//go:generate go run github.com/relurl/relurl/playground/internal/genwasm

import (
	"bytes"
	"compress/gzip"
	"embed"
	"io/fs"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
)

//go:embed static
var static embed.FS

// Files returns the page's files.
func Files() fs.FS {
	sub, err := fs.Sub(static, "static")
	if err != nil {
		panic(err) // the directory is embedded: it is there
	}
	return sub
}

// CSP is the page's Content-Security-Policy: everything from the page's
// own origin and nothing from elsewhere; WebAssembly may be compiled.
// index.html says the same in a meta element, for static hosts.
const CSP = "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; " +
	"img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

// Handler serves the page's files, read-only, with a strict
// Content-Security-Policy; the module goes gzip-compressed to a client
// that accepts it. The module is compressed once per handler, in the
// background from the start (about half a second of CPU), so that the
// first page load need not wait for it. The state of the page is in the
// fragment of its address, which never reaches the server.
func Handler() http.Handler {
	files := http.FileServerFS(Files())
	var (
		once sync.Once
		gz   []byte
	)
	prepare := func() { gz = compress(Files(), Module) }
	go once.Do(prepare)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		h := w.Header()
		h.Set("Content-Security-Policy", CSP)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "no-referrer")
		h.Set("Cache-Control", "no-cache")
		if path.Ext(r.URL.Path) == ".wasm" {
			h.Set("Content-Type", "application/wasm")
			h.Add("Vary", "Accept-Encoding")
			if r.URL.Path == "/"+Module && acceptsGzip(r) {
				once.Do(prepare)
				if gz != nil {
					h.Set("Content-Encoding", "gzip")
					h.Set("Content-Length", strconv.Itoa(len(gz)))
					if r.Method == http.MethodGet {
						w.Write(gz)
					}
					return
				}
			}
		}
		files.ServeHTTP(w, r)
	})
}

// Module is the name of the WebAssembly module among the page's files.
const Module = "relurl.wasm"

// acceptsGzip reports whether the request's Accept-Encoding lists gzip
// (without q=0).
func acceptsGzip(r *http.Request) bool {
	for _, part := range strings.Split(r.Header.Get("Accept-Encoding"), ",") {
		coding, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if strings.EqualFold(strings.TrimSpace(coding), "gzip") && strings.ReplaceAll(params, " ", "") != "q=0" {
			return true
		}
	}
	return false
}

// compress returns the file gzip-compressed at the default level, or nil
// if it cannot be read (then it is served as it is). The default level
// compresses the module nearly as well as the best, in much less time.
func compress(fsys fs.FS, name string) []byte {
	data, err := fs.ReadFile(fsys, name)
	if err != nil {
		return nil
	}
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	zw.Write(data)
	if zw.Close() != nil {
		return nil
	}
	return b.Bytes()
}

// Write writes the page's files into dir, creating it if need be.
func Write(dir string) error {
	return fs.WalkDir(Files(), ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		dst := filepath.Join(dir, filepath.FromSlash(name))
		if d.IsDir() {
			return os.MkdirAll(dst, 0o755)
		}
		data, err := fs.ReadFile(Files(), name)
		if err != nil {
			return err
		}
		return os.WriteFile(dst, data, 0o644)
	})
}
