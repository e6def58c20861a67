// Package site holds the playground page's files, embedded (index.html,
// style.css, app.js), and finds the WebAssembly module of package
// playground/wasm that the page loads with Go's wasm_exec.js. The page
// calls the module as the user types; after the page has loaded it makes
// no request, and it loads nothing from elsewhere.
//
// The module is not in the repository (decision W-9). [Module] returns
// it: embedded in the binary when relurl was built with -tags embedwasm
// (after go run ./playground/internal/genwasm -o playground/site/module),
// otherwise built once by the Go toolchain from the sources relurl was
// built from and kept in a cache. [Files] puts the page and the module
// together; [Handler] serves them (`relurl serve`), the module
// gzip-compressed to browsers that take it; [Write] writes them to a
// directory any static host can serve (`relurl serve --write`, `make
// site`); such hosts compress what they send themselves.
package site

import (
	"bytes"
	"compress/gzip"
	"context"
	"embed"
	"errors"
	"io"
	"io/fs"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/relurl/relurl/lint/internal/playground/internal/wasmbuild"
)

//go:embed static
var static embed.FS

// Page returns the page's own files: index.html, style.css and app.js.
func Page() fs.FS {
	sub, err := fs.Sub(static, "static")
	if err != nil {
		panic(err) // the directory is embedded: it is there
	}
	return sub
}

// The module's files, beside the page's.
const (
	// ModuleFile is the name of the WebAssembly module.
	ModuleFile = wasmbuild.Module
	// SupportFile is Go's wasm_exec.js, of the release that built the
	// module.
	SupportFile = wasmbuild.Support
)

// ErrNoGo says that the module is not embedded and cannot be built: the
// go command is not on PATH.
var ErrNoGo = wasmbuild.ErrNoGo

// ModuleOptions say where [Module] keeps the module it builds.
type ModuleOptions struct {
	// Cache is the directory of built modules, one subdirectory each;
	// "" is relurl/playground in the user's cache directory
	// (os.UserCacheDir).
	Cache string
	// Log is told when the module is being built, which takes a while the
	// first time; nil says nothing.
	Log io.Writer
}

// Module returns the WebAssembly module and its wasm_exec.js, as files
// named [ModuleFile] and [SupportFile]: those embedded in the binary when it was
// built with -tags embedwasm; otherwise those built from the sources the
// binary was built from, by the go command on PATH, once for each
// version of relurl and Go release (package wasmbuild). Without a go
// command the error wraps [ErrNoGo] and says what to do.
func Module(ctx context.Context, opts ModuleOptions) (fs.FS, error) {
	if m := embedded(); m != nil {
		return m, nil
	}
	cache := opts.Cache
	if cache == "" {
		dir, err := os.UserCacheDir()
		if err != nil {
			return nil, err
		}
		cache = filepath.Join(dir, "relurl", "playground")
	}
	log := opts.Log
	if log == nil {
		log = io.Discard
	}
	dir, err := wasmbuild.Ensure(ctx, cache, log)
	if errors.Is(err, wasmbuild.ErrNoGo) {
		return nil, noGoError{}
	}
	if err != nil {
		return nil, err
	}
	return os.DirFS(dir), nil
}

// noGoError is ErrNoGo with what to do about it.
type noGoError struct{}

func (noGoError) Error() string {
	return "this relurl does not embed the playground's WebAssembly module, and building it needs the Go toolchain, " +
		"which is not installed (go was not found on PATH): install Go (https://go.dev/dl/) and run relurl serve again, " +
		"or copy the files that relurl serve --write DIR writes on a machine with Go"
}

func (noGoError) Unwrap() error { return wasmbuild.ErrNoGo }

// Files returns the page's files and the module's ([ModuleFile],
// [SupportFile], read from module) as one file system.
func Files(module fs.FS) fs.FS { return union{page: Page(), module: module} }

// union is the page's files with the module's beside them.
type union struct{ page, module fs.FS }

func isModuleFile(name string) bool { return name == ModuleFile || name == SupportFile }

func (u union) Open(name string) (fs.File, error) {
	if isModuleFile(name) {
		return u.module.Open(name)
	}
	return u.page.Open(name)
}

// ReadDir lists the page's files with the module's.
func (u union) ReadDir(name string) ([]fs.DirEntry, error) {
	entries, err := fs.ReadDir(u.page, name)
	if err != nil || name != "." {
		return entries, err
	}
	for _, m := range []string{ModuleFile, SupportFile} {
		info, err := fs.Stat(u.module, m)
		if err != nil {
			return nil, err
		}
		entries = append(entries, fs.FileInfoToDirEntry(info))
	}
	slices.SortFunc(entries, func(a, b fs.DirEntry) int { return strings.Compare(a.Name(), b.Name()) })
	return entries, nil
}

// CSP is the page's Content-Security-Policy: everything from the page's
// own origin and nothing from elsewhere; WebAssembly may be compiled.
// index.html says the same in a meta element, for static hosts.
const CSP = "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; " +
	"img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

// Handler serves files ([Files]), read-only, with a strict
// Content-Security-Policy; the module goes gzip-compressed to a client
// that accepts it. The module is compressed once per handler, in the
// background from the start (about half a second of CPU), so that the
// first page load need not wait for it. The state of the page is in the
// fragment of its address, which never reaches the server.
func Handler(files fs.FS) http.Handler {
	server := http.FileServerFS(files)
	var (
		once sync.Once
		gz   []byte
	)
	prepare := func() { gz = compress(files, ModuleFile) }
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
			if r.URL.Path == "/"+ModuleFile && acceptsGzip(r) {
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
		server.ServeHTTP(w, r)
	})
}

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

// Write writes files ([Files]) into dir, creating it if need be; each
// file is written under a temporary name and renamed into place.
func Write(files fs.FS, dir string) error {
	return fs.WalkDir(files, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		dst := filepath.Join(dir, filepath.FromSlash(name))
		if d.IsDir() {
			return os.MkdirAll(dst, 0o755)
		}
		data, err := fs.ReadFile(files, name)
		if err != nil {
			return err
		}
		return writeFile(dst, data)
	})
}

// writeFile writes data to name by a temporary file in its directory,
// renamed into place: a reader never sees half of it.
func writeFile(name string, data []byte) error {
	f, err := os.CreateTemp(filepath.Dir(name), "."+filepath.Base(name)+".tmp-")
	if err != nil {
		return err
	}
	defer os.Remove(f.Name())
	if _, err := f.Write(data); err != nil {
		f.Close()
		return err
	}
	if err := f.Chmod(0o644); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	return os.Rename(f.Name(), name)
}
