package cli

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/relurl/relurl/ast"
	"github.com/relurl/relurl/lint/internal/door"
	"github.com/relurl/relurl/lint/internal/extract"
	"github.com/relurl/relurl/lint/internal/format"
	"github.com/relurl/relurl/lint/internal/input"
	"github.com/relurl/relurl/lint/internal/lint"
	"github.com/relurl/relurl/lint/internal/report"
	"github.com/relurl/relurl/lint/internal/runner"
	"github.com/relurl/relurl/lint/internal/suggest"
)

// lintHelp is relurl lint's help, between its usage line and its flags:
// what it reads and what it says; docs/lint.md says the rest.
func lintHelp() string {
	return "Lints the URLs of files: HTML, Markdown, CSS, XML, messages, mailboxes, lists.\n\n" +
		"With no FILE, the project (its configuration's root, else \".\"); \"-\": stdin.\n\n" +
		"Findings go to standard output, by file and place; a summary to standard error.\n\n" +
		"Exit status: 0 clean, 1 a finding at or above --fail-on, 2 a usage or I/O error.\n\n" +
		"Every flag at length: docs/lint.md."
}

func runLint(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("lint", stderr)
	fs.files = true
	var kindNames []string
	for _, k := range extract.Kinds() {
		kindNames = append(kindNames, k.String())
	}

	fs.Group("Input")
	retrieval := fs.String("base", "", "the `URL` of --root: a file's base is its path under it")
	root := fs.String("root", "", "the `DIR` served at --base (default: the project's)")
	var kind extract.Kind
	fs.Func("type", "read every file as this `KIND`, whatever its name", func(s string) error {
		k, err := extract.ParseKind(s)
		if err != nil {
			return choice(s, kindNames)
		}
		kind = k
		return nil
	})
	maxSize := int64(input.DefaultMax)
	maxSizeFlag(fs, &maxSize)
	var edge lintEdge
	edge.register(fs)
	var ctl lintControls
	ctl.registerConfig(fs)
	jobs := fs.Int("jobs", 0, "lint `N` files at a time (default: one per CPU)")
	fs.Alias("j", "jobs")

	fs.Group("Rules")
	var rf ruleFlags
	rf.register(fs)
	noTargets := fs.Bool("no-targets", false, "do not check where references lead (target rules)")
	redirects := ""
	fs.Func("redirects", "follow redirect pages, or read them as pages: `MODE` follow (default) or off", func(s string) error {
		var probe runner.Targets
		if runner.SetRedirects(&probe, s) != nil {
			return choice(s, redirectNames)
		}
		redirects = s
		return nil
	})

	fs.Group("Output")
	formatName := "text"
	fs.Func("format", "`FORMAT`: "+suggest.OrList(format.Names())+" (default text)", func(s string) error {
		if !slices.Contains(format.Names(), s) {
			return choice(s, format.Names())
		}
		formatName = s
		return nil
	})
	verbose := fs.Bool("verbose", false, "text: each finding's line, a caret, its fix")
	fs.Alias("v", "verbose")
	faults := fs.Bool("faults", false, "text: each fault once, with its count of findings")
	colorWhen := "auto"
	fs.Func("color", "colour the text: `WHEN` is auto (default), always or never", func(s string) error {
		if !slices.Contains(colorNames, s) {
			return choice(s, colorNames)
		}
		colorWhen = s
		return nil
	})
	listExternal := fs.Bool("list-external", false, "list the links to other sites, not the findings")

	fs.Group("Fixes")
	var fixes lintFixes
	fixes.register(fs)

	fs.Group("Baselines")
	ctl.registerBaselines(fs)

	fs.Group("CI")
	failOn, failNever := ast.SeverityError, false
	fs.Func("fail-on", "exit 1 at or above this `SEVERITY` (default error)", func(s string) (err error) {
		failNever = s == "none"
		if !failNever {
			if failOn, err = ast.ParseSeverity(s); err != nil {
				return choice(s, failOnNames)
			}
		}
		return nil
	})
	var changes lintChanges
	changes.register(fs)
	preCommit := fs.Bool("pre-commit", false, "read the arguments as pre-commit passes them")
	allowEmpty := fs.Bool("allow-empty", false, "exit 0 when no file is named (by default exit 2)")
	paths, code, ok := parseArgsUntil(fs, args, stdout, func(arg string) bool {
		if !*preCommit {
			return false
		}
		info, err := door.LstatNamed(arg)
		return err == nil && !info.IsDir()
	})
	if !ok {
		return code
	}
	usageErr := func(err error) int {
		fmt.Fprintf(stderr, "relurl lint: %s\n", format.Safe(err.Error()))
		return exitUsage
	}
	if *jobs < 0 {
		return usageErr(fmt.Errorf("--jobs %d: want a number of files, or 0 for one per CPU", *jobs))
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
	groups, err := ctl.groups(paths, named, *root, edge.followOutside)
	if err != nil {
		return usageErr(err)
	}
	baseline, record, err := ctl.baselines()
	if err != nil {
		return usageErr(err)
	}

	// What is said on standard error names files and quotes URLs:
	// escaped, as the findings are (decision U-7).
	warnf := func(f string, a ...any) { fmt.Fprintf(stderr, "relurl lint: %s\n", format.Safe(fmt.Sprintf(f, a...))) }
	// SARIF's URIs and github's paths are relative to the root given, or
	// to the working directory (the repository's root, as they want it):
	// decision T-2. The tree's root is each project's (decision L-46).
	reportRoot := *root
	if reportRoot == "" {
		reportRoot = "."
	}
	if *faults && formatName != "text" {
		return usageErr(fmt.Errorf("--faults writes the text format, not --format %s, whose findings are each at its place", formatName))
	}
	rep, err := format.New(formatName, stdout, format.Options{Verbose: *verbose, Root: reportRoot, Version: version(),
		Faults: *faults, Color: colorOn(colorWhen, os.Getenv, isTerminal(stdout)),
		Repeats: stderr, RepeatsColor: colorOn(colorWhen, os.Getenv, isTerminal(stderr)),
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
		external = &externalList{w: stdout, json: formatName == "json"}
		rep = quiet{}
	}
	changed, newFrom, err := changes.read()
	if err != nil {
		return usageErr(err)
	}

	// A base whose last segment §4 drops moves the root: said once
	// for each place it is given, before the run.
	warned := map[string]bool{}
	for _, g := range groups {
		from, base := "--base", *retrieval
		if g.cfg != nil && !set["base"] && g.cfg.Base != "" {
			from, base = g.cfg.Path+": base", g.cfg.Base
		}
		if g.root == "" || base == "" || warned[from+"\x00"+base] {
			continue
		}
		warned[from+"\x00"+base] = true
		if w := baseWarning(from, base); w != "" {
			warnf("%s", w)
		}
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
				b, err := runner.ReadBaselineIn(cfg.Bound, cfg.Baseline)
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
		opts.Fixes = fixes.on() || formatName == "json" || formatName == "sarif"
		var targets *runner.Targets
		if !noTgt && g.root != "" {
			targets = &runner.Targets{}
			if cfg != nil {
				targets.Options = cfg.TargetOptions(g.root)
			}
			if redirects != "" {
				// The flag over [targets] redirects, as every flag over
				// its key.
				_ = runner.SetRedirects(targets, redirects) // read when parsed
			}
			if external != nil {
				targets.External = external.add
			}
		}
		l, err := lint.New(opts)
		if err != nil {
			return usageErr(err)
		}
		run := &runner.Run{Changed: changed, NewFrom: newFrom, Linter: l, Kind: kind, Jobs: *jobs, Stdin: stdin, Progress: stderr, Root: g.root, Bound: g.bound, MaxSize: size,
			Baseline: runBaseline, Record: record, Targets: targets,
			Warn: func(err error) { warnf("%v%s", err, hint(err)) }}
		if cfg != nil {
			run.Overrides, run.Dir = cfg.Overrides, cfg.Dir
			if !(cfg.Exclude.Empty() && cfg.Include.Empty()) {
				run.Skip = skipExcept(cfg.Skips, g.paths)
			}
		}
		edge.apply(run)
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

// failOnNames are the values of --fail-on.
var failOnNames = []string{"error", "warning", "info", "none"}

// redirectNames are the values of --redirects, as of [targets] redirects.
var redirectNames = []string{"follow", "off"}

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
// input.ParseSize, as the configuration's max-size is (bytes, or with a
// unit: K, M, G, T or KiB… powers of 1024, KB… of 1000; at most 1 TiB).
func maxSizeFlag(fs *flagSet, size *int64) {
	fs.Func("max-size", fmt.Sprintf("the largest `SIZE` of a file read (default %d MiB)", input.DefaultMax>>20), func(s string) (err error) {
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
	_, e.err = fmt.Fprintf(e.w, "%s\t%s:%d:%d\n", format.Safe(x.URL), format.Safe(x.File), x.Line, x.Column)
}
