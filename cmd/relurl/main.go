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
	"runtime/debug"

	"github.com/relurl/relurl/lint/cli"
)

func main() {
	// relurl allocates much and keeps little: a linted file's garbage is
	// gone when the next begins. Collecting less often pays in CPU time,
	// for a larger peak RSS: BenchmarkLintHTML run with GOGC=100 and with
	// GOGC=400 shows what it saves. GOGC, when set, still says.
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400)
	}
	os.Exit(cli.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
