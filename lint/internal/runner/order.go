package runner

import (
	"errors"
	"fmt"

	"github.com/relurl/relurl/lint/internal/lint"
	"github.com/relurl/relurl/lint/internal/report"
	"github.com/relurl/relurl/lint/internal/spool"
	"github.com/relurl/relurl/lint/internal/target"
)

// DefaultHold is the most bytes of findings a run holds back in memory
// ([Run.Hold]), for the files that wait and again for the findings
// checked before their file's turn; past it, they wait in a temporary
// file. It is small: what is live costs more than its size in the heap
// (cmd/relurl's collector settings, decision S-14), and a temporary file
// in the page cache is read back at little cost.
const DefaultHold = 4 << 20

// order hands a run's results to its Reporter in order of place (decision
// U-4): the files in the order of the items, each file's findings by
// position, the findings of its fragments among the others. A file's
// fragments can be checked once the anchors of the documents they name
// are known: at once when those were linted before it, or are no file
// the run lints; else when the run reaches them, or at its end. They are
// checked as soon as they can be, whether or not it is the file's turn
// (decision S-15): what is kept of a reference waiting is let go, and
// only its finding, when it has one, waits for the file's turn. Until
// its fragments are checked a file waits, and so does every file after
// it: their findings are held back, encoded, in a queue that keeps up to
// a budget in memory and the rest in a temporary file, and go out as
// soon as they are settled. A file that waits for nothing goes out as
// it comes.
type order struct {
	rn  *runner
	rep report.Reporter
	sum *report.Summary
	// held are the items waiting, in order, the first one's first;
	// queue holds their findings, one record each, in the same order.
	held  []*heldItem
	queue *spool.Queue
	// stash holds the findings of the fragments checked before their
	// item's turn; others those of a file's other names until theirs.
	stash, others *stash
	// pending counts, by path under the root, the items that are not
	// handed on yet: a document there may still get its anchors from a
	// lint. rels are the items' paths under the root ("" for none).
	pending map[string]int
	rels    []string
	// before is called before the reporter writes, after when it wrote
	// (the progress bar is cleared, then the output flushed).
	before, after func()
	warn          func(error)
	// err is the reporter's first error: after it, nothing is written.
	err     error
	scratch []byte
}

// heldItem is an item waiting in the queue.
type heldItem struct {
	i int
	// done says its last part is in; meta is then that part without its
	// findings, n counts its findings in the queue. Its fragments are
	// the run's (targetRun.deferred, targetRun.early).
	done bool
	meta report.FileResult
	n    int
	// quiet says to write the item only when it has findings (another
	// name of a file, whose findings are only the target rules').
	quiet bool
}

func newOrder(rn *runner, rep report.Reporter, sum *report.Summary, hold int) *order {
	if hold <= 0 {
		hold = DefaultHold
	}
	o := &order{rn: rn, rep: rep, sum: sum, queue: spool.New(hold), stash: newStash(hold), others: newStash(hold), before: func() {}, after: func() {}, warn: func(error) {}}
	if rn.tr != nil {
		o.pending = map[string]int{}
		o.rels = make([]string, len(rn.items))
		for i, it := range rn.items {
			if it.stdin {
				continue
			}
			if rel, ok := rn.underRoot(it.name); ok {
				o.rels[i] = rel
				o.pending[rel]++
			}
		}
	}
	return o
}

// add takes a part of item i's results, in order: every part but the
// last is partial. The last part of an item whose fragments are kept for
// the end comes after its fragments are given to the run (takeTargets).
func (o *order) add(i int, r *report.FileResult, last, quiet bool) {
	if last && o.rels != nil && o.rels[i] != "" {
		if o.pending[o.rels[i]]--; o.pending[o.rels[i]] <= 0 {
			delete(o.pending, o.rels[i])
			o.wake(o.rels[i])
		}
	}
	if len(o.held) == 0 && last {
		h := &heldItem{i: i, done: true, quiet: quiet}
		if o.ready(h) {
			o.write(h, r, r.Findings)
			return
		}
	}
	var h *heldItem
	if n := len(o.held); n > 0 && o.held[n-1].i == i {
		h = o.held[n-1]
	} else {
		h = &heldItem{i: i, quiet: quiet}
		o.held = append(o.held, h)
	}
	for k := range r.Findings {
		o.scratch, _ = r.Findings[k].AppendBinary(o.scratch[:0])
		if err := o.queue.Push(o.scratch); err != nil {
			o.fail(err)
			continue
		}
		h.n++
	}
	if last {
		h.done, h.meta = true, *r
		h.meta.Findings = nil
	}
	o.drain(false)
}

// ready reports whether the fragments of h are checked: it has none
// left waiting.
func (o *order) ready(h *heldItem) bool {
	return o.rn.tr == nil || o.rn.tr.deferred[h.i] == nil
}

// take takes the fragments d of item i, left to the end of its lint, and
// checks them now when they can be, else keeps them until they can.
func (o *order) take(i int, d *target.Deferred) {
	tr := o.rn.tr
	tr.deferred[i], tr.readyAt[i] = d, 0
	o.try(i)
}

// try checks the fragments of item i when they can be checked now as at
// the end of the run (Deferred.Ready): their findings wait for the item's
// turn (targetRun.early), and what was kept of them is let go. Otherwise
// the item waits for the document that holds them back, to be tried
// again when it is read or handed on (wake).
func (o *order) try(i int) {
	tr := o.rn.tr
	d := tr.deferred[i]
	if d == nil {
		return
	}
	at, ok := d.Ready(tr.tree, func(real string) bool { return o.pending[real] > 0 }, tr.readyAt[i])
	tr.readyAt[i] = at
	if !ok {
		blocker := d.Blocker(at)
		tr.waiting[blocker] = append(tr.waiting[blocker], i)
		return
	}
	tr.deferred[i] = nil
	if err := o.stash.put(i, o.fragments(i, d)); err != nil {
		o.fail(err)
	}
}

// wake tries again the items whose fragments wait for the document at
// the path rel under the root: it was read, or is no more to be.
func (o *order) wake(rels ...string) {
	tr := o.rn.tr
	if tr == nil || len(tr.waiting) == 0 {
		return
	}
	for _, rel := range rels {
		if rel == "" {
			continue
		}
		keys := [2]string{rel, ""}
		if tg := tr.tree.Resolve(rel, false); tg.Real != rel {
			keys[1] = tg.Real
		}
		for _, k := range keys {
			items, ok := tr.waiting[k]
			if !ok {
				continue
			}
			delete(tr.waiting, k)
			for _, i := range items {
				o.try(i)
			}
		}
	}
}

// drain writes the items waiting that are settled, the first one first;
// at the end of the run (final), all of them.
func (o *order) drain(final bool) {
	for len(o.held) > 0 {
		h := o.held[0]
		if !h.done || !final && !o.ready(h) {
			return
		}

		o.held = o.held[1:]
		o.write(h, &h.meta, nil)
	}
}

// write writes item h: its findings, which are those of r, or when r's
// are nil the h.n first records of the queue, with the findings of its
// fragments among them by position, in parts of lint.FlushChunk, then r.
func (o *order) write(h *heldItem, r *report.FileResult, findings []lint.Finding) {
	var frag []lint.Finding
	if tr := o.rn.tr; tr != nil {
		var err error
		if frag, err = o.stash.take(h.i); err != nil {
			o.fail(err)
		}
		if d := tr.deferred[h.i]; d != nil {
			// At the end of the run: checked against every anchor known.
			tr.deferred[h.i] = nil
			frag = append(frag, o.fragments(h.i, d)...)
		}
	}
	from := findings
	next := func() (lint.Finding, bool) {
		if from != nil || h.n == 0 {
			if len(from) == 0 {
				return lint.Finding{}, false
			}
			f := from[0]
			from = from[1:]
			return f, true
		}
		h.n--
		rec, err := o.queue.Pop()
		var f lint.Finding
		if err == nil {
			err = f.UnmarshalBinary(rec)
		}
		if err != nil {
			o.fail(err)
			h.n = 0
			return lint.Finding{}, false
		}
		return f, true
	}
	if findings != nil && len(frag) == 0 {
		// Nothing to merge: the part as it came.
		o.report(r, h.quiet)
		return
	}
	var part []lint.Finding
	f, ok := next()
	for ok || len(frag) > 0 {
		if ok && (len(frag) == 0 || f.Offset <= frag[0].Offset) {
			part = append(part, f)
			f, ok = next()
		} else {
			part = append(part, frag[0])
			frag = frag[1:]
		}
		if len(part) == lint.FlushChunk {
			o.report(&report.FileResult{Name: r.Name, Findings: part, Partial: true}, false)
			part = nil
		}
	}
	last := *r
	last.Findings = part
	o.report(&last, h.quiet && len(part) == 0)
}

// fragments checks the fragments of item i (lint.CheckDeferred) and
// returns their findings, recorded, filtered and counted as the others;
// a file whose findings cannot be placed (it changed since it was
// linted) is an error, warned of.
func (o *order) fragments(i int, d *target.Deferred) []lint.Finding {
	rn := o.rn
	name := rn.items[i].name
	if rn.checking != nil {
		rn.checking(name)
	}
	findings, suppressed, unchecked, err := lint.CheckDeferred(d, rn.tr.tree, name, func() (string, error) { return rn.reread(rn.items[i], d) })
	o.sum.Targets.Unchecked += unchecked
	o.sum.Suppressed += suppressed
	if err != nil {
		o.before()
		o.warn(err)
		o.sum.Errors++
		return nil
	}
	part := &report.FileResult{Name: name}
	rn.settle(part, findings, o.sum)
	return part.Findings
}

// report hands the reporter one part, unless quiet and it has nothing.
func (o *order) report(r *report.FileResult, quiet bool) {
	if o.err != nil || quiet && len(r.Findings) == 0 && r.Err == nil && r.Skipped == "" {
		return
	}
	if len(r.Findings) > 0 {
		o.before()
	}
	if err := o.rep.File(r); err != nil {
		o.err = err
		return
	}
	o.after()
}

// fail keeps the first error of the queue, which ends the report as the
// reporter's would.
func (o *order) fail(err error) {
	if o.err == nil {
		o.err = fmt.Errorf("writing findings in order: %w", err)
	}
}

// finish writes every item still waiting, its fragments checked against
// the anchors of the whole run, and removes the queue's file.
func (o *order) finish() error {
	o.drain(true)
	return errors.Join(o.err, o.queue.Close(), o.stash.close(), o.others.close())
}
