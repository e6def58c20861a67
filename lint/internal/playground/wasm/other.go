//go:build !(js && wasm)

package main

import (
	"fmt"
	"os"
)

// main explains how to build the module; it is WebAssembly for a page.
func main() {
	fmt.Fprintln(os.Stderr, "the playground's module runs in a browser: build it with GOOS=js GOARCH=wasm (relurl serve builds it; go run ./playground/internal/genwasm -o DIR)")
	os.Exit(2)
}
