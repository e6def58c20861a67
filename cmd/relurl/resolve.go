package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/relurl/relurl/ast"
	"github.com/relurl/relurl/resolve"
)

// resolveResult is the --json output of "relurl resolve" for one
// reference: the result, or the error.
type resolveResult struct {
	Base   string     `json:"base"`
	Ref    string     `json:"ref"`
	Result *string    `json:"result,omitempty"`
	Error  *jsonError `json:"error,omitempty"`
}

// jsonError is an error as --json spells it: the whole message, which
// input the diagnostic's offsets index ("base", "ref" or "target"), and
// the fields of its first diagnostic, when it has one.
type jsonError struct {
	Message string `json:"message"`
	Input   string `json:"input,omitempty"`
	*jsonDiagnostic
}

func runResolve(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("resolve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	asJSON := fs.Bool("json", false, "print one JSON object per reference")
	lenient := fs.Bool("lenient", false, "resolve the §2.4 cut of any strings, checking nothing")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: relurl resolve [--json] [--lenient] BASE [REF...]")
		fmt.Fprintln(stderr, "References come from the arguments or, when there are none, from standard input one per line.")
		fmt.Fprintln(stderr, `An empty BASE ("") is the unknown base of RFC 1808 §3.4: references come back as they are.`)
		fs.PrintDefaults()
	}
	pos, err := parseFlags(fs, args)
	if err != nil {
		return exitUsage
	}
	if len(pos) == 0 {
		fs.Usage()
		return exitUsage
	}
	base, refs := pos[0], pos[1:]

	code := exitOK
	if !*lenient {
		if _, err := resolve.ParseBase(base); err != nil {
			code = exitInvalid
			if !*asJSON {
				// Said once here rather than once per reference.
				writeErrorText(stderr, "resolve", err, base, "")
			}
		}
	}
	if !streamInputs("resolve", refs, stdin, stdout, stderr, func(out io.Writer, ref string) error {
		var abs string
		if *lenient {
			abs = resolve.Lenient(base, ref).String()
		} else {
			u, err := resolve.Resolve(base, ref)
			if err != nil {
				code = exitInvalid
				if *asJSON {
					return writeJSON(out, resolveResult{Base: base, Ref: ref, Error: toJSONError(err, "ref")})
				}
				if !isBaseError(err) {
					writeErrorText(stderr, "resolve", err, base, ref)
				}
				return nil
			}
			abs = u.String()
		}
		if *asJSON {
			return writeJSON(out, resolveResult{Base: base, Ref: ref, Result: &abs})
		}
		_, err := fmt.Fprintln(out, abs)
		return err
	}) {
		return exitUsage
	}
	return code
}

// relativeResult is the --json output of "relurl relative" for one target.
type relativeResult struct {
	Base   string     `json:"base"`
	Target string     `json:"target"`
	Ref    *string    `json:"ref,omitempty"`
	Error  *jsonError `json:"error,omitempty"`
}

func runRelative(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("relative", flag.ContinueOnError)
	fs.SetOutput(stderr)
	asJSON := fs.Bool("json", false, "print one JSON object per target")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: relurl relative [--json] BASE [TARGET...]")
		fmt.Fprintln(stderr, "Prints the shortest reference that resolves against BASE to exactly each TARGET.")
		fmt.Fprintln(stderr, "Targets come from the arguments or, when there are none, from standard input one per line.")
		fs.PrintDefaults()
	}
	pos, err := parseFlags(fs, args)
	if err != nil {
		return exitUsage
	}
	if len(pos) == 0 {
		fs.Usage()
		return exitUsage
	}
	base, targets := pos[0], pos[1:]

	code := exitOK
	if !streamInputs("relative", targets, stdin, stdout, stderr, func(out io.Writer, target string) error {
		r, err := resolve.Relative(base, target)
		if err != nil {
			code = exitInvalid
			if *asJSON {
				return writeJSON(out, relativeResult{Base: base, Target: target, Error: toJSONError(err, "target")})
			}
			writeErrorText(stderr, "relative", err, base, target)
			return nil
		}
		if *asJSON {
			return writeJSON(out, relativeResult{Base: base, Target: target, Ref: &r})
		}
		_, err = fmt.Fprintln(out, r)
		return err
	}) {
		return exitUsage
	}
	return code
}

// baseResult is the --json output of "relurl base".
type baseResult struct {
	File    string       `json:"file"`
	Type    string       `json:"type"`
	Base    string       `json:"base"`
	Layer   string       `json:"layer"`
	Section string       `json:"section"`
	Source  string       `json:"source"`
	Parts   []partResult `json:"parts,omitempty"`
}

// partResult is one nested entity of a message in "relurl base --json".
type partResult struct {
	Part      string `json:"part"`
	MediaType string `json:"media_type"`
	Base      string `json:"base"`
	Layer     string `json:"layer"`
	Section   string `json:"section"`
	Source    string `json:"source"`
}

func runBase(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("base", flag.ContinueOnError)
	fs.SetOutput(stderr)
	asJSON := fs.Bool("json", false, "print one JSON object")
	retrieval := fs.String("url", "", "the `URL` FILE was retrieved by, the base of §3.3")
	kind := fs.String("type", "", "read FILE as `html` or message; by default a FILE whose first non-blank character is \"<\" is HTML")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: relurl base [--json] [--url URL] [--type html|message] FILE")
		fmt.Fprintln(stderr, "Prints the effective base URL of an HTML document or a message (RFC 1808 §3) and the layer that supplied it.")
		fmt.Fprintln(stderr, `FILE "-" is standard input.`)
		fs.PrintDefaults()
	}
	pos, err := parseFlags(fs, args)
	if err != nil {
		return exitUsage
	}
	if len(pos) != 1 {
		fs.Usage()
		return exitUsage
	}
	file := pos[0]
	var data []byte
	if file == "-" {
		data, err = io.ReadAll(stdin)
	} else {
		data, err = os.ReadFile(file)
	}
	if err != nil {
		fmt.Fprintf(stderr, "relurl base: %v\n", err)
		return exitUsage
	}
	switch *kind {
	case "":
		*kind = "message"
		if t := bytes.TrimLeft(bytes.TrimPrefix(data, []byte("\uFEFF")), " \t\r\n\f"); len(t) > 0 && t[0] == '<' {
			*kind = "html"
		}
	case "html", "message":
	default:
		fmt.Fprintf(stderr, "relurl base: --type %q: want html or message\n", *kind)
		return exitUsage
	}

	ctx := resolve.Context{Retrieval: *retrieval}
	res := baseResult{File: file, Type: *kind}
	var b resolve.Base
	var parts []partResult
	if *kind == "html" {
		b, err = resolve.HTMLBase(bytes.NewReader(data), ctx)
	} else {
		var e *resolve.Entity
		if e, err = resolve.MessageBase(bytes.NewReader(data), ctx); err == nil {
			b = e.Base
			var walk func(*resolve.Entity)
			walk = func(e *resolve.Entity) {
				for _, p := range e.Parts {
					parts = append(parts, partResult{Part: p.Path, MediaType: p.MediaType, Base: p.Base.URL,
						Layer: p.Base.Layer.String(), Section: p.Base.Layer.Section(), Source: p.Base.Source})
					walk(p)
				}
			}
			walk(e)
		}
	}
	if err != nil {
		fmt.Fprintf(stderr, "relurl base: %s: %v\n", file, err)
		return exitInvalid
	}
	res.Base, res.Layer, res.Section, res.Source, res.Parts = b.URL, b.Layer.String(), b.Layer.Section(), b.Source, parts
	if *asJSON {
		err = writeJSON(stdout, res)
	} else {
		var sb strings.Builder
		fmt.Fprintf(&sb, "%s\n", b.URL)
		fmt.Fprintf(&sb, "  layer   %s (§%s): %s\n", b.Layer, b.Layer.Section(), b.Source)
		for _, p := range parts {
			fmt.Fprintf(&sb, "  part %s %s: %s  [%s (§%s): %s]\n", p.Part, p.MediaType, orNone(p.Base), p.Layer, p.Section, p.Source)
		}
		_, err = io.WriteString(stdout, sb.String())
	}
	if err != nil {
		fmt.Fprintf(stderr, "relurl base: %v\n", err)
		return exitUsage
	}
	return exitOK
}

func orNone(s string) string {
	if s == "" {
		return `""`
	}
	return s
}

// toJSONError spells err for --json, with the first diagnostic it holds
// and which input that diagnostic's offsets index.
// other names the input that is not the base, "ref" or "target".
func toJSONError(err error, other string) *jsonError {
	e := &jsonError{Message: err.Error()}
	var d *ast.Diagnostic
	if errors.As(err, &d) {
		jd := toJSONDiagnostic(*d)
		e.jsonDiagnostic = &jd
		e.Input = other
		if isBaseError(err) {
			e.Input = "base"
		}
	}
	return e
}

func isBaseError(err error) bool {
	var be *resolve.BaseError
	return errors.As(err, &be)
}

// writeErrorText prints err on one line, then the offending input with a
// caret under the offending text when err holds a diagnostic.
func writeErrorText(w io.Writer, cmd string, err error, base, ref string) {
	fmt.Fprintf(w, "relurl %s: %v\n", cmd, err)
	var d *ast.Diagnostic
	if !errors.As(err, &d) {
		return
	}
	input := ref
	if isBaseError(err) {
		input = base
	}
	if input == "" {
		return
	}
	for _, line := range strings.Split(d.Caret(input), "\n") {
		fmt.Fprintf(w, "    %s\n", line)
	}
}
