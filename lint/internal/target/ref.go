package target

import (
	"strings"

	"github.com/relurl/relurl/ast"
	"github.com/relurl/relurl/lint/internal/compare"
	"github.com/relurl/relurl/resolve"
)

// Base is a document's base as the target rules read it: made once for
// each base of a document checked under one name, it keeps the base they
// resolve against, read on first need.
type Base struct {
	// URL is the base URL ("" for none), Parsed it read (when Usable: it
	// can serve as a base, §2).
	URL    string
	Parsed *ast.URL
	Usable bool
	// FromRetrieval says that the base is the document's retrieval URL,
	// or that there is none (§3.3, §3.4): the target rules then read
	// references against the URL the file is served at under the name
	// checked (targetBase).
	FromRetrieval bool
	// The base the target rules resolve against, computed on first use:
	// tb, read from tbURL, when tbOK; tcmp, its readings (package
	// compare), for portability/whatwg-target.
	tbRead bool
	tbOK   bool
	tb     ast.URL
	tbURL  string
	tcmp   *compare.Base
	// tbOdd says that tbURL holds what may make browsers resolve against
	// it differently (MayMove).
	tbOdd bool
}

// Ref is a reference under check, as the target rules read it: the file
// under the name checked, the base the reference is read against, its
// text S, and its §2.4 cut U; Invalid says that it is not valid under
// §2.2, and the rules read it as browsers do (decision T-5).
type Ref struct {
	File    *File
	Base    *Base
	S       string
	U       *ast.URL
	Invalid bool
}

// targetBase returns the base the target rules resolve the URL under
// check against: the document's base when it embeds one (§3.1, §3.2),
// otherwise (its base is the retrieval URL, or it has none) the URL the
// file is served at under the name checked; false when that base cannot
// serve.
func (c *Ref) targetBase() (ast.URL, bool) {
	b := c.Base
	if !b.tbRead {
		b.tbRead = true
		switch {
		case b.FromRetrieval:
			b.tb, b.tbOK, b.tbURL = c.File.Served, c.File.ServedOK, c.File.ServedAt
		case b.Usable:
			b.tb, b.tbOK, b.tbURL = *b.Parsed, true, b.URL
		}
	}
	return b.tb, b.tbOK
}

// Dest returns where the reference leads.
func (c *Ref) Dest() *Dest {
	lk := c.File.NewDest()
	tb, ok := c.targetBase()
	if !ok {
		return lk
	}
	if c.Invalid {
		c.browserDest(lk)
		return lk
	}
	if pl, tg, fast := c.File.FastPlace(c.U); fast && c.Base.FromRetrieval {
		lk.OK, lk.Place, lk.Target, lk.Self = true, pl, tg, SelfRef(c.U)
	} else {
		res, pl := c.File.Tree.FollowURL(tb, *c.U)
		lk.OK, lk.Place = true, pl
		if lk.Place.Where != Inside {
			lk.URLText = res.String()
		}
	}
	if c.U.Fragment.Present {
		lk.FragAt, lk.FragText = c.U.Fragment.Span.Start, c.U.Fragment.Value
	}
	lk.PathFrom, lk.PathTo = c.U.Path.Span.Start, c.U.Path.Span.End
	if c.U.Params.Present {
		lk.PathTo = c.U.Params.Span.End
	}
	if lk.PathTo <= lk.PathFrom {
		lk.PathFrom, lk.PathTo = 0, len(c.S)
		if lk.FragAt > 0 {
			lk.PathTo = lk.FragAt - 1
		}
	}
	if lk.Place.Where == Inside && lk.Place.Bad == "" && lk.Target == NoTarget {
		lk.Target = c.File.Tree.Resolve(lk.Place.Path, lk.Place.Dir)
	}
	if lk.Target != nil && lk.Target.Status == Missing && c.File.IsOwn(lk.Place) {
		lk.Target = c.File.own()
	}
	return lk
}

// browserDest sets lk to where browsers (the WHATWG URL Standard) take
// the URL under check, which is not valid under RFC 1808; lk.OK is false
// when they reject it. Its fragment is the URL's, as written: the
// standard's percent-encoding of it, decoded again by Anchors.Find, is
// the same.
func (c *Ref) browserDest(lk *Dest) {
	b := c.Base
	if b.tcmp == nil {
		b.tcmp = compare.NewBase(b.tbURL)
		b.tbOdd = MayMove(b.tbURL, -1)
	}
	u, pl, ok := c.File.Tree.BrowserPlace(b.tcmp.Reference(c.S).Reading(compare.WHATWG))
	if !ok {
		return
	}
	lk.OK, lk.Browser = true, true
	lk.Place = pl
	if lk.Place.Where != Inside {
		lk.URLText = u
	}
	if i := strings.IndexByte(c.S, '#'); i >= 0 {
		lk.FragAt, lk.FragText = i+1, c.S[i+1:]
	}
	lk.PathFrom, lk.PathTo = 0, len(c.S)
	if lk.FragAt > 0 {
		lk.PathTo = lk.FragAt - 1
	}
	if lk.Place.Where == Inside && lk.Place.Bad == "" {
		lk.Target = c.File.Tree.Resolve(lk.Place.Path, lk.Place.Dir)
	}
}

// Browsers sets lk.Browsers, the browsers' reading of the reference, when
// it leads elsewhere than RFC 1808's: package compare's prefilter answers
// that the readers agree, for nearly every URL, without reading it.
func (c *Ref) Browsers(lk *Dest) {
	b := c.Base
	if b.tcmp == nil {
		b.tcmp = compare.NewBase(b.tbURL)
		b.tbOdd = MayMove(b.tbURL, -1)
	}
	if !b.tbOdd && !MayMove(c.S, Depth(&b.tb)) || b.tcmp.Agrees(c.S) {
		return
	}
	w := b.tcmp.Reference(c.S).Reading(compare.WHATWG)
	if lk.URLText == "" {
		tb, _ := c.targetBase()
		res := resolve.Reference(tb, *c.U)
		lk.URLText = res.String()
	}
	if w.Verdict == compare.Rejected || !w.URL.Present || w.URL.Value == lk.URLText {
		return
	}
	cs := &w.Components
	path := cs.Path
	if cs.Params.Present {
		path += ";" + cs.Params.Value
	}
	lk.Browsers = &BrowserDest{URL: w.URL.Value, Target: NoTarget, Place: c.File.Tree.Locate(cs.Scheme.Value, cs.NetLoc.Value, path)}
	if lk.Browsers.Place.Where == Inside && lk.Browsers.Place.Bad == "" {
		lk.Browsers.Target = c.File.Tree.Resolve(lk.Browsers.Place.Path, lk.Browsers.Place.Dir)
	}
}

// QuickDest returns where the reference s, read as u (valid), leads
// against b under the name a check of another name of a file is of, when
// that is plain: the file's base is the URL it is served at, and the
// reference leads to another site (its scheme or net_loc say so), or its
// place is plain to see (FastPlace), a file is there, and browsers cannot
// take it elsewhere (MayMove). No target rule then has anything to
// report, and the check need not run. nil otherwise, or when u is nil.
// A reference to another site, and one to a file with no fragment when
// the check keeps no references (Scope.References), share one destination of
// the checks of the file's other names (Shared): under another name
// nothing more is read of them than where they lead, and they cost a
// hash of the URL and nothing more.
func (fc *Name) QuickDest(s string, u *ast.URL, b *Base) *Dest {
	tc := fc.File
	if u == nil || b == nil || !b.FromRetrieval || !tc.ServedOK {
		return nil
	}
	if u.Scheme.Present || u.NetLoc.Present {
		// RFC 1808 §4: a scheme makes the URL absolute, a net_loc takes
		// the base's scheme alone. The URL resolved is printed only for
		// the file's own name (Scope.External).
		scheme := u.Scheme.Value
		if !u.Scheme.Present {
			scheme = tc.Served.Scheme.Value
		}
		if tc.External || !tc.Tree.Elsewhere(scheme, u.NetLoc.Value) {
			return nil
		}
		return &fc.Shared.Elsewhere
	}
	if MayMove(s, tc.Depth) {
		return nil
	}
	pl, tg, ok := tc.FastPlace(u)
	if !ok || tg.Status != Found {
		return nil
	}
	if !tc.References && (!u.Fragment.Present && !fc.follows(tg) || u.Fragment.Present && fc.settled(u, tg)) {
		// Nothing of it is read but that it leads to a file under the
		// root, which has no fragment to check (Take).
		return &fc.Shared.Found
	}
	lk := tc.NewDest()
	lk.OK, lk.Place, lk.Target = true, pl, tg
	if u.Fragment.Present {
		lk.FragAt, lk.FragText = u.Fragment.Span.Start, u.Fragment.Value
	}
	return lk
}

// settled reports whether the fragment of u, a reference of another
// name to the document tg, found, needs nothing more of the target
// rules: the document's own same-document fragments are checked under
// its own name for every name (Name.ShareSelf), and another
// document's anchors, when they are known already, have the fragment
// (what Take would settle, without a destination to keep).
func (fc *Name) settled(u *ast.URL, tg *Target) bool {
	if fc.ShareSelf && SelfRef(u) {
		return true
	}
	if tg.Real == fc.File.Real || !hasAnchors(tg.Kind) || !fc.FragmentOn && !fc.RedirectOn && !fc.ViaOn || fc.ViaOn && fc.File.Tree.isRedirect(tg) {
		return false
	}
	a, known := fc.File.Tree.KnownOf(tg)
	if !known || a == nil {
		return false
	}
	m, settled := fc.File.Tree.answer(tg, a, u.Fragment.Value, false)
	return settled && m.Checked && (m.Found || m.Top)
}

// Plain returns lk, where a URL checked leads, or when the check's
// findings are made and nothing more is read of it than where it leads
// (Take) the shared destination that says as much, lk given back to the
// slab: a file under the root, found, with no fragment, when the check
// keeps no references, or another site, when it lists none. Most of a
// file's URLs are such, and keep no destination of their own.
func (fc *Name) Plain(lk *Dest) *Dest {
	tc := fc.File
	if lk == nil || !lk.OK {
		return lk
	}
	var s *Dest
	switch {
	case lk.Place.Where == External && !tc.External:
		s = &fc.Shared.Elsewhere
	case lk.Place.Where == Inside && lk.Place.Bad == "" && lk.Target.Status == Found && lk.FragAt < 0 && !tc.References && !fc.follows(lk.Target):
		s = &fc.Shared.Found
	default:
		return lk
	}
	tc.GiveBack(lk)
	return s
}

// follows reports whether a reference without a fragment to the target tg
// is kept for target/redirect: it is on, and tg may be a redirect page
// whose chain goes wrong (decision T-25); or for target/via-redirect: it
// is on, and tg may be a redirect page (decision T-26).
func (fc *Name) follows(tg *Target) bool {
	return fc.RedirectOn && fc.File.Tree.mayRedirect(tg) || fc.ViaOn && fc.File.Tree.isRedirect(tg)
}
