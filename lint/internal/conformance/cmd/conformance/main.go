// Command conformance runs relurl's RFC 1808 conformance data against the
// URL libraries of conformance/adapters, records the table in
// testdata/rfc1808/conformance.json and writes docs/conformance.md from it.
// `make conformance` runs it. An adapter whose interpreter or library is
// not installed is skipped, with a message naming what it needs.
//
//	go run ./internal/conformance/cmd/conformance [-root DIR]
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/relurl/relurl/lint/internal/conformance"
)

func main() {
	root := flag.String("root", ".", "the repository's root")
	flag.Parse()
	if err := run(*root); err != nil {
		fmt.Fprintln(os.Stderr, "conformance:", err)
		os.Exit(1)
	}
}

func run(root string) error {
	rec, err := conformance.Record(context.Background(), root, os.Stderr)
	if err != nil {
		return err
	}
	data, err := rec.Encode()
	if err != nil {
		return err
	}
	doc, err := rec.Render()
	if err != nil {
		return err
	}
	if err := conformance.WriteFile(filepath.Join(root, conformance.RecordingPath), data); err != nil {
		return err
	}
	return conformance.WriteFile(filepath.Join(root, conformance.DocPath), doc)
}
