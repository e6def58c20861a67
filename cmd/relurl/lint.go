package main

import (
	"fmt"
	"io"
	"runtime"

	"github.com/relurl/relurl/ast"
	"github.com/relurl/relurl/lint"
	"github.com/relurl/relurl/lint/extract"
	"github.com/relurl/relurl/lint/format"
)

func runLint(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("lint", stderr)
	formatName := fs.String("format", "text", "output `format`: text, json or sarif")
	verbose := fs.Bool("v", false, "text format: show each finding's line with a caret under it, and its fix")
	retrieval := fs.String("base", "", "the `URL` the files were retrieved by: the base of RFC 1808 §3.3 for a file that embeds none")
	failOn, failNever := ast.SeverityError, false
	fs.Func("fail-on", "exit 1 when a finding is at or above this `severity`: error, warning, info, or none (default error)", func(s string) (err error) {
		failNever = s == "none"
		if !failNever {
			failOn, err = ast.ParseSeverity(s)
		}
		return err
	})
	var kind extract.Kind
	fs.TextVar(&kind, "type", kind, "read every file as `text`, html or message, whatever its name")
	root := fs.String("root", ".", "SARIF: the `directory` file paths are made relative to (the repository root)")
	jobs := fs.Int("j", runtime.GOMAXPROCS(0), "lint this many files at a time")
	var rf ruleFlags
	rf.register(fs)
	var ctl lintControls
	ctl.register(fs)
	paths, code, ok := parseArgs(fs, args, stdout)
	if !ok {
		return code
	}
	usageErr := func(err error) int {
		fmt.Fprintf(stderr, "relurl lint: %v\n", err)
		return exitUsage
	}

	// The configuration file: its values are the defaults of the flags
	// not given on the command line.
	cfg, err := ctl.load()
	if err != nil {
		return usageErr(err)
	}
	var opts lint.Options
	if cfg != nil {
		set := setFlags(fs)
		if !set["base"] && cfg.Base != "" {
			*retrieval = cfg.Base
		}
		if !set["root"] && cfg.Root != "" {
			*root = cfg.Root
		}
		if !set["fail-on"] && cfg.FailOn != "" {
			if failNever = cfg.FailOn == "none"; !failNever {
				failOn, _ = ast.ParseSeverity(cfg.FailOn)
			}
		}
		opts = cfg.Options()
	}
	flagOpts := rf.options(*retrieval)
	opts.Enable, opts.Disable, opts.Severity, opts.Retrieval = flagOpts.Enable, flagOpts.Disable, flagOpts.Severity, flagOpts.Retrieval
	baseline, record, err := ctl.baselines()
	if err != nil {
		return usageErr(err)
	}

	rep, err := format.New(*formatName, stdout, format.Options{Verbose: *verbose, Root: *root})
	if err != nil {
		return usageErr(fmt.Errorf("--format %w", err))
	}
	l, err := lint.New(opts)
	if err != nil {
		return usageErr(err)
	}
	if len(paths) == 0 {
		paths = []string{"-"}
	}
	run := lint.Run{Linter: l, Kind: kind, Jobs: *jobs, Stdin: stdin, Progress: stderr,
		Baseline: baseline, Record: record,
		Warn: func(err error) { fmt.Fprintf(stderr, "relurl lint: %v\n", err) }}
	if cfg != nil && !(cfg.Exclude.Empty() && cfg.Include.Empty()) {
		run.Skip = skipExcept(cfg.Skips, paths)
	}
	sum, err := run.Lint(paths, rep)
	if err == nil && record != nil {
		if err = record.WriteFile(ctl.writeBaseline); err == nil && sum.Errors == 0 {
			return exitOK // a run that records a baseline succeeds
		}
	}
	switch worst, any := sum.Worst(); {
	case err != nil:
		fmt.Fprintf(stderr, "relurl lint: %v\n", err)
		return exitUsage
	case sum.Errors > 0:
		return exitUsage
	case any && !failNever && worst <= failOn:
		return exitInvalid
	}
	return exitOK
}
