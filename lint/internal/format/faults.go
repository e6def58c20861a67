package format

import (
	"cmp"
	"slices"

	"github.com/relurl/relurl/ast"
	"github.com/relurl/relurl/lint/internal/lint"
)

// MaxFaults is the most faults the text format counts for its summary of
// repeats: a fault first met after so many others is not in it.
const MaxFaults = 100_000

// fault is what a group of findings is about: one rule, and one place
// (the target rules' [lint.Finding.Target]) or, for the other rules, one
// URL as written (decision U-5).
type fault struct {
	rule, what string
	severity   ast.Severity
	// count counts its findings, refs the references they are in (two
	// faults of one kind in one URL are one reference), files the files;
	// last and lastRef are the last reference's file and the offset of its
	// URL (findings come file by file, in order).
	count, refs, files int
	last               string
	lastRef            int
	// seq is its place among the faults, by first finding; first is that
	// finding, written as the format writes it (with --faults).
	seq   int
	first string
}

// faults counts a run's findings by fault.
type faults struct {
	byKey  map[faultKey]*fault
	list   []*fault
	total  int
	keep   bool // keep each fault's first finding, written
	capped bool
}

type faultKey struct{ rule, what string }

// what returns what the fault of f is about.
func what(f *lint.Finding) string {
	if f.Target != "" {
		return f.Target
	}
	return f.URL
}

// add counts f; first writes it, when the first finding of a fault is
// kept.
func (fs *faults) add(f *lint.Finding, first func() string) {
	fs.total++
	k := faultKey{f.Rule, what(f)}
	g := fs.byKey[k]
	if g == nil {
		if len(fs.list) >= MaxFaults && !fs.keep {
			fs.capped = true
			return
		}
		if fs.byKey == nil {
			fs.byKey = map[faultKey]*fault{}
		}
		g = &fault{rule: f.Rule, what: k.what, severity: f.Severity, seq: len(fs.list)}
		if fs.keep {
			g.first = first()
		}
		fs.byKey[k] = g
		fs.list = append(fs.list, g)
	}
	g.count++
	ref := f.Offset - f.TextOffset()
	switch {
	case g.last != f.File || g.files == 0:
		g.files++
		g.refs++
	case ref != g.lastRef:
		g.refs++
	}
	g.last, g.lastRef = f.File, ref
}

// top returns the faults by how many findings they have, the most
// first, ties in the order they were first met; of those met in at least
// min references, at most n (n < 0: all).
func (fs *faults) top(n, min int) []*fault {
	out := slices.DeleteFunc(slices.Clone(fs.list), func(g *fault) bool { return g.refs < min })
	slices.SortStableFunc(out, func(a, b *fault) int { return cmp.Compare(b.count, a.count) })
	if n >= 0 && len(out) > n {
		out = out[:n]
	}
	return out
}
