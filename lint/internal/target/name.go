package target

import (
	"cmp"
	"slices"
	"strings"

	"github.com/relurl/relurl/ast"
	"github.com/relurl/relurl/lint/internal/extract"
)

// Name is the target rules' work on a file under one of its names: the
// counts of what its references lead to, the references to other sites,
// the targets reached, and the fragments to check, kept until the file
// is read (Settle), then checked (Check) or left to the end of the run
// (Defer). The names of a file share what they keep of each reference
// (a table of them), so each costs little.
type Name struct {
	File *File
	// Alias says that the name is one of the file's other names: its
	// check reports the target rules alone.
	Alias bool
	// ShareSelf: see [Session.ShareSelf].
	ShareSelf bool
	// Shared are the destinations the file's names share ([Session.Shared]).
	Shared *Shared
	// FragmentOn says that target/fragment is on, FragmentSeverity its
	// severity.
	FragmentOn       bool
	FragmentSeverity ast.Severity
	// RedirectOn says that target/redirect is on: a reference through a
	// redirect page is followed, with a fragment or without (decision
	// T-25), whatever target/fragment is.
	RedirectOn bool
	// ViaOn says that target/via-redirect is on: a reference that works
	// through a redirect page is kept to be reported (decision T-26).
	ViaOn bool
	// Stats count the references; External are the references to other
	// sites (when the scope asks for them), each URL once, in order of
	// first place (their lines and columns set by the linter).
	Stats    Stats
	External []ExternalRef
	// Session, when set, is the file's session, whose anchors given so
	// far settle a same-document fragment at once (Session.AnchorSeen).
	Session *Session
	extSeen map[string]bool
	reals   map[string]bool
	frags   []fragRef
	fragTab *fragTable
}

// NewName returns the work under the name of f, whose fragments' table
// is the file's own name's, own (nil for the file's own name). It is a
// value, which the linter keeps in its check of the name.
func NewName(f *File, alias, shareSelf bool, own *Name) Name {
	n := Name{File: f, Alias: alias, ShareSelf: shareSelf}
	if own != nil {
		n.fragTab = own.table()
	}
	return n
}

// table returns the table of the fragments of the file's names, made on
// first need, in the session's spare memory when there is one.
func (fc *Name) table() *fragTable {
	if fc.fragTab == nil {
		if sp := fc.File.spare; sp != nil {
			fc.fragTab = &sp.table
		} else {
			fc.fragTab = &fragTable{}
		}
		fc.fragTab.last = -1
	}
	return fc.fragTab
}

// fragRef is a reference whose fragment is checked at the end of the file
// or of the run, under one name: its destination, and target/fragment's
// severity (0: off; a reference kept for target/redirect alone). What the
// names of a file share of it (its place, its URL, its base, the
// directive that suppresses it) is in their fragTable: a file's names
// keep many such references, each under each name, and the record is
// kept small.
type fragRef struct {
	lnk *Dest
	// at is the reference's entry in the fragTable.
	at       int32
	severity ast.Severity
}

// fragTable holds what the fragRefs of a file's names share: each
// reference's place and URL, once for all the names that keep it, in the
// order of the file's Refs.
type fragTable struct {
	refs []fragInfo
	// last is the number (Name.Take's n) of the Ref of the last entry.
	last int
	// self are the entries of the same-document references the file's
	// own name keeps for every name (Name.ShareSelf).
	self []int32
	// def makes what the names' Deferreds share, on first need; scratch
	// is the last file's, its maps and numbers kept for the next
	// (spares.give).
	def, scratch *deferring
}

// fragInfo is a reference of a fragRef: the span of its fragment in the
// file (of the whole URL, for a reference without one), its URL, where it
// is in the document, the base it is read against, and whether the
// directives on its line that suppress findings of target/fragment (sup),
// target/redirect (rsup) and target/via-redirect (vsup) were used (nil
// for no directive).
type fragInfo struct {
	offset, end int
	url, where  string
	base        *Base
	sup, rsup   *bool
	vsup        *bool
}

// add returns the entry of the file's Ref number n, whose fragment is at
// fragAt in its URL, made by the first name that needs it: the names
// read the file's Refs in turn, so the entry, when there is one, is the
// last, and the entries are in the order of the Refs.
func (t *fragTable) add(r *extract.Ref, n, fragAt int, b *Base, sup Sups) int32 {
	if k := len(t.refs) - 1; k >= 0 && t.last == n {
		return int32(k)
	}
	t.last = n
	t.refs = append(t.refs, fragInfo{offset: r.Map.At(fragAt), end: r.Map.At(len(r.URL)), url: r.URL, where: r.Where, base: b, sup: sup.Fragment, rsup: sup.Redirect, vsup: sup.Via})
	return int32(len(t.refs) - 1)
}

// Sups are the records of use of the directives on a reference's line
// that suppress the findings of target/fragment, target/redirect and
// target/via-redirect (nil for none).
type Sups struct{ Fragment, Redirect, Via *bool }

// Take takes what the target rules need of the reference r, the file's
// Ref number n, read against the base b (nil for none), past its
// findings: the counts, the references to other sites, the targets
// reached, and the fragment to check (or, for target/redirect, a
// reference without one that may go through a redirect page: decision
// T-25), kept with the records of use of the directives on its line that
// suppress target/fragment's and target/redirect's findings, which sup
// returns (asked only for a reference kept): a directive that suppresses
// a finding is used, and not reported unused.
func (fc *Name) Take(r *extract.Ref, n int, b *Base, lk *Dest, sup func() Sups) {
	if !lk.OK {
		return
	}
	tr := fc
	switch lk.Place.Where {
	case External:
		tr.Stats.External++
		if fc.File.External {
			if fc.extSeen == nil {
				fc.extSeen = map[string]bool{}
			}
			if u := lk.URL(); !fc.extSeen[u] && Listed(u) {
				fc.extSeen[u] = true
				tr.External = append(tr.External, ExternalRef{URL: u, Offset: r.Map.At(0)})
			}
		}
		return
	case Inside:
		tr.Stats.Internal++
	default:
		return
	}
	tg := lk.Target
	if fc.File.References && (tg.Status == Found || tg.Status == Case) {
		fc.AddReal(tg.Real)
		fc.File.Tree.chainReals(tg, fc.AddReal)
	}
	if lk.Place.Bad != "" {
		return
	}
	// A reference without a fragment is kept only for target/redirect,
	// when its target may be a redirect page; its fragment is not
	// counted as unchecked.
	fragless := lk.FragAt < 0
	if fragless && !fc.follows(tg) {
		return
	}
	switch tg.Status {
	case Found, Case:
	case Ignored:
		if !fragless {
			tr.Stats.Unchecked++
		}
		return
	default:
		return
	}
	if !hasAnchors(tg.Kind) {
		if !fragless {
			tr.Stats.Unchecked++
		}
		return
	}
	if !fc.FragmentOn && !fc.RedirectOn && !fc.ViaOn || tg.Real == fc.File.Real && (fragless || !fc.FragmentOn) {
		// A document's own fragments are its own (decision T-21):
		// target/fragment's alone.
		return
	}
	if !fc.FragmentOn && !fragless && !fc.File.Tree.isRedirect(tg) {
		return // kept for the rules of redirect pages alone
	}
	counts := !fragless && fc.FragmentOn
	if tg.Real != fc.File.Real {
		// Another document, whose anchors may be known already: a
		// fragment it has is settled now, and only one it lacks kept
		// for its finding (at the end of the run, when that is where the
		// findings of fragments go, whatever is known when).
		switch lk.Known(fc.File.Tree) {
		case FragOK:
			if !fc.ViaOn || !fc.File.Tree.isRedirect(tg) {
				return
			}
		case FragUnchecked:
			if counts {
				tr.Stats.Unchecked++
			}
			return
		}
	}
	if tg.Real == fc.File.Real && fc.Session != nil && fc.Session.AnchorSeen(r.URL[lk.FragAt:]) {
		// The file's own anchors have it: Settle would settle it.
		return
	}
	if fc.Alias && fc.ShareSelf && lk.Self {
		return // the file's own name keeps it for every name (borrowSelf)
	}
	var sev ast.Severity
	if fc.FragmentOn {
		sev = fc.FragmentSeverity
	}
	f := fragRef{at: fc.table().add(r, n, max(lk.FragAt, 0), b, sup()), lnk: lk, severity: sev}
	if fc.ShareSelf && lk.Self {
		fc.fragTab.self = append(fc.fragTab.self, f.at)
	}
	fc.frags = append(fc.frags, f)
}

// Reals returns the targets the file's references reach that exist
// (when the scope asks for References), sorted, each once.
func (fc *Name) Reals() []string {
	var out []string
	for r := range fc.reals {
		out = append(out, r)
	}
	slices.Sort(out)
	return out
}

// Settle settles the fragments kept that the file's own anchors (own)
// have, once the file is read: another name first borrows the
// same-document references its own name kept for every name. It returns
// how many fragments are left, in order of position, to Check or Defer.
func (fc *Name) Settle(own *Anchors) int {
	if fc.Alias && fc.ShareSelf {
		fc.borrowSelf(own)
	}
	if len(fc.frags) == 0 {
		return 0
	}
	// The same-document fragments first: those the file's anchors have
	// are settled. A redirect page's own refresh is no link to follow
	// without a fragment: its chain is the page's own finding
	// ([File.OwnRedirect]).
	if own != nil {
		kept := fc.frags[:0]
		for _, f := range fc.frags {
			if in := &fc.fragTab.refs[f.at]; f.lnk.FragAt < 0 && own.redirect != "" && in.offset >= own.refreshAt && in.end <= own.refreshEnd {
				continue
			}
			if f.lnk.Target.Real == fc.File.Real {
				if m := fc.File.Tree.own(f.lnk.Target.Path, own, fc.fragTab.refs[f.at].url[f.lnk.FragAt:]); m.Found || m.Top {
					continue
				}
			}
			kept = append(kept, f)
		}
		fc.frags = kept
	}
	if len(fc.frags) == 0 {
		return 0
	}
	refs := fc.fragTab.refs
	slices.SortFunc(fc.frags, func(a, b fragRef) int {
		return cmp.Or(cmp.Compare(refs[a.at].offset, refs[b.at].offset), cmp.Compare(a.at, b.at))
	})
	return len(fc.frags)
}

// FragMiss is a fragment that names nothing in its target, checked when
// the file is read: where its reference is in the file and in the
// document, what its URL leads to, its severity, and what the target's
// anchors say of it.
type FragMiss struct {
	Offset, End int
	Where       string
	Dest        DeferredDest
	Severity    ast.Severity
	Match       Fragment
}

// Check checks the fragments Settle left against the file's own anchors
// (own) and the tree's, and returns those that name nothing, in order of
// position, and how many of them directives suppressed (each directive
// is used): each is the finding of the rule [Judge] says, reported when
// that rule's severity is not 0 (sev for target/redirect and
// target/via-redirect, the reference's own for target/fragment: decisions
// T-25, T-26). Fragments whose target's anchors are not known are counted
// in Stats.Unchecked.
func (fc *Name) Check(own *Anchors, sev Severities) (misses []FragMiss, suppressed int) {
	tr := fc
	refs := fc.fragTab.refs
	for i := range fc.frags {
		f := &fc.frags[i]
		ref := &refs[f.at]
		tg, frag := f.lnk.Target, fragOf(ref.url, f.lnk.FragAt)
		var m Fragment
		if tg.Real == fc.File.Real && own != nil {
			m = fc.File.Tree.own(tg.Path, own, frag)
		} else {
			m = fc.File.Tree.Fragment(tg, frag)
			if m.Via != nil && fc.File.References {
				fc.File.Tree.chainReals(tg, fc.AddReal)
			}
		}
		if !m.Checked {
			if f.lnk.FragAt >= 0 && f.severity != 0 {
				tr.Stats.Unchecked++
			}
			continue
		}
		var sup *bool
		switch Judge(m) {
		case RuleRedirect:
			if sev.Redirect == 0 {
				continue
			}
			sup = ref.rsup
		case RuleVia:
			if sev.Via == 0 {
				continue
			}
			sup = ref.vsup
		case RuleFragment:
			if f.severity == 0 {
				continue
			}
			sup = ref.sup
		default:
			continue
		}
		if sup != nil {
			*sup = true
			suppressed++
			continue
		}
		// An ignore-file directive applies to it with the others
		// (finishSuppressions).
		dd := DeferredDest{URL: strings.Clone(ref.url), Target: tg, Browser: f.lnk.Browser, NoFragment: f.lnk.FragAt < 0}
		dd.Fragment = fragOf(dd.URL, f.lnk.FragAt)
		if ref.base != nil {
			dd.Base = strings.Clone(ref.base.URL)
		}
		misses = append(misses, FragMiss{Offset: ref.offset, End: ref.end, Where: ref.where, Dest: dd, Severity: f.severity, Match: m})
	}
	fc.frags = nil
	return misses, suppressed
}

// Defer returns the fragments Settle left, each with its place in the
// file (set later, by the linter) and its strings copied, to be checked
// at the end of the run; fileSup says that a directive of the file
// suppresses every one's target/fragment finding, fileRedirect every
// one's target/redirect finding, fileVia every one's target/via-redirect
// finding, fixes that the linter's fixes are on. Each line's directive
// that covers one is used. The Deferreds of a file's names share what
// they keep of a reference (decision S-16).
func (fc *Name) Defer(fileSup, fileRedirect, fileVia, fixes bool) *Deferred {
	ft := fc.fragTab
	tab := ft.deferTable()
	if tab.entries == nil {
		// Each reference deferred is an entry but those another name
		// deferred: made at its size, not grown.
		tab.entries = make([]deferredEntry, 0, len(fc.frags))
	}
	d := &Deferred{Fixes: fixes, FileSup: fileSup, FileRedirect: fileRedirect, FileVia: fileVia, tab: tab, refs: make([]deferredRef, len(fc.frags))}
	var targets index[*Target]
	addTarget := func(tg *Target) int32 {
		d.targets = append(d.targets, tg)
		return int32(len(d.targets) - 1)
	}
	for i := range fc.frags {
		f := &fc.frags[i]
		in := &ft.refs[f.at]
		for _, sup := range []*bool{in.sup, in.rsup, in.vsup} {
			if sup != nil {
				*sup = true
			}
		}
		fragAt := f.lnk.FragAt
		if fragAt < 0 {
			fragAt = len(in.url) // no fragment: an empty one at its end
		}
		d.refs[i] = deferredRef{entry: ft.entry(f.at, fragAt), target: targets.of(f.lnk.Target, addTarget),
			severity: f.severity, browser: f.lnk.Browser}
	}
	tab.text = ft.def.text.String()
	fc.frags = nil
	return d
}

// deferring is the making of the deferredTable the Deferreds of a file's
// names share: the table, and for each entry of the fragTable its
// entry in it (from 1; 0: none yet), the URLs' texts written so far,
// and the numbers of the URLs and strings in it.
type deferring struct {
	tab  *deferredTable
	at   []int32
	text strings.Builder
	urls index[string]
	strs index[string]
}

// deferTable returns the table the Deferreds of the file's names share,
// made on first need.
func (t *fragTable) deferTable() *deferredTable {
	if t.def == nil {
		if t.def = t.scratch; t.def == nil {
			t.def = &deferring{}
		}
		t.scratch = nil
		t.def.tab = &deferredTable{}
	}
	return t.def.tab
}

// entry returns the number in the shared table of the fragTable's entry
// at, whose URL's fragment is at fragAt in it, added on first need.
func (t *fragTable) entry(at int32, fragAt int) int32 {
	df := t.def
	if len(df.at) < len(t.refs) {
		df.at = append(df.at, make([]int32, len(t.refs)-len(df.at))...)
	}
	if k := df.at[at]; k > 0 {
		return k - 1
	}
	tab, in := df.tab, &t.refs[at]
	addStr := func(s string) int32 {
		tab.strs = append(tab.strs, strings.Clone(s))
		return int32(len(tab.strs) - 1)
	}
	url := df.urls.of(in.url, func(u string) int32 {
		n := df.text.Len()
		df.text.WriteString(u)
		tab.urls = append(tab.urls, deferredURL{at: n, frag: n + fragAt, end: n + len(u)})
		return int32(len(tab.urls) - 1)
	})
	base := int32(-1)
	if in.base != nil {
		base = df.strs.of(in.base.URL, addStr)
	}
	tab.entries = append(tab.entries, deferredEntry{Offset: in.offset, End: in.end, url: url,
		where: df.strs.of(in.where, addStr), base: base, suppressed: in.sup != nil, rsup: in.rsup != nil, vsup: in.vsup != nil})
	df.at[at] = int32(len(tab.entries))
	return int32(len(tab.entries) - 1)
}

// index numbers the distinct values of a Deferred's table, each once:
// the last asked is at hand (a file's references mostly share theirs),
// the others in a map made on first need.
type index[K comparable] struct {
	have   bool
	last   K
	lastAt int32
	m      map[K]int32
}

// reset forgets the values numbered, keeping the map's memory for the
// next table unless it grew past spareDests.
func (ix *index[K]) reset() {
	var zero K
	ix.have, ix.last, ix.lastAt = false, zero, 0
	if len(ix.m) > spareDests {
		ix.m = nil
	}
	clear(ix.m)
}

// of returns the number of k, added to the table by add (which returns
// its number there) when it is not in it.
func (ix *index[K]) of(k K, add func(K) int32) int32 {
	if ix.have && k == ix.last {
		return ix.lastAt
	}
	at, ok := ix.m[k]
	if !ok {
		at = add(k)
		if ix.m == nil {
			ix.m = map[K]int32{}
		}
		ix.m[k] = at
	}
	ix.have, ix.last, ix.lastAt = true, k, at
	return at
}

// borrowSelf adds to the fragments of another name of a file the
// same-document references its own name kept for every name
// (Name.ShareSelf) whose fragments the file's anchors own do not
// have, each with a destination of this name's: under each name they lead to
// the file itself, and only their findings differ, by the name.
func (fc *Name) borrowSelf(own *Anchors) {
	tc := fc.File
	sev := fc.FragmentSeverity
	for _, k := range fc.fragTab.self {
		in := &fc.fragTab.refs[k]
		fragAt := strings.IndexByte(in.url, '#') + 1
		frag := in.url[fragAt:]
		if own != nil {
			if m := tc.Tree.own(tc.Path, own, frag); m.Found || m.Top {
				continue
			}
		}
		if tc.Self == nil {
			tc.Self = tc.Tree.Resolve(tc.Path, false)
		}
		lk := tc.NewDest()
		lk.OK, lk.Place, lk.Target, lk.Self = true, Place{Where: Inside, Path: tc.Path}, tc.Self, true
		lk.FragAt, lk.FragText = fragAt, frag
		fc.frags = append(fc.frags, fragRef{lnk: lk, at: k, severity: sev})
	}
}

// AddReal records a target the file's references reach.
func (fc *Name) AddReal(real string) {
	if fc.reals == nil {
		fc.reals = map[string]bool{}
	}
	fc.reals[real] = true
}

// fragOf returns the fragment of url, which begins at fragAt; "" when
// fragAt is negative (the URL has none).
func fragOf(url string, fragAt int) string {
	if fragAt < 0 {
		return ""
	}
	return url[fragAt:]
}
