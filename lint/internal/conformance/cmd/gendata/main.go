// Command gendata writes relurl's RFC 1808 conformance data,
// testdata/rfc1808/urltestdata.json, and prints its counts by source.
// "go generate ./internal/conformance" runs it. It writes nothing when an
// answer of relurl's disagrees with the second computation.
//
//	go run ./internal/conformance/cmd/gendata [-root DIR]
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/relurl/relurl/lint/internal/conformance"
)

func main() {
	root := flag.String("root", ".", "the repository's root")
	flag.Parse()
	entries, err := conformance.Generate(*root)
	if err != nil {
		fmt.Fprintln(os.Stderr, "gendata:", err)
		os.Exit(1)
	}
	data, err := conformance.Encode(entries)
	if err != nil {
		fmt.Fprintln(os.Stderr, "gendata:", err)
		os.Exit(1)
	}
	path := filepath.Join(*root, conformance.DataPath)
	if err := conformance.WriteFile(path, data); err != nil {
		fmt.Fprintln(os.Stderr, "gendata:", err)
		os.Exit(1)
	}
	fmt.Printf("%s:\n%s", conformance.DataPath, conformance.Count(conformance.Cases(entries)))
}
