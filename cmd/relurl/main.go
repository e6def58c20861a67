// Command relurl reads, checks and resolves URLs under RFC 1808, strictly,
// and lints the URLs of documents.
//
//	relurl parse [--json] [URL...]
//	relurl lint [flags] [FILE...|DIR...|-]
//
// Run "relurl help" for every command, "relurl help COMMAND" (or "relurl
// COMMAND -h") for one. The command line is documented in docs/cli.md and
// implemented by package github.com/relurl/relurl/lint/cli.
package main

import (
	"os"

	"github.com/relurl/relurl/lint/cli"
)

func main() {
	// The collector's settings follow the size of the run (tuneGC).
	tuneGC(os.Getenv("GOGC"), os.Getenv("GOMEMLIMIT"))
	os.Exit(cli.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
