package runner

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path/filepath"

	"github.com/relurl/relurl/lint/internal/door"
	"github.com/relurl/relurl/lint/internal/extract"
	"github.com/relurl/relurl/lint/internal/input"
	"github.com/relurl/relurl/lint/internal/lint"
	"github.com/relurl/relurl/lint/internal/report"
	"github.com/relurl/relurl/lint/internal/target"
)

// Targets are the settings of the target rules in a [Run]: where each
// reference of the files under [Run.Root] leads in the tree of files
// under it (package lint/target), served at the linter's retrieval URL
// (--base), or at the root of a site of its own ([target.SiteURL]) when
// it has none (docs/targets.md).
//
// The run drives the tree: each file's anchors are read in the pass that
// lints it; the references whose fragments name another document (or
// the file itself) are kept, with their places, until the anchors they
// name are known (the documents are linted, or are none the run lints),
// then checked, and their findings reported among the file's others, in
// order of position (decision U-4). A file met under several names (symbolic
// links, hard links) is linted once, under the first; its references
// are checked under each name, against that name's base, and reported
// under it ([report.FileResult.AliasOf]).
type Targets struct {
	// Options are the tree's settings: index files, extensions tried,
	// Markdown's anchors, targets made at build time. Load is the run's.
	Options target.Options
	// External, when not nil, is given each reference to another site
	// once, in the order of the files and of its first place in each.
	External func(e External)
}

// External is a reference to another site, where a run first met it.
type External struct {
	// URL is the reference resolved by RFC 1808 §4.
	URL string
	// File is the file's name as the run has it; Line and Column are
	// where the reference is in it, from 1, the column in bytes.
	File         string
	Line, Column int
}

// ErrTargetsRoot is wrapped by the error of a run whose target rules
// have no tree: the root cannot be read as one.
var ErrTargetsRoot = errors.New("the target rules cannot read the root")

// targetRun is the state of the target rules in a run.
type targetRun struct {
	tree *target.Tree
	// aliases are, for each item linted, the items that are its other
	// names; pending the findings of those names, by item, until their
	// turn.
	aliases [][]int
	pending map[int]*report.FileResult
	// deferred are the fragments of each item that wait for the anchors
	// they name, readyAt where Deferred.Ready stopped for each, and
	// waiting the items that wait, by the path of the document that
	// holds them back (order.try).
	deferred []*target.Deferred
	readyAt  []int
	waiting  map[string][]int
	// seen are the references to other sites handed on.
	seen map[string]bool
	// reread is the buffer the files read again at the end of the run
	// are read into, in turn (runner.reread).
	reread []byte
}

// newTargetRun makes the tree of the run's root, or returns nil when
// the target rules are off, have no root, or read another file system
// than the operating system's.
func (r *runner) newTargetRun(items []item) (*targetRun, error) {
	if r.Targets == nil || r.setup.Root == "" || r.FS != nil {
		return nil, nil
	}
	if r.tree == nil {
		return nil, fmt.Errorf("%w %s", ErrTargetsRoot, r.Root)
	}
	fsys := target.OS(r.tree)
	opts := r.Targets.Options
	opts.Load, opts.MayRedirect, opts.Compact = r.loadAnchors, r.mayRedirect, true
	tree, err := target.NewTree(fsys, r.Linter.Retrieval(), opts)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrTargetsRoot, err)
	}
	tr := &targetRun{tree: tree, aliases: make([][]int, len(items)), pending: map[int]*report.FileResult{},
		deferred: make([]*target.Deferred, len(items)), readyAt: make([]int, len(items)), waiting: map[string][]int{}, seen: map[string]bool{}}
	for i, it := range items {
		if it.aliasOf > 0 {
			tr.aliases[it.aliasOf-1] = append(tr.aliases[it.aliasOf-1], i)
		}
	}
	return tr, nil
}

// underRoot returns the path of the file called name under the root,
// slash-separated, and false when it is not under it (door.Tree.Rel: by
// the root's name or real path, the working directory resolved once).
func (r *runner) underRoot(name string) (string, bool) {
	rel, ok := r.tree.Rel(name)
	if !ok || rel == "." {
		return "", false
	}
	return filepath.ToSlash(rel), true
}

// targetsFor returns where item i is in the tree, under its names that
// are under the root, and the items of its other names among them; nil
// when it is not under the root.
func (r *runner) targetsFor(i int, it item) (*target.Scope, []int) {
	if r.tr == nil || it.stdin {
		return nil, nil
	}
	rel, ok := r.underRoot(it.name)
	if !ok {
		return nil, nil
	}
	t := &target.Scope{Tree: r.tr.tree, Paths: []string{rel}, Names: []string{it.name}, Defer: true, External: r.Targets.External != nil}
	var others []int
	for _, a := range r.tr.aliases[i] {
		if p, ok := r.underRoot(r.items[a].name); ok {
			t.Paths, t.Names = append(t.Paths, p), append(t.Names, r.items[a].name)
			others = append(others, a)
		}
	}
	return t, others
}

// registerAnchors hands the tree the anchors of a file linted under the
// paths rels, each of its names under the root: another name (a hard
// link, a symbolic link the tree does not follow to the file's path) is
// the same text, and the fragments that name the file by it are settled
// as soon as by its own name, not left for the name's turn (decision
// S-12). The names share one Anchors.
func (r *runner) registerAnchors(rels []string, tres *lint.TargetResult) {
	if tres == nil || tres.Anchors == nil {
		return
	}
	a := tres.Anchors.Compact()
	for _, rel := range rels {
		r.tr.tree.SetAnchorsAt(rel, a)
	}
}

// loadAnchors reads the anchors of a document under the root that the
// run did not lint (a file it was not given, excluded, past the size
// limit): the tree's Options.Load.
func (r *runner) loadAnchors(real string, k extract.Kind) *target.Anchors {
	a, data := loadAnchorsInto(r.takeBuf(), r.tree, real, k, r.setup.MaxSize, r.Targets.Options.MarkdownAnchors)
	// The anchors are copied out of the text (target.NewAnchors), which
	// the next file may be read into (decision S-24).
	r.giveBuf(data)
	return a
}

// mayRedirect is the run's [target.Options.MayRedirect]: the document at
// real read through the tree into one of the run's buffers, its text
// searched (extract.MayRedirect), not read by the reader; true when it
// cannot be read, for Load to say so.
func (r *runner) mayRedirect(real string) bool {
	if inGit(real) {
		return true // Load says what is there: nothing of the tree
	}
	f, err := r.tree.Open(real)
	if err != nil {
		return true
	}
	defer f.Close()
	info, _ := f.Stat()
	data, err := input.ReadSizedInto(r.takeBuf(), io.Reader(f), r.tree.Name(real), info.Size(), r.setup.MaxSize)
	defer r.giveBuf(data)
	return err != nil || extract.MayRedirect(data)
}

// LoadAnchors reads the anchors of the document at real, a slash-separated
// path under the root of the tree t, as a document of kind k with
// Markdown's anchors by slugs: what a [target.Options.Load] of a tree of
// the operating system's files does. It reads at most max bytes, through
// the tree (lint/door): nil for a document it cannot read whole (missing,
// not a regular file, past max, Markdown too costly to read), or one that
// leads out of the tree or into a .git directory below it (decision L-48).
func LoadAnchors(t *door.Tree, real string, k extract.Kind, max int64, slugs target.Slugs) *target.Anchors {
	a, _ := loadAnchorsInto(nil, t, real, k, max, slugs)
	return a
}

// loadAnchorsInto is LoadAnchors reading the document into buf's memory
// when it has room (input.ReadSizedInto); it returns the text it read,
// nil when it read none, which the anchors do not share: they copy what
// they keep of it (target.NewAnchors).
func loadAnchorsInto(buf []byte, t *door.Tree, real string, k extract.Kind, max int64, slugs target.Slugs) (*target.Anchors, []byte) {
	if inGit(real) {
		return nil, nil // a link led there: a repository's metadata is no part of its tree
	}
	f, err := t.Open(real)
	if err != nil {
		return nil, nil
	}
	defer f.Close()
	info, _ := f.Stat()
	data, err := input.ReadSizedInto(buf, io.Reader(f), t.Name(real), info.Size(), max)
	if err != nil {
		return nil, nil
	}
	// The text is read in place, not copied: nothing changes it while
	// the anchors are read.
	return target.ReadAnchors(shared(data), k, slugs), data
}

// takeTargets takes, on the run's goroutine, in the order of the items,
// what the target rules found in item i besides its findings: the
// findings of its other names (reported at their turn), its fragments
// left to the end (out checks them as soon as it can), its references
// to other sites, its counts.
func (r *runner) takeTargets(i int, res *result, sum *report.Summary, out *order) {
	tres := res.tres
	if res.fixMade && res.fixed != nil {
		tres = res.fixed.tres
	}
	if tres == nil {
		return
	}
	sum.Targets.Add(tres.Stats)
	for k, a := range res.aliases {
		ar := &report.FileResult{Name: r.items[a].name, AliasOf: res.Name}
		if k < len(tres.Others) {
			ar.Findings, ar.Suppressed = tres.Others[k], tres.OthersSuppressed[k]
			if r.stashable() {
				// Until the name's turn, encoded (decision S-15).
				if err := out.others.put(a, ar.Findings); err != nil {
					out.fail(err)
				}
				ar.Findings = nil
			}
		}
		r.tr.pending[a] = ar
	}
	// The file's anchors are known under each of its names now: what
	// waited for them is tried again, then its own fragments.
	if out.rels != nil {
		out.wake(out.rels[i])
		for _, a := range res.aliases {
			out.wake(out.rels[a])
		}
	}
	for k, d := range tres.Deferred {
		switch {
		case d == nil:
		case k == 0:
			out.take(i, d)
		case k-1 < len(res.aliases):
			out.take(res.aliases[k-1], d)
		}
	}
	if r.Targets.External != nil {
		for _, e := range tres.External {
			if !r.tr.seen[e.URL] {
				r.tr.seen[e.URL] = true
				r.Targets.External(External{URL: e.URL, File: res.Name, Line: e.Line, Column: e.Column})
			}
		}
	}
}

// aliasResult returns the findings of item i, another name of a file
// linted before it, to report at its turn; nil when it has none.
func (r *runner) aliasResult(i int, out *order) *report.FileResult {
	if r.tr == nil {
		return nil
	}
	ar := r.tr.pending[i]
	delete(r.tr.pending, i)
	if ar != nil && r.stashable() {
		var err error
		if ar.Findings, err = out.others.take(i); err != nil {
			out.fail(err)
		}
	}
	return ar
}

// stashable reports whether the findings a run holds back for another
// name's turn may be held encoded ([lint.Finding.AppendBinary]): they are
// then only written, not recorded, filtered by a baseline or fixed,
// which read what the encoding leaves out.
func (r *runner) stashable() bool {
	return r.Baseline == nil && r.Record == nil && r.Fix == nil && r.NewFrom == nil
}

// settle sets the findings of a part reported apart from its file's
// linting (another name's, the fragments'): recorded, filtered by the
// baseline and by Run.NewFrom, counted.
func (r *runner) settle(res *report.FileResult, findings []lint.Finding, sum *report.Summary) {
	if r.Record != nil {
		r.Record.Add(res.Name, findings)
	}
	findings, res.Baselined, res.Unchanged = r.filter(res.Name, findings)
	sum.Baselined += res.Baselined
	sum.Unchanged += res.Unchanged
	res.Findings = findings
	for j := range findings {
		sum.Findings[findings[j].Severity]++
		switch f := &findings[j]; {
		case r.Fix == nil:
		case f.NoFix != "":
			sum.NoFix[f.NoFix]++
		case f.Edit != nil:
			// Another name's fix: the file is fixed under its own.
			sum.Unfixed++
		}
	}
}

// underTree reports whether the file called name is under the run's root
// as written.
func (r *runner) underTree(name string) bool {
	_, ok := r.tree.Rel(name)
	return ok
}

// reread reads the file of item it again, whose fragments' references d
// keeps, to place the findings of its fragments at the end of the run
// (lint.CheckDeferred): at its real path under the root, through the
// root's os.Root when the run keeps to the root, or as lintOne read it.
// The text must be the one linted (d's hash), so the shortest way to the
// file serves, whichever of its names it is. Its errors name the file.
// The text is read into one buffer the files read again share: it is
// good until the next call, which lint.CheckDeferred, keeping nothing
// of it, allows.
func (r *runner) reread(it item, d *target.Deferred) (string, error) {
	var f fs.File
	var err error
	switch {
	case d.Real != "" && r.edge != nil && r.underTree(it.name):
		if f, err = r.tree.Open(d.Real); err != nil {
			if errors.Is(err, door.ErrNotRegular) {
				return "", fmt.Errorf("%s: %w: it is no regular file now", it.name, lint.ErrChanged)
			}
			return "", pathError("open", it.name, err)
		}
	default:
		var outside string
		f, outside, err = r.open(it)
		switch {
		case err != nil:
			return "", err
		case outside != "":
			return "", fmt.Errorf("%s: %w: it leads out of the root now, to %s", it.name, lint.ErrChanged, outside)
		}
	}
	defer f.Close()
	data, err := r.readAllInto(r.tr.reread, f, it.name, int64(d.Size))
	if err != nil {
		return "", err
	}
	r.tr.reread = data[:0]
	return shared(data), nil
}
