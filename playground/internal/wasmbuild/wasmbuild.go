// Package wasmbuild builds the playground's WebAssembly module and says
// whether the committed one is stale.
//
// The module is committed in playground/site/static, so that `go install
// .../cmd/relurl` gives a `relurl serve` that works: go install runs no
// generator. It is committed as it is built, not compressed: git stores
// it compressed anyway (6.1 MB of module take 1.75 MB in a pack, about
// what gzip gives), and a rebuilt module is a delta against the last in
// the pack (about 30 KB after a one-line change of the library, 0.7 MB
// after the lint package was split in three), where a rebuilt gzip file,
// which shares no bytes with the last, costs its 1.7 MB every time. The
// server compresses it for the browser. A stamp beside it (playground/site/wasm.stamp)
// records a hash of what the module is built from: the Go files of every
// package of this module it imports, and the version of every other
// module. [Stamp] computes that hash from the sources as they are, with
// `go list`, in a fraction of a second; the site's test fails when it
// differs from the committed stamp, naming the command that rebuilds.
// Hashing the inputs rather than comparing a fresh build to the committed
// bytes keeps the test fast and independent of whether two builds of the
// module are byte for byte the same.
package wasmbuild

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
)

// Main is the import path of the module's main package.
const Main = "github.com/relurl/relurl/playground/wasm"

// Files under the site's directory (playground/site).
const (
	// Module is the module the page loads.
	Module = "static/relurl.wasm"
	// Support is Go's JavaScript support for js/wasm, the copy of the Go
	// release that built Module.
	Support = "static/wasm_exec.js"
	// StampFile records what Module was built from.
	StampFile = "wasm.stamp"
)

// Flags are the build flags of the module: no symbol table or DWARF
// (-s -w, which matter little for js/wasm: 6.14 MB with them, 6.26 MB
// without), and paths trimmed so that the build does not depend on where
// the tree is.
var Flags = []string{"-trimpath", "-ldflags=-s -w"}

// env is the environment of the go commands that see the module's
// dependencies as the js/wasm build does.
func env() []string {
	return append(os.Environ(), "GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0")
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

// Stamp returns the stamp of the module as the sources in the module at
// dir would build it: one line naming the hash of the inputs.
func Stamp(dir string) (string, error) {
	cmd := exec.Command("go", "list", "-deps", "-json=ImportPath,Dir,GoFiles,EmbedFiles,Standard,Module", Main)
	cmd.Dir, cmd.Env = dir, env()
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("go list: %w: %s", err, strings.TrimSpace(stderr.String()))
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
			continue // the Go release, recorded apart
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
	lines = compact(lines)
	for _, l := range lines {
		fmt.Fprintln(h, l)
	}
	return "sources sha256:" + hex.EncodeToString(h.Sum(nil)), nil
}

func compact(s []string) []string {
	out := s[:0]
	for i, v := range s {
		if i == 0 || v != s[i-1] {
			out = append(out, v)
		}
	}
	return out
}

// ReadStamp returns the sources line of the stamp file in the site's
// directory.
func ReadStamp(siteDir string) (string, error) {
	data, err := os.ReadFile(filepath.Join(siteDir, StampFile))
	if err != nil {
		return "", err
	}
	for _, line := range strings.Split(string(data), "\n") {
		if strings.HasPrefix(line, "sources ") {
			return line, nil
		}
	}
	return "", errors.New(StampFile + " has no sources line")
}

// Result is what [Build] made.
type Result struct {
	// Stamp is the stamp of the sources built.
	Stamp string
	// GoVersion is the release that built the module.
	GoVersion string
	// Raw and Compressed are the module's size in bytes, as built and
	// gzip-compressed at its best, as a server sends it.
	Raw, Compressed int
}

// Build builds the module from the module at dir and writes it, Go's
// wasm_exec.js of the same release and the stamp into siteDir.
func Build(dir, siteDir string) (*Result, error) {
	stamp, err := Stamp(dir)
	if err != nil {
		return nil, err
	}
	tmp, err := os.MkdirTemp("", "relurl-wasm")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	wasm := filepath.Join(tmp, "relurl.wasm")
	args := append(append([]string{"build"}, Flags...), "-o", wasm, Main)
	cmd := exec.Command("go", args...)
	cmd.Dir, cmd.Env, cmd.Stdout, cmd.Stderr = dir, env(), os.Stderr, os.Stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("go build: %w", err)
	}
	raw, err := os.ReadFile(wasm)
	if err != nil {
		return nil, err
	}
	gz, err := Compress(raw)
	if err != nil {
		return nil, err
	}
	goroot, version, err := goEnv(dir)
	if err != nil {
		return nil, err
	}
	support, err := wasmExec(goroot)
	if err != nil {
		return nil, err
	}
	res := &Result{Stamp: stamp, GoVersion: version, Raw: len(raw), Compressed: len(gz)}
	stampText := fmt.Sprintf("%s\ngo %s\nbuilt with go build %s for GOOS=js GOARCH=wasm\nraw %d bytes\ngzip %d bytes\n",
		stamp, version, strings.Join(Flags, " "), res.Raw, res.Compressed)
	for name, data := range map[string][]byte{Module: raw, Support: support, StampFile: []byte(stampText)} {
		if err := os.WriteFile(filepath.Join(siteDir, name), data, 0o644); err != nil {
			return nil, err
		}
	}
	return res, nil
}

// goEnv returns GOROOT and the Go version of the go command.
func goEnv(dir string) (goroot, version string, err error) {
	cmd := exec.Command("go", "env", "GOROOT", "GOVERSION")
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		return "", "", fmt.Errorf("go env: %w", err)
	}
	f := strings.Fields(string(out))
	if len(f) != 2 {
		return "", "", fmt.Errorf("go env: unexpected output %q", out)
	}
	return f[0], f[1], nil
}

// wasmExec reads wasm_exec.js from the Go release at goroot: lib/wasm
// since Go 1.24, misc/wasm before.
func wasmExec(goroot string) ([]byte, error) {
	var errs []error
	for _, p := range []string{"lib/wasm/wasm_exec.js", "misc/wasm/wasm_exec.js"} {
		f, err := os.Open(filepath.Join(goroot, p))
		if err != nil {
			errs = append(errs, err)
			continue
		}
		defer f.Close()
		return io.ReadAll(f)
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
