//go:build embedwasm

package site

import (
	"embed"
	"io/fs"
)

// module is the WebAssembly module and its wasm_exec.js, embedded by a
// build with -tags embedwasm, after go run ./playground/internal/genwasm
// -o playground/site/module wrote them (TestEmbedded builds it so).
//
//go:embed module/relurl.wasm module/wasm_exec.js
var module embed.FS

// embedded returns the embedded module.
func embedded() fs.FS {
	sub, err := fs.Sub(module, "module")
	if err != nil {
		panic(err) // the directory is embedded: it is there
	}
	return sub
}
