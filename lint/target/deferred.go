package target

import (
	"hash/maphash"

	"github.com/relurl/relurl/ast"
)

// Deferred are the references of one file, under one of its names, whose
// fragments are checked once the anchors of every document of the tree
// are known: what the linter leaves to the end of a run ([Scope.Defer]).
// Each holds its place in the file and its strings copied out of the
// file's text, so that the file need not be kept. Package lint makes
// them and turns what [Deferred.Check] finds into its findings.
type Deferred struct {
	Refs []DeferredRef
	// Fixes says that the findings say why they have no fix (the
	// linter's fixes are on).
	Fixes bool
	// Unplaced says that the references' lines, columns and texts are not
	// set ([Scope.Reread]): those of the ones that name nothing are set at
	// the end of the run from the file read again — at Real, its path
	// under the root with symbolic links followed ("" when it has none)
	// —, whose text must be the one read first: Size bytes, whose hash
	// (hash/maphash, with Seed) is Sum.
	Unplaced bool
	Real     string
	Size     int
	Seed     maphash.Seed
	Sum      uint64
}

// Print notes that the references are not placed, and what the file's
// text src is, to know it again ([Deferred.Unplaced]); real is where the
// file is under the root.
func (d *Deferred) Print(real, src string, seed maphash.Seed, sum uint64) {
	d.Unplaced, d.Real, d.Size, d.Seed, d.Sum = true, real, len(src), seed, sum
}

// Same reports whether src is the text the references were read in.
func (d *Deferred) Same(src string) bool {
	return len(src) == d.Size && maphash.String(d.Seed, src) == d.Sum
}

// DeferredRef is a reference whose fragment is left to the end of the
// run: its span in the file, where it is in the document, what it shares
// with the others of its URL, and, once placed, its place in the file's
// lines (the references of one span share one). A file's references are
// placed as it is read or, when the Deferred is Unplaced, at the end of
// the run when they name nothing. A run keeps many (57k on the Python
// docs): the record is kept small.
type DeferredRef struct {
	Offset, End int
	Where       string
	Dest        *DeferredDest
	Place       *RefPlace
	Severity    ast.Severity
	// Suppressed says that a directive of the file suppresses its
	// finding.
	Suppressed bool
}

// RefPlace is where a reference is in its file's lines: the line and
// column of its start and end (from 1, the columns in bytes and in UTF-16
// code units), and Text, the part of its line that its caret view shows,
// which begins at TextFrom in the line.
type RefPlace struct {
	Line, Col, Col16, EndLine, EndCol, EndCol16 int
	Text                                        string
	TextFrom                                    int
}

// Len returns how many references are deferred.
func (d *Deferred) Len() int { return len(d.Refs) }

// Miss is a deferred reference whose fragment names nothing in its
// target, and what the target's anchors say of it.
type Miss struct {
	Ref   *DeferredRef
	Match Fragment
}

// Check checks the fragments against the tree's anchors and returns those
// that name nothing and are not suppressed, in order of position; how
// many the file's directives suppressed; and how many fragments could not
// be checked (their target's anchors are not known).
func (d *Deferred) Check(tree *Tree) (misses []Miss, suppressed, unchecked int) {
	// A link's answer is asked of the tree once for its references that
	// come one after another (most of a URL's in a file), and from the
	// target's anchors (FragmentOnce): each is needed once, at the end of
	// the run, and Tree.Fragment would keep it.
	var last *DeferredDest
	var m Fragment
	for i := range d.Refs {
		r := &d.Refs[i]
		if r.Dest != last {
			last, m = r.Dest, tree.FragmentOnce(r.Dest.Target, r.Dest.Fragment)
		}
		switch {
		case !m.Checked:
			unchecked++
			continue
		case m.Found || m.Top:
			continue
		case r.Suppressed:
			suppressed++
			continue
		}
		misses = append(misses, Miss{Ref: r, Match: m})
	}
	return misses, suppressed, unchecked
}
