package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"
	"sync"

	"github.com/relurl/relurl/ast"
	"github.com/relurl/relurl/lint"
)

// lintInput is one file to lint: a path, or standard input.
type lintInput struct {
	name  string
	stdin bool
	// walked is set for a file found by walking a directory: binary files
	// and files of unknown kinds are skipped there.
	walked bool
}

// lintResult is what linting one input gave.
type lintResult struct {
	findings []lint.Finding
	err      error
	skipped  string // why the input was skipped, or ""
}

func runLint(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fset := flag.NewFlagSet("lint", flag.ContinueOnError)
	fset.SetOutput(stderr)
	format := fset.String("format", "text", "output `format`: text, json or sarif")
	verbose := fset.Bool("v", false, "text format: show each finding's line with a caret under it, and its fix")
	retrieval := fset.String("base", "", "the `URL` the files were retrieved by: the base of RFC 1808 §3.3 for a file that embeds none")
	failOn := fset.String("fail-on", "error", "exit 1 when a finding is at or above this `severity`: error, warning, info, or none")
	kindFlag := fset.String("type", "", "read every file as `text`, html or message, whatever its name")
	root := fset.String("root", ".", "SARIF: the `directory` file paths are made relative to (the repository root)")
	jobs := fset.Int("j", runtime.GOMAXPROCS(0), "lint this many files at a time")
	var rf ruleFlags
	rf.register(fset)
	fset.Usage = func() {
		fmt.Fprintln(stderr, "usage: relurl lint [flags] [FILE...|DIR...|-]")
		fmt.Fprintln(stderr, "Lints the URLs of plain text files (one URL per line: .urls, .txt), HTML (.html, .htm) and")
		fmt.Fprintln(stderr, "RFC 822 messages (.eml, .mht), against the base each establishes (RFC 1808 §3). Directories")
		fmt.Fprintln(stderr, "are walked (hidden ones skipped); with no FILE, or \"-\", standard input is read.")
		fmt.Fprintln(stderr, "Positions are line:column, counted from 1, the column in bytes.")
		fmt.Fprintln(stderr, "Exit status: 0 clean, 1 findings at or above --fail-on, 2 usage or I/O error.")
		fset.PrintDefaults()
	}
	pos, err := parseFlags(fset, args)
	if err != nil {
		return exitUsage
	}
	usageErr := func(err error) int {
		fmt.Fprintf(stderr, "relurl lint: %v\n", err)
		return exitUsage
	}
	switch *format {
	case "text", "json", "sarif":
	default:
		return usageErr(fmt.Errorf("--format %q: want text, json or sarif", *format))
	}
	threshold, never := ast.SeverityError, *failOn == "none"
	if !never {
		if threshold, err = lint.ParseSeverity(*failOn); err != nil {
			return usageErr(fmt.Errorf("--fail-on: %w", err))
		}
	}
	var kind lint.Kind
	if *kindFlag != "" {
		if kind, err = lint.ParseKind(*kindFlag); err != nil {
			return usageErr(fmt.Errorf("--type: %w", err))
		}
	}
	opts, err := rf.options(*retrieval)
	if err != nil {
		return usageErr(err)
	}
	l, err := lint.New(opts)
	if err != nil {
		return usageErr(err)
	}

	code := exitOK
	var inputs []lintInput
	if len(pos) == 0 {
		pos = []string{"-"}
	}
	for _, p := range pos {
		if p == "-" {
			inputs = append(inputs, lintInput{name: "-", stdin: true})
			continue
		}
		found, err := expand(p)
		if err != nil {
			fmt.Fprintf(stderr, "relurl lint: %v\n", err)
			code = exitUsage
			continue
		}
		inputs = append(inputs, found...)
	}

	// The linter allocates much and keeps little: a file's garbage is
	// gone when the next begins. Collect less often, unless GOGC says.
	if os.Getenv("GOGC") == "" {
		defer debug.SetGCPercent(debug.SetGCPercent(400))
	}
	results := make([]lintResult, len(inputs))
	done := make([]chan struct{}, len(inputs))
	for i := range done {
		done[i] = make(chan struct{})
	}
	work := make(chan int)
	var wg sync.WaitGroup
	for range max(1, *jobs) {
		wg.Go(func() {
			for i := range work {
				results[i] = lintOne(l, inputs[i], stdin, kind)
				close(done[i])
			}
		})
	}
	go func() {
		for i := range inputs {
			work <- i
		}
		close(work)
	}()

	progress := newProgress(stderr, len(inputs))
	out := bufio.NewWriter(stdout)
	var all []lint.Finding
	worst := ast.Severity(255)
	var werr error
	for i := range inputs {
		<-done[i]
		progress.step(i + 1)
		r := &results[i]
		switch {
		case r.err != nil:
			progress.clear()
			fmt.Fprintf(stderr, "relurl lint: %v\n", r.err)
			code = exitUsage
		case r.skipped != "" && !inputs[i].walked:
			progress.clear()
			fmt.Fprintf(stderr, "relurl lint: %s: skipped: %s\n", inputs[i].name, r.skipped)
		}
		for _, f := range r.findings {
			worst = min(worst, f.Severity)
		}
		if progress.active() && len(r.findings) > 0 && *format != "sarif" {
			// Findings go out between redraws of the bar, not through it.
			progress.clear()
		}
		switch *format {
		case "text":
			if werr == nil {
				werr = lint.WriteText(out, r.findings, *verbose)
			}
		case "json":
			if werr == nil {
				werr = lint.WriteJSON(out, r.findings)
			}
		default:
			all = append(all, r.findings...)
		}
		if progress.active() && werr == nil {
			werr = out.Flush()
		}
		results[i] = lintResult{} // let the findings go
	}
	wg.Wait()
	progress.clear()
	if *format == "sarif" {
		werr = lint.WriteSARIF(out, all, l.Rules(), lint.SARIFOptions{Root: *root})
	}
	if err := out.Flush(); werr == nil {
		werr = err
	}
	if werr != nil {
		fmt.Fprintf(stderr, "relurl lint: %v\n", werr)
		return exitUsage
	}
	if code == exitOK && !never && worst <= threshold {
		code = exitInvalid
	}
	return code
}

// expand returns the file p, or the files of the directory p in lexical
// order: those whose names say they are HTML, messages or URL lists,
// outside hidden directories.
func expand(p string) ([]lintInput, error) {
	info, err := os.Stat(p)
	if err != nil {
		return nil, err
	}
	if !info.IsDir() {
		return []lintInput{{name: p}}, nil
	}
	var found []lintInput
	err = filepath.WalkDir(p, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if path != p && strings.HasPrefix(d.Name(), ".") {
				return filepath.SkipDir
			}
			return nil
		}
		if _, ok := lint.KindByName(path); ok && d.Type().IsRegular() {
			found = append(found, lintInput{name: path, walked: true})
		}
		return nil
	})
	if err != nil {
		return found, fmt.Errorf("walking %s: %w", p, err)
	}
	return found, nil
}

func lintOne(l *lint.Linter, in lintInput, stdin io.Reader, kind lint.Kind) lintResult {
	var data []byte
	var err error
	name := in.name
	if in.stdin {
		data, err = io.ReadAll(stdin)
		name = "<stdin>"
	} else {
		data, err = os.ReadFile(in.name)
	}
	if err != nil {
		if in.stdin {
			err = fmt.Errorf("reading standard input: %w", err)
		}
		var pe *fs.PathError
		if !errors.As(err, &pe) && !in.stdin {
			err = fmt.Errorf("%s: %w", in.name, err)
		}
		return lintResult{err: err}
	}
	k := kind
	if k == 0 {
		k = lint.DetectKind(name, data)
	}
	if lint.IsBinary(data) && k == lint.KindText {
		return lintResult{skipped: "a binary file (it holds NUL bytes)"}
	}
	return lintResult{findings: l.File(name, data, k)}
}

// progress draws "relurl lint: N/M files" on a terminal, and nothing
// anywhere else.
type progress struct {
	w     io.Writer
	total int
	shown bool
}

func newProgress(stderr io.Writer, total int) *progress {
	f, ok := stderr.(*os.File)
	if !ok || total < 2 {
		return &progress{}
	}
	info, err := f.Stat()
	if err != nil || info.Mode()&os.ModeCharDevice == 0 {
		return &progress{}
	}
	return &progress{w: f, total: total}
}

func (p *progress) step(n int) {
	if p.w == nil {
		return
	}
	const width = 30
	bar := strings.Repeat("=", n*width/p.total) + strings.Repeat(" ", width-n*width/p.total)
	fmt.Fprintf(p.w, "\r[%s] %d/%d files", bar, n, p.total)
	p.shown = true
}

func (p *progress) active() bool { return p.w != nil }

func (p *progress) clear() {
	if p.w != nil && p.shown {
		fmt.Fprint(p.w, "\r\033[K")
		p.shown = false
	}
}
