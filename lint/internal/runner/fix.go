package runner

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path/filepath"
	"slices"

	"github.com/relurl/relurl/lint/internal/door"
	"github.com/relurl/relurl/lint/internal/extract"
	"github.com/relurl/relurl/lint/internal/fix"
	"github.com/relurl/relurl/lint/internal/lint"
	"github.com/relurl/relurl/lint/internal/report"
	"github.com/relurl/relurl/lint/internal/spool"
	"github.com/relurl/relurl/lint/internal/target"
)

// FixedFile is a file whose findings have fixes, handed to [Run.Fix] once
// it is linted: its content, the content with every fix made, and the
// edits (one per URL) that make it.
type FixedFile struct {
	// Name is the file's name as the run has it (a walked file's path;
	// "<stdin>" for standard input).
	Name string
	// Src is the file as it was linted, Fixed with the edits made.
	Src, Fixed []byte
	// Edits are the edits, in order of offset, each once: their places,
	// Old and New, without the URL they make and its changes (what the
	// file means after them is in Fixed, read back already).
	Edits []fix.Edit
	// Findings is how many findings the edits mend.
	Findings int
	// Root is the run's [Run.Root], "" when it has none: the directory
	// relurl lint --fix writes under, and nowhere else (decision L-49).
	Root string
	// left are the findings of the fixed file, reported in place of the
	// file's when the fixes are made, and tres what the target rules
	// found in it besides.
	left []lint.Finding
	tres *lint.TargetResult
	// edits is len(Edits), which Run.fix counts once Run.Fix has had them.
	edits int
	// was is the file as it was read; tree the run's root on disk, nil
	// without one.
	was  door.Snapshot
	tree *door.Tree
}

// ErrNotUnderRoot is wrapped by the error of [FixedFile.Write] for a file
// that is not under the run's root as named.
var ErrNotUnderRoot = errors.New("not under the root")

// Write replaces the file's content with Fixed, atomically, through the
// run's tree (lint/door; the file's own directory's when the run has no
// root): only under the root, through no symbolic link that leads out of
// it or into a .git directory below it (decision L-49), and only while the
// file is as it was read (decision F-11): a file changed since, one whose
// mode or owner a rewrite would lose, a read-only one unless readOnly,
// are left alone, with an error that names the file and says why.
func (f *FixedFile) Write(readOnly bool) error {
	t := f.tree
	if t == nil {
		var err error
		if t, err = door.Open(filepath.Dir(f.Name)); err != nil {
			return err
		}
		defer t.Close()
	}
	rel, ok := t.Rel(f.Name)
	if !ok {
		return &fs.PathError{Op: "write", Path: f.Name, Err: fmt.Errorf("%w %s", ErrNotUnderRoot, t.Abs())}
	}
	return t.WriteFile(rel, f.Fixed, door.Write{Was: f.was, ReadOnly: readOnly})
}

// fixFile makes the fixes of res, the findings of src (a file of kind read
// against retrieval) that are to be reported (lint.ApplyFixes): those
// res.held holds, or else res.Findings.
func (r *runner) fixFile(res *result, src []byte, kind extract.Kind, retrieval string) {
	var edits []fix.Edit
	var n int
	if res.held != nil {
		edits, n = res.held.edits.Edits()
	} else {
		edits, n = lint.FixEdits(res.Findings)
	}
	if len(edits) == 0 {
		return
	}
	fixed, err := lint.MakeEdits(src, edits, kind, retrieval)
	switch {
	case err != nil:
		res.FixErr = fmt.Errorf("%s: not fixed: %w", res.Name, err)
	default:
		// Read back: what the edits mean is in Fixed now, and what is
		// left of them is where they are and what they write.
		for i := range edits {
			edits[i].URL, edits[i].Changes = "", nil
		}
		res.fixed = &FixedFile{Name: res.Name, Src: src, Fixed: fixed, Edits: edits, Findings: n, edits: len(edits)}
	}
}

// relint lints the fixed file of res with l, the file's linter, for the
// findings a run that makes the fixes reports: those left, at their
// places in the file as it now is.
func (r *runner) relint(l *lint.Linter, res *result, kind extract.Kind, retrieval string, t *target.Scope) {
	f := res.fixed
	c := l.CheckWith(res.Name, shared(f.Fixed), kind, retrieval, nil, t)
	f.left, _, _ = r.filter(res.Name, c.Findings)
	f.tres = c.Targets
}

// filter drops the findings of the file called name that the run's
// baseline holds, then those on lines unchanged since the revision of
// Run.NewFrom, and counts each. When the run makes fixes, a finding that
// shares its edit with a dropped one loses it (lint.DropEdits): a fix
// rewrites the whole URL, and would mend the dropped one too.
func (r *runner) filter(name string, findings []lint.Finding) (kept []lint.Finding, baselined, unchanged int) {
	kept = findings
	if r.Baseline != nil {
		all := kept
		if kept, baselined = r.Baseline.Filter(name, all); baselined > 0 && r.Fix != nil {
			kept = slices.Clone(kept)
			lint.DropEdits(kept, dropped(all, kept), "in the baseline")
		}
	}
	if r.NewFrom != nil {
		all := kept
		if kept, unchanged = r.NewFrom.Filter(name, all); unchanged > 0 && r.Fix != nil {
			kept = slices.Clone(kept)
			lint.DropEdits(kept, dropped(all, kept), "on a line unchanged since "+r.NewFrom.Rev)
		}
	}
	return kept, baselined, unchanged
}

// dropped returns the findings of all that kept, an ordered subsequence
// of all, does not hold.
func dropped(all, kept []lint.Finding) []lint.Finding {
	var gone []lint.Finding
	k := 0
	for _, f := range all {
		if k < len(kept) && f == kept[k] {
			k++
			continue
		}
		gone = append(gone, f)
	}
	return gone
}

// fixCounts are what Run.fix counts of a file's findings as linted: those
// with an edit, and those without a fix, by why.
type fixCounts struct {
	withEdit, without int
	noFix             map[fix.Reason]int
}

// add counts findings.
func (c *fixCounts) add(findings []lint.Finding) {
	for i := range findings {
		switch f := &findings[i]; {
		case f.Edit != nil:
			c.withEdit++
		case f.NoFix != "":
			if c.noFix == nil {
				c.noFix = map[fix.Reason]int{}
			}
			c.noFix[f.NoFix]++
			c.without++
		}
	}
}

// held are the findings of a file whose fixes are to be made, put away as
// the linter hands them out, while the fixes are made, the fixed file
// read back, linted again and written: encoded, up to a budget of bytes
// in memory and the rest in a temporary file, so that a large file's
// findings are not held as structures beside its content and fixed
// content (decision F-13). What the fixes need of them is taken as they
// come: their edits, and what Run.fix counts. They come back only when the
// fixes are not made ([giveBack]). Findings that could not be put away
// (the temporary file failed) are kept as they are, after those that
// were.
type held struct {
	q      *spool.Queue
	rest   []lint.Finding
	edits  lint.FixSet
	counts fixCounts
	buf    []byte
}

func newHeld(budget int) *held { return &held{q: spool.New(budget)} }

// add puts away findings, the next in order.
func (h *held) add(findings []lint.Finding) {
	h.edits.Add(findings)
	h.counts.add(findings)
	for i := range findings {
		if h.rest != nil {
			h.rest = append(h.rest, findings[i:]...)
			return
		}
		h.buf, _ = findings[i].AppendBinary(h.buf[:0])
		if err := h.q.Push(h.buf); err != nil {
			h.rest = append(make([]lint.Finding, 0, len(findings)-i), findings[i:]...)
			return
		}
	}
}

// close drops what h holds.
func (h *held) close() { h.q.Close(); h.rest = nil }

// giveBack hands out, in parts of lint.FlushChunk, the findings res holds
// put away, in order: to part, which counts and reports them; and drops
// them.
func giveBack(res *result, part func([]lint.Finding)) error {
	h := res.held
	if h == nil {
		return nil
	}
	res.held = nil
	defer h.close()
	chunk := make([]lint.Finding, 0, min(h.q.Len(), lint.FlushChunk))
	for {
		rec, err := h.q.Pop()
		if err == io.EOF {
			break
		}
		if err != nil {
			return err
		}
		var f lint.Finding
		if err := f.UnmarshalBinary(rec); err != nil {
			return fmt.Errorf("reading findings held back: %w", err)
		}
		if chunk = append(chunk, f); len(chunk) == cap(chunk) {
			part(chunk)
			chunk = make([]lint.Finding, 0, min(h.q.Len(), lint.FlushChunk))
		}
	}
	if len(chunk) > 0 {
		part(chunk)
	}
	if len(h.rest) > 0 {
		part(h.rest)
	}
	return nil
}

// fix hands Run.Fix the fixes of one file's result, and counts its
// findings as they were linted, each once (decision U-9): fixed, without
// a fix (by why), or not fixed (the file's fixes were not made: they did
// not read back, the file changed, or it could not be written); and the
// findings that the fixed file has besides, which the fixes revealed.
func (r *Run) fix(res *result, sum *report.Summary, warn func(error)) {
	var c fixCounts
	if res.held != nil {
		c = res.held.counts
	} else {
		c.add(res.Findings)
	}
	for why, n := range c.noFix {
		sum.NoFix[why] += n
	}
	withEdit, without := c.withEdit, c.without
	if res.FixErr != nil {
		warn(res.FixErr)
		sum.Errors++
	}
	f := res.fixed
	if f == nil {
		sum.Unfixed += withEdit
		return
	}
	f.Root = r.Root
	made, err := r.Fix(f)
	// What the file was and is made of is not needed past Run.Fix.
	f.Src, f.Fixed, f.Edits = nil, nil, nil
	if err != nil {
		warn(err)
		sum.Errors++
		sum.Unfixed += withEdit
		return
	}
	sum.Fixed += f.Findings
	sum.Unfixed += max(0, withEdit-f.Findings)
	sum.Edits += f.edits
	sum.FilesFixed++
	if made {
		res.Findings, res.fixMade = f.left, true
		sum.Revealed += max(0, len(f.left)-without)
		if res.held != nil {
			res.held.close()
			res.held = nil
		}
	}
}

// holdBudget is the bytes of findings runner.hold keeps in memory for one
// file: Run.Hold's share of each job.
func (r *runner) holdBudget() int {
	h := r.Hold
	if h <= 0 {
		h = DefaultHold
	}
	return h / max(1, r.Jobs)
}
