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
	v := &Via{Stub: servedAs(tg)}
	carried, seen := true, []string{tg.Real}
	cur, ca := tg, a
	for ca != nil && ca.redirect != "" {
		if v.Hops == MaxRedirects {
			v.Fault = FaultTooLong
			return Fragment{Checked: true, Via: v}, true
		}
		v.Hops++
		v.Last = servedAs(cur)
		l, ok := t.Follow(cur.Path, "", ca.redirect)
		v.Lands, v.HasLanding = l.Fragment, l.HasFragment
		if carried && (!ca.carries || l.HasFragment) {
			// A URL with its own fragment replaces the reference's, as a
			// bare refresh drops it.
			carried, v.Dropper = false, servedAs(cur)
		}
		switch {
		case !ok:
			v.To, v.Fault = ca.redirect, FaultNowhere
			return Fragment{Checked: true, Via: v}, true
		case l.Place.Where == Inside && l.Place.Bad != "":
			v.To, v.Fault = l.Resolved, FaultNowhere
			return Fragment{Checked: true, Via: v}, true
		case l.Place.Where != Inside || l.Target == nil || l.Target.Status == LinkOut || l.Target.Status == Ignored:
			// Out of the tree, or to what the tree does not read: the
			// fragment is checked no further, as a link's that leads
			// there.
			v.To = l.Resolved
			return t.dropped(v, carried, frag), true
		case l.Target.Status == Missing:
			v.To, v.Fault = l.Place.Path, FaultNowhere
			if l.Place.Dir {
				v.To += "/"
			}
			return Fragment{Checked: true, Via: v}, true
		}
		next := l.Target
		v.To = servedAs(next)
		if slices.Contains(seen, next.Real) {
			v.Fault = FaultLoop
			return Fragment{Checked: true, Via: v}, true
		}
		seen = append(seen, next.Real)
		if !next.document() {
			return t.dropped(v, carried, frag), true
		}
		na, known := t.KnownOf(next)
		if !known {
			if !load {
				return Fragment{}, false
			}
			na = t.anchorsOf(next)
		}
		cur, ca = next, na
	}
	v.Final = cur
	if !carried && frag != "" {
		v.Fault = FaultDrops
		if ca != nil {
			m := t.page(cur.Path, ca, frag)
			v.Unnamed = !m.Found && !m.Top
		}
		return Fragment{Checked: true, Via: v}, true
	}
	if ca == nil {
		return Fragment{Via: v}, true
	}
	f = t.page(cur.Path, ca, frag)
	f.Via = v
	return f, true
}

// dropped is the answer for a fragment whose chain of redirects ends
// where its anchors are not read (another site, outside the root, a
// file that is no document): a finding when a page on the way drops the
// fragment, else not checked.
func (t *Tree) dropped(v *Via, carried bool, frag string) Fragment {
	if !carried && frag != "" {
		v.Fault = FaultDrops
		return Fragment{Checked: true, Via: v}
	}
	return Fragment{Via: v}
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
			`loops, runs past 20 pages, or leads to nothing. A fragment carried on and named nowhere at ` +
			`the end is ` + RuleFragment + `'s. Its findings come of the fragments' check: ` + RuleFragment +
			` must be on, and a directive that names it covers them. [targets] redirects = "off" reads ` +
			`redirect pages as pages.`,
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
	m, _ := t.answer(self, own, "", true)
	v := m.Via
	if v == nil || v.Fault == FaultNone || v.Fault == FaultDrops || v.Fault == FaultNowhere && v.Hops == 1 {
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
