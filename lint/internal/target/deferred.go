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
// A run keeps many (57k on the Python docs) until its end, and the
// garbage collector would scan them again in each cycle: the references
// and their URLs hold no pointers, only numbers into the Deferred's one
// string of the URLs' text and its few targets and strings, so the
// collector does not scan them (TestDeferredHoldsNoPointers).
type Deferred struct {
	Refs []DeferredRef
	// urls are the distinct URLs of the references, each once; text
	// holds their texts, copied out of the file's text in one string;
	// targets and strs the targets they lead to and the bases and places
	// in the document (DeferredRef.where) the references name, each once.
	urls    []deferredURL
	text    string
	targets []*Target
	strs    []string
	// places are the references' places, once placed (places[i] for
	// Refs[i]); nil before.
	places []*RefPlace
	// Fixes says that the findings say why they have no fix (the
	// linter's fixes are on).
	Fixes bool
	// Redirect is the severity of target/redirect, whose findings the
	// fragments' check makes (decision T-20); 0 when it is off.
	Redirect ast.Severity
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

// deferredURL is a URL of a Deferred's references, against its base:
// its text is text[at:end], where at is the end of the URL before it (0
// for the first), its fragment text[frag:end]; it leads to
// targets[target], and reads against strs[base] (no base: -1); browser
// says that the target is the browsers' reading of a URL RFC 1808 does
// not read.
type deferredURL struct {
	frag, end    int
	target, base int32
	browser      bool
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
// run: the span of its fragment in the file, the URL it is of (an index
// in its Deferred), where it is in the document (an index of its
// strings), its severity, and whether a directive of the file suppresses
// its finding. It holds no pointer ([Deferred]).
type DeferredRef struct {
	Offset, End int
	url         int32
	where       int32
	Severity    ast.Severity
	Suppressed  bool
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

// Place returns the place of the reference Refs[i], nil before it is
// placed (SetPlace).
func (d *Deferred) Place(i int) *RefPlace {
	if d.places == nil {
		return nil
	}
	return d.places[i]
}

// SetPlace sets the place of the reference Refs[i]; the references of
// one span (a file's names share most) may share one.
func (d *Deferred) SetPlace(i int, p *RefPlace) {
	if d.places == nil {
		d.places = make([]*RefPlace, len(d.Refs))
	}
	d.places[i] = p
}

// Where returns where the reference Refs[i] is in the document.
func (d *Deferred) Where(i int) string { return d.strs[d.Refs[i].where] }

// Dest returns what the finding of the reference Refs[i] says of where it
// leads: its URL, its base, its fragment, its target.
func (d *Deferred) Dest(i int) DeferredDest {
	k := d.Refs[i].url
	u, at := &d.urls[k], 0
	if k > 0 {
		at = d.urls[k-1].end
	}
	out := DeferredDest{URL: d.text[at:u.end], Fragment: d.text[u.frag:u.end], Target: d.targets[u.target], Browser: u.browser}
	if u.base >= 0 {
		out.Base = d.strs[u.base]
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
func (d *Deferred) Len() int { return len(d.Refs) }

// Miss is a deferred reference whose fragment names nothing in its
// target: Refs[At], and what the target's anchors say of it.
type Miss struct {
	At    int
	Match Fragment
}

// Check checks the fragments against the tree's anchors and returns those
// that name nothing and are not suppressed, in order of position; how
// many the file's directives suppressed; and how many fragments could not
// be checked (their target's anchors are not known).
func (d *Deferred) Check(tree *Tree) (misses []Miss, suppressed, unchecked int) {
	// A URL's answer is asked of the tree once for its references that
	// come one after another (most of a URL's in a file), and from the
	// target's anchors (FragmentOnce): each is needed once, at the end of
	// the run, and Tree.Fragment would keep it.
	last := int32(-1)
	var m Fragment
	for i := range d.Refs {
		r := &d.Refs[i]
		if r.url != last {
			u := &d.urls[r.url]
			last, m = r.url, tree.FragmentOnce(d.targets[u.target], d.text[u.frag:u.end])
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
		misses = append(misses, Miss{At: i, Match: m})
	}
	return misses, suppressed, unchecked
}

// Blocker returns the real path of the target at the index Ready stopped
// at, the document the references wait for.
func (d *Deferred) Blocker(at int) string { return d.targets[at].Real }
