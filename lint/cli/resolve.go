package cli

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/relurl/relurl/ast"
	rbase "github.com/relurl/relurl/lint/internal/base"
	"github.com/relurl/relurl/lint/internal/extract"
	"github.com/relurl/relurl/lint/internal/input"
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

// relativeResult is the --json output of "relurl relative" for one target.
type relativeResult struct {
	Base   string     `json:"base"`
	Target string     `json:"target"`
	Ref    *string    `json:"ref,omitempty"`
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

// pairCommand is "relurl resolve" or "relurl relative": a BASE, then
// inputs from the arguments or standard input, one answer per input, in
// order.
type pairCommand struct {
	name string
	// input names the inputs in --json and in errors: "ref" or "target".
	input string
	// flags defines the command's own flags and returns its operation on
	// one input and, to be called once the flags are parsed, whether the
	// operation checks BASE (a bad one is then said once, up front).
	flags func(fs *flagSet) (op func(base, in string) (string, error), checksBase func() bool)
	// result is the --json object for one input: out or err is nil.
	result func(base, in string, out *string, err *jsonError) any
}

func runResolve(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return pairCommand{
		name: "resolve",

		input: "ref",
		flags: func(fs *flagSet) (func(base, in string) (string, error), func() bool) {
			lenient := fs.Bool("lenient", false, "resolve the §2.4 cut of any strings, checking nothing")
			return func(base, ref string) (string, error) {
				if *lenient {
					return resolve.Lenient(base, ref).String(), nil
				}
				u, err := resolve.Resolve(base, ref)
				return u.String(), err
			}, func() bool { return !*lenient }
		},
		result: func(base, ref string, out *string, err *jsonError) any {
			return resolveResult{Base: base, Ref: ref, Result: out, Error: err}
		},
	}.run(args, stdin, stdout, stderr)
}

func runRelative(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return pairCommand{
		name: "relative",

		input: "target",
		flags: func(*flagSet) (func(base, in string) (string, error), func() bool) {
			return resolve.Relative, func() bool { return true }
		},
		result: func(base, target string, out *string, err *jsonError) any {
			return relativeResult{Base: base, Target: target, Ref: out, Error: err}
		},
	}.run(args, stdin, stdout, stderr)
}

func (c pairCommand) run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet(c.name, stderr)
	asJSON := fs.Bool("json", false, "print one JSON object per "+c.input)
	op, checksBase := c.flags(fs)
	pos, code, ok := parseArgs(fs, args, stdout)
	if !ok {
		return code
	}
	if len(pos) == 0 {
		return fs.fail(errors.New("no BASE: relurl " + c.name + " BASE [" + strings.ToUpper(c.input) + "...]"))
	}
	base, inputs := pos[0], pos[1:]

	code = exitOK
	if checksBase() {
		if _, err := resolve.ParseBase(base); err != nil {
			code = exitInvalid
			if !*asJSON {
				// Said once here rather than once per input.
				writeErrorText(stderr, c.name, err, base, "")
			}
		}
	}
	if !streamInputs(c.name, inputs, stdin, stdout, stderr, func(out io.Writer, in string) error {
		r, err := op(base, in)
		if err != nil {
			code = exitInvalid
			if *asJSON {
				return writeJSON(out, c.result(base, in, nil, toJSONError(err, c.input)))
			}
			if !isBaseError(err) {
				writeErrorText(stderr, c.name, err, base, in)
			}
			return nil
		}
		if *asJSON {
			return writeJSON(out, c.result(base, in, &r, nil))
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
	Element string       `json:"element,omitempty"`
	Parts   []partResult `json:"parts,omitempty"`
	Notes   []noteResult `json:"notes,omitempty"`
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

// noteResult is a note of the MIME walk in "relurl base --json": what in
// an entity was not read as MIME wants it, and what was done instead.
type noteResult struct {
	Part    string `json:"part"`
	Kind    string `json:"kind"`
	Offset  int    `json:"offset"`
	Message string `json:"message"`
}

func runBase(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("base", stderr)
	asJSON := fs.Bool("json", false, "print one JSON object")
	retrieval := fs.String("url", "", "the `URL` FILE was retrieved by, the base of §3.3")
	kind := fs.String("type", "", "read FILE as this `KIND`: html, message, markdown, css or xml")
	at := fs.String("at", "", "XML: the base of the element at `LINE:COL`, not the root's")
	pos, code, ok := parseArgs(fs, args, stdout)
	if !ok {
		return code
	}
	switch {
	case len(pos) == 0:
		return fs.fail(errors.New("no FILE: relurl base [flags] FILE"))
	case len(pos) > 1:
		return fs.unexpected(pos[1])
	}
	file := pos[0]
	switch *kind {
	case "", "html", "message", "markdown", "css", "xml":
	default:
		fmt.Fprintf(stderr, "relurl base: --type %q: want html, message, markdown, css or xml\n", *kind)
		return exitUsage
	}
	data, err := input.ReadFile(file, stdin, input.DefaultMax)
	if err != nil {
		fmt.Fprintf(stderr, "relurl base: %v\n", err)
		return exitUsage
	}
	doc := string(data)
	if *kind == "" {
		*kind = "message"
		if k, ok := extract.KindByName(file); ok && (k == extract.KindMarkdown || k == extract.KindCSS || k == extract.KindXML) {
			*kind = k.String()
		} else if extract.Detect("", data) == extract.KindXML {
			*kind = "xml"
		} else if rbase.LooksLikeHTML(doc) {
			*kind = "html"
		}
	}
	data = nil
	switch *kind {
	case "markdown", "css", "xml":
		return baseOfDocument(file, doc, *kind, *retrieval, *at, *asJSON, stdout, stderr)
	}
	if *at != "" {
		fmt.Fprintf(stderr, "relurl base: --at is for XML documents\n")
		return exitUsage
	}

	ctx := rbase.Context{Retrieval: *retrieval}
	res := baseResult{File: file, Type: *kind}
	var b rbase.URL
	if *kind == "html" {
		b, err = rbase.HTML(doc, ctx)
	} else {
		var e *rbase.Entity
		e, err = rbase.Message(doc, ctx)
		if err == nil {
			b = e.Base
		}
		var walk func(*rbase.Entity)
		walk = func(e *rbase.Entity) {
			for _, n := range e.Notes {
				res.Notes = append(res.Notes, noteResult{Part: e.Path, Kind: n.Kind.String(), Offset: n.Offset, Message: n.Message})
			}
			for _, p := range e.Parts {
				res.Parts = append(res.Parts, partResult{Part: p.Path, MediaType: p.MediaType, Base: p.Base.URL,
					Layer: p.Base.Layer.String(), Section: p.Base.Layer.Section(), Source: p.Base.Source})
				walk(p)
			}
		}
		if e != nil && err == nil {
			walk(e)
		}
	}
	if err != nil {
		fmt.Fprintf(stderr, "relurl base: %s: %v\n", file, err)
		return exitInvalid
	}
	res.Base, res.Layer, res.Section, res.Source = b.URL, b.Layer.String(), b.Layer.Section(), b.Source
	if *asJSON {
		err = writeJSON(stdout, res)
	} else {
		var sb strings.Builder
		fmt.Fprintf(&sb, "%s\n", b.URL)
		fmt.Fprintf(&sb, "  layer   %s (§%s): %s\n", b.Layer, b.Layer.Section(), b.Source)
		for _, p := range res.Parts {
			fmt.Fprintf(&sb, "  part %s %s: %s  [%s (§%s): %s]\n", p.Part, p.MediaType, orNone(p.Base), p.Layer, p.Section, p.Source)
		}
		for _, n := range res.Notes {
			fmt.Fprintf(&sb, "  note    %s, offset %d: %s [%s]\n", rbase.Where(n.Part), n.Offset, n.Message, n.Kind)
		}
		_, err = io.WriteString(stdout, sb.String())
	}
	if err != nil {
		fmt.Fprintf(stderr, "relurl base: %v\n", err)
		return exitUsage
	}
	return exitOK
}

// baseOfDocument prints the base of a Markdown, CSS or XML document (for
// XML, of its root element, or of the element at LINE:COL).
func baseOfDocument(file, doc, kind, retrieval, at string, asJSON bool, stdout, stderr io.Writer) int {
	k, _ := extract.ParseKind(kind)
	off := -1
	if at != "" {
		if k != extract.KindXML {
			fmt.Fprintf(stderr, "relurl base: --at is for XML documents\n")
			return exitUsage
		}
		var ok bool
		if off, ok = offsetOf(doc, at); !ok {
			fmt.Fprintf(stderr, "relurl base: --at %q: want LINE:COL inside the file\n", at)
			return exitUsage
		}
	}
	b, element, err := extract.DocumentBase(doc, k, retrieval, off)
	if err == nil && b.Err != nil {
		err = b.Err
	}
	if err != nil {
		fmt.Fprintf(stderr, "relurl base: %s: %v\n", file, err)
		return exitInvalid
	}
	res := baseResult{File: file, Type: kind, Base: b.URL.URL, Layer: b.URL.Layer.String(), Section: b.URL.Layer.Section(),
		Source: b.URL.Source, Element: element}
	if asJSON {
		err = writeJSON(stdout, res)
	} else {
		var sb strings.Builder
		fmt.Fprintf(&sb, "%s\n", b.URL.URL)
		fmt.Fprintf(&sb, "  layer   %s (§%s): %s\n", b.URL.Layer, b.URL.Layer.Section(), b.URL.Source)
		if element != "" {
			fmt.Fprintf(&sb, "  element <%s>\n", element)
		}
		_, err = io.WriteString(stdout, sb.String())
	}
	if err != nil {
		fmt.Fprintf(stderr, "relurl base: %v\n", err)
		return exitUsage
	}
	return exitOK
}

// offsetOf returns the byte offset of LINE:COL (both from 1, the column
// in bytes) in doc.
func offsetOf(doc, at string) (int, bool) {
	var line, col int
	if n, err := fmt.Sscanf(at, "%d:%d", &line, &col); n != 2 || err != nil || line < 1 || col < 1 {
		return 0, false
	}
	off := 0
	for l := 1; l < line; l++ {
		k := strings.IndexByte(doc[off:], '\n')
		if k < 0 {
			return 0, false
		}
		off += k + 1
	}
	end := strings.IndexByte(doc[off:], '\n')
	if end < 0 {
		end = len(doc) - off
	}
	if col-1 > end {
		return 0, false
	}
	return off + col - 1, true
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
