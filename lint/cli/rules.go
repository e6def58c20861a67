package cli

import (
	"bufio"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/relurl/relurl/ast"
	"github.com/relurl/relurl/lint/internal/lint"
	"github.com/relurl/relurl/lint/internal/suggest"
)

// ruleFlags are the flags that configure the linter's rules, shared by
// "relurl lint" and "relurl rules".
type ruleFlags struct {
	enable, disable []string
	severity        map[string]ast.Severity
	rfc1738         bool
}

func (r *ruleFlags) register(fs *flagSet) {
	fs.Func("enable", "turn on rules by `ID` or family (comma-separated)", appendList(&r.enable))
	fs.Func("disable", "turn off rules by `ID` or family (comma-separated)", appendList(&r.disable))
	fs.Func("severity", "set a rule's or family's severity (`ID=LEVEL`)", func(s string) error {
		for v := range strings.SplitSeq(s, ",") {
			name, level, ok := strings.Cut(strings.TrimSpace(v), "=")
			if !ok {
				return fmt.Errorf("%q: want ID=LEVEL", v)
			}
			sev, err := ast.ParseSeverity(level)
			if err != nil {
				return fmt.Errorf("%s: level %q: %w", name, level, choice(level, severityNames))
			}
			if r.severity == nil {
				r.severity = map[string]ast.Severity{}
			}
			r.severity[name] = sev
		}
		return nil
	})
	fs.BoolVar(&r.rfc1738, "rfc1738", false, "turn on the RFC 1738 profile (--enable rfc1738)")
}

// severityNames are the levels of --severity.
var severityNames = []string{"error", "warning", "info"}

// appendList returns a flag function that appends the comma-separated
// values of each use of the flag to list.
func appendList(list *[]string) func(string) error {
	return func(s string) error {
		for v := range strings.SplitSeq(s, ",") {
			if v = strings.TrimSpace(v); v != "" {
				*list = append(*list, v)
			}
		}
		return nil
	}
}

// options turns the flags into lint.Options.
func (r *ruleFlags) options(retrieval string) lint.Options {
	opts := lint.Options{Enable: r.enable, Disable: r.disable, Severity: r.severity, Retrieval: retrieval}
	if r.rfc1738 {
		opts.Enable = append(opts.Enable, string(lint.FamilyRFC1738))
	}
	return opts
}

// ruleResult is a rule as "relurl rules --json" prints it.
type ruleResult struct {
	ID       string `json:"id"`
	Family   string `json:"family"`
	Severity string `json:"severity"`
	Enabled  bool   `json:"enabled"`
	// Kinds, when present, are the only kinds of documents the rule is on
	// in (its default, which no flag overrode).
	Kinds   []string `json:"kinds,omitempty"`
	Section string   `json:"section"`
	Summary string   `json:"summary"`
	Help    string   `json:"help"`
	Fix     string   `json:"fix"`
}

func runRules(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("rules", stderr)
	asJSON := fs.Bool("json", false, "print one JSON object per rule")
	var rf ruleFlags
	rf.register(fs)
	var ctl lintControls
	ctl.registerConfig(fs)
	pos, code, ok := parseArgs(fs, args, stdout)
	if !ok {
		return code
	}
	// The rules as relurl lint applies them here: the working
	// directory's configuration, the flags on top.
	var opts lint.Options
	cfg, err := ctl.load(".")
	if cfg != nil {
		opts = cfg.Options()
	}
	flagOpts := rf.options("")
	opts.Enable, opts.Disable, opts.Severity = flagOpts.Enable, flagOpts.Disable, flagOpts.Severity
	var l *lint.Linter
	if err == nil {
		l, err = lint.New(opts)
	}
	if err != nil {
		fmt.Fprintf(stderr, "relurl rules: %v\n", err)
		return exitUsage
	}
	rules := l.Rules()
	if len(pos) > 0 {
		var picked []lint.Setting
		for _, name := range pos {
			n := len(picked)
			for _, s := range rules {
				if s.Rule.ID == name || string(s.Rule.Family) == name {
					picked = append(picked, s)
				}
			}
			if len(picked) == n {
				fmt.Fprintf(stderr, "relurl rules: unknown rule or family %q%s (relurl rules lists them)\n", name,
					suggest.Phrase(suggest.Closest(name, lint.RuleNames()), nil))
				return exitUsage
			}
		}
		rules = picked
	}

	out := bufio.NewWriter(stdout)
	switch {
	case *asJSON:
		for _, s := range rules {
			r := s.Rule
			if err = writeJSON(out, ruleResult{ID: r.ID, Family: string(r.Family), Severity: s.Severity.String(),
				Enabled: s.Enabled, Kinds: s.Kinds, Section: r.Section, Summary: r.Summary, Help: r.Help, Fix: r.Fix}); err != nil {
				break
			}
		}
	case len(pos) > 0:
		for i, s := range rules {
			r := s.Rule
			if i > 0 {
				fmt.Fprintln(out)
			}
			fmt.Fprintf(out, "%s  (%s, %s, %s)\n  %s\n  %s\n\n%s\n", r.ID, r.Family, s.Severity, state(s), r.Summary, r.Section, indent(wrap(r.Help, 76), "  "))
			if r.Fix != "" {
				fmt.Fprintf(out, "\n  fix: %s\n", r.Fix)
			}
		}
	default:
		tw := tabwriter.NewWriter(out, 0, 0, 2, ' ', 0)
		fmt.Fprintln(tw, "RULE\tFAMILY\tSEVERITY\tSTATE\tSECTION\tSUMMARY")
		for _, s := range rules {
			r := s.Rule
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\n", r.ID, r.Family, s.Severity, state(s), r.Section, r.Summary)
		}
		err = tw.Flush()
	}
	if ferr := out.Flush(); err == nil {
		err = ferr
	}
	if err != nil {
		fmt.Fprintf(stderr, "relurl rules: %v\n", err)
		return exitUsage
	}
	return exitOK
}

// state says whether the rule is on, and where when only in some kinds
// of documents: "on", "off", "on: html,markdown,css".
func state(s lint.Setting) string {
	switch {
	case !s.Enabled:
		return "off"
	case len(s.Kinds) > 0:
		return "on: " + strings.Join(s.Kinds, ",")
	}
	return "on"
}

// wrap breaks s into lines of at most width bytes, at spaces.
func wrap(s string, width int) string {
	var b strings.Builder
	n := 0
	for i, w := range strings.Fields(s) {
		if i > 0 && n+1+len(w) > width {
			b.WriteByte('\n')
			n = 0
		} else if i > 0 {
			b.WriteByte(' ')
			n++
		}
		b.WriteString(w)
		n += len(w)
	}
	return b.String()
}

func indent(s, prefix string) string {
	return prefix + strings.ReplaceAll(s, "\n", "\n"+prefix)
}
