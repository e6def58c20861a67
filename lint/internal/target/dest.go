package target

// Dest is where a reference leads, as the target rules read it:
// computed once per URL and base (the linter's memo keeps it with the
// URL's findings). Its fields are laid out to keep it small: a file's
// check makes one for each URL under each of its names.
type Dest struct {
	// URLText is the reference resolved by RFC 1808 §4, printed when it
	// leads out of the root (or is asked for: the browsers' reading);
	// Place is where it leads, and Target, when it leads under the root
	// to a path a file can have, what is there ([NoTarget] otherwise).
	URLText string
	Place   Place
	Target  *Target
	// FragText is the fragment, and FragAt its offset in the URL (past
	// "#"), or -1; PathFrom and PathTo the span of the path and params.
	FragText         string
	FragAt           int
	PathFrom, PathTo int
	// Browsers is the browsers' reading, when it leads elsewhere than
	// RFC 1808's.
	Browsers *BrowserDest
	// OK says the reference was resolved: there is a base to resolve it
	// against.
	OK bool
	// Browser says that the destination is the browsers' reading of a URL
	// RFC 1808 does not read (an invalid one).
	Browser bool
	// Self says that the reference is a same-document one ([SelfRef])
	// against the URL the file is served at: it leads to the file under
	// every name.
	Self bool
	// frag is what the fragment names, as far as is known yet (Known).
	frag uint8
}

// BrowserDest is where the browsers' reading of a reference leads.
type BrowserDest struct {
	URL    string
	Place  Place
	Target *Target
}

// NoTarget is the target of a place under the root no file can have, or
// not under the root.
var NoTarget = &Target{}

// Fragment returns the reference's fragment, as written.
func (lk *Dest) Fragment() string { return lk.FragText }

// URL returns the reference resolved, printed, when it leads out of the
// root or the browsers' reading has printed it; "" otherwise.
func (lk *Dest) URL() string { return lk.URLText }

// Fragment states of a destination, as far as the anchors known say
// ([Dest.Known]).
const (
	FragUnknown   uint8 = iota // the target's anchors are not known yet
	FragOK                     // the fragment names something in the target
	FragMissing                // it names nothing
	FragUnchecked              // the target's anchors cannot be known
)

// Known returns what the fragment of lk's reference names in its target,
// as far as the anchors the tree knows now say; kept once settled.
func (lk *Dest) Known(tree *Tree) uint8 {
	if lk.frag != FragUnknown {
		return lk.frag
	}
	a, known := tree.KnownOf(lk.Target)
	switch {
	case !known:
		return FragUnknown
	case a == nil:
		lk.frag = FragUnchecked
	default:
		m, settled := tree.answer(lk.Target, a, lk.Fragment(), false)
		switch {
		case !settled:
			return FragUnknown
		case !m.Checked:
			lk.frag = FragUnchecked
		case m.Found || m.Top:
			lk.frag = FragOK
		default:
			lk.frag = FragMissing
		}
	}
	return lk.frag
}

// DeferredDest is what a target/fragment finding says of where its
// reference leads: its URL and its base (copied out of the file's
// text), its target and its fragment, whether the target is the
// browsers' reading of a URL RFC 1808 does not read, and whether the URL
// has no fragment (a target/redirect finding: decision T-25).
type DeferredDest struct {
	URL, Base, Fragment string
	Target              *Target
	Browser             bool
	NoFragment          bool
}

// Shared are destinations that the checks of a file's names share among
// their URLs: Unread marks a URL the target rules did not read, Found
// and Elsewhere are the plain ones (a file under the root, found, with no
// fragment; another site), of which nothing more is read than where they
// lead.
type Shared struct {
	Unread, Found, Elsewhere Dest
}

// NewShared returns the destinations the checks of a file's names
// share, made once for the file.
func NewShared() *Shared {
	s := &Shared{}
	s.Found = Dest{OK: true, Place: Place{Where: Inside}, FragAt: -1, Target: NoTarget}
	s.Elsewhere = Dest{OK: true, Place: Place{Where: External}, FragAt: -1, Target: NoTarget}
	return s
}
