package cli

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"slices"
	"strings"

	"github.com/relurl/relurl/ast"
	"github.com/relurl/relurl/lint/internal/extract"
	"github.com/relurl/relurl/lint/internal/format"
	"github.com/relurl/relurl/lint/internal/input"
	"github.com/relurl/relurl/lint/internal/lint"
	"github.com/relurl/relurl/lint/internal/report"
	"github.com/relurl/relurl/lint/internal/runner"
)

// lintHelp is relurl lint's help, between its usage line and its flags.
func lintHelp() string {
	var kinds []string
	for _, k := range extract.Kinds() {
		kinds = append(kinds, fmt.Sprintf("%s (%s)", k, strings.Join(k.Extensions(), ", ")))
	}
	return "Lints the URLs of files by kind: " + strings.Join(kinds, "; ") + ".\n" +
		"A file that begins with an RFC 822 header block is a message, one that begins with an mbox \"From \" line\n" +
		"a mailbox, whatever their names. Directories are walked (symbolic links followed, but not out of the root unless --follow-outside; each file once; hidden\n" +
		"directories and files of no known kind skipped and counted); a file named whose kind cannot be told is an\n" +
		"error unless --type says it. With no FILE, the project is linted (the configuration's root, else \".\"); with\n" +
		"\"-\", standard input (a list of URLs unless it is HTML, a message or a mailbox). Each file's configuration is\n" +
		"the nearest " + runner.ConfigName + " above it, its root the configuration's root or directory, else a directory named, else\n" +
		"the repository's top (docs/lint.md, where the root comes from). Each file's base is its BASE element or\n" +
		"Base header, else its path under the root resolved against --base (§3).\n" +
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
		"(default: the project's: the configuration's root or directory, a directory given, the repository's top);\n"+
		"SARIF file URIs and --format github\n"+
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
	preCommit := fs.Bool("pre-commit", false, "read the arguments as pre-commit passes them (the hooks' entry says it): the hook's args, then the\n"+
		"files; from the first argument that names an existing file, every argument is a file, never a flag")
	paths, code, ok := parseArgsUntil(fs, args, stdout, func(arg string) bool {
		if !*preCommit {
			return false
		}
		info, err := os.Lstat(arg)
		return err == nil && !info.IsDir()
	})
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
	set := setFlags(fs)
	named := len(paths) > 0
	if !named {
		// The project: --root, else the configuration's root, else the
		// working directory (with --changed-since or --new-from-rev, the
		// files under it that changed).
		paths = []string{"."}
		switch cfg, err := ctl.load("."); {
		case changes.on():
		case *root != "":
			paths = []string{*root}
		case err != nil:
			return usageErr(err)
		case cfg != nil && cfg.Root != "":
			paths = []string{relToWD(cfg.Root)}
		}
	}
	if err := fixes.check(paths); err != nil {
		return usageErr(err)
	}
	if err := changes.check(paths, ctl.writeBaseline); err != nil {
		return usageErr(err)
	}
	groups, err := ctl.groups(paths, named, *root)
	if err != nil {
		return usageErr(err)
	}
	baseline, record, err := ctl.baselines()
	if err != nil {
		return usageErr(err)
	}

	warnf := func(format string, a ...any) { fmt.Fprintf(stderr, "relurl lint: "+format+"\n", a...) }
	// SARIF's URIs and github's paths are relative to the root given, or
	// to the working directory (the repository's root, as they want it):
	// decision T-2. The tree's root is each project's (decision L-46).
	reportRoot := *root
	if reportRoot == "" {
		reportRoot = "."
	}
	rep, err := format.New(*formatName, stdout, format.Options{Verbose: *verbose, Root: reportRoot, Version: version(),
		Warn: func(msg string) { warnf("%s", msg) }})
	if err != nil {
		return usageErr(fmt.Errorf("--format %w", err))
	}
	if fixes.diff {
		rep = quiet{}
	}
	var external *externalList
	if *listExternal {
		if fixes.on() {
			return usageErr(errors.New("--list-external prints the references to other sites instead of the findings, and --fix and --diff print or make fixes: give one"))
		}
		external = &externalList{w: stdout, json: *formatName == "json"}
		rep = quiet{}
	}
	changed, newFrom, err := changes.read()
	if err != nil {
		return usageErr(err)
	}

	// Each project's files are a run of their own, with its
	// configuration, root, rules and tree; the report is one.
	runs := make([]*runner.Run, len(groups))
	failOns := make([]func(ast.Severity) bool, len(groups))
	for i, g := range groups {
		cfg := g.cfg
		base, noTgt, size, failOn, failNever := *retrieval, *noTargets, maxSize, failOn, failNever
		runBaseline := baseline
		var opts lint.Options
		if cfg != nil {
			if !set["baseline"] && cfg.Baseline != "" {
				// The configuration's baseline (decision L-55): one the
				// run is about to write may not exist yet.
				b, err := runner.ReadBaseline(cfg.Baseline)
				switch {
				case err == nil:
					runBaseline = b
				case !errors.Is(err, os.ErrNotExist):
					return usageErr(fmt.Errorf("%s: %w", cfg.Path, err))
				case record == nil:
					return usageErr(fmt.Errorf("%s names the baseline %s, which does not exist: relurl lint --write-baseline writes it", cfg.Path, cfg.Baseline))
				}
			}
			if !set["base"] && cfg.Base != "" {
				base = cfg.Base
			}
			if !set["no-targets"] && cfg.Targets.Check != nil {
				noTgt = !*cfg.Targets.Check
			}
			if !set["max-size"] && cfg.MaxSize > 0 {
				size = cfg.MaxSize
			}
			if !set["fail-on"] && cfg.FailOn != "" {
				if failNever = cfg.FailOn == "none"; !failNever {
					failOn, _ = ast.ParseSeverity(cfg.FailOn)
				}
			}
			opts = cfg.Options()
		}
		failOns[i] = func(s ast.Severity) bool { return !failNever && s <= failOn }
		flagOpts := rf.options(base)
		opts.Enable, opts.Disable, opts.Severity, opts.Retrieval = flagOpts.Enable, flagOpts.Disable, flagOpts.Severity, flagOpts.Retrieval
		// Fixes are computed where they are made, shown or written out.
		opts.Fixes = fixes.on() || *formatName == "json" || *formatName == "sarif"
		var targets *runner.Targets
		if !noTgt && g.root != "" {
			targets = &runner.Targets{}
			if cfg != nil {
				targets.Options = cfg.TargetOptions(g.root)
			}
			if external != nil {
				targets.External = external.add
			}
		}
		l, err := lint.New(opts)
		if err != nil {
			return usageErr(err)
		}
		run := &runner.Run{Changed: changed, NewFrom: newFrom, Linter: l, Kind: kind, Jobs: *jobs, Stdin: stdin, Progress: stderr, Root: g.root, MaxSize: size,
			Baseline: runBaseline, Record: record, Targets: targets,
			Warn: func(err error) { warnf("%v%s", err, hint(err)) }}
		if cfg != nil {
			run.Overrides, run.Dir = cfg.Overrides, cfg.Dir
			if !(cfg.Exclude.Empty() && cfg.Include.Empty()) {
				run.Skip = skipExcept(cfg.Skips, g.paths)
			}
		}
		edge.apply(fs, cfg, run)
		if fixes.on() {
			run.Fix = fixes.run(stdout)
		}
		runs[i] = run
	}
	if external != nil && !slices.ContainsFunc(runs, func(r *runner.Run) bool { return r.Targets != nil }) {
		return usageErr(errors.New("--list-external needs the target rules: files or directories to lint (not standard input alone), without --no-targets"))
	}

	sum := &report.Summary{}
	fail := false
	one := &oneReport{Reporter: rep}
	for i, run := range runs {
		s, err := run.Lint(groups[i].paths, one)
		sum.Add(s)
		if worst, any := s.Worst(); any && failOns[i](worst) {
			fail = true
		}
		if err != nil {
			warnf("%v", err)
			code = exitUsage
			break
		}
	}
	err = one.end(sum)
	if err == nil && external != nil {
		err = external.err
	}
	if code == exitUsage {
		// The error is said.
	} else if err == nil && record != nil {
		if err = record.WriteFile(ctl.writeBaseline); err == nil && sum.Errors == 0 {
			// A run that records a baseline succeeds, whatever it found.
			warnf("%s", sum)
			return exitOK
		}
	}
	switch {
	case code == exitUsage:
	case err != nil:
		warnf("%v", err)
		code = exitUsage
	case sum.Errors > 0:
		code = exitUsage
	case sum.Files == 0 && !*allowEmpty && !changes.on():
		warnf("no file to lint: the arguments name none of a known kind (--allow-empty makes that exit 0)")
		code = exitUsage
	case fail:
		code = exitInvalid
	}
	if fixes.on() {
		warnf("%s", sum.FixString(fixes.fix))
	}
	// The summary is the last line, whatever happened.
	warnf("%s", sum)
	return code
}

// oneReport passes the reports of several runs to one Reporter as one:
// the first run's Start, every file, and one End, with the runs' summary
// added up, that end calls.
type oneReport struct {
	report.Reporter
	started bool
}

func (o *oneReport) Start(rules []lint.Setting) error {
	if o.started {
		return nil
	}
	o.started = true
	return o.Reporter.Start(rules)
}

// End does nothing: end ends the report.
func (o *oneReport) End(*report.Summary) error { return nil }

// Flush flushes the Reporter when it buffers (report.Reporter).
func (o *oneReport) Flush() error {
	if f, ok := o.Reporter.(interface{ Flush() error }); ok {
		return f.Flush()
	}
	return nil
}

func (o *oneReport) end(s *report.Summary) error {
	if !o.started {
		if err := o.Reporter.Start(nil); err != nil {
			return err
		}
	}
	return o.Reporter.End(s)
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

// externalList writes the references to other sites of relurl lint
// --list-external: "URL<tab>file:line:column" a line, or with JSON one
// object a line ({"url", "file", "line", "column"}).
type externalList struct {
	w    io.Writer
	json bool
	err  error
	// seen are the URLs written: each run says each once, and the
	// projects of one command are runs of their own.
	seen map[string]bool
}

func (e *externalList) add(x runner.External) {
	if e.err != nil || e.seen[x.URL] {
		return
	}
	if e.seen == nil {
		e.seen = map[string]bool{}
	}
	e.seen[x.URL] = true
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
