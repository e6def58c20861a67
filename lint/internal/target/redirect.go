package target

import (
	"fmt"
	"slices"
	"strings"

	"github.com/relurl/relurl/ast"
	"github.com/relurl/relurl/lint/internal/extract"
)

// Redirect pages. A page whose declarative refresh sends the reader on at
// once (delay 0 and a URL, as the HTML standard parses the content
// attribute; package extract finds it) is a redirect, not a target: a
// fragment that names it is looked for at the page the chain of
// redirects ends at (decision T-18). On the way it is carried only by a
// page with a script that reads location.hash (rustdoc's stubs,
// mkdocs-redirects', Docusaurus'); a bare refresh, or a script that does
// not read it, drops it, and the reader lands at the top of the page
// (decision T-19): that is target/redirect's finding, as a chain that
// loops, runs too long, or leads to nothing (decision T-20).

// Redirects says how the target rules read redirect pages: the
// [targets] redirects setting.
type Redirects uint8

// The ways of reading redirect pages.
const (
	// RedirectsFollow: a redirect page is followed (the default).
	RedirectsFollow Redirects = iota
	// RedirectsOff: a redirect page is a page like any other: a fragment
	// is looked for among its own anchors.
	RedirectsOff
)

// ParseRedirects reads the [targets] redirects setting: "follow" or
// "off".
func ParseRedirects(s string) (Redirects, error) {
	switch s {
	case "follow":
		return RedirectsFollow, nil
	case "off":
		return RedirectsOff, nil
	}
	return 0, fmt.Errorf("%s is not a way of reading redirect pages: want \"follow\" or \"off\"", q(s))
}

// MaxRedirects is the most redirect pages followed from one reference:
// the Fetch standard's limit of redirects (20); past it the chain is
// reported as too long (decision T-20).
const MaxRedirects = 20

// Fault says what is wrong with a chain of redirect pages, for a
// fragment that goes through it.
type Fault uint8

// The faults of a chain of redirects.
const (
	// FaultNone: the chain ends at a page, and the fragment with it.
	FaultNone Fault = iota
	// FaultDrops: a page of the chain does not carry the fragment on.
	FaultDrops
	// FaultLoop: the chain comes back to a page it went through.
	FaultLoop
	// FaultNowhere: the chain leads to nothing: no file, or a URL that
	// cannot be followed.
	FaultNowhere
	// FaultTooLong: the chain is longer than MaxRedirects.
	FaultTooLong
)

// Via is the way a fragment went through redirect pages.
type Via struct {
	// Stub is the path of the redirect page the reference names, Last
	// that of the last one followed; To is where the last one leads: a
	// path under the root, or a URL. A directory served as its index
	// file is named by its path and a "/", as links name it.
	Stub, Last, To string
	// Hops counts the redirect pages followed.
	Hops int
	// Fault says what is wrong with the chain; Dropper, for FaultDrops,
	// is the path of the first page that drops the fragment.
	Fault   Fault
	Dropper string
	// Final is the target the chain ends at, when it ends at a file under
	// the root; nil otherwise.
	Final *Target
	// Unnamed, for FaultDrops, says that the page the chain ends at has
	// no anchor the fragment names either.
	Unnamed bool
	// Lands is the fragment of the last refresh's URL, where it has one:
	// the reader lands there, not at the top.
	Lands      string
	HasLanding bool
}

// setRedirect records in a what a redirect's anchor f says.
func (a *Anchors) setRedirect(f extract.Anchor) {
	switch f.Kind {
	case extract.AnchorRefresh:
		a.redirect = strings.Clone(f.Value)
		a.refreshAt, a.refreshEnd = f.Offset, f.End
	case extract.AnchorCarry:
		a.carries = true
	}
}

// Redirect returns the URL a redirect page's refresh sends the reader to,
// "" when the document is no redirect page, and whether a script of the
// page carries the fragment on.
func (a *Anchors) Redirect() (string, bool) { return a.redirect, a.carries }

// own is what the fragment frag names in the document at path under the
// root (the file checked itself), whose anchors are a: its anchors, then
// the line ranges and the fragments scripts read. A document's own
// fragments are not followed through its refresh: they are its own
// (decision T-21).
func (t *Tree) own(path string, a *Anchors, frag string) Fragment {
	return t.page(path, a, frag)
}

// page is what frag names in the document at path whose anchors are a,
// read as a page: its anchors, else a range of lines whose ends are both
// anchors (ranges.go), else a fragment the page's scripts read
// (scripted.go).
func (t *Tree) page(path string, a *Anchors, frag string) Fragment {
	f := Fragment{Checked: true, Match: a.Find(frag)}
	if f.Found || f.Top {
		return f
	}
	if ok, missing, is := t.lineRange(a, frag); is {
		if ok {
			f.Found = true
			return f
		}
		f.RangeMissing = missing
	}
	if t.scripted(path, frag) {
		f.Top, f.Params = true, true
	}
	return f
}

// answer is what frag names in the target tg, a document whose anchors a
// are known (not nil), as the target rules read it: [Tree.page], or for a
// redirect page (when [Options.Redirects] follows them), the page the
// chain ends at, with the way there (Fragment.Via). With load false, only
// anchors known are read: settled is false when a page on the way is not
// known yet.
func (t *Tree) answer(tg *Target, a *Anchors, frag string, load bool) (f Fragment, settled bool) {
	if a.redirect == "" || t.opts.Redirects == RedirectsOff {
		return t.page(tg.Path, a, frag), true
	}
	c, settled := t.chainOf(tg, a, load)
	if !settled {
		return Fragment{}, false
	}
	v := c.via
	var fa *Anchors
	if c.end && v.Fault == FaultNone {
		// The anchors of the page reached, as they are now: a chain
		// kept holds while its pages' redirects hold, not their anchors.
		var known bool
		if fa, known = t.KnownOf(v.Final); !known {
			if !load {
				return Fragment{}, false
			}
			fa = t.anchorsOf(v.Final)
		}
	}
	switch {
	case v.Fault != FaultNone:
		return Fragment{Checked: true, Via: &v}, true
	case !c.carried && frag != "":
		v.Fault, v.Dropper = FaultDrops, c.dropper
		if fa != nil {
			m := t.page(v.Final.Path, fa, frag)
			v.Unnamed = !m.Found && !m.Top
		}
		if !c.end {
			v.Final = nil
		}
		return Fragment{Checked: true, Via: &v}, true
	case !c.end || fa == nil:
		// Out of the tree, to what the tree does not read, or to a
		// document that cannot be read: the fragment is checked no
		// further, as a link's that leads there.
		if !c.end {
			v.Final = nil
		}
		return Fragment{Via: &v}, true
	}
	f = t.page(v.Final.Path, fa, frag)
	f.Via = &v
	return f, true
}

// chain is where the chain of redirects from a redirect page ends,
// whatever the fragment: the way there (its fault a loop, a chain too
// long, one that leads to nothing, or none), whether every page of it
// carries the fragment on (else dropper, the first that does not),
// whether it ends at a document of the tree (end: via.Final) rather than
// out of the tree or at what the tree does not read. A tree keeps one
// for each redirect page, once the anchors of every page of its chain
// are known (decision T-27).
type chain struct {
	via     Via
	carried bool
	dropper string
	end     bool
}

// chainOf returns the chain of redirects from the redirect page tg,
// whose anchors are a: the one kept, or followed now and kept when every
// page on the way is known. With load false, only anchors known are
// read: settled is false when a page on the way is not known yet.
func (t *Tree) chainOf(tg *Target, a *Anchors, load bool) (c *chain, settled bool) {
	t.mu.RLock()
	c = t.chains[tg.Real]
	t.mu.RUnlock()
	if c != nil {
		return c, true
	}
	c, complete, settled := t.follow(tg, a, load)
	if complete {
		t.mu.Lock()
		if t.chains == nil {
			t.chains = map[string]*chain{}
		}
		if kept := t.chains[tg.Real]; kept != nil {
			c = kept
		} else {
			t.chains[strings.Clone(tg.Real)] = c
		}
		t.mu.Unlock()
	}
	return c, settled
}

// follow follows the chain of redirects from the redirect page tg, whose
// anchors are a; complete says that the anchors of every page on the way
// were known (the answer does not change as more are read).
func (t *Tree) follow(tg *Target, a *Anchors, load bool) (c *chain, complete, settled bool) {
	c = &chain{carried: true}
	v := &c.via
	v.Stub = servedAs(tg)
	seen := []string{tg.Real}
	cur, ca := tg, a
	for ca != nil && ca.redirect != "" {
		if v.Hops == MaxRedirects {
			v.Fault = FaultTooLong
			return c, true, true
		}
		v.Hops++
		v.Last = servedAs(cur)
		l, ok := t.Follow(cur.Path, "", ca.redirect)
		v.Lands, v.HasLanding = l.Fragment, l.HasFragment
		if c.carried && (!ca.carries || l.HasFragment) {
			// A URL with its own fragment replaces the reference's, as a
			// bare refresh drops it.
			c.carried, c.dropper = false, servedAs(cur)
		}
		switch {
		case !ok:
			v.To, v.Fault = ca.redirect, FaultNowhere
			return c, true, true
		case l.Place.Where == Inside && l.Place.Bad != "":
			v.To, v.Fault = l.Resolved, FaultNowhere
			return c, true, true
		case l.Place.Where != Inside || l.Target == nil || l.Target.Status == LinkOut || l.Target.Status == Ignored:
			v.To = l.Resolved
			return c, true, true
		case l.Target.Status == Missing:
			v.To, v.Fault = l.Place.Path, FaultNowhere
			if l.Place.Dir {
				v.To += "/"
			}
			return c, true, true
		}
		next := l.Target
		v.To = servedAs(next)
		if slices.Contains(seen, next.Real) {
			v.Fault = FaultLoop
			return c, true, true
		}
		seen = append(seen, next.Real)
		if !next.document() {
			return c, true, true
		}
		na, known := t.KnownOf(next)
		if !known {
			if !load {
				return c, false, false
			}
			if next.Kind != extract.KindHTML || t.opts.MayRedirect != nil && !t.opts.MayRedirect(next.Real) {
				// No redirect page (decision S-25): the chain ends at
				// it, whatever its anchors, which are not read for it.
				c.end, v.Final = true, next
				return c, true, true
			}
			na = t.anchorsOf(next)
			if _, known = t.KnownOf(next); !known {
				// No Load to read it: the chain ends at a page not
				// read, and may end elsewhere once it is.
				c.end, v.Final = true, next
				return c, false, true
			}
		}
		cur, ca = next, na
	}
	c.end, v.Final = true, cur
	return c, true, true
}

// mayRedirect reports whether the target tg may be a redirect page whose
// chain goes wrong, which a reference without a fragment is followed to
// (decision T-25): a document whose anchors are not known yet, or a
// redirect page whose chain loops, runs too long, leads to nothing, or
// is not known to its end yet.
func (t *Tree) mayRedirect(tg *Target) bool {
	if t.opts.Redirects == RedirectsOff || tg == nil || !tg.document() {
		return false
	}
	a, known := t.KnownOf(tg)
	if !known {
		return true
	}
	if a == nil || a.redirect == "" {
		return false
	}
	c, settled := t.chainOf(tg, a, false)
	return !settled || c.via.Fault != FaultNone
}

// isRedirect reports whether the target tg may be a redirect page that
// is followed: a document whose anchors are not known yet, or are a
// redirect's (decision T-26).
func (t *Tree) isRedirect(tg *Target) bool {
	if t.opts.Redirects == RedirectsOff || tg == nil || !tg.document() {
		return false
	}
	a, known := t.KnownOf(tg)
	return !known || a != nil && a.redirect != ""
}

// Severities are the severities of the rules whose findings the check of
// the references kept makes besides target/fragment's: target/redirect's
// and target/via-redirect's (0: off).
type Severities struct{ Redirect, Via ast.Severity }

// Judge says which rule's finding m, the answer to a reference kept, is:
// target/redirect's for a chain of redirects that drops the fragment or
// goes wrong; target/via-redirect's for a reference that works through
// redirect pages to a page of the tree (decision T-26);
// target/fragment's for a fragment that names nothing; "" for none.
func Judge(m Fragment) string {
	switch {
	case !m.Checked:
		return ""
	case RedirectFault(m):
		return RuleRedirect
	case m.Found || m.Top:
		if m.Via != nil && m.Via.Final != nil {
			return RuleVia
		}
		return ""
	}
	return RuleFragment
}

// ViaMessage says that the reference, whose fragment is frag ("" for
// none), works through redirect pages (m.Via), and what to link to.
func ViaMessage(frag string, m Fragment) string {
	v := m.Via
	to := v.To
	if frag != "" {
		to += "#" + frag
	}
	via := ShownPath(v.Stub, false) + " is a redirect page"
	if v.Hops > 1 {
		via = fmt.Sprintf("%s is a redirect page (the first of %d)", ShownPath(v.Stub, false), v.Hops)
	}
	return fmt.Sprintf("%s that leads to %s: the link works, and %s reaches the same without the redirect", via, q(v.To), q(to))
}

// viaRule is target/via-redirect's row of the catalog.
func viaRule() RuleDoc {
	return RuleDoc{
		ID: RuleVia, Severity: ast.SeverityInfo, Off: true,
		Section: "RFC 1808 §2.1; HTML Standard §4.2.5.3 (refresh)",
		Summary: "a link that works through a redirect page, which could name the page it leads to",
		Help: `A link, with a fragment or without, leads to a redirect page (as ` + RuleRedirect + ` reads them) ` +
			`whose chain ends at a page of the tree, and the link works: its fragment is carried on ` +
			`and named there, or it has none. The finding names the page the chain ends at, with the ` +
			`fragment, which reaches the same without a redirect. Off by default: generated ` +
			`documentation links through its own redirect pages by the thousand (rustdoc's stubs), ` +
			`and a tree that keeps old pages as redirects on purpose is not at fault. Turn it on to ` +
			`move a tree's links off pages that have moved.`,
		Fix:   "link to the page the redirect leads to, with the fragment",
		Quote: `"#" fragment ::= fragment identifier.`,
		Bad:   Example{Text: "<a href=\"old.html\">Usage</a>\n", Files: "old.html=new.html new.html"},
		Good:  Example{Text: "<a href=\"new.html\">Usage</a>\n", Files: "old.html=new.html new.html"},
		NoFix: "the link works: moving it off the redirect page is the author's call",
	}
}

// RedirectFault reports whether m, a fragment's answer, is
// target/redirect's finding rather than target/fragment's: a chain of
// redirects that drops the fragment or goes wrong.
func RedirectFault(m Fragment) bool { return m.Via != nil && m.Via.Fault != FaultNone }

// RedirectMessage says what is wrong with the chain of redirects the
// fragment frag went through (m.Via, a fault).
func RedirectMessage(frag string, m Fragment) string {
	v := m.Via
	stub := ShownPath(v.Stub, false)
	via := stub + " is a redirect page"
	if v.Hops > 1 {
		via = fmt.Sprintf("%s is a redirect page (the first of %d)", stub, v.Hops)
	}
	switch v.Fault {
	case FaultDrops:
		who := "it drops the fragment"
		if v.Dropper != v.Stub {
			who = fmt.Sprintf("%s, on the way, drops the fragment", ShownPath(v.Dropper, false))
		}
		why, lands := "no script of it carries location.hash on", "at the top of "+q(v.To)
		if v.HasLanding {
			why, lands = "its refresh's URL has a fragment of its own", "at "+q(v.To+"#"+v.Lands)
		}
		msg := fmt.Sprintf("%s that leads to %s, and %s (%s): the reader of %s lands %s",
			via, q(v.To), who, why, q("#"+frag), lands)
		if v.Unnamed {
			return msg + "; " + q(v.To) + " has no anchor the fragment names either"
		}
		return msg + "; link to " + q(v.To+"#"+frag)
	case FaultLoop:
		return fmt.Sprintf("%s whose redirects loop: %s leads back to %s, which the chain went through", via, ShownPath(v.Last, false), q(v.To))
	case FaultTooLong:
		return fmt.Sprintf("%s whose chain of redirects is longer than %d", via, MaxRedirects)
	}
	return fmt.Sprintf("%s that leads to nothing: %s refreshes to %s, where no file is", via, ShownPath(v.Last, false), q(v.To))
}

// viaNote ends a target/fragment message on a fragment looked for at
// the end of a chain of redirects.
func viaNote(v *Via) string {
	if v.Hops > 1 {
		return fmt.Sprintf(" (reached through %d redirect pages from %s, which carry the fragment on)", v.Hops, ShownPath(v.Stub, false))
	}
	return fmt.Sprintf(" (reached through the redirect page %s, which carries the fragment on)", ShownPath(v.Stub, false))
}

// redirectRule is target/redirect's row of the catalog.
func redirectRule() RuleDoc {
	return RuleDoc{
		ID: RuleRedirect, Severity: ast.SeverityWarning,
		Section: "RFC 1808 §2.1; HTML Standard §4.2.5.3 (refresh)",
		Summary: "a fragment that a redirect page drops, or a redirect that loops or leads to nothing",
		Help: `A page whose <meta http-equiv="refresh"> sends the reader on at once (a delay of 0 and a ` +
			`URL, as the HTML standard parses the content attribute; the first refresh that parses ` +
			`counts) is a redirect page: a reference's fragment is looked for where the chain of ` +
			`redirects ends (at most ` + "20" + ` pages). A page carries the fragment on only when a script ` +
			`of it reads location.hash (rustdoc's stubs, mkdocs-redirects', Docusaurus'); a bare refresh ` +
			`(Hugo's aliases, Jekyll's redirect-from, texinfo's node pages) drops it, and so does a ` +
			`refresh URL with a fragment of its own: the reader lands at the top of the new page. This ` +
			`rule reports that, naming the page that drops it and where it leads, and a chain that ` +
			`loops, runs past 20 pages, or leads to nothing, at a link with a fragment or without one, ` +
			`and at the redirect page itself. A fragment carried on and named nowhere at the end is ` +
			RuleFragment + `'s. The rule is on, off, suppressed and baselined by its own id, whatever ` +
			RuleFragment + ` is. [targets] redirects = "off" (or --redirects off) reads redirect pages ` +
			`as pages.`,
		Fix:   "link to the page the redirect leads to, with the fragment",
		Quote: `"#" fragment ::= fragment identifier.`,
		Bad:   Example{Text: "<meta http-equiv=\"refresh\" content=\"0; url=example.html\">\n"},
		Good:  Example{Text: "<meta http-equiv=\"refresh\" content=\"0; url=new.html\">\n", Files: "new.html"},
		NoFix: "a link through a redirect page that works is the author's to move",
	}
}

// OwnRedirect is target/redirect's finding on the redirect page f itself,
// whose anchors are own (decision T-20): its chain of redirects loops,
// runs past MaxRedirects, or leads to nothing but through pages (a
// refresh that leads to no file is target/missing's, at the refresh's
// URL). It returns the span of the refresh's content attribute, the
// URL, and the message; false when the page is no redirect, the chain
// ends at a page, or redirect pages are not followed. The pages of the
// chain are read as fragments are ([Options.Load]), so that the answer
// does not hang on the order files are linted in.
func (f *File) OwnRedirect(own *Anchors) (offset, end int, url, msg string, ok bool) {
	t := f.Tree
	if own == nil || own.redirect == "" || t.opts.Redirects == RedirectsOff || f.Real == "" {
		return 0, 0, "", "", false
	}
	self := t.Resolve(f.Path, false)
	if !self.document() || self.Real != f.Real {
		return 0, 0, "", "", false
	}
	// The chain alone, not the anchors of the page it ends at: the
	// page's own finding is of the way, not of a fragment.
	c, _ := t.chainOf(self, own, true)
	v := &c.via
	if v.Fault == FaultNone || v.Fault == FaultNowhere && v.Hops == 1 {
		return 0, 0, "", "", false
	}
	switch v.Fault {
	case FaultLoop:
		msg = fmt.Sprintf("this page redirects, and its chain of redirects loops: %s leads back to %s, which the chain went through", ShownPath(v.Last, false), q(v.To))
	case FaultTooLong:
		msg = fmt.Sprintf("this page redirects, and its chain of redirects is longer than %d pages", MaxRedirects)
	default:
		msg = fmt.Sprintf("this page redirects through %d redirect pages to nothing: %s refreshes to %s, where no file is", v.Hops, ShownPath(v.Last, false), q(v.To))
	}
	return own.refreshAt, own.refreshEnd, own.redirect, msg, true
}

// chainReals hands add the real paths of the pages the redirect page tg
// leads to, as far as their anchors are known (none read): an editor's
// index of which documents to check again when one changes, since a
// fragment through a redirect page hangs on the page it ends at.
func (t *Tree) chainReals(tg *Target, add func(real string)) {
	if t.opts.Redirects == RedirectsOff || !tg.document() {
		return
	}
	cur := tg
	for range MaxRedirects {
		a, known := t.KnownOf(cur)
		if !known || a == nil || a.redirect == "" {
			return
		}
		l, ok := t.Follow(cur.Path, "", a.redirect)
		if !ok || l.Target == nil || !l.Target.document() || l.Target.Real == tg.Real {
			return
		}
		add(l.Target.Real)
		cur = l.Target
	}
}

// sameRedirect reports whether two readings of a document make the same
// redirect, or none.
func sameRedirect(a, b *Anchors) bool {
	return a.redirect == b.redirect && a.carries == b.carries
}

// servedAs names the target tg as a link names it: a directory served as
// its index file by the directory's path and a "/".
func servedAs(tg *Target) string {
	if i := strings.LastIndexByte(tg.Path, '/'); tg.Index && i >= 0 {
		return tg.Path[:i+1]
	}
	return tg.Path
}
