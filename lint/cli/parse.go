package cli

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/relurl/relurl/ast"
	"github.com/relurl/relurl/validate"
)

// parseResult is the --json output of "relurl parse" for one input. The six
// components are those the §2.4 cut finds, reported even for an invalid
// input; a component is null when its delimiter is absent and "" when it
// is present but empty. The path is never null: it has no delimiter, and
// holds its leading "/" when there is one.
type parseResult struct {
	Input       string           `json:"input"`
	Valid       bool             `json:"valid"`
	Form        string           `json:"form"`
	Scheme      *string          `json:"scheme"`
	NetLoc      *string          `json:"net_loc"`
	Path        string           `json:"path"`
	Params      *string          `json:"params"`
	Query       *string          `json:"query"`
	Fragment    *string          `json:"fragment"`
	Diagnostics []jsonDiagnostic `json:"diagnostics"`
}

func runParse(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("parse", stderr)
	asJSON := fs.Bool("json", false, "print one JSON object per input")
	inputs, code, ok := parseArgs(fs, args, stdout)
	if !ok {
		return code
	}
	code = exitOK
	if !streamInputs("parse", inputs, stdin, stdout, stderr, func(out io.Writer, s string) error {
		u, diags := validate.Validate(s)
		if diags.HasErrors() {
			code = exitInvalid
		}
		if *asJSON {
			return writeJSON(out, toParseResult(s, u, diags))
		}
		writeParseText(out, s, u, diags)
		return nil
	}) {
		return exitUsage
	}
	return code
}

func toParseResult(s string, u ast.URL, diags ast.Diagnostics) parseResult {
	r := parseResult{
		Input:       s,
		Valid:       !diags.HasErrors(),
		Form:        u.Form.String(),
		Scheme:      optional(u.Scheme),
		NetLoc:      optional(u.NetLoc),
		Path:        u.Path.Value,
		Params:      optional(u.Params),
		Query:       optional(u.Query),
		Fragment:    optional(u.Fragment),
		Diagnostics: make([]jsonDiagnostic, 0, len(diags)),
	}
	for _, d := range diags {
		r.Diagnostics = append(r.Diagnostics, toJSONDiagnostic(d))
	}
	return r
}

func optional(c ast.Component) *string {
	if !c.Present {
		return nil
	}
	v := c.Value
	return &v
}

// writeParseText prints one input as a block: the input, its verdict and
// form, its components, and each diagnostic with a caret under the
// offending text.
func writeParseText(w io.Writer, s string, u ast.URL, diags ast.Diagnostics) {
	verdict := "valid"
	if diags.HasErrors() {
		verdict = "invalid"
	}
	fmt.Fprintf(w, "%s\n", strconv.Quote(s))
	fmt.Fprintf(w, "  %-9s %s (%s)\n", "verdict", verdict, u.Form)
	field := func(name string, c ast.Component) {
		v := "(absent)"
		if c.Present {
			v = strconv.Quote(c.Value)
		}
		fmt.Fprintf(w, "  %-9s %s\n", name, v)
	}
	field("scheme", u.Scheme)
	field("net_loc", u.NetLoc)
	fmt.Fprintf(w, "  %-9s %s\n", "path", strconv.Quote(u.Path.Value))
	field("params", u.Params)
	field("query", u.Query)
	field("fragment", u.Fragment)
	for i := range diags {
		d := &diags[i]
		fmt.Fprintf(w, "  %s: offset %d: %s: %s [%s]\n", d.Severity, d.Offset, d.Production, d.Message, d.Rule)
		for _, line := range strings.Split(d.Caret(s), "\n") {
			fmt.Fprintf(w, "    %s\n", line)
		}
	}
}
