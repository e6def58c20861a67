package cli

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/leanovate/gopter"
	"github.com/relurl/relurl/ast"
	"github.com/relurl/relurl/internal/gen"
	"github.com/relurl/relurl/validate"
)

// genValid is one line of "relurl gen --json".
type genValid struct {
	Production string `json:"production"`
	URL        string `json:"url"`
}

// genInvalid is one line of "relurl gen --invalid --json": the URL and the
// diagnostic every strict reader must report for it.
type genInvalid struct {
	URL      string         `json:"url"`
	Valid    bool           `json:"valid"`
	Expected jsonDiagnostic `json:"expected"`
}

// corpusEntry is one entry of the index.json of "relurl gen --corpus DIR
// --format raw": the file holding the input, then the RFC 1808 reading of
// the input as "relurl parse --json" prints it (verdict, form, the six
// components, the diagnostics).
type corpusEntry struct {
	File string `json:"file"`
	parseResult
}

func runGen(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("gen", stderr)
	production := fs.String("production", "URL", "the `PRODUCTION` to generate (see --list)")
	invalid := fs.Bool("invalid", false, "inject one known violation into each URL")
	n := fs.Int("n", 10, "how many URLs to generate (`N`)")
	seed := fs.Int64("seed", 0, "the random `SEED` (default: from the clock, said)")
	size := fs.Int("size", 20, "the `SIZE`: longer components as it grows")
	asJSON := fs.Bool("json", false, "one JSON object a line (--invalid: with its diagnostic)")
	list := fs.Bool("list", false, "list the productions and exit")
	corpus := fs.String("corpus", "", "write a seed corpus into `DIR` instead of printing")
	format := fs.String("format", "go", "the corpus `FORMAT`: go (Go's files) or raw")
	dict := fs.Bool("dict", false, "print a libFuzzer/AFL dictionary of the grammar")
	rest, code, ok := parseArgs(fs, args, stdout)
	if !ok {
		return code
	}
	if len(rest) > 0 {
		return fs.unexpected(rest[0])
	}
	if *list {
		fmt.Fprintln(stdout, strings.Join(gen.Names(), "\n"))
		return exitOK
	}
	if *dict {
		if err := writeDict(stdout); err != nil {
			fmt.Fprintf(stderr, "relurl gen: %v\n", err)
			return exitUsage
		}
		return exitOK
	}
	if *format != "go" && *format != "raw" {
		fmt.Fprintf(stderr, "relurl gen: --format %q: want go or raw\n", *format)
		return exitUsage
	}
	if setFlags(fs)["format"] && *corpus == "" {
		fmt.Fprintln(stderr, "relurl gen: --format needs --corpus DIR")
		return exitUsage
	}
	prod, ok := gen.Find(*production)
	if !ok {
		fmt.Fprintf(stderr, "relurl gen: no production %q; one of: %s\n", *production, strings.Join(gen.Names(), ", "))
		return exitUsage
	}
	if *n < 0 || *size < 0 {
		fmt.Fprintln(stderr, "relurl gen: -n and --size must not be negative")
		return exitUsage
	}
	if *invalid && !prod.IsURL() {
		fmt.Fprintf(stderr, "relurl gen: --invalid needs a URL-level production (%s), not %q\n", strings.Join(gen.URLNames(), ", "), *production)
		return exitUsage
	}
	if !setFlags(fs)["seed"] {
		*seed = time.Now().UnixNano()
		fmt.Fprintf(stderr, "relurl gen: seed %d\n", *seed)
	}
	p := gopter.DefaultGenParameters().WithSize(*size).CloneWithSeed(*seed)
	g := prod.Gen()
	if *invalid {
		g(p) // drawn and dropped, as relurl gen always has, so that a seed keeps giving the URLs it gave
		g = gen.InvalidFrom(g)
	}
	next := func() any { return g(p).Result }

	var err error
	if *corpus != "" {
		err = writeCorpus(*corpus, *format, *n, next)
	} else {
		err = printGenerated(stdout, *production, *invalid, *asJSON, *n, next)
	}
	if err != nil {
		fmt.Fprintf(stderr, "relurl gen: %v\n", err)
		return exitUsage
	}
	return exitOK
}

// printGenerated prints n generated values, one a line, as text or JSON.
func printGenerated(stdout io.Writer, production string, invalid, asJSON bool, n int, next func() any) error {
	out := bufio.NewWriter(stdout)
	var err error
	for range n {
		v := next()
		line := fmt.Sprint(v)
		switch {
		case asJSON && invalid:
			vi := v.(gen.Violation)
			want := ast.Diagnostic{
				Offset: vi.Offset, End: vi.End, Production: vi.Production, Rule: vi.Rule,
				Text: vi.Input[vi.Offset:vi.End], Severity: ast.SeverityError,
			}
			// The message is the validator's, when it agrees (it always
			// should: the tests of package gen hold it to that).
			if _, diags := validate.Validate(vi.Input); len(diags) == 1 && diags[0].Offset == want.Offset && diags[0].Rule == want.Rule {
				want.Message = diags[0].Message
			}
			err = writeJSON(out, genInvalid{URL: vi.Input, Expected: toJSONDiagnostic(want)})
		case asJSON:
			err = writeJSON(out, genValid{Production: production, URL: line})
		default:
			_, err = fmt.Fprintln(out, line)
		}
		if err != nil {
			break
		}
	}
	if ferr := out.Flush(); err == nil {
		err = ferr
	}
	return err
}

// writeCorpus writes n generated inputs into dir, each a file named by the
// first 16 hex digits of the SHA-256 of its contents (as Go names the
// inputs it finds), so that equal inputs are written once. In the go
// format a file is Go's fuzz corpus encoding of one string argument (the
// seed corpus of a target f.Fuzz(func(t *testing.T, s string))); in the
// raw format it is the input's bytes, and index.json lists every file with
// the input's RFC 1808 reading, as "relurl parse --json" prints it.
func writeCorpus(dir, format string, n int, next func() any) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	index := []corpusEntry{}
	seen := map[string]bool{}
	for range n {
		s := fmt.Sprint(next())
		data := []byte(s)
		if format == "go" {
			data = []byte("go test fuzz v1\nstring(" + strconv.Quote(s) + ")\n")
		}
		sum := sha256.Sum256(data)
		name := hex.EncodeToString(sum[:])[:16]
		if seen[name] {
			continue
		}
		seen[name] = true
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			return err
		}
		if format == "raw" {
			u, diags := validate.Validate(s)
			index = append(index, corpusEntry{File: name, parseResult: toParseResult(s, u, diags)})
		}
	}
	if format != "raw" {
		return nil
	}
	b, err := json.MarshalIndent(index, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "index.json"), append(b, '\n'), 0o644)
}

// writeDict prints [gen.Dictionary] in the dictionary format libFuzzer and
// AFL share: one quoted token a line, with "\\", "\"" and bytes outside
// printable ASCII escaped as \xNN.
func writeDict(w io.Writer) error {
	var sb strings.Builder
	sb.WriteString("# The delimiters and literals of the RFC 1808 §2.2 grammar, for libFuzzer (-dict) and AFL (-x).\n")
	sb.WriteString("# Generated by \"relurl gen --dict\" from the grammar's class table and generators; do not edit.\n")
	for _, t := range gen.Dictionary() {
		sb.WriteByte('"')
		for i := 0; i < len(t); i++ {
			switch c := t[i]; {
			case c == '\\' || c == '"':
				sb.WriteByte('\\')
				sb.WriteByte(c)
			case c < 0x20 || c >= 0x7f:
				fmt.Fprintf(&sb, `\x%02X`, c)
			default:
				sb.WriteByte(c)
			}
		}
		sb.WriteString("\"\n")
	}
	_, err := io.WriteString(w, sb.String())
	return err
}
