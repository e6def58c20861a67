// Command genwasm builds the playground's WebAssembly module from the
// checkout it is run in and writes it, with Go's wasm_exec.js of the
// release that built it, into a directory:
//
//	go run ./playground/internal/genwasm -o DIR
//
// It prints the module's size as built and gzip-compressed. relurl serve
// needs no such step: it builds the module itself, once, into its cache
// (package wasmbuild).
package main

import (
	"context"
	"flag"
	"fmt"
	"os"

	"github.com/relurl/relurl/lint/internal/playground/internal/wasmbuild"
)

func main() {
	out := flag.String("o", "", "write the module and wasm_exec.js into this `directory`")
	flag.Parse()
	if *out == "" || flag.NArg() > 0 {
		fmt.Fprintln(os.Stderr, "usage: genwasm -o DIR")
		os.Exit(2)
	}
	if err := run(*out); err != nil {
		fmt.Fprintln(os.Stderr, "genwasm:", err)
		os.Exit(1)
	}
}

func run(out string) error {
	ctx := context.Background()
	src, err := wasmbuild.Locate(ctx)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	res, err := wasmbuild.Build(ctx, src, out)
	if err != nil {
		return err
	}
	fmt.Printf("genwasm: built %s with %s: %d bytes, %d gzip-compressed\n", wasmbuild.Module, res.GoVersion, res.Raw, res.Compressed)
	return nil
}
