// Package cli is relurl's command line: the program cmd/relurl runs.
//
//	relurl parse [--json] [URL...]
//
// Run "relurl help" for every command, "relurl help COMMAND" (or "relurl
// COMMAND -h") for one; docs/cli.md documents them. The package exports
// [Main] alone, so that the command's module can run it; what it promises
// is the command line's, not a Go API.
package cli

import (
	"fmt"
	"io"
	"runtime/debug"
	"strings"

	"github.com/relurl/relurl/lint/internal/input"
	"github.com/relurl/relurl/lint/internal/runner"
)

// Exit codes, the same for every command.
const (
	exitOK      = 0 // every input was valid
	exitInvalid = 1 // some input was invalid (or could not be resolved)
	exitUsage   = 2 // a usage or I/O error
)

// command is one subcommand of relurl: a row of the command table.
type command struct {
	name string
	// synopsis is the command's arguments, as its usage line shows them.
	synopsis string
	// summary says what the command does, in one line.
	summary string
	// help is printed by -h after the usage line, before the flags: more
	// lines, or "".
	help string
	// helpFunc, when not nil, makes the help instead, when it is printed:
	// help that is built from tables is not built on every run (decision
	// S-9).
	helpFunc func() string
	// run runs the command with its arguments and returns the exit code.
	run func(args []string, stdin io.Reader, stdout, stderr io.Writer) int
}

// commands is the command table, in the order "relurl help" lists it. It
// is filled in init, since the commands look themselves up in it.
var commands []command

func init() {
	commands = []command{
		{name: "parse", synopsis: "[--json] [URL...]",
			summary: "cut URLs into §2.1 components and check them against §2.2",
			run:     runParse},
		{name: "resolve", synopsis: "[--json] [--lenient] BASE [REF...]",
			summary: "resolve references against BASE (§4)",
			help: "References come from the arguments or, when there are none, from standard input one per line.\n" +
				`An empty BASE ("") is the unknown base of RFC 1808 §3.4: references come back as they are.`,
			run: runResolve},
		{name: "relative", synopsis: "[--json] BASE [TARGET...]",
			summary: "the shortest reference from BASE to each TARGET",
			help: "Prints the shortest reference that resolves against BASE to exactly each TARGET.\n" +
				"Targets come from the arguments or, when there are none, from standard input one per line.",
			run: runRelative},
		{name: "compare", synopsis: "[--base URL] [--json] [--markdown] [URL...]",
			summary: "read URLs three ways: RFC 1808, RFC 3986 (net/url), WHATWG (browsers)",
			help:    compareHelp, run: runCompare},
		{name: "base", synopsis: "[--json] [--url URL] [--type html|message|markdown|css|xml] [--at LINE:COL] FILE",
			summary: "the effective base of a document or a message (§3)",
			help: "Prints the effective base URL of an HTML, Markdown, CSS or XML document or a message (RFC 1808 §3) and the layer that supplied it.\n" +
				"For XML it is the root element's (xml:base), or with --at LINE:COL that of the element there.\n" +
				`FILE "-" is standard input. FILE may be at most ` + input.Size(input.DefaultMax) + ".",
			run: runBase},
		{name: "gen", synopsis: "[--production NAME] [--invalid] [-n N] [--seed S] [--json] [--corpus DIR [--format go|raw]] [--dict]",
			summary: "generate URLs from the §2.2 grammar",
			help: "Prints generated URLs, one a line. --corpus DIR writes them as a fuzzing seed corpus instead:\n" +
				"Go's corpus files, or with --format raw the bytes and an index.json of each input's RFC 1808 reading.\n" +
				"--dict prints a libFuzzer/AFL dictionary of the grammar's delimiters and literals.",
			run: runGen},
		{name: "grammar", synopsis: "[--format bnf|ebnf|svg] [PRODUCTION]",
			summary: "the §2.2 BNF relurl is generated from, its EBNF, or its railroad diagrams",
			help:    grammarHelp, run: runGrammar},
		{name: "lint", synopsis: "[flags] [FILE...|DIR...|-]",
			summary:  "lint the URLs of documents: HTML, Markdown, CSS, XML, messages, mailboxes, URL lists",
			helpFunc: lintHelp,
			run:      runLint},
		{name: "rules", synopsis: "[--json] [--config FILE|--no-config] [--enable ...] [--disable ...] [--severity ...] [ID...]",
			summary: "the linter's rule catalog",
			help: "Lists the linter's rules, as the configuration (" + runner.ConfigName + ", found from the working directory as relurl lint\n" +
				"finds it) and the flags (the same as relurl lint's) configure them;\n" +
				"given rule ids or families, prints each of their rules in full.",
			run: runRules},
		{name: "lsp", synopsis: "[--no-targets] [--playground URL]",
			summary: "the language server, for editors: diagnostics, quick fixes and hovers",
			help:    lspHelp, run: runLSP},
		{name: "serve", synopsis: "[--addr 127.0.0.1:8080] [--write DIR]",
			summary: "the playground: a page where a URL and a base show RFC 1808 at work",
			help:    serveHelp, run: runServe},
		{name: "version", summary: "the module version relurl was built from", run: runVersion},
		{name: "help", synopsis: "[COMMAND]", summary: "this list, or a command's help", run: runHelp},
	}
}

// lookup returns the command called name.
func lookup(name string) (*command, bool) {
	for i := range commands {
		if commands[i].name == name {
			return &commands[i], true
		}
	}
	return nil, false
}

// Main runs relurl with the command-line arguments args (without the
// program's name) on the given streams and returns the exit status: 0 when
// every input was valid, 1 when some input was invalid, 2 on a usage or
// I/O error. It is the whole program; cmd/relurl only passes it the
// process's arguments and streams, and tunes the garbage collector.
func Main(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return run(args, stdin, stdout, stderr)
}

// run is the whole program: main only passes it the process's arguments and
// streams, so tests call it directly.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		printUsage(stderr)
		return exitUsage
	}
	switch args[0] {
	case "-h", "-help", "--help":
		printUsage(stdout)
		return exitOK
	case "-version", "--version":
		return runVersion(nil, stdin, stdout, stderr)
	}
	c, ok := lookup(args[0])
	if !ok {
		fmt.Fprintf(stderr, "relurl: unknown command %q\n", args[0])
		printUsage(stderr)
		return exitUsage
	}
	return c.run(args[1:], stdin, stdout, stderr)
}

func printUsage(w io.Writer) {
	fmt.Fprintln(w, "usage: relurl COMMAND [ARGS]")
	fmt.Fprintln(w)
	for _, c := range commands {
		fmt.Fprintf(w, "  relurl %s\n      %s\n", strings.TrimSpace(c.name+" "+c.synopsis), c.summary)
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, `Run "relurl help COMMAND" (or "relurl COMMAND -h") for a command's flags.`)
	fmt.Fprintln(w, "Inputs come from the arguments, or from standard input one per line when there are none")
	fmt.Fprintln(w, "(relurl lint lints the project then, and reads standard input as \"-\").")
	fmt.Fprintln(w, "Exit status: 0 all inputs valid, 1 some input invalid, 2 usage or I/O error.")
}

// runHelp prints the list of commands, or one command's help.
func runHelp(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	args, code, ok := parseArgs(newFlagSet("help", stderr), args, stdout)
	if !ok {
		return code
	}
	if len(args) == 0 {
		printUsage(stdout)
		return exitOK
	}
	c, ok := lookup(args[0])
	if !ok || len(args) > 1 {
		fmt.Fprintf(stderr, "relurl help: unknown command %q\n", strings.Join(args, " "))
		printUsage(stderr)
		return exitUsage
	}
	return c.run([]string{"-h"}, stdin, stdout, stderr)
}

// runVersion prints the module version relurl was built from.
func runVersion(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("version", stderr)
	pos, code, ok := parseArgs(fs, args, stdout)
	if !ok {
		return code
	}
	if len(pos) > 0 {
		return fs.unexpected(pos[0])
	}
	fmt.Fprintf(stdout, "relurl %s\n", version())
	return exitOK
}

// release is the version a release build stamps into the binary (make
// dist links it with -X github.com/relurl/relurl/lint/cli.release=v1.2.3;
// decision I-1); empty in any
// other build.
var release string

// version is the release the binary was built as: the one make dist
// stamped, else the version of the main module in the build information,
// as "go install ...@v1.2.3" records it, or "(devel)".
func version() string {
	if release != "" {
		return release
	}
	if info, ok := debug.ReadBuildInfo(); ok && info.Main.Version != "" {
		return info.Main.Version
	}
	return "(devel)"
}
