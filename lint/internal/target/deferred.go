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
//
// A run keeps many (57k on the Python docs; forty times as many when
// the tree is forty hard-linked copies, each page met under forty names)
// until their targets are read. What the names of a file share of a
// reference (its place, its URL, its base, its place in the document) is
// kept once, in their [deferredTable]; each name keeps, for each of its
// references, 12 bytes: the entry of the table, its target, its severity
// (decision S-16). The records hold no pointers, only numbers into the
// table's one string of the URLs' text and its few strings, and the
// name's few targets, so the collector does not scan them
// (TestDeferredHoldsNoPointers).
type Deferred struct {
	refs []deferredRef
	tab  *deferredTable
	// targets are the targets the references lead to, each once.
	targets []*Target
	// Fixes says that the findings say why they have no fix (the
	// linter's fixes are on); FileSup that a directive of the file
	// suppresses every reference's target/fragment finding, FileRedirect
	// every target/redirect finding, FileVia every target/via-redirect
	// finding.
	Fixes                          bool
	FileSup, FileRedirect, FileVia bool
	// Redirect is the severity of target/redirect, whose findings the
	// references' check makes (decisions T-20, T-25), and Via that of
	// target/via-redirect (decision T-26); 0 when it is off.
	Redirect, Via ast.Severity
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

// deferredRef is a reference of a Deferred: its entry in the table,
// the target its URL leads to under the name (an index of the Deferred's
// targets), target/fragment's severity (0: off, the reference kept for
// the rules of redirect pages alone), and whether the target is the
// browsers' reading of a URL RFC 1808 does not read.
type deferredRef struct {
	entry, target int32
	severity      ast.Severity
	browser       bool
}

// deferredTable is what the Deferreds of a file's names share: each
// reference they keep once, the distinct URLs' texts in one string, the
// strings of the bases and places in the document each once, and the
// references' places once placed.
type deferredTable struct {
	entries []deferredEntry
	urls    []deferredURL
	text    string
	strs    []string
	// places are the entries' places, once placed (places[k] for
	// entries[k]); nil before.
	places []*RefPlace
}

// deferredEntry is a reference as the names of its file share it: the
// span of its fragment in the file (of its URL, when it has none), its
// URL (an index of the table's urls), where it is in the document and
// its base (indices of the table's strings; no base: -1), and whether a
// directive on its line suppresses its finding of target/fragment
// (suppressed), of target/redirect (rsup) or of target/via-redirect
// (vsup).
type deferredEntry struct {
	Offset, End            int
	url                    int32
	where, base            int32
	suppressed, rsup, vsup bool
}

// deferredURL is a URL of a table's references: its text is
// text[at:end], its fragment text[frag:end].
type deferredURL struct {
	at, frag, end int
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

// Span returns the span of the fragment of the reference i in the file.
func (d *Deferred) Span(i int) (offset, end int) {
	e := &d.tab.entries[d.refs[i].entry]
	return e.Offset, e.End
}

// Severity returns the severity of the finding of the reference i.
func (d *Deferred) Severity(i int) ast.Severity { return d.refs[i].severity }

// Suppressed reports whether a directive of the file suppresses the
// finding of the rule rule (target/fragment, target/redirect or
// target/via-redirect) of the reference i.
func (d *Deferred) Suppressed(i int, rule string) bool {
	e := &d.tab.entries[d.refs[i].entry]
	switch rule {
	case RuleRedirect:
		return d.FileRedirect || e.rsup
	case RuleVia:
		return d.FileVia || e.vsup
	}
	return d.FileSup || e.suppressed
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

// Place returns the place of the reference i, nil before it is placed
// (SetPlace).
func (d *Deferred) Place(i int) *RefPlace {
	if d.tab.places == nil {
		return nil
	}
	return d.tab.places[d.refs[i].entry]
}

// SetPlace sets the place of the reference i, for every name of its file
// that keeps it; the references of one span may share one.
func (d *Deferred) SetPlace(i int, p *RefPlace) {
	if d.tab.places == nil {
		d.tab.places = make([]*RefPlace, len(d.tab.entries))
	}
	d.tab.places[d.refs[i].entry] = p
}

// Where returns where the reference i is in the document.
func (d *Deferred) Where(i int) string { return d.tab.strs[d.tab.entries[d.refs[i].entry].where] }

// Dest returns what the finding of the reference i says of where it
// leads: its URL, its base, its fragment, its target.
func (d *Deferred) Dest(i int) DeferredDest {
	r := &d.refs[i]
	e := &d.tab.entries[r.entry]
	u := &d.tab.urls[e.url]
	out := DeferredDest{URL: d.tab.text[u.at:u.end], Fragment: d.tab.text[u.frag:u.end], Target: d.targets[r.target], Browser: r.browser,
		NoFragment: d.fragless(r)}
	if e.base >= 0 {
		out.Base = d.tab.strs[e.base]
	}
	return out
}

// Ready reports whether [Deferred.Check] answers now as it would once
// every document of the run is read: each target of the references that
// is a document has its anchors known in tree, or is one that no lint to
// come will give anchors to, pending saying which real paths a lint is
// still to read (Check then reads them through the tree's Load, as at the
// end). It looks at the targets from the index from on, and returns where
// it stopped: the first target not ready, or how many there are, for a
// next call to begin at (a target ready stays so).
func (d *Deferred) Ready(tree *Tree, pending func(real string) bool, from int) (int, bool) {
	for i := from; i < len(d.targets); i++ {
		tg := d.targets[i]
		if !tg.document() {
			continue
		}
		if _, known := tree.KnownOf(tg); !known && pending(tg.Real) {
			return i, false
		}
	}
	return len(d.targets), true
}

// Len returns how many references are deferred.
func (d *Deferred) Len() int { return len(d.refs) }

// Miss is a deferred reference whose fragment names nothing in its
// target: the reference At, and what the target's anchors say of it.
type Miss struct {
	At    int
	Match Fragment
}

// Check checks the fragments against the tree's anchors and returns those
// that name nothing and are not suppressed, in order of position; how
// many the file's directives suppressed; and how many fragments could not
// be checked (their target's anchors are not known). Each is the finding
// of the rule [Judge] says, reported when that rule's severity is not 0
// (Redirect, Via, the reference's severity for target/fragment:
// decisions T-25, T-26).
func (d *Deferred) Check(tree *Tree) (misses []Miss, suppressed, unchecked int) {
	// A URL's answer is asked of the tree once for its references that
	// come one after another (most of a URL's in a file), and from the
	// target's anchors (FragmentOnce): each is needed once, at the end of
	// the run, and Tree.Fragment would keep it.
	lastURL, lastTarget := int32(-1), int32(-1)
	var m Fragment
	for i := range d.refs {
		r := &d.refs[i]
		e := &d.tab.entries[r.entry]
		if e.url != lastURL || r.target != lastTarget {
			u := &d.tab.urls[e.url]
			lastURL, lastTarget = e.url, r.target
			m = tree.FragmentOnce(d.targets[r.target], d.tab.text[u.frag:u.end])
		}
		if !m.Checked {
			if r.severity != 0 && !d.fragless(r) {
				unchecked++
			}
			continue
		}
		rule := Judge(m)
		switch rule {
		case RuleRedirect:
			if d.Redirect == 0 {
				continue
			}
		case RuleVia:
			if d.Via == 0 {
				continue
			}
		case RuleFragment:
			if r.severity == 0 {
				continue
			}
		default:
			continue
		}
		if d.Suppressed(i, rule) {
			suppressed++
			continue
		}
		misses = append(misses, Miss{At: i, Match: m})
	}
	return misses, suppressed, unchecked
}

// Blocker returns the real path of the target at the index Ready stopped
// at, the document the references wait for.
func (d *Deferred) Blocker(at int) string { return d.targets[at].Real }

// fragless reports whether the URL of the reference r has no fragment.
func (d *Deferred) fragless(r *deferredRef) bool {
	u := &d.tab.urls[d.tab.entries[r.entry].url]
	return u.frag == u.end && (u.frag == u.at || d.tab.text[u.frag-1] != '#')
}
