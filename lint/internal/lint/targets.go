package lint

import (
	"cmp"
	"errors"
	"fmt"
	"hash/maphash"
	"slices"
	"strings"

	"github.com/relurl/relurl/ast"
	"github.com/relurl/relurl/lint/internal/extract"
	"github.com/relurl/relurl/lint/internal/target"
)

// Rule ids of the target family, and of the portability rule that sets
// the two readings' targets side by side: package lint/target's.
const (
	// RuleTargetMissing: no file is where the reference leads.
	RuleTargetMissing = target.RuleMissing
	// RuleTargetFragment: the fragment names no anchor of its target.
	RuleTargetFragment = target.RuleFragment
	// RuleTargetCase: the target exists only with other letter case.
	RuleTargetCase = target.RuleCase
	// RuleTargetOutside: the reference leaves the tree.
	RuleTargetOutside = target.RuleOutside
	// RuleTargetRedirect: a redirect page drops the fragment, loops, or
	// leads to nothing.
	RuleTargetRedirect = target.RuleRedirect
	// RuleTargetVia: a link that works through a redirect page.
	RuleTargetVia = target.RuleVia
	// RuleWHATWGTarget: RFC 1808 and browsers resolve the reference to
	// different places, and only one of them exists.
	RuleWHATWGTarget = target.RuleWHATWG
)

// targetRows are the target rules' rows of the catalog: their data is
// package lint/target's (target.Rules), their checks are here.
func targetRows() []row {
	checks := map[string]func(*urlCheck){
		RuleTargetMissing: checkTargetMissing, RuleTargetFragment: checkTargetFragment,
		RuleTargetCase: checkTargetCase, RuleTargetOutside: checkTargetOutside,
		RuleTargetRedirect: checkTargetFragment, RuleTargetVia: checkTargetFragment,
	}
	var rows []row
	for _, d := range target.Rules() {
		r := rowOf(d, FamilyTarget, target.Kinds, checks[d.ID])
		if d.ID == RuleTargetCase {
			r.repair = repairCase
		}
		rows = append(rows, r)
	}
	return rows
}

// whatwgTargetRow is portability/whatwg-target, one of the portability
// rules; its check is here, with the target rules'.
func whatwgTargetRow() row {
	return rowOf(target.WHATWGRule(), FamilyPortability, browserKinds, checkWHATWGTarget)
}

// rowOf returns the catalog's row of a rule whose data is package
// lint/target's, in the family fam, on by default in the kinds of
// documents kinds, with its check.
func rowOf(d target.RuleDoc, fam Family, kinds string, check func(*urlCheck)) row {
	if d.Off {
		kinds = "" // on where it is turned on
	}
	return row{Rule: Rule{
		ID: d.ID, Family: fam, Severity: d.Severity, Default: !d.Off, Kinds: kinds,
		Section: d.Section, Summary: d.Summary, Help: d.Help, Fix: d.Fix, Quote: d.Quote,
		Bad:  Example{Text: d.Bad.Text, Files: d.Bad.Files},
		Good: Example{Text: d.Good.Text, Files: d.Good.Files},
	}, check: check, noFix: d.NoFix}
}

// The target family: where each reference leads in the tree of files the
// linted file is served from (package lint/target), read by RFC 1808's
// own resolution against the file's base (docs/targets.md).

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
	Deferred []*target.Deferred
	// External are the references that lead to other sites, each URL
	// once, in order of first place, when Targets.External was set; not
	// data: and javascript: URLs, which lead nowhere to check.
	External []target.ExternalRef
	// Reals, when Targets.References was set, are the targets the file's
	// references lead to that exist (by their paths with symbolic links
	// followed), sorted, each once: an editor's index of which documents
	// to check again when one changes.
	Reals []string
	// Stats count the references.
	Stats target.Stats
}

// targetCheck is the seam between a file's check and the target rules:
// the file's session (package lint/target), which [Linter.CheckWith]
// calls at a few points (hook, finish), and the checks of the file's
// other names, which report the target rules alone, each name's
// references resolved against its own base.
type targetCheck struct {
	s      target.Session
	fc     *fileCheck
	others []*fileCheck
}

// newTargetCheck returns the target rules' part of fc, the check of the
// file called name, whose content is src, of the given kind, at the
// places t says.
func (l *Linter) newTargetCheck(fc *fileCheck, t *target.Scope, name, src string, kind extract.Kind) *targetCheck {
	tk := &targetCheck{fc: fc}
	s := &tk.s
	s.Init(t, kind)
	fc.tc, fc.tres, fc.shared = s.Files[0], &TargetResult{}, s.Shared
	fc.initName(s.Files[0], false, s.ShareSelf, nil)
	fc.tn.Session = s
	for i := 1; i < len(s.Files); i++ {
		o := l.targetsOnly.newFileCheck(s.NameOf(i, name), src, kind, nil)
		o.tc, o.tres, o.alias, o.shared = s.Files[i], &TargetResult{}, true, s.Shared
		o.initName(s.Files[i], true, s.ShareSelf, &fc.tn)
		tk.others = append(tk.others, o)
	}
	return tk
}

// initName sets the target rules' work on the file under the name f
// (package lint/target's Name), with target/fragment's state in fc's
// linter; own is the work under the file's own name, for another name.
func (fc *fileCheck) initName(f *target.File, alias, shareSelf bool, own *target.Name) {
	fc.tn = target.NewName(f, alias, shareSelf, own)
	st := fc.l.state[RuleTargetFragment]
	fc.tn.FragmentOn, fc.tn.FragmentSeverity = st.on, st.sev
	fc.tn.RedirectOn = fc.l.state[RuleTargetRedirect].on
	fc.tn.ViaOn = fc.l.state[RuleTargetVia].on
	fc.tn.Shared = fc.shared
}

// fragDirective returns the records of use of the directives in force on
// the line of the URL under check that suppress the findings of
// target/fragment and of target/redirect (nil for none): each rule is
// suppressed by its own id, or its family (decision T-25).
func (fc *fileCheck) fragDirective() target.Sups {
	var out target.Sups
	for _, s := range fc.cover {
		if out.Fragment == nil && s.matches(RuleTargetFragment) {
			out.Fragment = &s.used
		}
		if out.Redirect == nil && s.matches(RuleTargetRedirect) {
			out.Redirect = &s.used
		}
		if out.Via == nil && s.matches(RuleTargetVia) {
			out.Via = &s.used
		}
	}
	return out
}

// hook sets what of the reading of the document the target rules take:
// its anchors and notes for the session, and each Ref and directive for
// the checks of the file's other names too.
func (tk *targetCheck) hook(h *extract.Handler) {
	fc, s, others := tk.fc, &tk.s, tk.others
	if s.ReadsAnchors() {
		h.Anchor = s.Anchor
	}
	h.Note = func(n extract.Note) {
		s.Note(n)
		fc.note(n)
	}
	if len(others) == 0 {
		return
	}
	h.Ref = func(r extract.Ref) {
		fc.ref(r)
		// The URL as the file's own name read it, when it was read
		// now (the others read it now too) and is valid.
		var u *ast.URL
		if c := &fc.scratch; fc.lastID >= 0 && c.s == r.URL && c.b != nil && !c.invalid && c.err == nil && c.u.Len() > 0 {
			u = &c.u
		}
		for _, o := range others {
			o.refAs(r, fc.lastID, u)
		}
	}
	h.Directive = func(d extract.Directive) {
		if s := fc.directive(d); s != nil {
			for _, o := range others {
				o.dirs = append(o.dirs, s)
				if !s.ig.File {
					o.pending = append(o.pending, s)
				}
			}
		}
	}
}

// finish ends the target rules' work on the file, whose text is src, once
// it is read: the findings of its other names, its fragments, checked or
// left to the end of the run. The file's own findings are finished by its
// check, after this.
func (tk *targetCheck) finish(src string) *TargetResult {
	fc := tk.fc
	// The other names first: the directives they use are used when
	// the file's own name judges them (finishSuppressions).
	var deferred []*target.Deferred
	own := tk.s.Anchors()
	fc.tres.Anchors = own
	for _, o := range tk.others {
		o.finishTargets(own)
		if len(o.dirs) > 0 {
			o.finishSuppressions()
		}
		o.finish()
		fc.tres.Others = append(fc.tres.Others, o.findings)
		fc.tres.OthersSuppressed = append(fc.tres.OthersSuppressed, o.suppressed)
		// The references are counted once, under the file's own
		// name; the fragments not checked under each.
		fc.tn.Stats.Unchecked += o.tn.Stats.Unchecked
		deferred = append(deferred, o.deferred)
		for _, r := range o.tres.Reals {
			fc.tn.AddReal(r)
		}
	}
	fc.finishTargets(own)
	deferred = append([]*target.Deferred{fc.deferred}, deferred...)
	if slices.ContainsFunc(deferred, func(d *target.Deferred) bool { return d != nil }) {
		if fc.tc.Reread {
			// Placed at the end of the run, the few that name nothing
			// (CheckDeferred): the text is known again by its hash.
			seed := maphash.MakeSeed()
			sum := maphash.String(seed, src)
			for _, d := range deferred {
				if d != nil {
					d.Print(fc.tc.Real, src, seed, sum)
				}
			}
		} else {
			placeDeferred(src, deferred)
		}
		fc.tres.Deferred = deferred
	}
	return fc.tres
}

// targetRef returns the URL under check as the target rules read it.
func (c *urlCheck) targetRef() target.Ref {
	return target.Ref{File: c.tc, Base: &c.b.tgt, S: c.s, U: &c.u, Invalid: c.invalid}
}

// link returns where the URL under check leads, or nil when the target
// rules have no tree.
func (c *urlCheck) link() *target.Dest {
	if c.lnk != nil || c.tc == nil || c.b == nil {
		return c.lnk
	}
	r := c.targetRef()
	c.lnk = r.Dest()
	return c.lnk
}

// plain returns lk, or the link shared by the URLs of the file's names
// that says as much (target.Name.Plain).
func (fc *fileCheck) plain(lk *target.Dest) *target.Dest {
	if fc.tc == nil {
		return lk
	}
	return fc.tn.Plain(lk)
}

// quickLink returns where the reference s, read as u, leads against b
// under the name a check of another name of a file is of, when that is
// plain (target.Name.QuickDest); nil otherwise.
func (fc *fileCheck) quickLink(s string, u *ast.URL, b *base) *target.Dest {
	if fc.tc == nil || b == nil {
		return nil
	}
	return fc.tn.QuickDest(s, u, &b.tgt)
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

// reportTarget reports the finding h of a target rule (package
// lint/target decides them).
func (c *urlCheck) reportTarget(h target.Hit, lk *target.Dest) {
	c.report(hit{offset: h.Offset, end: h.End, production: h.Production, message: h.Message, changes: h.Changes, noFix: h.NoFix,
		target: targetOf(lk)})
}

// targetOf is where a reference that leads to lk leads, as
// Finding.Target says it: its path under the root ("api/" for a
// directory, "./" for the root), or the URL it resolves to, without its
// fragment.
func targetOf(lk *target.Dest) string {
	if p := lk.Place; p.Where == target.Inside {
		switch {
		case p.Path == "":
			return "./"
		case p.Dir:
			return p.Path + "/"
		}
		return p.Path
	}
	u, _, _ := strings.Cut(lk.URLText, "#")
	return u
}

func checkWHATWGTarget(c *urlCheck) {
	lk := c.link()
	if lk == nil || !lk.OK || lk.Place.Where == target.External || c.reportedFamily(FamilyRFC1808) {
		return
	}
	r := c.targetRef()
	r.Browsers(lk)
	if h, ok := target.WHATWGHit(c.s, lk); ok {
		c.reportTarget(h, lk)
	}
}

func checkTargetMissing(c *urlCheck) {
	lk := c.link()
	if lk == nil || c.reportedRule(RuleWHATWGTarget) {
		return
	}
	if h, ok := target.MissingHit(c.s, lk); ok {
		c.reportTarget(h, lk)
	}
}

func checkTargetCase(c *urlCheck) {
	lk := c.link()
	if lk == nil {
		return
	}
	if h, ok := target.CaseHit(c.s, &c.u, lk, c.l.fixes, c.tc.Aliases); ok {
		c.reportTarget(h, lk)
	}
}

func checkTargetOutside(c *urlCheck) {
	lk := c.link()
	if lk == nil || c.reportedRule(RuleWHATWGTarget) {
		return
	}
	if h, ok := target.OutsideHit(c.s, lk, c.tc.Tree); ok {
		c.reportTarget(h, lk)
	}
}

// checkTargetFragment reads where the URL leads: its fragment is checked
// by the file's check, which keeps the reference (target.Name.Take), once the
// target's anchors are known.
func checkTargetFragment(c *urlCheck) { c.link() }

// finishTargets ends the target rules' work on the file: its fragments,
// checked against the file's own anchors (own) and the tree's or, when
// they are deferred, those that may name nothing kept with their places
// for the end of the run; and what it found besides, in fc.tres.
func (fc *fileCheck) finishTargets(own *target.Anchors) {
	tn, tr := &fc.tn, fc.tres
	tr.External = tn.External
	fc.ownRedirect(own)
	// Places for the references to other sites.
	if len(tr.External) > 0 {
		p := newPlacer(fc.src)
		for i := range tr.External {
			e := &tr.External[i]
			ps := p.locate(e.Offset, e.Offset)
			e.URL, e.Line, e.Column = strings.Clone(e.URL), ps.line, ps.col
		}
	}
	switch {
	case tn.Settle(own) == 0:
	case !fc.tc.DeferFragments:
		misses, suppressed := tn.Check(own, fc.severities())
		fc.suppressed += suppressed
		for _, m := range misses {
			// An ignore-file directive applies to it with the others
			// (finishSuppressions).
			if f, ok := fragmentFinding(fc.file, m.Dest, m.Where, m.Offset, m.End, m.Severity, fc.severities(), m.Match, fc.l.fixes); ok {
				fc.findings = append(fc.findings, f)
			}
		}
	default:
		// An ignore-file directive that names the rule suppresses every
		// fragment's finding to come: it is counted as used, as a line's
		// directive is, whatever the end of the run finds.
		fileSup, fileRedirect, fileVia := false, false, false
		for _, s := range fc.dirs {
			if s.ig.File && s.matches(RuleTargetFragment) {
				s.used, fileSup = true, true
			}
			if s.ig.File && s.matches(RuleTargetRedirect) {
				s.used, fileRedirect = true, true
			}
			if s.ig.File && s.matches(RuleTargetVia) {
				s.used, fileVia = true, true
			}
		}
		fc.deferred = tn.Defer(fileSup, fileRedirect, fileVia, fc.l.fixes)
		if fc.deferred != nil {
			sev := fc.severities()
			fc.deferred.Redirect, fc.deferred.Via = sev.Redirect, sev.Via
		}
	}
	// The targets reached, once the fragments' check has added the pages
	// redirect pages lead to.
	tr.Reals = tn.Reals()
	tr.Stats = tn.Stats
}

// placeDeferred sets the places (lines and columns) of the references of
// ds, the deferred references of one file's names, in one sweep of its
// text src, as the file is read: the names share most of their
// references, and a span is placed once for all of them. A file that can
// be read again at the end of the run is not placed so (Scope.Reread).
func placeDeferred(src string, ds []*target.Deferred) {
	var refs []deferredAt
	for _, d := range ds {
		if d != nil {
			for i := range d.Len() {
				refs = append(refs, deferredAt{d, i})
			}
		}
	}
	placeRefs(src, refs)
}

// deferredAt is a deferred reference: d's reference i.
type deferredAt struct {
	d *target.Deferred
	i int
}

// placeRefs sets the places of refs, references of a file whose text is
// src, in one sweep of it.
func placeRefs(src string, refs []deferredAt) {
	slices.SortFunc(refs, func(a, b deferredAt) int {
		ao, ae := a.d.Span(a.i)
		bo, be := b.d.Span(b.i)
		return cmp.Or(cmp.Compare(ao, bo), cmp.Compare(ae, be))
	})
	// One place for each distinct span, all in one slice (never grown
	// past its capacity: the pointers to it stay); the parts of the lines
	// the caret views show copied into one string for all, one allocation
	// for the file: spans[k] is where places[k]'s is in src, then in that
	// string.
	p := newPlacer(src)
	places := make([]target.RefPlace, 0, len(refs))
	spans := make([][2]int, 0, len(refs))
	lastOffset, lastEnd := -1, -1
	var lastPlace *target.RefPlace
	n := 0
	for _, ra := range refs {
		offset, end := ra.d.Span(ra.i)
		if lastPlace != nil && lastOffset == offset && lastEnd == end {
			ra.d.SetPlace(ra.i, lastPlace)
			continue
		}
		ps := p.locate(offset, end)
		from, to := caretBounds(ps.text, ps.col, end-offset, ps.endLine == ps.line)
		lineAt := min(offset, len(src)) - (ps.col - 1)
		spans = append(spans, [2]int{lineAt + from, lineAt + to})
		n += to - from
		places = append(places, target.RefPlace{Line: ps.line, Col: ps.col, Col16: ps.col16, EndLine: ps.endLine, EndCol: ps.endCol, EndCol16: ps.endCol16, TextFrom: from})
		lastOffset, lastEnd, lastPlace = offset, end, &places[len(places)-1]
		ra.d.SetPlace(ra.i, lastPlace)
	}
	var b strings.Builder
	b.Grow(n)
	for _, sp := range spans {
		b.WriteString(src[sp[0]:sp[1]])
	}
	all, at := b.String(), 0
	for k, sp := range spans {
		places[k].Text = all[at : at+sp[1]-sp[0]]
		at += sp[1] - sp[0]
	}
}

// targetBase returns the base as the target rules read it, or nil when
// there is none.
func (b *base) targetBase() *target.Base {
	if b == nil {
		return nil
	}
	return &b.tgt
}

// ownRedirect reports target/redirect's finding on the file itself, a
// redirect page whose chain loops or leads to nothing (decision T-20).
func (fc *fileCheck) ownRedirect(own *target.Anchors) {
	sev := fc.redirectSeverity()
	if sev == 0 || fc.tc == nil {
		return
	}
	offset, end, url, msg, ok := fc.tc.OwnRedirect(own)
	if !ok {
		return
	}
	f := Finding{File: fc.file, Offset: offset, EndOffset: end, Rule: RuleTargetRedirect, Severity: sev,
		Message: msg, Fix: ruleRow(RuleTargetRedirect).Fix, Production: "URL", Text: url, URL: url,
		Where: "<meta http-equiv=refresh content>"}
	if fc.l.fixes {
		f.NoFix, f.NoFixDetail = noFixOf(ruleRow(RuleTargetRedirect))
	}
	fc.findings = append(fc.findings, f)
}

// severities returns the severities of target/redirect and
// target/via-redirect in the file's linter, 0 for a rule off.
func (fc *fileCheck) severities() target.Severities {
	s := target.Severities{Redirect: fc.redirectSeverity()}
	if st := fc.l.state[RuleTargetVia]; st.on {
		s.Via = st.sev
	}
	return s
}

// redirectSeverity returns the severity of target/redirect in the file's
// linter, 0 when it is off.
func (fc *fileCheck) redirectSeverity() ast.Severity {
	if st := fc.l.state[RuleTargetRedirect]; st.on {
		return st.sev
	}
	return 0
}

// fragmentFinding is the finding of a reference to d, at [offset, end)
// in the file, whose answer is m: target/fragment's (severity sev) for a
// fragment that names nothing in its target, target/redirect's for one
// that went wrong through redirect pages (decision T-20),
// target/via-redirect's for one that works through them (decision T-26),
// with the severities of others; false for a rule off (0).
func fragmentFinding(file string, d target.DeferredDest, where string, offset, end int, sev ast.Severity, others target.Severities, m target.Fragment, fixes bool) (Finding, bool) {
	msg := target.FragmentMessage(d.Fragment, d.Target, m)
	if d.Browser {
		msg += target.BrowserNote
	}
	rule := target.Judge(m)
	switch rule {
	case RuleTargetRedirect:
		sev = others.Redirect
	case RuleTargetVia:
		sev = others.Via
	case RuleTargetFragment:
	default:
		return Finding{}, false
	}
	if sev == 0 {
		return Finding{}, false
	}
	out := Finding{File: file, Offset: offset, EndOffset: end, Rule: rule, Severity: sev,
		Message: msg, Fix: ruleRow(rule).Fix, Production: "fragment",
		Text: d.Fragment, URL: d.URL, Where: where, Base: d.Base, textAt: len(d.URL) - len(d.Fragment),
		Target: d.Target.Path + "#" + d.Fragment}
	if d.NoFragment {
		// A reference without a fragment through a redirect page that
		// goes wrong: the finding is on the whole URL (decision T-25).
		out.Production, out.Text, out.textAt, out.Target = "URL", d.URL, 0, d.Target.Path
	}
	if fixes {
		out.NoFix, out.NoFixDetail = noFixOf(ruleRow(rule))
	}
	return out, true
}

// ErrChanged says that a file changed during a run: its text read again
// at the end of the run, to place the references whose fragments name
// nothing, is not the text read first (decision L-56).
var ErrChanged = errors.New("changed during the run")

// CheckDeferred checks the fragments of d, deferred from the check of
// the file called file ([Linter.CheckWith] with [target.Scope.Defer]),
// against the tree's anchors, and returns the target/fragment findings,
// in order of position; how many the file's relurl:ignore directives
// suppressed; and how many fragments could not be checked (their
// target's anchors are not known). The findings carry their places, and
// the part of their lines that their caret views show: when d is
// Unplaced ([target.Scope.Reread]), from the file's text that reread
// returns, asked for only when there are findings and kept in nothing it
// returns (its caret texts are copies: reread may give a buffer it
// reuses); the error is reread's, or one that names the file and wraps ErrChanged when that
// text is not the one d's references were read in.
func CheckDeferred(d *target.Deferred, tree *target.Tree, file string, reread func() (string, error)) (findings []Finding, suppressed, unchecked int, err error) {
	misses, suppressed, unchecked := d.Check(tree)
	if len(misses) > 0 && d.Unplaced {
		src, err := reread()
		if err == nil && !d.Same(src) {
			err = fmt.Errorf("%s: %w: its %d %s findings cannot be placed; lint it again", file, ErrChanged, len(misses), RuleTargetFragment)
		}
		if err != nil {
			return nil, suppressed, unchecked, err
		}
		refs := make([]deferredAt, len(misses))
		for i := range misses {
			refs[i] = deferredAt{d, misses[i].At}
		}
		placeRefs(src, refs)
	}
	for _, ms := range misses {
		offset, end := d.Span(ms.At)
		f, ok := fragmentFinding(file, d.Dest(ms.At), d.Where(ms.At), offset, end, d.Severity(ms.At), target.Severities{Redirect: d.Redirect, Via: d.Via}, ms.Match, d.Fixes)
		if !ok {
			continue
		}
		pl := d.Place(ms.At)
		f.Line, f.Column, f.EndLine, f.EndColumn, f.col16, f.endCol16 = pl.Line, pl.Col, pl.EndLine, pl.EndCol, pl.Col16, pl.EndCol16
		f.line, f.lineFrom = pl.Text, pl.TextFrom
		findings = append(findings, f)
	}
	return findings, suppressed, unchecked, nil
}
