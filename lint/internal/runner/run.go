package runner

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
	"sync"
	"time"
	"unsafe"

	"github.com/relurl/relurl/ast"
	"github.com/relurl/relurl/lint/internal/door"
	"github.com/relurl/relurl/lint/internal/extract"
	"github.com/relurl/relurl/lint/internal/fix"
	"github.com/relurl/relurl/lint/internal/input"
	"github.com/relurl/relurl/lint/internal/lint"
	"github.com/relurl/relurl/lint/internal/report"
	"github.com/relurl/relurl/lint/internal/sequencer"
)

// result is a file's [report.FileResult] as the run carries it from the
// job that lints the file to the reporter, with what the run needs of it
// besides.
type result struct {
	report.FileResult
	// recorded are the findings Run.Record records: those of Findings
	// before Run.Baseline dropped any.
	recorded []lint.Finding
	// fixed is what the file's fixes make of it, when Run.Fix is set: nil
	// when there are none; fixMade says they were made.
	fixed   *FixedFile
	fixMade bool
	// held are the findings as linted, put away while the fixes are made
	// (decision F-13), nil when they are in Findings.
	held *held
	// tres is what the target rules found besides the findings; aliases
	// the items of the file's other names that they checked.
	tres    *lint.TargetResult
	aliases []int
}

// SkipError reports an input named on its own that was not linted.
type SkipError struct {
	Name, Why string
}

func (e *SkipError) Error() string { return e.Name + ": skipped: " + e.Why }

// ErrUnknownKind is wrapped by the error of a file named on its own whose
// kind neither its name nor its content tells ([extract.Detect]).
var ErrUnknownKind = errors.New("cannot tell what kind of file it is from its name or its content")

// MaxJobs is the most files a [Run] lints at a time, whatever Run.Jobs
// says: each holds a file in memory, and linting is bound by the CPUs.
const MaxJobs = 64

// Run lints many files in parallel and reports them in order: files are
// linted [Run.Jobs] at a time, and the [report.Reporter] gets them in the order
// they were named (a directory's files in lexical order), whatever Jobs
// is, each file's findings in order of position, those of its fragments,
// checked once the anchors they name are known, among the others
// (decision U-4).
//
// A fault in one place never costs the rest: a file or directory that
// cannot be read, one that vanishes during the walk, a file past the size
// limit, are each an error in their place ([report.FileResult.Err], [Run.Warn]), and
// every other file is linted and reported.
type Run struct {
	// Linter lints each file, but those that Overrides match.
	Linter *lint.Linter
	// Overrides set rules for the files whose paths match theirs,
	// relative to Dir, as a configuration file's [[override]] entries do
	// ([Config.Overrides]): a file's linter is Linter with the levels of
	// those that match it, in order ([lint.Linter.WithLevels]), so that a
	// later one wins over an earlier one.
	Overrides []Override
	// Dir is the directory the Overrides' paths are relative to
	// ([Config.Dir]); "" is the working directory.
	Dir string
	// Kind, when not zero, is the kind every file is read as; otherwise a
	// file's kind is told by its name and content ([extract.Detect]; in a
	// walk [extract.DetectStrict]), standard input's is a list of URLs when
	// its content tells nothing.
	Kind extract.Kind
	// Jobs is how many files are linted at a time; 0 is GOMAXPROCS. It is
	// capped at the number of files and at [MaxJobs].
	Jobs int
	// Stdin is read for the input "-", once however many times "-" is
	// named.
	Stdin io.Reader
	// Progress, when it is a terminal, is where a progress bar is drawn:
	// "[=====     ] 10/30 files". Otherwise nothing is drawn.
	Progress io.Writer
	// Warn, when not nil, is called for each input that could not be read
	// (its [report.FileResult.Err]) or that was named on its own and skipped (a
	// *SkipError), in order, on the goroutine that called [Run.Lint], the
	// progress bar cleared.
	Warn func(error)
	// Root, when not "", is the directory the linter's retrieval URL
	// ([lint.Linter.Retrieval]) is the URL of: a file under Root is given as
	// its retrieval URL (§3.3) its path under Root, escaped, resolved
	// against that URL ("library/intro.html" against
	// "https://docs.python.org/3.11/" is
	// "https://docs.python.org/3.11/library/intro.html"). A file outside
	// Root, and standard input, get the retrieval URL itself.
	Root string
	// MaxSize is the size of the largest file read, in bytes; 0 is
	// input.DefaultMax (256 MiB). A regular file past it is refused before
	// it is read; standard input, a FIFO or a device is read up to it.
	MaxSize int64
	// FS, when not nil, is the file system the files are read from, with
	// slash-separated paths; nil is the operating system's.
	FS fs.FS
	// Skip, when not nil, is asked about every file and directory named or
	// met in a walk (not standard input): true leaves it out, counted as
	// [report.SkippedExcluded]. A directory left out is not walked.
	Skip func(path string, isDir bool) bool
	// Baseline, when not nil, drops from each file's findings those it
	// holds; [report.Summary.Baselined] and [report.FileResult.Baselined]
	// count them.
	Baseline *Baseline
	// Record, when not nil, records each file's findings (those the
	// relurl:ignore directives left, before Baseline drops any), for
	// --write-baseline: [Baseline.WriteFile] writes it after the run.
	Record *Baseline
	// Fix, when not nil, is given each file whose reported findings have
	// fixes (the Linter must compute them: lint.Options.Fixes), in order, on
	// the goroutine that called [Run.Lint], before the file is reported:
	// relurl lint --fix writes it, --diff prints the difference. When it
	// reports the fixes made, the findings reported are those of the
	// fixed content, at their places in it: what linting the file again
	// would report ([report.Summary.Fixed] counts the findings mended). Its error
	// is the file's, passed to Warn and counted in [report.Summary.Errors]. A file
	// whose fixed content does not read back as the fixed URLs
	// ([lint.ErrReadBack]) is not given to it.
	Fix func(f *FixedFile) (made bool, err error)
	// Changed, when not nil, limits the run to the files that were added
	// or changed since its revision, or are untracked (relurl lint
	// --changed-since): a file named or met in a walk that is none of
	// them is skipped, counted as [report.SkippedUnchanged], and a directory that
	// holds none is not walked. Standard input is none of them.
	Changed *Changes
	// NewFrom, when not nil, drops from each file's findings, after
	// Baseline, those on lines that were not added or changed since its
	// revision (relurl lint --new-from-rev; [Changes.Filter]), and only
	// the findings kept are fixed; [report.Summary.Unchanged] and
	// [report.FileResult.Unchanged] count them. A file that is not changed has
	// no finding left: the run lints only the changed files, as with
	// Changed.
	NewFrom *Changes
	// Targets, when not nil, turns the target rules on over the tree of
	// files under Root (see [Targets]); they are off without a Root, and
	// with FS, for the tree is read from the operating system.
	Targets *Targets
	// FollowOutside reads the files and walks the directories that a
	// symbolic link leads out of Root to (relurl lint --follow-outside).
	// Without it, a path under Root whose real path is not under Root's
	// (a link in the tree, or a link in the path named) is not read: it
	// is skipped as [report.SkippedOutside], said to Warn whether named or met in
	// a walk, and reported by the formats that report inputs (decision
	// L-48). A file under Root is opened by its real path through an
	// os.Root of Root's, so that a link changed since the walk cannot lead
	// the read out either. Paths not under Root, named on the command
	// line, are read; a run without Root, or with FS, keeps no edge.
	FollowOutside bool
	// Bound, when not "", is the directory of the project the run's files
	// belong to (its repository's top, else its configuration's
	// directory): a path named outside Root but under Bound is read
	// through it as Root's are, so that no symbolic link leads a walk of
	// it out of the project (decision L-58). It keeps nothing with
	// FollowOutside.
	Bound string
	// Hold is the most bytes of findings held back in memory, to be
	// written in order of place, while a file waits for the anchors its
	// fragments name; past it they wait in a temporary file. 0 is
	// [DefaultHold].
	Hold int

	// checking, when not nil, is told the name of each file whose
	// fragments are about to be checked: a test's hook, to change the
	// file in between.
	checking func(name string)
	// reusing, when not nil, is given each file's buffer as it goes back
	// to be reused (runner.giveBuf): a test's hook, to spoil it, so that
	// anything still reading it shows.
	reusing func([]byte)
	// noReuse reads each file into a buffer of its own: a test's switch,
	// for the run to compare with.
	noReuse bool
}

// Lint lints the files named by args: files, directories (walked in
// lexical order, symbolic links followed but not out of Root (see
// [Run.FollowOutside]), each real file and directory once, hidden
// directories and files of no known kind skipped and counted), and "-"
// for standard input. It returns the summary, and an
// error only when the reporter failed (an input that could not be read is
// counted in [report.Summary.Errors] and passed to Warn), or when an override
// names a rule or family the linter does not know: then nothing is read.
func (r *Run) Lint(args []string, rep report.Reporter) (*report.Summary, error) {
	start := time.Now()
	sum := &report.Summary{Skipped: map[string]int{}, Findings: map[ast.Severity]int{}, NoFix: map[fix.Reason]int{}}
	warn := func(err error) {
		if r.Warn != nil {
			r.Warn(err)
		}
	}
	ov, err := newOverrides(r.Linter, r.Overrides, r.Dir)
	if err != nil {
		return sum, err
	}
	setup := &Setup{Linter: r.Linter, MaxSize: r.MaxSize, ov: ov}
	if setup.MaxSize <= 0 {
		setup.MaxSize = input.DefaultMax
	}
	if r.Root != "" {
		if abs, err := filepath.Abs(r.Root); err == nil {
			setup.Root = abs
		}
	}
	rn := &runner{Run: r, setup: setup, fsys: fileSystem(osFS{})}
	if r.FS != nil {
		rn.fsys = fsysFS{r.FS}
	} else if r.Root != "" {
		// The tree: what the target rules read, what fixes are written
		// to; and, unless the person running relurl chose to follow links
		// out of it, the edge of every read.
		if rn.tree, err = door.Open(r.Root); err != nil {
			return sum, fmt.Errorf("the root %s: %w", r.Root, err)
		}
		defer rn.tree.Close()
		if r.Targets != nil {
			// The walk lists every directory and follows every link
			// before the target rules read them: they are read once.
			rn.tree.Hand()
		}
		if !r.FollowOutside {
			e := &edge{tree: rn.tree}
			if r.Bound != "" {
				if e.bound, err = door.Open(r.Bound); err != nil {
					return sum, fmt.Errorf("the project %s: %w", r.Bound, err)
				}
				defer e.bound.Close()
			}
			rn.edge = e
			rn.fsys = osFS{tree: rn.tree, bound: e.bound}
		}
	}
	w := walker{fsys: rn.fsys, skip: r.Skip, skipped: sum.Skipped, files: map[any]int{}, dirs: map[any]bool{},
		aliases: r.Targets != nil, edge: rn.edge}
	for _, c := range []*Changes{r.Changed, r.NewFrom} {
		if c != nil {
			w.changed = append(w.changed, c)
		}
	}
	if r.NewFrom != nil {
		sum.NewFrom = r.NewFrom.Rev
	}
	w.add(args)
	items := w.items
	rn.items = items
	if rn.tr, err = rn.newTargetRun(items); err != nil {
		return sum, err
	}
	sum.TargetsOn = rn.tr != nil

	repErr := rep.Start(r.Linter.Rules())
	bar := newProgress(r.Progress, len(items))
	flusher, _ := rep.(interface{ Flush() error })
	out := newOrder(rn, rep, sum, r.Hold)
	out.before, out.warn = bar.clear, warn
	out.after = func() {
		if bar.active() && flusher != nil {
			if err := flusher.Flush(); err != nil && out.err == nil {
				out.err = err
			}
		}
	}
	if repErr != nil {
		out.err = repErr
	}
	jobs := r.Jobs
	if jobs <= 0 {
		jobs = runtime.GOMAXPROCS(0)
	}
	jobs = max(1, min(jobs, len(items), MaxJobs))
	// Up to 16 files per job may wait for a slow one before them: enough
	// to keep the jobs busy past a big page, few enough that the files
	// their findings hold (a finding keeps its line) stay few. A file's
	// parts wait one at a time.
	sequencer.Stream(len(items), jobs, 16*jobs, 1, func(i int, send func(*result)) {
		rn.lintOne(i, items[i], send)
	}, func(i int, res *result) {
		if items[i].aliasOf > 0 {
			// Another name of a file linted before (counted as linted
			// already, and not said, as when the target rules are off):
			// its target findings, if the file had any, and its
			// fragments'.
			bar.step(i + 1)
			ar := rn.aliasResult(i, out)
			if ar != nil && len(ar.Findings) > 0 {
				sum.Suppressed += ar.Suppressed
				rn.settle(ar, ar.Findings, sum)
			}
			if ar == nil {
				ar = &report.FileResult{Name: items[i].name, AliasOf: res.Name}
			}
			out.add(i, ar, true, true)
			return
		}
		if r.Fix != nil {
			r.fix(res, sum, func(err error) { bar.clear(); warn(err) })
			// The findings of a file whose fixes were not made, put away
			// while they were (decision F-13), go out in parts.
			if err := giveBack(res, func(part []lint.Finding) {
				for j := range part {
					sum.Findings[part[j].Severity]++
				}
				out.add(i, &report.FileResult{Name: res.Name, Findings: part, Partial: true}, false, false)
			}); err != nil {
				out.fail(err)
			}
		}
		for j := range res.Findings {
			sum.Findings[res.Findings[j].Severity]++
		}
		if !res.Partial && rn.tr != nil {
			rn.takeTargets(i, res, sum, out)
		}
		if !res.Partial {
			bar.step(i + 1)
			switch {
			case res.Err != nil:
				bar.clear()
				warn(res.Err)
				sum.Errors++
			case res.Skipped != "":
				if !items[i].walked || res.Skipped == report.SkippedOutside {
					bar.clear()
					warn(&SkipError{Name: res.Name, Why: res.SkipWhy()})
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
				sum.Unchanged += res.Unchanged
			}
		}
		// Findings go out in order of place, between redraws of the bar.
		out.add(i, &res.FileResult, !res.Partial, false)
	})
	bar.clear()
	repErr = out.finish()
	sum.Elapsed = time.Since(start)
	if repErr == nil {
		repErr = rep.End(sum)
	}
	return sum, repErr
}

// runner is a Run under way.
type runner struct {
	*Run
	// setup is how each file is linted, as the language server lints it:
	// its linter (Linter with the Overrides that match it), its retrieval
	// URL under the root (made absolute), the size limit.
	setup *Setup
	fsys  fileSystem
	// items are the run's inputs; tr the target rules' state, nil when
	// they are off.
	items []item
	tr    *targetRun
	// tree is the run's root on disk, nil without one (or with FS);
	// edge is the root the run keeps to, nil when it keeps none: then
	// fsys reads every path under it through tree. outside holds, by
	// name, where a file that leads out of the root only since the walk
	// leads (read to lintOne).
	tree    *door.Tree
	edge    *edge
	outside sync.Map
	// bufs holds the buffers of files read whose checks kept nothing of
	// them, each as a *[]byte, for the files read next (decision S-24).
	bufs sync.Pool
}

// maxReused is the largest buffer a run keeps to read the next file
// into: most files are smaller (all but 8 of rust-doc's 32 249), and a
// job keeps no more than this in memory between files.
const maxReused = 4 << 20

// takeBuf returns a buffer a file read before gave back, empty, or nil.
func (r *runner) takeBuf() []byte {
	if b, ok := r.bufs.Get().(*[]byte); ok {
		return (*b)[:0]
	}
	return nil
}

// giveBuf gives back data, the text of a file read, for the next file to
// be read into: nothing may read it after (decision S-24).
func (r *runner) giveBuf(data []byte) {
	if r.noReuse || cap(data) == 0 || cap(data) > maxReused {
		return
	}
	if r.reusing != nil {
		r.reusing(data[:cap(data)])
	}
	data = data[:0]
	r.bufs.Put(&data)
}

// keepsNothing reports whether the check of a file, c, keeps nothing of
// its text, src, past its end (decision S-24), making its findings and
// those of the file's other names own what they hold of it
// ([lint.Finding.Own]): a finding with readings, a fix or suggestions
// keeps the text, as do findings handed on in parts before (flushed) and
// notes. The target rules keep nothing else of it: the file's anchors
// and the references whose fragments are checked at the end are copies
// (target.NewAnchors; decision S-16); its references to other sites and
// the targets it leads to are kept as they are. A run that fixes files
// keeps their text for the fixes; standard input is read apart.
func (r *runner) keepsNothing(it item, c *lint.Checked, src string, flushed bool) bool {
	if it.stdin || r.Fix != nil || flushed || len(c.Notes) > 0 {
		return false
	}
	for i := range c.Findings {
		if !c.Findings[i].Own(src) {
			return false
		}
	}
	if t := c.Targets; t != nil {
		if len(t.External) > 0 || len(t.Reals) > 0 {
			return false
		}
		for _, o := range t.Others {
			for i := range o {
				if !o[i].Own(src) {
					return false
				}
			}
		}
	}
	return true
}

// open opens the file of item it for reading: under the root the run
// keeps to, through its tree (lint/door), so that no symbolic link, as it
// was at the walk or changed since, leads the read out of the tree. It
// then returns, instead of a file, where the name leads when that is out
// of the root.
func (r *runner) open(it item) (f fs.File, outside string, err error) {
	f, err = r.fsys.Open(it.name, !it.walked)
	if err != nil && r.edge != nil && leadsOut(err) {
		return nil, r.edge.real(it.name), nil
	}
	return f, "", err
}

// lintOne reads and lints input i, and sends its findings in parts.
func (r *runner) lintOne(i int, it item, send func(*result)) {
	res := &result{FileResult: report.FileResult{Name: it.name}}
	if it.stdin {
		res.Name = "<stdin>"
	}
	if it.aliasOf > 0 {
		// Linted under its first name; the target rules' findings under
		// this one come with that name's (takeTargets).
		res.Skipped = report.SkippedDuplicate
		send(res)
		return
	}
	if it.err != nil {
		res.Err = it.err
		send(res)
		return
	}
	if it.outside != "" {
		res.Skipped, res.Outside = report.SkippedOutside, it.outside
		if _, named := extract.KindByName(it.name); it.walked && !it.dir && r.Kind == 0 && !named {
			// A walk reads such a file only to tell its kind from its
			// start, which is not to be read here: most are of no known
			// kind (a site's scripts, linked to a shared copy), and they
			// are skipped as such, in silence, as they would be inside.
			res.Skipped, res.Outside = report.SkippedKind, ""
		}
		send(res)
		return
	}
	data, kind, regular, why, snap, err := r.read(it)
	switch {
	case err != nil:
		res.Err = err
		send(res)
		return
	case why != "":
		res.Skipped = why
		if why == report.SkippedOutside {
			if real, ok := r.outside.LoadAndDelete(it.name); ok {
				res.Outside = real.(string)
			}
		}
		send(res)
		return
	}
	src := shared(data)
	// A baseline, read or recorded, numbers the findings of one rule and
	// URL across the whole file (Fingerprint): such a run holds each
	// file's findings whole.
	var flush func([]lint.Finding)
	flushed := false
	switch whole := r.Baseline != nil || r.Record != nil || r.NewFrom != nil; {
	case !whole && r.Fix == nil:
		flush = func(part []lint.Finding) {
			flushed = true
			send(&result{FileResult: report.FileResult{Name: res.Name, Findings: part, Partial: true}})
		}
	case !whole:
		// Put away as they come while the fixes are made (decision F-13).
		res.held = newHeld(r.holdBudget())
		flush = res.held.add
	}
	file := r.setup.File(res.Name)
	l, retrieval := file.Linter, file.Retrieval
	if it.stdin {
		retrieval = r.Linter.Retrieval() // under no root
	}
	tt, aliases := r.targetsFor(i, it)
	if tt != nil {
		// A regular file, which is not changed by a fix, can be read
		// again at the end of the run to place the findings of its
		// fragments: no other reference need be placed.
		tt.Reread = regular && r.Fix == nil
	}
	fc := l.CheckWith(res.Name, src, kind, retrieval, flush, tt)
	if r.keepsNothing(it, &fc, src, flushed) {
		// Nothing reads the text from here (decision S-24).
		r.giveBuf(data)
		data, src = nil, ""
	}
	res.Findings, res.Notes, res.URLs, res.Suppressed = fc.Findings, fc.Notes, fc.URLs, fc.Suppressed
	res.tres, res.aliases = fc.Targets, aliases
	if tt != nil {
		r.registerAnchors(tt.Paths, fc.Targets)
	}
	if r.Record != nil {
		res.recorded = res.Findings
	}
	res.Findings, res.Baselined, res.Unchanged = r.filter(res.Name, res.Findings)
	if r.Fix != nil && r.Record == nil && len(res.Findings) > 0 {
		if res.held == nil {
			res.held = newHeld(r.holdBudget())
		}
		res.held.add(res.Findings)
		res.Findings = nil
	}
	if r.Fix != nil {
		if r.fixFile(res, data, kind, retrieval); res.fixed != nil {
			res.fixed.was, res.fixed.tree = snap, r.tree
			r.relint(l, res, kind, retrieval, tt)
		}
	}
	send(res)
}

// read reads an input through the size limit and tells its kind. A file
// met in a walk whose name says nothing is read only as far as it takes to
// tell that it is of no known kind. It returns whether it is a regular
// file, why the input is skipped, or an error that names it, and what the
// file was when it was opened (for a fix to tell whether it changed).
func (r *runner) read(it item) (data []byte, kind extract.Kind, regular bool, skipped string, snap door.Snapshot, err error) {
	if it.stdin {
		if data, err = input.Read(r.Stdin, "standard input", r.setup.MaxSize); err != nil {
			var tl *input.TooLargeError
			if !errors.As(err, &tl) {
				err = fmt.Errorf("reading standard input: %w", err)
			}
			return nil, 0, false, "", snap, err
		}
		kind = r.Kind
		if kind == 0 {
			if kind = extract.Detect("", head(data)); kind == 0 {
				kind = extract.KindText
			}
		}
		if kind == extract.KindText && isBinary(data) {
			return nil, 0, false, report.SkippedBinary, snap, nil
		}
		return data, kind, false, "", snap, nil
	}
	f, outside, err := r.open(it)
	switch {
	case err != nil && it.walked && errors.Is(err, door.ErrNotRegular):
		return nil, 0, false, report.SkippedNotRegular, snap, nil // it changed since the walk
	case err != nil:
		return nil, 0, false, "", snap, err
	case outside != "":
		// A link changed since the walk: it leads out now.
		r.outside.Store(it.name, outside)
		return nil, 0, false, report.SkippedOutside, snap, nil
	}
	defer f.Close()
	if df, ok := f.(*door.File); ok {
		snap = df.Snapshot()
	}
	info, err := f.Stat()
	if err != nil {
		return nil, 0, false, "", snap, pathError("stat", it.name, err)
	}
	if it.walked && !info.Mode().IsRegular() {
		return nil, 0, false, report.SkippedNotRegular, snap, nil // it changed since the walk
	}
	size := int64(-1)
	if info.Mode().IsRegular() {
		size = info.Size()
	}
	kind = r.Kind
	var rd io.Reader = f
	if _, named := extract.KindByName(it.name); kind == 0 && it.walked && !named {
		// Most files of other names are of no known kind: their start says.
		var start []byte
		if start, err = input.ReadSized(io.LimitReader(f, extract.SniffSize), it.name, min(size, extract.SniffSize), extract.SniffSize); err != nil {
			return nil, 0, false, "", snap, pathError("read", it.name, err)
		}
		if extract.DetectStrict(it.name, start) == 0 {
			return nil, 0, false, report.SkippedKind, snap, nil
		}
		rd = io.MultiReader(bytes.NewReader(start), f)
	}
	if data, err = r.readAllInto(r.takeBuf(), rd, it.name, size); err != nil {
		return nil, 0, false, "", snap, err
	}
	if kind == 0 {
		if it.walked {
			kind = extract.DetectStrict(it.name, head(data))
		} else {
			kind = extract.Detect(it.name, head(data))
		}
	}
	switch {
	case kind == 0 && it.walked:
		skipped = report.SkippedKind
	case kind == 0:
		err = fmt.Errorf("%s: %w", it.name, ErrUnknownKind)
	case len(data) == 0 && info.Mode()&fs.ModeNamedPipe != 0:
		err = fmt.Errorf("%s: a FIFO that no process writes to: nothing to read (start its writer first)", it.name)
	case kind == extract.KindText && isBinary(data):
		skipped = report.SkippedBinary
	}
	if skipped != "" || err != nil {
		r.giveBuf(data) // not linted
		return nil, 0, false, skipped, snap, err
	}
	return data, kind, info.Mode().IsRegular(), "", snap, nil
}

// head is the start of data that tells its kind.
func head(data []byte) []byte { return data[:min(len(data), extract.SniffSize)] }

// readAllInto reads the file called name, of size bytes (-1 when it is
// not known), through the size limit, into buf's memory when it has room
// (input.ReadSizedInto); an error names the file.
func (r *runner) readAllInto(buf []byte, rd io.Reader, name string, size int64) ([]byte, error) {
	data, err := input.ReadSizedInto(buf, rd, name, size, r.setup.MaxSize)
	if err != nil {
		var tl *input.TooLargeError
		if !errors.As(err, &tl) {
			err = pathError("read", name, err)
		}
		return nil, err
	}
	return data, nil
}

// shared returns the text of a file read, data, which is never changed:
// the string shares its memory rather than copy a file of up to MaxSize
// bytes, which would cost its size in peak memory and the time to copy
// it.
func shared(data []byte) string { return unsafe.String(unsafe.SliceData(data), len(data)) }

// pathError wraps err, from the file name, as an *fs.PathError unless it
// is one.
func pathError(op, name string, err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return err
	}
	return &fs.PathError{Op: op, Path: name, Err: err}
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
