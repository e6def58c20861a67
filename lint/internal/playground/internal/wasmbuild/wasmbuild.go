// Package wasmbuild builds the playground's WebAssembly module with the Go
// toolchain, from the sources relurl was built from, and keeps it in a
// cache (decision W-9).
//
// The module is not in the repository: a module rebuilt on every change
// of a package it imports made the history grow by megabytes with each
// rebuild. A `relurl` installed by `go install
// github.com/relurl/relurl/cmd/relurl@latest` still serves the page
// offline: its sources are in the module cache (go install put them
// there), and [Ensure] builds the module from them once, with the go
// command on PATH, into a cache directory keyed by relurl's version and
// the Go release; a relurl built from a checkout builds it from the
// checkout, keyed by a hash of the sources ([Stamp]).
package wasmbuild

import (
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"sort"
	"strings"
	"time"
)

// ModulePath is the path of the Go module the WebAssembly module's main
// package is in: relurl's linter, whose go.mod requires the library.
const ModulePath = "github.com/relurl/relurl/lint"

// Main is the import path of the WebAssembly module's main package.
const Main = ModulePath + "/internal/playground/wasm"

// The files a build makes, in the directory it is given.
const (
	// Module is the module the page loads.
	Module = "relurl.wasm"
	// Support is Go's JavaScript support for js/wasm, the copy of the Go
	// release that built Module: the two go together.
	Support = "wasm_exec.js"
)

// Flags are the build flags of the module: no symbol table or DWARF
// (-s -w), and paths trimmed so that the build does not depend on where
// the sources are.
var Flags = []string{"-trimpath", "-ldflags=-s -w"}

// ErrNoGo says that the go command, which builds the module, is not on
// PATH.
var ErrNoGo = errors.New("the Go toolchain is not installed: go was not found on PATH")

// env is the environment of the go commands that build the module or
// see its dependencies as the js/wasm build does: the module's own go.mod
// decides, not a workspace or GOFLAGS of the caller's.
func env() []string {
	return append(os.Environ(), "GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0", "GOWORK=off", "GOFLAGS=-mod=readonly")
}

// goCommand returns the go command at dir with the module's environment.
func goCommand(ctx context.Context, dir string, args ...string) *exec.Cmd {
	cmd := exec.CommandContext(ctx, "go", args...)
	cmd.Dir, cmd.Env = dir, env()
	return cmd
}

// output runs cmd and returns its standard output, or an error that
// holds what it wrote on standard error.
func output(cmd *exec.Cmd) ([]byte, error) {
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		if errors.Is(err, exec.ErrNotFound) {
			return nil, ErrNoGo
		}
		return nil, fmt.Errorf("%s: %w: %s", strings.Join(cmd.Args[:2], " "), err, strings.TrimSpace(stderr.String()))
	}
	return out, nil
}

// Source is where the sources of relurl are, that the module is built
// from.
type Source struct {
	// Dir is the root of relurl's module: a checkout, or its directory in
	// the module cache.
	Dir string
	// Version is relurl's module version when Dir is that version in the
	// module cache; "" for a checkout, which may hold any change.
	Version string
}

// Locate finds the sources the running program was built from: the
// directory this package was compiled from when it is still there (a
// checkout, or the module cache of a `go install …@version`); else the
// module cache's copy of the version the program records (go mod
// download, which reads the module cache before the network); else a
// checkout of relurl at or above the working directory.
func Locate(ctx context.Context) (Source, error) {
	version := buildVersion()
	if _, file, _, ok := runtime.Caller(0); ok && filepath.IsAbs(file) {
		// file is internal/playground/internal/wasmbuild/wasmbuild.go
		// under the module's root.
		dir := file
		for range 5 {
			dir = filepath.Dir(dir)
		}
		if isRelurl(dir) {
			src := Source{Dir: dir}
			if released(version) && filepath.Base(dir) == "lint@"+version {
				src.Version = version
			}
			return src, nil
		}
	}
	var errs []error
	if released(version) {
		out, err := output(goCommand(ctx, os.TempDir(), "mod", "download", "-json", ModulePath+"@"+version))
		if errors.Is(err, ErrNoGo) {
			return Source{}, err
		}
		var m struct{ Dir, Error string }
		if err == nil {
			err = json.Unmarshal(out, &m)
		}
		switch {
		case err != nil:
			errs = append(errs, err)
		case m.Error != "":
			errs = append(errs, errors.New(m.Error))
		case isRelurl(m.Dir):
			return Source{Dir: m.Dir, Version: version}, nil
		}
	}
	if wd, err := os.Getwd(); err == nil {
		for dir := wd; ; dir = filepath.Dir(dir) {
			if isRelurl(dir) {
				return Source{Dir: dir}, nil
			}
			if lint := filepath.Join(dir, "lint"); isRelurl(lint) {
				return Source{Dir: lint}, nil // the repository's root
			}
			if filepath.Dir(dir) == dir {
				break
			}
		}
	}
	return Source{}, fmt.Errorf("the sources of relurl %s are not in the module cache, and no checkout of relurl holds the working directory: "+
		"run relurl serve in a checkout, or install a released version (go install github.com/relurl/relurl/cmd/relurl@latest)%s",
		version, joinErrs(errs))
}

func joinErrs(errs []error) string {
	if len(errs) == 0 {
		return ""
	}
	return " (" + errors.Join(errs...).Error() + ")"
}

// buildVersion is the version of relurl's module that the running
// program was built from, as it records it: its main module's, or the
// dependency's when relurl is a library of another program; "(devel)"
// when it records none.
func buildVersion() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "(devel)"
	}
	mods := append([]*debug.Module{&bi.Main}, bi.Deps...)
	for _, m := range mods {
		if m.Path == ModulePath {
			if m.Replace != nil {
				return "(devel)" // replaced by a directory or another module: not this version's sources
			}
			if m.Version == "" {
				return "(devel)"
			}
			return m.Version
		}
	}
	return "(devel)"
}

// released reports whether v names sources the module cache can hold: a
// version, not a build of a checkout ("(devel)", or a pseudo-version the
// go command stamped on a checkout with uncommitted changes).
func released(v string) bool {
	return strings.HasPrefix(v, "v") && !strings.Contains(v, "+dirty")
}

// isRelurl reports whether dir is the root of the module of the
// WebAssembly module's main package ([ModulePath]).
func isRelurl(dir string) bool {
	data, err := os.ReadFile(filepath.Join(dir, "go.mod"))
	if err != nil {
		return false
	}
	for _, line := range strings.Split(string(data), "\n") {
		if f := strings.Fields(line); len(f) == 2 && f[0] == "module" && strings.Trim(f[1], `"`) == ModulePath {
			return true
		}
	}
	return false
}

// GoVersion returns the release of the go command that builds in dir
// (go.mod's toolchain line may select another than the one on PATH).
func GoVersion(ctx context.Context, dir string) (string, error) {
	out, err := output(goCommand(ctx, dir, "env", "GOVERSION"))
	if err != nil {
		return "", err
	}
	return strings.TrimSpace(string(out)), nil
}

// Key returns the name of src's module in the cache: the version and the
// Go release for a version of the module cache, whose sources never
// change; for a checkout, "devel", a hash of its sources ([Stamp]) and
// the Go release.
func Key(ctx context.Context, src Source) (string, error) {
	goVersion, err := GoVersion(ctx, src.Dir)
	if err != nil {
		return "", err
	}
	if src.Version != "" {
		return src.Version + "-" + goVersion, nil
	}
	stamp, err := Stamp(ctx, src.Dir)
	if err != nil {
		return "", err
	}
	return "devel-" + stamp[:16] + "-" + goVersion, nil
}

type listed struct {
	ImportPath string
	Dir        string
	GoFiles    []string
	EmbedFiles []string
	Standard   bool
	Module     *struct {
		Path    string
		Version string
		Main    bool
	}
}

// Stamp returns a hash of what the module is built from, as the sources
// in the module at dir would build it: the build flags, the Go files of
// every package of relurl the module imports, and the version of every
// other module. It runs go list, in a fraction of a second.
func Stamp(ctx context.Context, dir string) (string, error) {
	out, err := output(goCommand(ctx, dir, "list", "-deps", "-json=ImportPath,Dir,GoFiles,EmbedFiles,Standard,Module", Main))
	if err != nil {
		return "", err
	}
	h := sha256.New()
	fmt.Fprintf(h, "flags %q\n", Flags)
	var lines []string
	dec := json.NewDecoder(bytes.NewReader(out))
	for dec.More() {
		var p listed
		if err := dec.Decode(&p); err != nil {
			return "", err
		}
		switch {
		case p.Standard:
			continue // the Go release, which the key names apart
		case p.Module == nil || !p.Module.Main:
			if p.Module != nil {
				lines = append(lines, "module "+p.Module.Path+"@"+p.Module.Version)
			}
			continue
		}
		for _, f := range append(append([]string(nil), p.GoFiles...), p.EmbedFiles...) {
			data, err := os.ReadFile(filepath.Join(p.Dir, f))
			if err != nil {
				return "", err
			}
			sum := sha256.Sum256(data)
			lines = append(lines, "file "+p.ImportPath+"/"+f+" "+hex.EncodeToString(sum[:]))
		}
	}
	sort.Strings(lines)
	prev := ""
	for _, l := range lines {
		if l != prev {
			fmt.Fprintln(h, l)
		}
		prev = l
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// Result is what [Build] made.
type Result struct {
	// GoVersion is the release that built the module.
	GoVersion string
	// Raw and Compressed are the module's size in bytes, as built and
	// gzip-compressed at the best compression.
	Raw, Compressed int
}

// Build builds the module from src and writes it, with Go's wasm_exec.js
// of the same release, into dir, which must exist.
func Build(ctx context.Context, src Source, dir string) (*Result, error) {
	wasm := filepath.Join(dir, Module)
	args := append(append([]string{"build"}, Flags...), "-o", wasm, Main)
	if _, err := output(goCommand(ctx, src.Dir, args...)); err != nil {
		return nil, err
	}
	raw, err := os.ReadFile(wasm)
	if err != nil {
		return nil, err
	}
	gz, err := Compress(raw)
	if err != nil {
		return nil, err
	}
	out, err := output(goCommand(ctx, src.Dir, "env", "GOROOT", "GOVERSION"))
	if err != nil {
		return nil, err
	}
	f := strings.Fields(string(out))
	if len(f) != 2 {
		return nil, fmt.Errorf("go env GOROOT GOVERSION: unexpected output %q", out)
	}
	support, err := wasmExec(f[0])
	if err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(dir, Support), support, 0o644); err != nil {
		return nil, err
	}
	return &Result{GoVersion: f[1], Raw: len(raw), Compressed: len(gz)}, nil
}

// wasmExec reads wasm_exec.js from the Go release at goroot: lib/wasm
// since Go 1.24, misc/wasm before.
func wasmExec(goroot string) ([]byte, error) {
	var errs []error
	for _, p := range []string{"lib/wasm/wasm_exec.js", "misc/wasm/wasm_exec.js"} {
		data, err := os.ReadFile(filepath.Join(goroot, p))
		if err == nil {
			return data, nil
		}
		errs = append(errs, err)
	}
	return nil, fmt.Errorf("wasm_exec.js not found in GOROOT: %w", errors.Join(errs...))
}

// Compress returns data gzip-compressed at the best compression.
func Compress(data []byte) ([]byte, error) {
	var gz bytes.Buffer
	zw, err := gzip.NewWriterLevel(&gz, gzip.BestCompression)
	if err != nil {
		return nil, err
	}
	if _, err := zw.Write(data); err != nil {
		return nil, err
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return gz.Bytes(), nil
}

// complete reports whether dir holds a module and its wasm_exec.js.
func complete(dir string) bool {
	f, err := os.Open(filepath.Join(dir, Module))
	if err != nil {
		return false
	}
	defer f.Close()
	magic := make([]byte, 4)
	if _, err := io.ReadFull(f, magic); err != nil || string(magic) != "\x00asm" {
		return false
	}
	info, err := os.Stat(filepath.Join(dir, Support))
	return err == nil && info.Mode().IsRegular()
}

// Stale is how long a cached module no one used stays in the cache: the
// modules of other versions, releases and states of a checkout go once
// they have not been used for this long.
const Stale = 30 * 24 * time.Hour

// Ensure returns the directory in cache that holds the module built from
// the sources the running program was built from ([Locate]) by the go
// command on PATH, and its wasm_exec.js; it builds them first when they
// are not there, and says so on log. A build goes into a directory of its
// own, renamed into place when complete: a build that fails or is
// stopped leaves nothing half-written where the module is looked for,
// and of two programs building at once the second to finish uses the
// first one's. Without a go command on PATH the error wraps [ErrNoGo].
func Ensure(ctx context.Context, cache string, log io.Writer) (string, error) {
	if _, err := exec.LookPath("go"); err != nil {
		return "", ErrNoGo
	}
	src, err := Locate(ctx)
	if err != nil {
		return "", err
	}
	key, err := Key(ctx, src)
	if err != nil {
		return "", err
	}
	dir := filepath.Join(cache, key)
	if complete(dir) {
		now := time.Now()
		_ = os.Chtimes(dir, now, now) // in use: not stale
		return dir, nil
	}
	if err := os.MkdirAll(cache, 0o755); err != nil {
		return "", err
	}
	prune(cache)
	fmt.Fprintf(log, "building the playground's WebAssembly module from %s, once (%s, cached in %s)\n", src.Dir, key, cache)
	tmp, err := os.MkdirTemp(cache, ".build-")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(tmp)
	if _, err := Build(ctx, src, tmp); err != nil {
		return "", fmt.Errorf("building the playground's WebAssembly module: %w", err)
	}
	if err := os.Rename(tmp, dir); err != nil {
		if complete(dir) {
			return dir, nil // built meanwhile by another program
		}
		// What is there is not a module a build renamed into place (a
		// file of it removed by hand): replace it.
		if err := os.RemoveAll(dir); err != nil {
			return "", err
		}
		if err := os.Rename(tmp, dir); err != nil {
			return "", err
		}
	}
	return dir, nil
}

// prune removes the entries of cache that no one used for [Stale]: the
// modules of other versions and releases, and builds that never
// completed.
func prune(cache string) {
	entries, err := os.ReadDir(cache)
	if err != nil {
		return
	}
	for _, e := range entries {
		info, err := e.Info()
		if err == nil && time.Since(info.ModTime()) > Stale {
			_ = os.RemoveAll(filepath.Join(cache, e.Name()))
		}
	}
}
