package lint

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/relurl/relurl/ast"
	"github.com/relurl/relurl/compare"
	"github.com/relurl/relurl/lint/extract"
	"github.com/relurl/relurl/lint/fix"
	"github.com/relurl/relurl/lint/target"
	"github.com/relurl/relurl/resolve"
)

// The target family: where each reference leads in the tree of files the
// linted file is served from (package lint/target), read by RFC 1808's
// own resolution against the file's base (docs/targets.md).

// Rule ids of the target family, and of the portability rule that sets
// the two readings' targets side by side.
const (
	// RuleTargetMissing: no file is where the reference leads.
	RuleTargetMissing = "target/missing"
	// RuleTargetFragment: the fragment names no anchor of its target.
	RuleTargetFragment = "target/fragment"
	// RuleTargetCase: the target exists only with other letter case.
	RuleTargetCase = "target/case"
	// RuleTargetOutside: the reference leaves the tree.
	RuleTargetOutside = "target/outside"
	// RuleWHATWGTarget: RFC 1808 and browsers resolve the reference to
	// different places, and only one of them exists.
	RuleWHATWGTarget = "portability/whatwg-target"
)

// targetKinds are the kinds of documents a tree serves as pages: the
// target rules are on by default in them, and off in lists of URLs and
// messages, which are read where they are, not served.
const targetKinds = "html,markdown,css,xml"

func targetRows() []row {
	return []row{
		{Rule: Rule{
			ID: RuleTargetMissing, Family: FamilyTarget, Severity: ast.SeverityError, Default: true, Kinds: targetKinds,
			Section: "RFC 1808 §1, §4",
			Summary: "a reference to a file the tree does not hold",
			Help: `The reference, resolved by RFC 1808 §4 against the document's base (its BASE element, ` +
				`else the URL the file is served at: its path under --root, resolved against --base, or ` +
				`"/" and the path when there is no --base), leads to a path under the root where there is ` +
				`no file. A directory is served as its index file ([targets] index, "index.html" then ` +
				`"index.htm"); a path whose last segment has no extension may be tried with the extensions ` +
				`of [targets] try-extensions (none by default); each segment is percent-decoded once. ` +
				`References to other sites are not fetched ("relurl lint --list-external" lists them), ` +
				`and [targets] ignore names targets a build makes.`,
			Fix:   "point the reference at a file the tree holds, or add the file",
			Quote: `A common use for Uniform Resource Locators is to embed them within a document (referred to as the "base" document) for the purpose of identifying other Internet-accessible resources.`,
			Bad:   Example{Text: `<a href="install.html">Installing</a>`, Files: "installing.html"},
			Good:  Example{Text: `<a href="installing.html">Installing</a>`, Files: "installing.html"},
		}, check: checkTargetMissing, noFix: "which file is meant is the author's to say"},
		{Rule: Rule{
			ID: RuleTargetFragment, Family: FamilyTarget, Severity: ast.SeverityError, Default: true, Kinds: targetKinds,
			Section: "RFC 1808 §2.1; HTML Standard §7.4.6.3",
			Summary: "a fragment that names no anchor of its target",
			Help: `The reference's fragment names nothing in the document it leads to, as the HTML ` +
				`standard finds the indicated part of a document: an element whose id is the fragment as ` +
				`written, else an a element whose name is, else the same with the fragment percent-decoded ` +
				`(as UTF-8); the empty fragment and "top" (in any case) are the top of the document. The ` +
				`fragment directive (":~:" and what follows) is taken away first, as browsers do, and a ` +
				`fragment that holds "=" is parameters for the page's scripts ("#url=…&base=…", "#t=10"), ` +
				`not looked up. A ` +
				`Markdown document's anchors are its headings', by [targets] markdown-anchors ("github": ` +
				`GitHub's slugs, matched in any letter case as GitHub's pages do; "goldmark": goldmark's ` +
				`automatic heading ids; "none"), and the ids and names of its raw HTML. A same-document ` +
				`reference ("#x") is checked against the file itself. Fragments of other targets (images, ` +
				`PDFs, style sheets) are not checked, and the summary counts them. A run checks the ` +
				`fragments once every document's anchors are read: their findings come after the others of ` +
				`the run, file by file.`,
			Fix:   "name an anchor the target has (an id, a heading's anchor), or add one",
			Quote: `"#" fragment ::= fragment identifier.`,
			Bad:   Example{Text: "<h2 id=\"usage\">Usage</h2>\n<a href=\"#usgae\">usage</a>\n"},
			Good:  Example{Text: "<h2 id=\"usage\">Usage</h2>\n<a href=\"#usage\">usage</a>\n"},
		}, check: checkTargetFragment, noFix: "which anchor is meant is the author's to say"},
		{Rule: Rule{
			ID: RuleTargetCase, Family: FamilyTarget, Severity: ast.SeverityWarning, Default: true, Kinds: targetKinds,
			Section: "RFC 1808 §1",
			Summary: "a reference to a file that exists only with other letter case",
			Help: `The path the reference leads to is not in the tree as written, but is in other letter ` +
				`case: a file system blind to case (macOS's, Windows') finds it, and most servers do not. ` +
				`The fix writes the path's names as the directory lists them, when exactly one file matches ` +
				`and the names are written in the reference itself (not inherited from the base), and the ` +
				`file is served under no other name.`,
			Fix:   "write the path in the letter case of the file",
			Quote: `it is possible for a single set of hypertext documents to be simultaneously accessible and traversable via each of the "file", "http", and "ftp" schemes if the documents refer to each other using relative URLs.`,
			Bad:   Example{Text: `<a href="Install.html">Installing</a>`, Files: "install.html"},
			Good:  Example{Text: `<a href="install.html">Installing</a>`, Files: "install.html"},
		}, check: checkTargetCase, repair: repairCase},
		{Rule: Rule{
			ID: RuleTargetOutside, Family: FamilyTarget, Severity: ast.SeverityWarning, Default: true, Kinds: targetKinds,
			Section: "RFC 1808 §1, §4",
			Summary: "a reference that leaves the tree",
			Help: `The reference, resolved by RFC 1808 §4, leads out of the tree: above the root of the ` +
				`site ("../" more times than the base has levels, which RFC 1808 keeps), into another ` +
				`directory of the root's site than the root, or through a symbolic link under the root ` +
				`that leads out of it (a tree copied or served elsewhere loses what the link reached). ` +
				`References to other sites are not this rule's: they are never fetched.`,
			Fix:   "point the reference at a file under the root, or write the absolute URL of what it means outside",
			Quote: `the vast majority of URLs in these documents point to locations within the tree rather than outside of it.`,
			Bad:   Example{Text: `<a href="../../index.html">Home</a>`, Files: "index.html"},
			Good:  Example{Text: `<a href="index.html">Home</a>`, Files: "index.html"},
		}, check: checkTargetOutside, noFix: "where the reference should lead is the author's to say"},
	}
}

// whatwgTargetRow is portability/whatwg-target, one of the portability
// rules; its check is here, with the target rules'.
func whatwgTargetRow() row {
	return row{Rule: Rule{
		ID: RuleWHATWGTarget, Family: FamilyPortability, Severity: ast.SeverityWarning, Default: true, Kinds: browserKinds,
		Section: "RFC 1808 §4; URL Standard §4.4",
		Summary: "a reference RFC 1808 and browsers take to different files, only one of which exists",
		Help: `RFC 1808 and browsers (the WHATWG URL Standard) resolve the reference to different places ` +
			`in the tree, and only one of them holds a file: "../../../x.html" from a page near the root ` +
			`(RFC 1808 keeps the ".." it cannot remove, browsers drop them), ";x" against a base with ` +
			`params, "/./x". The message names both targets and which exists. Where this rule reports, ` +
			RuleTargetMissing + ` and ` + RuleTargetOutside + ` do not. On by default in HTML, Markdown ` +
			`and CSS, which browsers read.`,
		Fix:   "write the reference so that both readings lead to the file meant",
		Quote: `Parsers must be careful in handling the case where there are more relative path ".." segments than there are hierarchical levels in the base URL's path.`,
		Bad:   Example{Text: `<a href="../../guide.html">Guide</a>`, Files: "guide.html"},
		Good:  Example{Text: `<a href="guide.html">Guide</a>`, Files: "guide.html"},
	}, check: checkWHATWGTarget}
}

// Targets says where a file is in a tree of files, for the target rules
// ([Linter.CheckWith]).
type Targets struct {
	// Tree is the tree, its root and the URL it is served at.
	Tree *target.Tree
	// Paths are the file's paths under the root, slash-separated: the
	// first the path of the name it is linted under, the others those of
	// its other names (symbolic or hard links), each served with its own
	// base. Names are the others' names as findings give them
	// (Names[i] for Paths[i]; Names[0] is not read).
	Paths, Names []string
	// Defer says that the anchors of the tree's documents are not all
	// known yet (a run that reads them as it lints): the fragments of the
	// references are then left to be checked at the end
	// (TargetResult.Deferred), not checked.
	Defer bool
	// External says to collect the references that lead to other sites
	// (TargetResult.External); References the targets reached
	// (TargetResult.Reals).
	External, References bool
}

// TargetResult is what the target rules found in one file, besides its
// findings.
type TargetResult struct {
	// Anchors are the file's anchors (an HTML or Markdown document read
	// whole), for Tree.SetAnchors; nil otherwise.
	Anchors *target.Anchors
	// Others are the target findings of the file's other names
	// (Targets.Paths[1:]), in order of position, and how many findings
	// the file's directives suppressed in each.
	Others           [][]Finding
	OthersSuppressed []int
	// Deferred, when Targets.Defer was set, are the references whose
	// fragments are left to be checked, by name (Deferred[i] for
	// Targets.Paths[i]); nil when there are none.
	Deferred []*Deferred
	// External are the references that lead to other sites, each URL
	// once, in order of first place, when Targets.External was set; not
	// data: and javascript: URLs, which lead nowhere to check.
	External []External
	// Reals, when Targets.References was set, are the targets the file's
	// references lead to that exist (by their paths with symbolic links
	// followed), sorted, each once: an editor's index of which documents
	// to check again when one changes.
	Reals []string
	// Stats count the references.
	Stats TargetStats
}

// TargetStats count what the references of a file led to.
type TargetStats struct {
	// Internal counts the references that lead under the root, External
	// those that lead to other sites.
	Internal, External int
	// Unchecked counts the fragments not checked: those of targets whose
	// anchors are not known (not HTML or Markdown, or not read).
	Unchecked int
}

// Add adds o's counts to s.
func (s *TargetStats) Add(o TargetStats) {
	s.Internal += o.Internal
	s.External += o.External
	s.Unchecked += o.Unchecked
}

// External is a reference that leads to another site.
type External struct {
	// URL is the reference resolved by RFC 1808 §4.
	URL string
	// Offset, Line and Column are where it is first written in the file
	// (line and column from 1, the column in bytes).
	Offset, Line, Column int
}

// targetCtx is where a file is in its tree, under one of its names.
type targetCtx struct {
	tree *target.Tree
	// path is the name's path under the root; served the URL it is served
	// at, read as a base (servedOK says it can serve).
	path     string
	served   ast.URL
	servedOK bool
	servedAt string
	// real is the file's path with symbolic links followed: the target
	// of its same-document references.
	real string
	// aliases says that the file is served under other names too: a fix
	// must suit every name, and none of target/case is made.
	aliases bool
	// deferFragments: see Targets.Defer.
	deferFragments bool
	external       bool
	references     bool
	// dirPath is the directory of path, and dir the tree's directory of
	// it, for fastPlace; depth is how many segments the served URL's path
	// has before its last "/".
	dirPath string
	dir     *target.Dir
	depth   int
	// self is what the file's path leads to, on first need.
	self *target.Target
	// slab is where links are allocated, a few at a time (newLink).
	slab []link
}

// newLink returns a new link, allocated with others: a few at first, more
// as the file's URLs come, so that a file of few URLs allocates few.
func (tc *targetCtx) newLink() *link {
	if len(tc.slab) == cap(tc.slab) {
		tc.slab = make([]link, 0, min(32, max(4, 2*cap(tc.slab))))
	}
	tc.slab = append(tc.slab, link{fragAt: -1, tg: noTarget})
	return &tc.slab[len(tc.slab)-1]
}

// plain returns lk, where a URL checked leads, or when the check's
// findings are made and nothing more is read of it than where it leads
// (targetRef) the shared link that says as much, lk given back to the
// slab: a file under the root, found, with no fragment, when the check
// keeps no references, or another site, when it lists none. Most of a
// file's URLs are such, and keep no link of their own.
func (fc *fileCheck) plain(lk *link) *link {
	tc := fc.tc
	if lk == nil || tc == nil || fc.shared == nil || !lk.ok {
		return lk
	}
	var s *link
	switch {
	case lk.place.Where == target.External && !tc.external:
		s = &fc.shared.elsewhere
	case lk.place.Where == target.Inside && lk.place.Bad == "" && lk.tg.Status == target.Found && lk.fragAt < 0 && !tc.references:
		s = &fc.shared.found
	default:
		return lk
	}
	if n := len(tc.slab); n > 0 && &tc.slab[n-1] == lk {
		tc.slab[n-1] = link{}
		tc.slab = tc.slab[:n-1]
	}
	return s
}

func newTargetCtx(t *Targets, i int) *targetCtx {
	tc := &targetCtx{tree: t.Tree, path: t.Paths[i], aliases: len(t.Paths) > 1, deferFragments: t.Defer,
		external: t.External && i == 0, references: t.References}
	tc.servedAt = t.Tree.URLOf(tc.path)
	var err error
	tc.served, err = resolve.ParseBase(tc.servedAt)
	tc.servedOK = err == nil
	if r := t.Tree.Resolve(tc.path, false); r.Status == target.Found || r.Status == target.Case {
		tc.real = r.Real
	}
	if i := strings.LastIndexByte(tc.path, '/'); i >= 0 {
		tc.dirPath = tc.path[:i]
	}
	tc.depth = depth(&tc.served)
	tc.dir = t.Tree.Dir(tc.dirPath)
	return tc
}

// fastPlace returns where the reference u leads when it is resolved
// against the URL the file is served at, for the references whose §4
// resolution is plain to see, and false for the others: the document
// itself (no path: "", "?q", "#f"), or a relative path of names after
// leading "." and then ".." segments that stay under the root, none with
// an escape, an empty segment or params. Its answer is LocateURL's of
// the resolution (TestFastPlace).
func (tc *targetCtx) fastPlace(u *ast.URL) (target.Place, *target.Target, bool) {
	if u.Scheme.Present || u.NetLoc.Present || u.Params.Present {
		return target.Place{}, nil, false
	}
	if u.Path.Value == "" {
		if tc.self == nil {
			tc.self = tc.tree.Resolve(tc.path, false)
		}
		return target.Place{Where: target.Inside, Path: tc.path}, tc.self, true
	}
	return tc.dir.Near(u.Path.Value)
}

// link is where a reference leads, as the target rules read it: computed
// once per URL and base (base.memo keeps it with the URL's hits). Its
// fields are laid out to keep it small: a file's check makes one for
// each URL under each of its names.
type link struct {
	// urlText is the reference resolved by RFC 1808 §4, printed when it
	// leads out of the root (or is asked for: whatwg); place is where it
	// leads, and tg, when it leads under the root to a path a file can
	// have, what is there (noTarget otherwise).
	urlText string
	place   target.Place
	tg      *target.Target
	// fragAt is the offset of the fragment in the URL (past "#"), or -1,
	// and fragText the fragment; pathFrom and pathTo the span of the path
	// and params.
	fragText         string
	fragAt           int
	pathFrom, pathTo int
	// w is the browsers' reading, when it leads elsewhere than RFC
	// 1808's.
	w *whatwgLink
	// deferred is the link as the fragments left to the end of the run
	// keep it, made on first need.
	deferred *deferredLink
	// ok says the reference was resolved: there is a base to resolve it
	// against (see targetBase).
	ok bool
	// browser says that the link is the browsers' reading of a URL RFC
	// 1808 does not read (an invalid one).
	browser bool
	// self says that the reference is a same-document one (selfRef)
	// against the URL the file is served at: it leads to the file under
	// every name.
	self bool
	// frag is what the fragment names, as far as is known yet (known).
	frag uint8
}

// whatwgLink is where the browsers' reading of a reference leads.
type whatwgLink struct {
	url   string
	place target.Place
	tg    *target.Target
}

// noTarget is the target of a place under the root no file can have, or
// not under the root.
var noTarget = &target.Target{}

// fragment returns the reference's fragment, as written.
func (lk *link) fragment() string { return lk.fragText }

// url returns the reference resolved, printed, when it leads out of the
// root or whatwg has printed it; "" otherwise.
func (lk *link) url() string { return lk.urlText }

// targetBase returns the base the target rules resolve the URL under
// check against: the document's base when it embeds one (§3.1, §3.2),
// otherwise (its base is the retrieval URL, or it has none) the URL the
// file is served at under the name checked; false when that base cannot
// serve.
func (c *urlCheck) targetBase() (ast.URL, bool) {
	b := c.b
	if !b.tbRead {
		b.tbRead = true
		switch {
		case b.fromRetrieval:
			b.tb, b.tbOK, b.tbURL = c.tc.served, c.tc.servedOK, c.tc.servedAt
		case b.usable:
			b.tb, b.tbOK, b.tbURL = b.parsed, true, b.url
		}
	}
	return b.tb, b.tbOK
}

// link returns where the URL under check leads, or nil when the target
// rules have no tree.
func (c *urlCheck) link() *link {
	if c.lnk != nil || c.tc == nil || c.b == nil {
		return c.lnk
	}
	lk := c.tc.newLink()
	c.lnk = lk
	tb, ok := c.targetBase()
	if !ok {
		return lk
	}
	if c.invalid {
		c.browserLink(lk)
		return lk
	}
	if pl, tg, fast := c.tc.fastPlace(&c.u); fast && c.b.fromRetrieval {
		lk.ok, lk.place, lk.tg, lk.self = true, pl, tg, selfRef(&c.u)
	} else {
		res, pl := c.tc.tree.FollowURL(tb, c.u)
		lk.ok, lk.place = true, pl
		if lk.place.Where != target.Inside {
			lk.urlText = res.String()
		}
	}
	if c.u.Fragment.Present {
		lk.fragAt, lk.fragText = c.u.Fragment.Span.Start, c.u.Fragment.Value
	}
	lk.pathFrom, lk.pathTo = c.u.Path.Span.Start, c.u.Path.Span.End
	if c.u.Params.Present {
		lk.pathTo = c.u.Params.Span.End
	}
	if lk.pathTo <= lk.pathFrom {
		lk.pathFrom, lk.pathTo = 0, len(c.s)
		if lk.fragAt > 0 {
			lk.pathTo = lk.fragAt - 1
		}
	}
	if lk.place.Where == target.Inside && lk.place.Bad == "" && lk.tg == noTarget {
		lk.tg = c.tc.tree.Resolve(lk.place.Path, lk.place.Dir)
	}
	return lk
}

// browserLink sets lk to where browsers (the WHATWG URL Standard) take
// the URL under check, which is not valid under RFC 1808; lk.ok is false
// when they reject it. Its fragment is the URL's, as written: the
// standard's percent-encoding of it, decoded again by Anchors.Find, is
// the same.
func (c *urlCheck) browserLink(lk *link) {
	b := c.b
	if b.tcmp == nil {
		b.tcmp = compare.NewBase(b.tbURL)
		b.tbOdd = mayMove(b.tbURL, -1)
	}
	u, pl, ok := c.tc.tree.BrowserPlace(b.tcmp.Reference(c.s).Reading(compare.WHATWG))
	if !ok {
		return
	}
	lk.ok, lk.browser = true, true
	lk.place = pl
	if lk.place.Where != target.Inside {
		lk.urlText = u
	}
	if i := strings.IndexByte(c.s, '#'); i >= 0 {
		lk.fragAt, lk.fragText = i+1, c.s[i+1:]
	}
	lk.pathFrom, lk.pathTo = 0, len(c.s)
	if lk.fragAt > 0 {
		lk.pathTo = lk.fragAt - 1
	}
	if lk.place.Where == target.Inside && lk.place.Bad == "" {
		lk.tg = c.tc.tree.Resolve(lk.place.Path, lk.place.Dir)
	}
}

// quickLink returns where the reference s, read as u (valid), leads
// against b under the name a check of another name of a file is of, when
// that is plain: the file's base is the URL it is served at, and the
// reference leads to another site (its scheme or net_loc say so), or its
// place is plain to see (fastPlace), a file is there, and browsers cannot
// take it elsewhere (mayMove). No target rule then has anything to
// report, and the check need not run. nil otherwise, or when u is nil.
// A reference to another site, and one to a file with no fragment when
// the check keeps no references (Targets.References), share one link of
// the checks of the file's other names (sharedLinks): under another name
// nothing more is read of them than where they lead, and they cost a
// hash of the URL and nothing more.
func (fc *fileCheck) quickLink(s string, u *ast.URL, b *base) *link {
	tc := fc.tc
	if u == nil || tc == nil || b == nil || !b.fromRetrieval || !tc.servedOK {
		return nil
	}
	if u.Scheme.Present || u.NetLoc.Present {
		// RFC 1808 §4: a scheme makes the URL absolute, a net_loc takes
		// the base's scheme alone. The URL resolved is printed only for
		// the file's own name (Targets.External).
		scheme := u.Scheme.Value
		if !u.Scheme.Present {
			scheme = tc.served.Scheme.Value
		}
		if tc.external || !tc.tree.Elsewhere(scheme, u.NetLoc.Value) {
			return nil
		}
		return &fc.shared.elsewhere
	}
	if mayMove(s, tc.depth) {
		return nil
	}
	pl, tg, ok := tc.fastPlace(u)
	if !ok || tg.Status != target.Found {
		return nil
	}
	if !tc.references && (!u.Fragment.Present || fc.settled(u, tg)) {
		// Nothing of it is read but that it leads to a file under the
		// root, which has no fragment to check (targetRef).
		return &fc.shared.found
	}
	lk := tc.newLink()
	lk.ok, lk.place, lk.tg = true, pl, tg
	if u.Fragment.Present {
		lk.fragAt, lk.fragText = u.Fragment.Span.Start, u.Fragment.Value
	}
	return lk
}

// settled reports whether the fragment of u, a reference of another
// name to the document tg, found, needs nothing more of the target
// rules: the document's own same-document fragments are checked under
// its own name for every name (fileCheck.shareSelf), and another
// document's anchors, when they are known already, have the fragment
// (what targetRef would settle, without a link to keep).
func (fc *fileCheck) settled(u *ast.URL, tg *target.Target) bool {
	if fc.shareSelf && selfRef(u) {
		return true
	}
	if tg.Real == fc.tc.real || tg.Kind != extract.KindHTML && tg.Kind != extract.KindMarkdown || !fc.l.state[RuleTargetFragment].on {
		return false
	}
	a, known := fc.tc.tree.Known(tg.Real)
	if !known || a == nil {
		return false
	}
	m := a.Find(u.Fragment.Value)
	return m.Found || m.Top
}

// selfRef reports whether the valid URL u is a same-document reference
// under every name of its file that is served at its own URL: no scheme,
// net_loc, params or path, and a fragment.
func selfRef(u *ast.URL) bool {
	return u.Fragment.Present && !u.Scheme.Present && !u.NetLoc.Present && !u.Params.Present && u.Path.Value == ""
}

// whatwg sets lk.w, the browsers' reading of the URL under check, when
// it leads elsewhere than RFC 1808's: package compare's prefilter answers
// that the readers agree, for nearly every URL, without reading it.
func (c *urlCheck) whatwg(lk *link) {
	b := c.b
	if b.tcmp == nil {
		b.tcmp = compare.NewBase(b.tbURL)
		b.tbOdd = mayMove(b.tbURL, -1)
	}
	if !b.tbOdd && !mayMove(c.s, depth(&b.tb)) || b.tcmp.Agrees(c.s) {
		return
	}
	w := b.tcmp.Reference(c.s).Reading(compare.WHATWG)
	if lk.urlText == "" {
		tb, _ := c.targetBase()
		res := resolve.Reference(tb, c.u)
		lk.urlText = res.String()
	}
	if w.Verdict == compare.Rejected || !w.URL.Present || w.URL.Value == lk.urlText {
		return
	}
	cs := &w.Components
	path := cs.Path
	if cs.Params.Present {
		path += ";" + cs.Params.Value
	}
	lk.w = &whatwgLink{url: w.URL.Value, tg: noTarget, place: c.tc.tree.Locate(cs.Scheme.Value, cs.NetLoc.Value, path)}
	if lk.w.place.Where == target.Inside && lk.w.place.Bad == "" {
		lk.w.tg = c.tc.tree.Resolve(lk.w.place.Path, lk.w.place.Dir)
	}
}

// mayMove reports whether a valid URL, or a base, holds what can make
// browsers take a reference to another path than RFC 1808 does: a "." or
// ".." segment (RFC 1808 keeps those of an absolute path, and the ".."
// that climb above the root of the site, which browsers remove), an
// escaped dot (browsers read "%2e" as "." in a dot segment), params (";x"
// alone replaces the base's last segment in browsers), a net_path ("//",
// whose net_loc the two read differently). A relative path's
// "." segments, and as many ".." as the base's path has segments (depth;
// -1 for a base itself; the ".." are counted wherever they are), the two
// remove alike. Without any of those, in
// the reference and in its base, the two readings reach the same path,
// and package compare is not asked.
func mayMove(s string, depth int) bool {
	if strings.IndexByte(s, ';') >= 0 || strings.Contains(s, "%2e") || strings.Contains(s, "%2E") || strings.HasPrefix(s, "//") {
		return true
	}
	if end := strings.IndexAny(s, "?#"); end >= 0 {
		s = s[:end]
	}
	if depth < 0 || strings.HasPrefix(s, "/") || strings.IndexByte(s, ':') >= 0 {
		return target.HasDotSegment(s)
	}
	if !strings.Contains(s, "..") {
		return false
	}
	up := 0
	for seg := range strings.SplitSeq(s, "/") {
		if seg == ".." {
			up++
		}
	}
	return up > depth
}

// depth returns the number of segments of the path of the URL u before
// its last "/": how many ".." a relative reference against it may climb.
func depth(u *ast.URL) int {
	return max(0, strings.Count(u.Path.Value, "/")-1)
}

// reportedRule reports whether the rule has reported the URL.
func (c *urlCheck) reportedRule(id string) bool {
	for _, h := range c.hits {
		if h.rule == id {
			return true
		}
	}
	return false
}

// exists reports whether a place holds a file, as the target rules read
// it: under the root, found (or made by a build).
func exists(p target.Place, tg *target.Target) bool {
	return p.Where == target.Inside && p.Bad == "" && (tg.Status == target.Found || tg.Status == target.Ignored)
}

// shownPath names a path under the root in a message.
func shownPath(p string, dir bool) string {
	switch {
	case p == "":
		return "the root"
	case dir:
		return q(p + "/")
	}
	return q(p)
}

// shownURL names in a message a URL the tree's site holds: without the
// scheme and host of SiteURL, which no document names ("/../x.html").
func shownURL(url string) string {
	if rest, ok := strings.CutPrefix(url, target.SiteURL); ok {
		return q("/" + rest)
	}
	return q(url)
}

// placeText says in a phrase where a place is and what is there.
func placeText(url string, p target.Place, tg *target.Target) string {
	switch {
	case p.Where == target.External:
		return q(url) + ", on another site"
	case p.Where == target.Outside && p.Above:
		return shownURL(url) + ", above the root of the site"
	case p.Where == target.Outside:
		return shownURL(url) + ", outside the root"
	case p.Bad != "":
		return shownPath(p.Path, p.Dir) + ", which no file can be"
	}
	switch tg.Status {
	case target.Found, target.Ignored:
		return shownPath(tg.Path, false) + ", which exists"
	case target.Case:
		return shownPath(p.Path, p.Dir) + ", which exists only in other letter case"
	case target.LinkOut:
		return shownPath(p.Path, p.Dir) + ", which only a symbolic link out of the tree reaches"
	}
	return shownPath(p.Path, p.Dir) + ", which does not exist"
}

// pathHit reports a finding on the path (and params) of the URL.
func (c *urlCheck) pathHit(lk *link, msg string) hit {
	if lk.browser {
		msg += browserNote
	}
	return hit{offset: lk.pathFrom, end: lk.pathTo, production: "path", message: msg}
}

// browserNote ends the message of a finding on where browsers take a URL
// RFC 1808 does not read.
const browserNote = " (as browsers read it: the URL is not valid under RFC 1808)"

func checkWHATWGTarget(c *urlCheck) {
	lk := c.link()
	if lk == nil || !lk.ok || lk.place.Where == target.External || c.reportedFamily(FamilyRFC1808) {
		return
	}
	c.whatwg(lk)
	w := lk.w
	if w == nil || lk.place.Where == target.External || w.place.Where == target.External {
		return
	}
	if lk.place.Where == w.place.Where && lk.place.Path == w.place.Path && lk.place.Dir == w.place.Dir {
		return
	}
	re, we := exists(lk.place, lk.tg), exists(w.place, w.tg)
	if re == we {
		return
	}
	works := "browsers reach a file and RFC 1808 does not"
	if re {
		works = "RFC 1808 reaches a file and browsers do not"
	}
	c.report(hit{offset: 0, end: len(c.s), production: "URL", message: fmt.Sprintf(
		"%s leads under RFC 1808 to %s, and in browsers (the WHATWG URL Standard) to %s: %s",
		q(c.s), placeText(lk.url(), lk.place, lk.tg), placeText(w.url, w.place, w.tg), works)})
}

func checkTargetMissing(c *urlCheck) {
	lk := c.link()
	if lk == nil || !lk.ok || lk.place.Where != target.Inside || c.reportedRule(RuleWHATWGTarget) {
		return
	}
	p := lk.place
	switch {
	case p.Bad != "":
		c.report(c.pathHit(lk, fmt.Sprintf("%s leads to %s under the root, where no file can be: %s", q(c.s), shownPath(p.Path, p.Dir), p.Bad)))
	case lk.tg.Status == target.Missing:
		c.report(c.pathHit(lk, fmt.Sprintf("%s leads to %s under the root: %s", q(c.s), shownPath(p.Path, p.Dir), lk.tg.Why)))
	}
}

func checkTargetCase(c *urlCheck) {
	lk := c.link()
	if lk == nil || !lk.ok || lk.tg.Status != target.Case {
		return
	}
	p, tg := lk.place, lk.tg
	var msg string
	if len(tg.Names) > 1 {
		msg = fmt.Sprintf("%s leads to %s under the root, which exists only in other letter case (%d names differ from it in case alone)",
			q(c.s), shownPath(p.Path, p.Dir), len(tg.Names))
	} else {
		msg = fmt.Sprintf("%s leads to %s under the root, which exists only as %s", q(c.s), shownPath(p.Path, p.Dir), shownPath(tg.Path, false))
	}
	h := c.pathHit(lk, msg+": a file system blind to case finds it, most servers do not")
	switch {
	case !c.l.fixes:
	case lk.browser:
		h.noFix = "the URL is not valid under RFC 1808: mend its syntax first"
	case len(tg.Names) > 1:
		h.noFix = "more than one file matches in other letter case"
	case !tg.Fixable:
		h.noFix = "a name that differs in case comes from a symbolic link's text, not from the reference"
	case c.tc.aliases:
		h.noFix = "the file is served under several names, and a fix must suit each"
	default:
		h.changes, h.noFix = caseChanges(c, lk)
	}
	c.report(h)
}

// caseChanges returns the changes that write the path of the URL under
// check in the letter case of the files, or why there are none: each name
// that differs is written in the reference itself, without escapes, and
// the file's name needs none.
func caseChanges(c *urlCheck, lk *link) ([]fix.Change, string) {
	if c.u.Params.Present {
		return nil, "the path has params, which the fix does not rewrite"
	}
	want := strings.Split(lk.tg.Path, "/")
	have := strings.Split(lk.place.Path, "/")
	if lk.tg.Index {
		want = want[:len(want)-1]
	}
	if len(want) != len(have) {
		return nil, "the path found does not line up with the path written"
	}
	// The segments written in the reference that survive §4 step 6, with
	// their spans: they are the last ones of the path resolved.
	type seg struct{ from, to int }
	var written []seg
	at := c.u.Path.Span.Start
	for s := range strings.SplitSeq(c.u.Path.Value, "/") {
		from := at
		at += len(s) + 1
		switch {
		case s == "" || s == ".":
		case s == "..":
			if len(written) > 0 {
				written = written[:len(written)-1]
			}
		default:
			written = append(written, seg{from, from + len(s)})
		}
	}
	var cs []fix.Change
	for j := range have {
		if have[j] == want[j] {
			continue
		}
		k := len(written) - (len(have) - j)
		if k < 0 {
			return nil, "a name that differs in case comes from the base, not from the reference"
		}
		s := written[k]
		text := c.s[s.from:s.to]
		if text != have[j] || target.PathReference(want[j]) != want[j] || strings.HasPrefix(want[j], "./") {
			return nil, "the name is written with escapes, or the file's name needs them"
		}
		cs = append(cs, fix.Change{Offset: s.from, End: s.to, New: want[j]})
	}
	if len(cs) == 0 {
		return nil, "no name of the reference differs in case"
	}
	return cs, ""
}

func checkTargetOutside(c *urlCheck) {
	lk := c.link()
	if lk == nil || !lk.ok || c.reportedRule(RuleWHATWGTarget) {
		return
	}
	p := lk.place
	switch {
	case p.Where == target.Outside && p.Above:
		c.report(c.pathHit(lk, fmt.Sprintf("%s resolves to %s, above the root of the site (RFC 1808 keeps the \"..\" it cannot remove): it leaves the tree",
			q(c.s), shownURL(lk.url()))))
	case p.Where == target.Outside:
		c.report(c.pathHit(lk, fmt.Sprintf("%s resolves to %s, on the tree's site but outside its root %s", q(c.s), q(lk.url()), q(c.tc.tree.RootDir()))))
	case p.Where == target.Inside && lk.tg.Status == target.LinkOut:
		tg := lk.tg
		msg := fmt.Sprintf("%s leads to %s under the root only through the symbolic link %s, which leads out of the tree (to %s)",
			q(c.s), shownPath(p.Path, p.Dir), q(tg.Via), q(tg.LinkTarget))
		if !tg.LinkExists {
			msg += ", where nothing is"
		}
		c.report(c.pathHit(lk, msg))
	}
}

// checkTargetFragment reads where the URL leads: its fragment is checked
// by the file's check, which keeps the reference (targetRef), once the
// target's anchors are known (fragRef).
func checkTargetFragment(c *urlCheck) { c.link() }

// listed reports whether a reference to another site is one a network
// link checker can take: not data: (the resource is the URL itself) nor
// javascript: (a script, not a place).
func listed(u string) bool {
	scheme, _, _ := strings.Cut(u, ":")
	return !strings.EqualFold(scheme, "data") && !strings.EqualFold(scheme, "javascript")
}

// fragRef is a reference whose fragment is checked at the end of the file
// or of the run, under one name: its link, and its severity. What the
// names of a file share of it (its place, its URL, its base, the
// directive that suppresses it) is in their fragTable: a file's names
// keep many such references, each under each name, and the record is
// kept small.
type fragRef struct {
	lnk *link
	// at is the reference's entry in the fragTable.
	at       int32
	severity ast.Severity
}

// fragTable holds what the fragRefs of a file's names share: each
// reference's place and URL, once for all the names that keep it, in the
// order of the file's Refs.
type fragTable struct {
	refs []fragInfo
	// last is the number (fileCheck.urls) of the Ref of the last entry.
	last int
	// self are the entries of the same-document references the file's
	// own name keeps for every name (fileCheck.shareSelf).
	self []int32
}

// fragInfo is a reference of a fragRef: the span of its fragment in the
// file, its URL, where it is in the document, the base it is read
// against, and the directive on its line that suppresses findings of
// target/fragment (or nil).
type fragInfo struct {
	offset, end int
	url, where  string
	base        *base
	sup         *suppression
}

// add returns the entry of the file's Ref number n, whose fragment is at
// fragAt in its URL, made by the first name that needs it: the names
// read the file's Refs in turn, so the entry, when there is one, is the
// last, and the entries are in the order of the Refs.
func (t *fragTable) add(r *extract.Ref, n, fragAt int, b *base, sup *suppression) int32 {
	if k := len(t.refs) - 1; k >= 0 && t.last == n {
		return int32(k)
	}
	t.last = n
	t.refs = append(t.refs, fragInfo{offset: r.Map.At(fragAt), end: r.Map.At(len(r.URL)), url: r.URL, where: r.Where, base: b, sup: sup})
	return int32(len(t.refs) - 1)
}

// targetRef takes what the target rules need of a reference past its
// findings: the counts, the references to other sites, the targets
// reached, and the fragments to check.
func (fc *fileCheck) targetRef(r *extract.Ref, b *base, lk *link) {
	if !lk.ok {
		return
	}
	tr := fc.tres
	switch lk.place.Where {
	case target.External:
		tr.Stats.External++
		if fc.tc.external {
			if fc.extSeen == nil {
				fc.extSeen = map[string]bool{}
			}
			if u := lk.url(); !fc.extSeen[u] && listed(u) {
				fc.extSeen[u] = true
				tr.External = append(tr.External, External{URL: u, Offset: r.Map.At(0)})
			}
		}
		return
	case target.Inside:
		tr.Stats.Internal++
	default:
		return
	}
	tg := lk.tg
	if fc.tc.references && (tg.Status == target.Found || tg.Status == target.Case) {
		fc.addReal(tg.Real)
	}
	if lk.fragAt < 0 || lk.place.Bad != "" {
		return
	}
	switch tg.Status {
	case target.Found, target.Case:
	case target.Ignored:
		tr.Stats.Unchecked++
		return
	default:
		return
	}
	if tg.Kind != extract.KindHTML && tg.Kind != extract.KindMarkdown {
		tr.Stats.Unchecked++
		return
	}
	st := fc.l.state[RuleTargetFragment]
	if !st.on {
		return
	}
	if tg.Real != fc.tc.real {
		// Another document, whose anchors may be known already: a
		// fragment it has is settled now, and only one it lacks kept
		// for its finding (at the end of the run, when that is where the
		// findings of fragments go, whatever is known when).
		switch lk.known(fc.tc.tree) {
		case fragOK:
			return
		case fragUnchecked:
			tr.Stats.Unchecked++
			return
		}
	}
	if fc.alias && fc.shareSelf && lk.self {
		return // the file's own name keeps it for every name (borrowSelf)
	}
	if fc.fragTab == nil {
		fc.fragTab = &fragTable{last: -1}
	}
	var sup *suppression
	for _, s := range fc.cover {
		if s.matches(RuleTargetFragment) {
			sup = s
			break
		}
	}
	f := fragRef{at: fc.fragTab.add(r, fc.urls, lk.fragAt, b, sup), lnk: lk, severity: st.sev}
	if fc.shareSelf && lk.self {
		fc.fragTab.self = append(fc.fragTab.self, f.at)
	}
	fc.frags = append(fc.frags, f)
}

// fragment states of a link, as far as the anchors known say (known).
const (
	fragUnknown   uint8 = iota // the target's anchors are not known yet
	fragOK                     // the fragment names something in the target
	fragMissing                // it names nothing
	fragUnchecked              // the target's anchors cannot be known
)

// known returns what the fragment of lk's reference names in its target,
// as far as the anchors the tree knows now say; kept once settled.
func (lk *link) known(tree *target.Tree) uint8 {
	if lk.frag != fragUnknown {
		return lk.frag
	}
	a, known := tree.Known(lk.tg.Real)
	switch {
	case !known:
		return fragUnknown
	case a == nil:
		lk.frag = fragUnchecked
	default:
		lk.frag = fragMissing
		if m := a.Find(lk.fragment()); m.Found || m.Top {
			lk.frag = fragOK
		}
	}
	return lk.frag
}

// ownAnchors sets the file's own anchors, made from what extract found:
// the target of its same-document fragments, and TargetResult.Anchors.
func (fc *fileCheck) ownAnchors(kind extract.Kind, anchorsRead bool) *target.Anchors {
	if anchorsRead && (kind == extract.KindHTML || kind == extract.KindMarkdown) {
		fc.tres.Anchors = target.NewAnchors(kind, fc.anchors, fc.tc.tree.Options().MarkdownAnchors)
	}
	fc.anchors = nil
	return fc.tres.Anchors
}

// finishTargets ends the target rules' work on the file: its fragments,
// checked against the file's own anchors (own) and the tree's or, when
// they are deferred, those that may name nothing kept with their places
// for the end of the run.
func (fc *fileCheck) finishTargets(own *target.Anchors) {
	tr := fc.tres
	for r := range fc.reals {
		tr.Reals = append(tr.Reals, r)
	}
	slices.Sort(tr.Reals)
	// Places for the references to other sites.
	if len(tr.External) > 0 {
		p := newPlacer(fc.src)
		for i := range tr.External {
			e := &tr.External[i]
			ps := p.locate(e.Offset, e.Offset)
			e.URL, e.Line, e.Column = strings.Clone(e.URL), ps.line, ps.col
		}
	}
	if fc.alias && fc.shareSelf {
		fc.borrowSelf(own)
	}
	if len(fc.frags) == 0 {
		return
	}
	// The same-document fragments first: those the file's anchors have
	// are settled.
	if own != nil {
		kept := fc.frags[:0]
		for _, f := range fc.frags {
			if f.lnk.tg.Real == fc.tc.real {
				if m := own.Find(fc.fragTab.refs[f.at].url[f.lnk.fragAt:]); m.Found || m.Top {
					continue
				}
			}
			kept = append(kept, f)
		}
		fc.frags = kept
	}
	if len(fc.frags) == 0 {
		return
	}
	refs := fc.fragTab.refs
	slices.SortFunc(fc.frags, func(a, b fragRef) int {
		return cmp.Or(cmp.Compare(refs[a.at].offset, refs[b.at].offset), cmp.Compare(a.at, b.at))
	})
	if !fc.tc.deferFragments {
		for i := range fc.frags {
			f := &fc.frags[i]
			ref := &refs[f.at]
			tg, frag := f.lnk.tg, ref.url[f.lnk.fragAt:]
			var m target.Fragment
			if tg.Real == fc.tc.real && own != nil {
				m = target.Fragment{Checked: true, Match: own.Find(frag)}
			} else {
				m = fc.tc.tree.Fragment(tg, frag)
			}
			if !m.Checked {
				tr.Stats.Unchecked++
				continue
			}
			if m.Found || m.Top {
				continue
			}
			if ref.sup != nil {
				ref.sup.used = true
				fc.suppressed++
				continue
			}
			// An ignore-file directive applies to it with the others
			// (finishSuppressions).
			fc.findings = append(fc.findings, fragmentFinding(fc.file, f.lnk.deferredOf(ref.url, ref.base), ref.where, ref.offset, ref.end, f.severity, m, fc.l.fixes))
		}
		fc.frags = nil
		return
	}
	// An ignore-file directive that names the rule suppresses every
	// fragment's finding to come: it is counted as used, as a line's
	// directive is, whatever the end of the run finds.
	fileSup := false
	for _, s := range fc.dirs {
		if s.ig.File && s.matches(RuleTargetFragment) {
			s.used, fileSup = true, true
		}
	}
	// Deferred: each reference, placed later (placeDeferred); what it
	// shares with the others of its URL (the URL, copied out of the
	// file's text, and its target) once.
	d := &Deferred{fixes: fc.l.fixes, refs: make([]deferredRef, len(fc.frags))}
	for i := range fc.frags {
		f := &fc.frags[i]
		ref := &refs[f.at]
		if ref.sup != nil {
			ref.sup.used = true
		}
		d.refs[i] = deferredRef{offset: ref.offset, end: ref.end,
			where: ref.where, link: f.lnk.deferredOf(ref.url, ref.base), severity: f.severity, suppressed: ref.sup != nil || fileSup}
	}
	fc.deferred = d
	fc.frags = nil
}

// borrowSelf adds to the fragments of another name of a file the
// same-document references its own name kept for every name
// (fileCheck.shareSelf) whose fragments the file's anchors own do not
// have, each with a link of this name's: under each name they lead to
// the file itself, and only their findings differ, by the name.
func (fc *fileCheck) borrowSelf(own *target.Anchors) {
	tc := fc.tc
	sev := fc.l.state[RuleTargetFragment].sev
	for _, k := range fc.fragTab.self {
		in := &fc.fragTab.refs[k]
		fragAt := strings.IndexByte(in.url, '#') + 1
		frag := in.url[fragAt:]
		if own != nil {
			if m := own.Find(frag); m.Found || m.Top {
				continue
			}
		}
		if tc.self == nil {
			tc.self = tc.tree.Resolve(tc.path, false)
		}
		lk := tc.newLink()
		lk.ok, lk.place, lk.tg, lk.self = true, target.Place{Where: target.Inside, Path: tc.path}, tc.self, true
		lk.fragAt, lk.fragText = fragAt, frag
		fc.frags = append(fc.frags, fragRef{lnk: lk, at: k, severity: sev})
	}
}

// placeDeferred sets the places (lines and columns) of the references of
// ds, the deferred references of one file's names, in one sweep of its
// text src: the names share most of their references, and a span is
// placed once for all of them.
func placeDeferred(src string, ds []*Deferred) {
	var refs []*deferredRef
	for _, d := range ds {
		if d != nil {
			for i := range d.refs {
				refs = append(refs, &d.refs[i])
			}
		}
	}
	slices.SortFunc(refs, func(a, b *deferredRef) int {
		return cmp.Or(cmp.Compare(a.offset, b.offset), cmp.Compare(a.end, b.end))
	})
	p := newPlacer(src)
	var last *deferredRef
	for _, r := range refs {
		if last != nil && last.offset == r.offset && last.end == r.end {
			r.line, r.col, r.col16, r.endLine, r.endCol, r.endCol16 = last.line, last.col, last.col16, last.endLine, last.endCol, last.endCol16
			r.text, r.textFrom = last.text, last.textFrom
			continue
		}
		ps := p.locate(r.offset, r.end)
		r.line, r.col, r.col16, r.endLine, r.endCol, r.endCol16 = ps.line, ps.col, ps.col16, ps.endLine, ps.endCol, ps.endCol16
		r.text, r.textFrom = caretWindow(ps.text, ps.col, r.end-r.offset, ps.endLine == ps.line)
		last = r
	}
}

// deferredOf returns what the fragments of lk's references keep of it:
// the URL url (copied out of the file's text), the base b's URL, the
// target and the fragment; made once.
func (lk *link) deferredOf(url string, b *base) *deferredLink {
	if lk.deferred == nil {
		u := strings.Clone(url)
		d := &deferredLink{url: u, tg: lk.tg, fragment: u[lk.fragAt:], browser: lk.browser}
		if b != nil {
			d.base = strings.Clone(b.url)
		}
		lk.deferred = d
	}
	return lk.deferred
}

// addReal records a target the file's references reach.
func (fc *fileCheck) addReal(real string) {
	if fc.reals == nil {
		fc.reals = map[string]bool{}
	}
	fc.reals[real] = true
}

// fragmentFinding is the target/fragment finding of a reference to d, at
// [offset, end) in the file, whose fragment names nothing in its target
// (m).
func fragmentFinding(file string, d *deferredLink, where string, offset, end int, sev ast.Severity, m target.Fragment, fixes bool) Finding {
	msg := fragmentMessage(d.fragment, d.tg, m)
	if d.browser {
		msg += browserNote
	}
	out := Finding{File: file, Offset: offset, EndOffset: end, Rule: RuleTargetFragment, Severity: sev,
		Message: msg, Fix: ruleRow(RuleTargetFragment).Fix, Production: "fragment",
		Text: d.fragment, URL: d.url, Where: where, Base: d.base, textAt: len(d.url) - len(d.fragment)}
	if fixes {
		out.NoFix, out.NoFixDetail = noFixOf(ruleRow(RuleTargetFragment))
	}
	return out
}

// fragmentMessage says that the fragment names nothing in the target.
func fragmentMessage(frag string, tg *target.Target, m target.Fragment) string {
	var b strings.Builder
	fmt.Fprintf(&b, "the fragment %s names no anchor of %s", q("#"+frag), shownPath(tg.Path, false))
	if m.Decoded != "" && m.Decoded != frag {
		fmt.Fprintf(&b, ", as written nor percent-decoded (%s)", q(m.Decoded))
	}
	switch tg.Kind {
	case extract.KindMarkdown:
		b.WriteString(": no heading's anchor, nor id or name in its HTML, is it")
	default:
		b.WriteString(": no element has it as its id, nor an a element as its name")
	}
	if m.CaseOnly != "" {
		fmt.Fprintf(&b, "; %s differs from it in letter case alone", q(m.CaseOnly))
	}
	return b.String()
}

// Deferred are the references of one file, under one of its names, whose
// fragments are checked once the anchors of every document of the tree
// are known: what [Linter.CheckWith] leaves to the end of a run
// (Targets.Defer). Each holds its place in the file and its strings
// copied out of the file's text, so that the file need not be kept.
type Deferred struct {
	refs  []deferredRef
	fixes bool
}

// deferredRef is a reference whose fragment is left to the end of the
// run: its place (offsets, lines and columns), where it is in the
// document, what it shares with the others of its URL.
type deferredRef struct {
	offset, end, line, col, col16, endLine, endCol, endCol16 int
	// text is the part of its line that its caret view shows, textFrom
	// where it begins in the line (caretWindow).
	text       string
	textFrom   int
	where      string
	link       *deferredLink
	severity   ast.Severity
	suppressed bool
}

// deferredLink is what the references of one URL against one base share:
// the URL and the base (copied out of the file's text), the target and
// the fragment.
type deferredLink struct {
	url, base, fragment string
	tg                  *target.Target
	browser             bool
}

// Len returns how many references are deferred.
func (d *Deferred) Len() int { return len(d.refs) }

// Check checks the fragments against the tree's anchors and returns the
// target/fragment findings, in order of position, given the name file;
// how many the file's relurl:ignore directives suppressed; and how many
// fragments could not be checked (their target's anchors are not known).
// The findings carry their places, and the part of their lines that
// their caret views show.
func (d *Deferred) Check(tree *target.Tree, file string) (findings []Finding, suppressed, unchecked int) {
	for i := range d.refs {
		r := &d.refs[i]
		m := tree.Fragment(r.link.tg, r.link.fragment)
		switch {
		case !m.Checked:
			unchecked++
			continue
		case m.Found || m.Top:
			continue
		case r.suppressed:
			suppressed++
			continue
		}
		f := fragmentFinding(file, r.link, r.where, r.offset, r.end, r.severity, m, d.fixes)
		f.Line, f.Column, f.EndLine, f.EndColumn, f.col16, f.endCol16 = r.line, r.col, r.endLine, r.endCol, r.col16, r.endCol16
		f.line, f.lineFrom = r.text, r.textFrom
		findings = append(findings, f)
	}
	return findings, suppressed, unchecked
}
