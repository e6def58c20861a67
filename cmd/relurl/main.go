// Command relurl reads, checks and resolves URLs under RFC 1808, strictly.
//
//	relurl parse [--json] [URL...]
//
// Run "relurl help" for every command.
package main

import (
	"fmt"
	"io"
	"os"
	"sort"
)

// command runs one subcommand with its arguments and returns the exit code.
type command func(args []string, stdin io.Reader, stdout, stderr io.Writer) int

// Exit codes, the same for every command.
const (
	exitOK      = 0 // every input was valid
	exitInvalid = 1 // some input was invalid (or could not be resolved)
	exitUsage   = 2 // a usage or I/O error
)

// commands maps each subcommand's name to its implementation.
var commands = map[string]command{
	"parse":    runParse,
	"resolve":  runResolve,
	"relative": runRelative,
	"base":     runBase,
	"gen":      runGen,
	"lint":     runLint,
	"rules":    runRules,
}

// usage is a one-line summary of each subcommand.
var usage = map[string]string{
	"parse":    "parse [--json] [URL...]             cut URLs into §2.1 components and check them against §2.2",
	"resolve":  "resolve [--json] [--lenient] BASE [REF...]  resolve references against BASE (§4)",
	"relative": "relative BASE TARGET...             the shortest reference from BASE to each TARGET",
	"base":     "base [--url URL] FILE               the effective base of an HTML document or a message (§3)",
	"gen":      "gen [--production NAME] [--invalid] [-n N] [--seed S] [--json]  generate URLs from the §2.2 grammar",
	"lint":     "lint [--format text|json|sarif] [--base URL] [--fail-on SEV] [FILE...|DIR...|-]  lint the URLs of URL lists, HTML and messages",
	"rules":    "rules [--json] [ID...]              the linter's rule catalog",
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run is the whole program: main only passes it the process's arguments and
// streams, so tests call it directly.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		printUsage(stderr)
		return exitUsage
	}
	switch args[0] {
	case "help", "-h", "-help", "--help":
		printUsage(stdout)
		return exitOK
	}
	cmd, ok := commands[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "relurl: unknown command %q\n", args[0])
		printUsage(stderr)
		return exitUsage
	}
	return cmd(args[1:], stdin, stdout, stderr)
}

func printUsage(w io.Writer) {
	fmt.Fprintln(w, "usage: relurl COMMAND [ARGS]")
	fmt.Fprintln(w, "")
	names := make([]string, 0, len(commands))
	for name := range commands {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		line, ok := usage[name]
		if !ok {
			line = name
		}
		fmt.Fprintf(w, "  relurl %s\n", line)
	}
	fmt.Fprintln(w, "")
	fmt.Fprintln(w, "Inputs come from the arguments, or from standard input one per line when there are none.")
	fmt.Fprintln(w, "Exit status: 0 all inputs valid, 1 some input invalid, 2 usage or I/O error.")
}
