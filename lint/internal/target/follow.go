package target

import (
	"strings"

	"github.com/relurl/relurl/ast"
	rbase "github.com/relurl/relurl/lint/internal/base"
	"github.com/relurl/relurl/lint/internal/compare"
	"github.com/relurl/relurl/lint/internal/extract"
	"github.com/relurl/relurl/resolve"
)

// Lead is where a reference leads from a file of a [Tree], as the target
// rules read it ([Tree.Follow]).
type Lead struct {
	// Base is the URL the reference was resolved against: the document's
	// own base, or the URL the file is served at (Served).
	Base   string
	Served bool
	// URL is the reference resolved by RFC 1808 §4, and Resolved that
	// URL printed. For a reference RFC 1808 does not read (Browser), URL
	// is zero and Resolved is the browsers' reading of it (the WHATWG URL
	// Standard's), which the target rules follow then.
	URL      ast.URL
	Resolved string
	Browser  bool
	// Fragment is the reference's fragment, as written, when it has one
	// (HasFragment).
	Fragment    string
	HasFragment bool
	// Place is where URL leads; Target, for a place under the root that
	// a file can have (no Bad), what is there, else nil.
	Place  Place
	Target *Target
}

// Follow returns where the reference ref leads from the file at path
// under the root (decision T-1): resolved by RFC 1808 §4 against the
// document's own base, embedded (a BASE element, a Base header: see
// [EmbeddedBase]), or when embedded is "" against the URL the file is
// served at ([Tree.URLOf]); placed ([Tree.LocateURL]); and, under the
// root, looked up ([Tree.Resolve]). The target rules of package lint read
// each reference so ([Tree.FollowURL]); an editor's hover asks it, so that
// the two cannot disagree. It returns false when ref is not valid under
// RFC 1808 or the base cannot serve (no place to follow it to: its syntax
// comes first, decision T-5).
//
// A reference that is not valid under RFC 1808 is followed where
// browsers take it ([Tree.BrowserPlace]), as the target rules follow it;
// Follow returns false when they reject it too, or when the base cannot
// serve.
func (t *Tree) Follow(path, embedded, ref string) (Lead, bool) {
	l := Lead{Base: embedded}
	if embedded == "" {
		l.Base, l.Served = t.URLOf(path), true
	}
	b, err := resolve.ParseBase(l.Base)
	if err != nil {
		return l, false
	}
	if r, err := resolve.ParseRef(ref); err == nil {
		l.URL, l.Place = t.FollowURL(b, r)
		l.Resolved = l.URL.String()
		l.Fragment, l.HasFragment = r.Fragment.Value, r.Fragment.Present
	} else {
		w := compare.NewBase(l.Base).Reference(ref).Reading(compare.WHATWG)
		var ok bool
		if l.Resolved, l.Place, ok = t.BrowserPlace(w); !ok {
			return l, false
		}
		l.Browser = true
		_, l.Fragment, l.HasFragment = strings.Cut(ref, "#")
	}
	if l.Place.Where == Inside && l.Place.Bad == "" {
		l.Target = t.Resolve(l.Place.Path, l.Place.Dir)
	}
	return l, true
}

// BrowserPlace returns the URL of w, the browsers' reading of a reference
// against its base (package compare), and where it leads; false when they
// reject it. The target rules follow so a reference RFC 1808 does not
// read.
func (t *Tree) BrowserPlace(w *compare.Reading) (string, Place, bool) {
	if w.Verdict == compare.Rejected || !w.URL.Present {
		return "", Place{}, false
	}
	cs := &w.Components
	return w.URL.Value, t.Locate(cs.Scheme.Value, cs.NetLoc.Value, cs.Path), true
}

// FollowURL returns the reference ref, valid, resolved by RFC 1808 §4
// against base, which can serve (resolve.ParseBase), and where it leads:
// [Tree.Follow] on parsed URLs.
func (t *Tree) FollowURL(base, ref ast.URL) (ast.URL, Place) {
	u := resolve.Reference(base, ref)
	return u, t.LocateURL(&u)
}

// EmbeddedBase returns the base a document embeds for a reference whose
// base is b (a BASE element, xml:base, a message's Base header), or ""
// when its base is the URL it was retrieved by or it has none: the target
// rules then resolve it against the URL the file is served at
// ([Tree.Follow]). It returns false when the document embeds a base that
// cannot serve: the reference leads nowhere to follow.
func EmbeddedBase(b *extract.Base) (string, bool) {
	switch {
	case b == nil || b.URL.Layer == rbase.LayerRetrieval || b.Err == nil && b.URL.URL == "":
		return "", true
	case !b.Usable():
		return "", false
	}
	return b.URL.URL, true
}
