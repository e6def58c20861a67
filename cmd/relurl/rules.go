package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/relurl/relurl/ast"
	"github.com/relurl/relurl/lint"
)

// ruleFlags are the flags that configure the linter's rules, shared by
// "relurl lint" and "relurl rules".
type ruleFlags struct {
	enable, disable, severity listFlag
	rfc1738                   bool
}

func (r *ruleFlags) register(fs *flag.FlagSet) {
	fs.Var(&r.enable, "enable", "turn on rules, by `id or family` (comma-separated, repeatable)")
	fs.Var(&r.disable, "disable", "turn off rules, by `id or family` (comma-separated, repeatable)")
	fs.Var(&r.severity, "severity", "set a severity, as `id=level` or family=level, level error, warning or info (comma-separated, repeatable)")
	fs.BoolVar(&r.rfc1738, "rfc1738", false, "turn on the RFC 1738 profile (the same as --enable rfc1738)")
}

// options turns the flags into lint.Options.
func (r *ruleFlags) options(retrieval string) (lint.Options, error) {
	opts := lint.Options{Enable: r.enable, Disable: r.disable, Retrieval: retrieval}
	if r.rfc1738 {
		opts.Enable = append(opts.Enable, string(lint.FamilyRFC1738))
	}
	for _, s := range r.severity {
		name, level, ok := strings.Cut(s, "=")
		if !ok {
			return opts, fmt.Errorf("--severity %q: want id=level", s)
		}
		sev, err := lint.ParseSeverity(level)
		if err != nil {
			return opts, fmt.Errorf("--severity %q: %w", s, err)
		}
		if opts.Severity == nil {
			opts.Severity = map[string]ast.Severity{}
		}
		opts.Severity[name] = sev
	}
	return opts, nil
}

// listFlag is a flag that may be repeated, each value a comma-separated
// list.
type listFlag []string

func (l *listFlag) String() string { return strings.Join(*l, ",") }

func (l *listFlag) Set(s string) error {
	for v := range strings.SplitSeq(s, ",") {
		if v = strings.TrimSpace(v); v != "" {
			*l = append(*l, v)
		}
	}
	return nil
}

// ruleResult is a rule as "relurl rules --json" prints it.
type ruleResult struct {
	ID       string `json:"id"`
	Family   string `json:"family"`
	Severity string `json:"severity"`
	Enabled  bool   `json:"enabled"`
	Section  string `json:"section"`
	Summary  string `json:"summary"`
	Help     string `json:"help"`
	Fix      string `json:"fix"`
}

func runRules(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("rules", flag.ContinueOnError)
	fs.SetOutput(stderr)
	asJSON := fs.Bool("json", false, "print one JSON object per rule")
	var rf ruleFlags
	rf.register(fs)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: relurl rules [--json] [--enable ...] [--disable ...] [--severity ...] [ID...]")
		fmt.Fprintln(stderr, "Lists the linter's rules, as the flags (the same as relurl lint's) configure them;")
		fmt.Fprintln(stderr, "given rule ids or families, prints each of their rules in full.")
		fs.PrintDefaults()
	}
	pos, err := parseFlags(fs, args)
	if err != nil {
		return exitUsage
	}
	opts, err := rf.options("")
	if err != nil {
		fmt.Fprintf(stderr, "relurl rules: %v\n", err)
		return exitUsage
	}
	l, err := lint.New(opts)
	if err != nil {
		fmt.Fprintf(stderr, "relurl rules: %v\n", err)
		return exitUsage
	}
	rules := l.Rules()
	if len(pos) > 0 {
		var picked []lint.Rule
		for _, name := range pos {
			n := len(picked)
			for _, r := range rules {
				if r.ID == name || string(r.Family) == name {
					picked = append(picked, r)
				}
			}
			if len(picked) == n {
				fmt.Fprintf(stderr, "relurl rules: unknown rule or family %q\n", name)
				return exitUsage
			}
		}
		rules = picked
	}

	out := bufio.NewWriter(stdout)
	switch {
	case *asJSON:
		for _, r := range rules {
			if err = writeJSON(out, ruleResult{ID: r.ID, Family: string(r.Family), Severity: r.Severity.String(),
				Enabled: r.Default, Section: r.Section, Summary: r.Summary, Help: r.Help, Fix: r.Fix}); err != nil {
				break
			}
		}
	case len(pos) > 0:
		for i, r := range rules {
			if i > 0 {
				fmt.Fprintln(out)
			}
			fmt.Fprintf(out, "%s  (%s, %s, %s)\n  %s\n  %s\n\n%s\n", r.ID, r.Family, r.Severity, onOff(r.Default), r.Summary, r.Section, indent(wrap(r.Help, 76), "  "))
			if r.Fix != "" {
				fmt.Fprintf(out, "\n  fix: %s\n", r.Fix)
			}
		}
	default:
		tw := tabwriter.NewWriter(out, 0, 0, 2, ' ', 0)
		fmt.Fprintln(tw, "RULE\tFAMILY\tSEVERITY\tSTATE\tSECTION\tSUMMARY")
		for _, r := range rules {
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\n", r.ID, r.Family, r.Severity, onOff(r.Default), r.Section, r.Summary)
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

func onOff(on bool) string {
	if on {
		return "on"
	}
	return "off"
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
