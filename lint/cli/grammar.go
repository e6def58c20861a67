package cli

import (
	"fmt"
	"io"
	"strings"

	"github.com/relurl/relurl/grammar"
	"github.com/relurl/relurl/internal/bnf"
	"github.com/relurl/relurl/internal/railroad"
	"github.com/relurl/relurl/internal/rfcbnf"
)

const grammarHelp = `Prints the BNF of RFC 1808 §2.2 that relurl's grammar, class table, generators and diagrams are
generated from (grammar/rfc1808.bnf, the RFC's block verbatim), participle's EBNF of the grammar
generated from it, or railroad diagrams in SVG: of the production PRODUCTION (spelled as the RFC
spells it, net_path or generic-RL, or as Go does, NetPath), or of every production when none is named.
The character productions (pchar, hex, ...) are read by the lexer and have no EBNF of their own.`

// runGrammar prints the BNF, the EBNF or the diagrams of the grammar.
func runGrammar(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("grammar", stderr)
	format := fs.String("format", "bnf", "`FORMAT`: bnf (the RFC's), ebnf (participle's) or svg")
	pos, code, ok := parseArgs(fs, args, stdout)
	if !ok {
		return code
	}
	if len(pos) > 1 {
		fmt.Fprintf(stderr, "relurl grammar: one production at most, not %q\n", strings.Join(pos, " "))
		return exitUsage
	}
	rules := rfcbnf.RFC1808()
	var r *bnf.Rule
	if len(pos) == 1 {
		if r = findRule(rules, pos[0]); r == nil {
			fmt.Fprintf(stderr, "relurl grammar: no production %q; the productions of RFC 1808 §2.2: %s\n",
				pos[0], strings.Join(rules.Names(), ", "))
			return exitUsage
		}
	}
	var out string
	switch *format {
	case "bnf":
		out = grammar.BNF()
		if r != nil {
			out = r.Text + "\n"
		}
	case "ebnf":
		out = grammar.EBNF() + "\n"
		if r != nil {
			line, ok := ebnfOf(out, bnf.GoName(r.Name))
			if !ok {
				var has []string
				for _, n := range rules.Names() {
					if _, ok := ebnfOf(out, bnf.GoName(n)); ok {
						has = append(has, n)
					}
				}
				fmt.Fprintf(stderr, "relurl grammar: %s is a character production, which the lexer reads: participle's grammar has no production for it (see --format bnf); its productions: %s\n",
					r.Name, strings.Join(has, ", "))
				return exitUsage
			}
			out = line + "\n"
		}
	case "svg":
		out = railroad.All(rules)
		if r != nil {
			out = railroad.Document(r)
		}
	default:
		fmt.Fprintf(stderr, "relurl grammar: --format %q: want bnf, ebnf or svg\n", *format)
		return exitUsage
	}
	if _, err := io.WriteString(stdout, out); err != nil {
		fmt.Fprintf(stderr, "relurl grammar: %v\n", err)
		return exitUsage
	}
	return exitOK
}

// findRule returns the production called name, as the RFC spells it or,
// failing that, ignoring case, "-" and "_" (NetPath, netpath).
func findRule(f *bnf.File, name string) *bnf.Rule {
	if r := f.Rule(name); r != nil {
		return r
	}
	norm := func(s string) string { return strings.ToLower(strings.NewReplacer("-", "", "_", "").Replace(s)) }
	for _, r := range f.Rules {
		if norm(r.Name) == norm(name) {
			return r
		}
	}
	return nil
}

// ebnfOf returns the line of the EBNF that defines the type name.
func ebnfOf(ebnf, name string) (string, bool) {
	for _, line := range strings.Split(ebnf, "\n") {
		if strings.HasPrefix(line, name+" = ") {
			return line, true
		}
	}
	return "", false
}
