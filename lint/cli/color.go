package cli

import (
	"io"
	"os"
	"strings"

	"golang.org/x/term"
)

// colorNames are the values of --color.
var colorNames = []string{"auto", "always", "never"}

// colorOn decides whether relurl lint's text colours its output (decision
// U-6): --color always or never says so; with auto, the environment's
// FORCE_COLOR (set and not empty) colours and FORCE_COLOR=0 or false does
// not, whatever NO_COLOR says; else NO_COLOR (set and not empty) does not;
// else the output is coloured when it is a terminal whose TERM is not
// "dumb". getenv reads the environment (os.Getenv).
func colorOn(when string, getenv func(string) string, terminal bool) bool {
	switch when {
	case "always":
		return true
	case "never":
		return false
	}
	switch f := getenv("FORCE_COLOR"); {
	case f == "0" || strings.EqualFold(f, "false"):
		return false
	case f != "":
		return true
	}
	if getenv("NO_COLOR") != "" {
		return false
	}
	return terminal && getenv("TERM") != "dumb"
}

// isTerminal reports whether w is a terminal: a pipe, a file, /dev/null
// are not.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}
