package cli

import (
	"context"
	"io"

	"github.com/relurl/relurl/lint/internal/lsp"
)

// lspHelp is the help of "relurl lsp", after its usage line.
const lspHelp = "Runs the language server on standard input and output: diagnostics as relurl lint reports them\n" +
	"(honouring .relurl.toml; the target rules read the workspace folder's files, kept current as they\n" +
	"change), quick fixes and \"suppress here\", and a hover on a URL with its components, its §4 resolution,\n" +
	"its three readings and a link to the playground.\n" +
	"Editors start it themselves: see docs/editors.md. Exit status: 0 after the client's shutdown, 1 otherwise."

func runLSP(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("lsp", stderr)
	playground := fs.String("playground", lsp.DefaultPlayground, "the playground's `URL`, which hovers link to")
	noTargets := fs.Bool("no-targets", false, "do not check where links lead (the target rules)")
	// Clients built on vscode-languageclient pass --stdio; standard input
	// and output are the only transport.
	fs.Bool("stdio", true, "talk over standard input and output (always)")
	rest, code, ok := parseArgs(fs, args, stdout)
	if !ok {
		return code
	}
	if len(rest) > 0 {
		return fs.unexpected(rest[0])
	}
	return lsp.Serve(context.Background(), stdin, stdout, lsp.Options{Playground: *playground, NoTargets: *noTargets, Version: version(), Log: stderr})
}
