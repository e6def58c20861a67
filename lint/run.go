package lint

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/relurl/relurl/ast"
	"github.com/relurl/relurl/internal/sequencer"
	"github.com/relurl/relurl/lint/extract"
)

// Reporter receives the results of a [Run] in order: Start once, File for
// each file in the order the run was given them, End once with the run's
// summary. The formats of package lint/format are Reporters. A Reporter
// that buffers its output may also have a method Flush() error, which
// the run calls after each file while it draws a progress bar.
type Reporter interface {
	// Start begins the report; rules are the catalog as the run's linter
	// applies it.
	Start(rules []Setting) error
	// File reports one file: its findings, in order of position, or why it
	// was not linted.
	File(r *FileResult) error
	// End ends the report.
	End(s *Summary) error
}

// FileResult is what a [Run] found in one file.
type FileResult struct {
	// Name is the file's name as given (a walked file's path), or
	// "<stdin>".
	Name string
	// Findings are the file's findings, in order of position.
	Findings []Finding
	// Notes say which parts of the file were not read, or not as their
	// format wants them, and why.
	Notes []extract.Note
	// URLs is how many URLs the file holds.
	URLs int
	// Suppressed is how many findings the file's relurl:ignore directives
	// suppressed; Baselined how many the run's baseline dropped. Neither
	// kind is in Findings.
	Suppressed, Baselined int
	// Err is why the file could not be read, or nil.
	Err error
	// recorded are the findings Run.Record records: those of Findings
	// before Run.Baseline dropped any.
	recorded []Finding
	// Skipped, when not "", says why the file was not linted: a binary
	// file (a NUL byte in its first 8 KiB) read as a list of URLs.
	Skipped string
}

// Summary sums up a [Run].
type Summary struct {
	// Files is how many files were linted.
	Files int
	// Skipped counts the files not linted, by why.
	Skipped map[string]int
	// Errors is how many inputs could not be read.
	Errors int
	// URLs is how many URLs the files held.
	URLs int
	// Findings counts the findings by severity.
	Findings map[ast.Severity]int
	// Suppressed counts the findings that relurl:ignore directives
	// suppressed; Baselined those the baseline ([Run.Baseline]) dropped.
	Suppressed, Baselined int
	// Elapsed is the run's wall time.
	Elapsed time.Duration
}

// Worst returns the most severe severity of the findings, and false when
// there are none.
func (s *Summary) Worst() (ast.Severity, bool) {
	for _, sev := range []ast.Severity{ast.SeverityError, ast.SeverityWarning, ast.SeverityInfo} {
		if s.Findings[sev] > 0 {
			return sev, true
		}
	}
	return 0, false
}

// SkipError reports an input named on its own that was not linted.
type SkipError struct {
	Name, Why string
}

func (e *SkipError) Error() string { return e.Name + ": skipped: " + e.Why }

// Run lints many files in parallel and reports them in order: files are
// linted [Run.Jobs] at a time, and the [Reporter] gets them in the order
// they were named (a directory's files in lexical order), whatever Jobs
// is.
type Run struct {
	// Linter lints each file.
	Linter *Linter
	// Kind, when not zero, is the kind every file is read as; otherwise a
	// file's kind is told by its name and content ([extract.Detect]).
	Kind extract.Kind
	// Jobs is how many files are linted at a time; 0 is GOMAXPROCS.
	Jobs int
	// Stdin is read for the input "-".
	Stdin io.Reader
	// Progress, when it is a terminal, is where a progress bar is drawn:
	// "[=====     ] 10/30 files". Otherwise nothing is drawn.
	Progress io.Writer
	// Skip, when not nil, is asked about every file and directory met in
	// a walk: true leaves it out. A directory left out is not walked.
	Skip func(path string, isDir bool) bool
	// Baseline, when not nil, drops from each file's findings those it
	// holds; Summary.Baselined and FileResult.Baselined count them.
	Baseline *Baseline
	// Record, when not nil, records each file's findings (those the
	// relurl:ignore directives left, before Baseline drops any), for
	// --write-baseline: [Baseline.WriteFile] writes it after the run.
	Record *Baseline
	// Warn, when not nil, is called for each input that could not be read
	// (an error wrapping the *fs.PathError) or that was named on its own
	// and skipped (a *SkipError), in order, on the goroutine that called
	// [Run.Lint], the progress bar cleared.
	Warn func(error)
}

// input is one file to lint: a path, or standard input.
type input struct {
	name  string
	stdin bool
	// walked is set for a file found by walking a directory: files that
	// are skipped are skipped in silence there.
	walked bool
}

// Lint lints the files named by args: files, directories (walked in
// lexical order for the files whose names say their kind, hidden
// directories skipped), and "-" for standard input. It returns the
// summary, and an error only when the reporter failed (an input that
// could not be read is counted in Summary.Errors and passed to Warn).
func (r *Run) Lint(args []string, rep Reporter) (*Summary, error) {
	start := time.Now()
	sum := &Summary{Skipped: map[string]int{}, Findings: map[ast.Severity]int{}}
	warn := func(err error) {
		if r.Warn != nil {
			r.Warn(err)
		}
	}
	var inputs []input
	for _, p := range args {
		if p == "-" {
			inputs = append(inputs, input{name: "-", stdin: true})
			continue
		}
		found, err := expand(p, r.Skip)
		if err != nil {
			warn(err)
			sum.Errors++
		}
		inputs = append(inputs, found...)
	}

	repErr := rep.Start(r.Linter.Rules())
	bar := newProgress(r.Progress, len(inputs))
	flusher, _ := rep.(interface{ Flush() error })
	jobs := r.Jobs
	if jobs <= 0 {
		jobs = runtime.GOMAXPROCS(0)
	}
	// Up to 16 files per job may wait for a slow one before them: enough
	// to keep the jobs busy past a big page, few enough that the files
	// their findings hold (a finding keeps its line) stay few.
	sequencer.Ordered(len(inputs), jobs, 16*jobs, func(i int) *FileResult {
		return r.lintOne(inputs[i])
	}, func(i int, res *FileResult) {
		bar.step(i + 1)
		switch {
		case res.Err != nil:
			bar.clear()
			warn(res.Err)
			sum.Errors++
		case res.Skipped != "":
			if !inputs[i].walked {
				bar.clear()
				warn(&SkipError{Name: inputs[i].name, Why: res.Skipped})
			}
			sum.Skipped[res.Skipped]++
		default:
			if r.Record != nil {
				r.Record.Add(res.Name, res.recorded)
			}
			sum.Files++
			sum.URLs += res.URLs
			sum.Suppressed += res.Suppressed
			sum.Baselined += res.Baselined
			for _, f := range res.Findings {
				sum.Findings[f.Severity]++
			}
		}
		if repErr != nil {
			return
		}
		if len(res.Findings) > 0 {
			// Findings go out between redraws of the bar, not through it.
			bar.clear()
		}
		repErr = rep.File(res)
		if bar.active() && flusher != nil && repErr == nil {
			repErr = flusher.Flush()
		}
	})
	bar.clear()
	sum.Elapsed = time.Since(start)
	if repErr == nil {
		repErr = rep.End(sum)
	}
	return sum, repErr
}

// expand returns the file p, or the files of the directory p in lexical
// order: those whose names say they are HTML, messages or URL lists,
// outside hidden directories, that skip (when not nil) does not leave
// out, in the directories it does not leave out.
func expand(p string, skip func(path string, isDir bool) bool) ([]input, error) {
	info, err := os.Stat(p)
	if err != nil {
		return nil, err
	}
	if !info.IsDir() {
		return []input{{name: p}}, nil
	}
	var found []input
	err = filepath.WalkDir(p, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if path != p && (strings.HasPrefix(d.Name(), ".") || skip != nil && skip(path, true)) {
				return filepath.SkipDir
			}
			return nil
		}
		if _, ok := extract.KindByName(path); ok && d.Type().IsRegular() && (skip == nil || !skip(path, false)) {
			found = append(found, input{name: path, walked: true})
		}
		return nil
	})
	if err != nil {
		return found, fmt.Errorf("walking %s: %w", p, err)
	}
	return found, nil
}

// lintOne reads and lints one input.
func (r *Run) lintOne(in input) *FileResult {
	res := &FileResult{Name: in.name}
	var data []byte
	var err error
	if in.stdin {
		res.Name = "<stdin>"
		if data, err = io.ReadAll(r.Stdin); err != nil {
			err = fmt.Errorf("reading standard input: %w", err)
		}
	} else if data, err = os.ReadFile(in.name); err != nil {
		if pe := (*fs.PathError)(nil); !errors.As(err, &pe) {
			err = fmt.Errorf("%s: %w", in.name, err)
		}
	}
	if err != nil {
		res.Err = err
		return res
	}
	k := r.Kind
	if k == 0 {
		k = extract.Detect(res.Name, data)
	}
	if k == extract.KindText && isBinary(data) {
		res.Skipped = "a binary file (it holds NUL bytes)"
		return res
	}
	fc := r.Linter.lintFile(res.Name, string(data), k, r.Linter.retrieval)
	res.Findings, res.Notes, res.URLs, res.Suppressed = fc.findings, fc.notes, fc.urls, fc.suppressed
	if r.Record != nil {
		res.recorded = res.Findings
	}
	if r.Baseline != nil {
		res.Findings, res.Baselined = r.Baseline.Filter(res.Name, res.Findings)
	}
	return res
}

// isBinary reports whether data looks like a binary file: it holds a NUL
// byte in its first 8 KiB.
func isBinary(data []byte) bool {
	return bytes.IndexByte(data[:min(len(data), 8<<10)], 0) >= 0
}

// progress draws "[====    ] N/M files" on a terminal, and nothing
// anywhere else.
type progress struct {
	w     io.Writer
	total int
	shown bool
}

func newProgress(w io.Writer, total int) *progress {
	f, ok := w.(*os.File)
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
