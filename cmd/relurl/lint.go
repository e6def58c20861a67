package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"

	"github.com/relurl/relurl/ast"
	"github.com/relurl/relurl/internal/input"
	"github.com/relurl/relurl/lint"
	"github.com/relurl/relurl/lint/extract"
	"github.com/relurl/relurl/lint/format"
	"github.com/relurl/relurl/lint/runner"
)

// lintHelp is relurl lint's help, between its usage line and its flags.
func lintHelp() string {
	var kinds []string
	for _, k := range extract.Kinds() {
		kinds = append(kinds, fmt.Sprintf("%s (%s)", k, strings.Join(k.Extensions(), ", ")))
	}
	return "Lints the URLs of files by kind: " + strings.Join(kinds, "; ") + ".\n" +
		"A file that begins with an RFC 822 header block is a message, one that begins with an mbox \"From \" line\n" +
		"a mailbox, whatever their names. Directories are walked (symbolic links followed, each file once; hidden\n" +
		"directories and files of no known kind skipped and counted); a file named whose kind cannot be told is an\n" +
		"error unless --type says it. With no FILE, or \"-\", standard input is read (a list of URLs unless it is\n" +
		"HTML, a message or a mailbox). Each file's base is its BASE element or Base header, else --base (§3).\n" +
		"Positions are line:column, counted from 1, the column in bytes. A summary goes to standard error.\n" +
		"--changed-since and --new-from-rev keep to what changed since a git revision (docs/ci.md).\n" +
		"Exit status: 0 clean, 1 findings at or above --fail-on, 2 usage or I/O error, or no file to lint\n" +
		"(that nothing changed, with --changed-since or --new-from-rev, is no error)."
}

func runLint(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("lint", stderr)
	formatName := fs.String("format", "text", "output `format`: "+strings.Join(format.Names(), ", "))
	verbose := fs.Bool("v", false, "text format: show each finding's line with a caret under it, and its fix")
	retrieval := fs.String("base", "", "the `URL` of --root: a file's base (RFC 1808 §3.3) is its path under --root resolved against it;\n"+
		"a file outside --root, and standard input, get URL itself")
	failOn, failNever := ast.SeverityError, false
	fs.Func("fail-on", "exit 1 when a finding is at or above this `severity`: error, warning, info, or none (default error)", func(s string) (err error) {
		failNever = s == "none"
		if !failNever {
			failOn, err = ast.ParseSeverity(s)
		}
		return err
	})
	var kind extract.Kind
	var kindNames []string
	for _, k := range extract.Kinds() {
		kindNames = append(kindNames, k.String())
	}
	fs.TextVar(&kind, "type", kind, "read every file as this `kind`, whatever its name: "+strings.Join(kindNames, ", "))
	root := fs.String("root", "", "the `directory` the files are served from, whose URL --base names and whose tree the target rules check\n"+
		"(default: the directory given, or the common directory of the files given); SARIF file URIs and --format github\n"+
		"paths are relative to it when it is given, to the working directory otherwise")
	noTargets := fs.Bool("no-targets", false, "do not check where references lead (the target rules: missing files and fragments, letter case,\n"+
		"references that leave the tree)")
	listExternal := fs.Bool("list-external", false, "print each reference to another site once, with where it is first found (URL, a tab,\n"+
		"file:line:column; with --format json, one object a line), instead of the findings: a list for a network\n"+
		"link checker (lychee, linkinator)")
	jobs := fs.Int("j", runtime.GOMAXPROCS(0), fmt.Sprintf("lint this many files at a time (at most %d)", runner.MaxJobs))
	maxSize := int64(input.DefaultMax)
	maxSizeFlag(fs, &maxSize)
	allowEmpty := fs.Bool("allow-empty", false, "exit 0 when the arguments name no file to lint (by default that is exit 2)")
	var rf ruleFlags
	rf.register(fs)
	var ctl lintControls
	ctl.register(fs)
	var fixes lintFixes
	fixes.register(fs)
	var edge lintEdge
	edge.register(fs)
	var changes lintChanges
	changes.register(fs)
	paths, code, ok := parseArgs(fs, args, stdout)
	if !ok {
		return code
	}
	usageErr := func(err error) int {
		fmt.Fprintf(stderr, "relurl lint: %v\n", err)
		return exitUsage
	}
	if *jobs < 0 {
		return usageErr(fmt.Errorf("-j %d: want a number of files, or 0 for as many as there are CPUs", *jobs))
	}
	if len(paths) == 0 && changes.on() {
		// The changed files under the working directory.
		paths = []string{"."}
	}
	if err := fixes.check(paths); err != nil {
		return usageErr(err)
	}
	if err := changes.check(paths, ctl.writeBaseline); err != nil {
		return usageErr(err)
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
		if !set["no-targets"] && cfg.Targets.Check != nil {
			*noTargets = !*cfg.Targets.Check
		}
		if !set["max-size"] && cfg.MaxSize > 0 {
			maxSize = cfg.MaxSize
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

	warnf := func(format string, a ...any) { fmt.Fprintf(stderr, "relurl lint: "+format+"\n", a...) }
	// SARIF's URIs and github's paths are relative to the root given, or
	// to the working directory (the repository's root, as they want it);
	// the tree's root is the root given or the directory of the inputs
	// (decision T-2).
	reportRoot, treeRoot := *root, *root
	if reportRoot == "" {
		reportRoot, treeRoot = ".", commonDir(paths)
	}
	rep, err := format.New(*formatName, stdout, format.Options{Verbose: *verbose, Root: reportRoot, Version: version(),
		Warn: func(msg string) { warnf("%s", msg) }})
	if err != nil {
		return usageErr(fmt.Errorf("--format %w", err))
	}
	// Fixes are computed where they are made, shown or written out.
	opts.Fixes = fixes.on() || *formatName == "json" || *formatName == "sarif"
	if fixes.diff {
		rep = quiet{}
	}
	var targets *runner.Targets
	if !*noTargets && treeRoot != "" {
		targets = &runner.Targets{}
		if cfg != nil {
			targets.Options = cfg.TargetOptions(treeRoot)
		}
	}
	var external *externalList
	if *listExternal {
		if targets == nil {
			return usageErr(errors.New("--list-external needs the target rules: files or directories to lint (not standard input alone), without --no-targets"))
		}
		if fixes.on() {
			return usageErr(errors.New("--list-external prints the references to other sites instead of the findings, and --fix and --diff print or make fixes: give one"))
		}
		external = &externalList{w: stdout, json: *formatName == "json"}
		targets.External = external.add
		rep = quiet{}
	}
	l, err := lint.New(opts)
	if err != nil {
		return usageErr(err)
	}
	changed, newFrom, err := changes.read()
	if err != nil {
		return usageErr(err)
	}
	if len(paths) == 0 {
		paths = []string{"-"}
	}
	run := runner.Run{Changed: changed, NewFrom: newFrom, Linter: l, Kind: kind, Jobs: *jobs, Stdin: stdin, Progress: stderr, Root: treeRoot, MaxSize: maxSize,
		Baseline: baseline, Record: record, Targets: targets,
		Warn: func(err error) { warnf("%v%s", err, hint(err)) }}
	if cfg != nil {
		run.Overrides, run.Dir = cfg.Overrides, cfg.Dir
		if !(cfg.Exclude.Empty() && cfg.Include.Empty()) {
			run.Skip = skipExcept(cfg.Skips, paths)
		}
	}
	edge.apply(fs, cfg, &run)
	if fixes.on() {
		run.Fix = fixes.run(stdout)
	}
	sum, err := run.Lint(paths, rep)
	if err == nil && external != nil {
		err = external.err
	}
	code = exitOK
	if err == nil && record != nil {
		if err = record.WriteFile(ctl.writeBaseline); err == nil && sum.Errors == 0 {
			// A run that records a baseline succeeds, whatever it found.
			warnf("%s", sum)
			return exitOK
		}
	}
	switch worst, any := sum.Worst(); {
	case err != nil:
		warnf("%v", err)
		code = exitUsage
	case sum.Errors > 0:
		code = exitUsage
	case sum.Files == 0 && !*allowEmpty && !changes.on():
		warnf("no file to lint: the arguments name none of a known kind (--allow-empty makes that exit 0)")
		code = exitUsage
	case any && !failNever && worst <= failOn:
		code = exitInvalid
	}
	if fixes.on() {
		warnf("%s", sum.FixString(fixes.fix))
	}
	// The summary is the last line, whatever happened.
	warnf("%s", sum)
	return code
}

// maxSizeFlag defines --max-size on fs, into *size: read by
// input.ParseSize, as the configuration's max-size is.
func maxSizeFlag(fs *flag.FlagSet, size *int64) {
	fs.Func("max-size", "the largest `size` of a file read: bytes, or with a unit in any case, K, M, G, T or KiB, MiB, GiB, TiB\n"+
		"(powers of 1024), KB, MB, GB, TB (powers of 1000); at most 1 TiB (default "+input.Size(input.DefaultMax)+").\n"+
		"A larger file is an error, the others are linted", func(s string) (err error) {
		*size, err = input.ParseSize(s)
		return err
	})
}

// hint says how to get past an input error, or is "".
func hint(err error) string {
	var tl *input.TooLargeError
	switch {
	case errors.Is(err, runner.ErrUnknownKind):
		var names []string
		for _, k := range extract.Kinds() {
			names = append(names, k.String())
		}
		return " (name it " + strings.Join(extract.KindText.Extensions(), " ") + " for a list of URLs, or say --type " + strings.Join(names, "|") + ")"
	case errors.As(err, &tl):
		return " (--max-size raises the limit)"
	}
	return ""
}

// commonDir returns the directory the files and directories named are
// all under: a directory named, or the directory of a file named, or
// their deepest common directory; "" when none is named (standard input
// alone) or they share none.
func commonDir(paths []string) string {
	var common []string
	found := false
	for _, p := range paths {
		if p == "-" {
			continue
		}
		abs, err := filepath.Abs(p)
		if err != nil {
			return ""
		}
		if info, err := os.Stat(abs); err != nil || !info.IsDir() {
			abs = filepath.Dir(abs)
		}
		parts := strings.Split(filepath.ToSlash(abs), "/")
		if !found {
			common, found = parts, true
			continue
		}
		n := 0
		for n < len(common) && n < len(parts) && common[n] == parts[n] {
			n++
		}
		common = common[:n]
	}
	if !found || len(common) == 0 {
		return ""
	}
	dir := filepath.FromSlash(strings.Join(common, "/"))
	if dir == "" {
		dir = string(filepath.Separator)
	}
	if wd, err := os.Getwd(); err == nil {
		if rel, err := filepath.Rel(wd, dir); err == nil && !strings.HasPrefix(rel, "..") {
			return rel
		}
	}
	return dir
}

// externalList writes the references to other sites of relurl lint
// --list-external: "URL<tab>file:line:column" a line, or with JSON one
// object a line ({"url", "file", "line", "column"}).
type externalList struct {
	w    io.Writer
	json bool
	err  error
}

func (e *externalList) add(x runner.External) {
	if e.err != nil {
		return
	}
	if e.json {
		b, err := json.Marshal(struct {
			URL    string `json:"url"`
			File   string `json:"file"`
			Line   int    `json:"line"`
			Column int    `json:"column"`
		}{x.URL, x.File, x.Line, x.Column})
		if err == nil {
			_, err = fmt.Fprintf(e.w, "%s\n", b)
		}
		e.err = err
		return
	}
	_, e.err = fmt.Fprintf(e.w, "%s\t%s:%d:%d\n", x.URL, x.File, x.Line, x.Column)
}
