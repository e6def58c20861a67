package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/leanovate/gopter"
	"github.com/relurl/relurl/ast"
	"github.com/relurl/relurl/gen"
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

func runGen(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("gen", stderr)
	production := fs.String("production", "URL", "the production to generate (see --list)")
	invalid := fs.Bool("invalid", false, "inject one known violation into each URL")
	n := fs.Int("n", 10, "how many to generate")
	seed := fs.Int64("seed", 0, "random seed (default: from the clock, printed on stderr)")
	size := fs.Int("size", 20, "size parameter: longer components as it grows")
	asJSON := fs.Bool("json", false, "one JSON object per line, with the expected diagnostic for --invalid")
	list := fs.Bool("list", false, "list the productions and exit")
	rest, code, ok := parseArgs(fs, args, stdout)
	if !ok {
		return code
	}
	if len(rest) > 0 {
		fmt.Fprintf(stderr, "relurl gen: unexpected argument %q\n", rest[0])
		return exitUsage
	}
	if *list {
		fmt.Fprintln(stdout, strings.Join(gen.Names(), "\n"))
		return exitOK
	}
	g, ok := gen.Lookup(*production)
	if !ok {
		fmt.Fprintf(stderr, "relurl gen: no production %q; one of: %s\n", *production, strings.Join(gen.Names(), ", "))
		return exitUsage
	}
	if *n < 0 || *size < 0 {
		fmt.Fprintln(stderr, "relurl gen: -n and --size must not be negative")
		return exitUsage
	}
	if !isSet(fs, "seed") {
		*seed = time.Now().UnixNano()
		fmt.Fprintf(stderr, "relurl gen: seed %d\n", *seed)
	}
	p := gopter.DefaultGenParameters().WithSize(*size).CloneWithSeed(*seed)
	if *invalid {
		if _, isURL := g(p).Result.(ast.URL); !isURL {
			fmt.Fprintf(stderr, "relurl gen: --invalid needs a URL-level production (URL, absoluteURL, generic-RL, relativeURL, net_path, abs_path, rel_path), not %q\n", *production)
			return exitUsage
		}
		g = gen.InvalidFrom(g)
	}
	out := bufio.NewWriter(stdout)
	var err error
	for range *n {
		v := g(p).Result
		line := fmt.Sprint(v)
		switch {
		case *asJSON && *invalid:
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
		case *asJSON:
			err = writeJSON(out, genValid{Production: *production, URL: line})
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
	if err != nil {
		fmt.Fprintf(stderr, "relurl gen: %v\n", err)
		return exitUsage
	}
	return exitOK
}

func isSet(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}
