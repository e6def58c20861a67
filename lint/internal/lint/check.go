package lint

import (
	"errors"
	"fmt"
	"net/url"
	"slices"
	"sort"
	"strings"

	"github.com/relurl/relurl/ast"
	"github.com/relurl/relurl/internal/profile"
	rbase "github.com/relurl/relurl/lint/internal/base"
	"github.com/relurl/relurl/lint/internal/compare"
	"github.com/relurl/relurl/lint/internal/extract"
	"github.com/relurl/relurl/lint/internal/fix"
	"github.com/relurl/relurl/lint/internal/quote"
	"github.com/relurl/relurl/lint/internal/target"
	"github.com/relurl/relurl/resolve"
	"github.com/relurl/relurl/validate"
)

// hit is a finding inside one URL: offsets index the URL's text.
type hit struct {
	rule        string
	family      Family
	severity    ast.Severity
	offset, end int
	production  string
	message     string
	fix         string
	// readings, on a portability finding, are the URL's three readings.
	readings *compare.Report
	// changes, on a target/case finding, are the changes that write the
	// path in the letter case of the files; noFix says why there are none.
	changes []fix.Change
	noFix   string
	// target, on a finding of the target rules, is where the reference
	// leads (Finding.Target).
	target string
}

// urlCheck is one URL under check: what every rule's check reads, some of
// it computed once for all of them.
type urlCheck struct {
	// urlState is what each URL's check sets afresh; the rest is set
	// before it is read: u for every URL checked, res and subject when
	// urlState says they are read. They are large, and zeroed for each
	// URL they cost the linter a tenth of its work on the URLs.
	urlState
	// u is the URL's §2.4 cut.
	u ast.URL
	// res is the URL resolved (resRead, resOK); subject is the URL as the
	// RFC 1738 rules read it (subjectSet).
	res     ast.URL
	subject profile.Subject
}

// urlState is the part of a urlCheck set afresh for each URL.
type urlState struct {
	l *Linter
	// s is the URL.
	s string
	// b is the base the URL resolves against, as the rules read it.
	b *base
	// asBase says that the URL is its document's own base (an HTML BASE
	// element, a Base header): it is checked as a base, not as a
	// reference.
	asBase bool
	// err is the extractor's complaint about a malformed URL's place
	// (rules that read readsMalformed).
	err error
	// note is the note under check (rules that read readsNote).
	note *extract.Note
	// tc is where the file is in its tree, for the target rules; nil
	// when they have no tree. lnk is where the URL leads, computed on
	// first use (link).
	tc  *target.File
	lnk *target.Dest
	// invalid says that the URL is not valid under §2.2: the target
	// rules read it as browsers do.
	invalid bool
	// scheme is u's scheme in lower case; relative says u has none.
	scheme   string
	relative bool

	// row is the rule whose check runs; diag, for a syntax rule, the
	// diagnostic it reports.
	row  *row
	diag *ast.Diagnostic
	// hits are the findings so far.
	hits []hit

	// Computed on first use.
	colonAt    int // see relativeColon; -2 when not computed yet
	baseErr    error
	baseRead   bool
	subjectSet bool
	netRead    bool
	net        *url.URL
	netErr     error
	cmpRead    bool
	cmp        *compare.Report
	resRead    bool
	resOK      bool
}

// report records a finding of the rule whose check runs, with its
// configured severity and, unless h says otherwise, the rule's fix.
func (c *urlCheck) report(h hit) {
	h.rule, h.family = c.row.ID, c.row.Family
	h.severity = c.l.state[h.rule].sev
	if h.fix == "" {
		h.fix = c.row.Fix
	}
	c.hits = append(c.hits, h)
}

// check runs every rule that is on against the URL s with base b: the
// syntax rules on an invalid URL, the others on a valid one, each in the
// order of the catalog, and returns the findings. This is the one place
// where a rule's state decides whether its check runs. c is scratch
// space, reused from URL to URL: the checks are called through the rows,
// so a urlCheck of each call's own would escape to the heap.
func (l *Linter) check(c *urlCheck, s string, b *base, tc *target.File, asBase bool, refErr error) []hit {
	c.urlState = urlState{l: l, s: s, b: b, tc: tc, asBase: asBase, err: refErr, colonAt: -2}
	if refErr != nil {
		c.u = ast.URL{}
		for _, r := range l.active[readsMalformed] {
			c.row = r
			r.check(c)
		}
		return c.hits
	}
	u, diags := validate.Validate(s)
	if l.allow.On() && diags.HasErrors() {
		diags = l.allow.Filter(s, u, diags)
	}
	if diags.HasErrors() {
		c.u = ast.URL{}
		// The other rules read valid URLs only; the target rules read
		// where browsers take an invalid one (decision T-5).
		if !l.onlyTargetRules {
			c.checkSyntax(diags)
		}
		if tc != nil && !asBase {
			c.u, c.invalid = u, true
			for _, r := range l.active[readsValid] {
				if r.Family == FamilyTarget {
					c.row = r
					r.check(c)
				}
			}
		}
		return c.hits
	}
	c.u, c.scheme, c.relative = u, strings.ToLower(u.Scheme.Value), !u.Scheme.Present
	for _, r := range l.active[readsValid] {
		c.row = r
		r.check(c)
	}
	return c.hits
}

// relativeColon returns the offset in the URL of the first ":" of the
// first segment of a relative path (no scheme, no net_loc, no leading
// "/"), or -1: the URL §5.3 warns of, which RFC 3986 parsers reject.
func (c *urlCheck) relativeColon() int {
	if c.colonAt == -2 {
		c.colonAt = -1
		if c.relative && !c.u.NetLoc.Present && !c.u.Path.IsAbsolute() {
			first, _, _ := strings.Cut(c.u.Path.Value, "/")
			if i := strings.IndexByte(first, ':'); i >= 0 {
				c.colonAt = c.u.Path.Span.Start + i
			}
		}
	}
	return c.colonAt
}

// resolved returns the URL resolved against its base by §4, and false
// when the base cannot serve (§2); it is computed once for the rules that
// read it.
func (c *urlCheck) resolved() (ast.URL, bool) {
	if !c.resRead {
		c.resRead = true
		if c.b != nil && c.b.usable {
			c.res, c.resOK = resolve.Reference(c.b.parsed, c.u), true
		}
	}
	if !c.resOK {
		return ast.URL{}, false // c.res is another URL's
	}
	return c.res, true
}

// baseError returns why the URL, the document's own base, cannot serve as
// one (resolve.ParseBase), or nil.
func (c *urlCheck) baseError() error {
	if !c.baseRead {
		c.baseRead = true
		_, c.baseErr = resolve.ParseBase(c.s)
	}
	return c.baseErr
}

// q quotes a URL or a piece of one for a message: whole, so that it can
// be copied, up to quote.Max bytes (decision U-8).
func q(s string) string { return quote.Quote(s) }

// base is a document's base as the rules read it, derived once from what
// package extract established.
type base struct {
	// url is the base URL; "" is the unknown base of §3.4.
	url string
	// parsed is url read by resolve.ParseBase, when usable.
	parsed ast.URL
	// usable reports whether url can serve as a base (§2).
	usable bool
	// relAllowed reports whether the context allows relative URLs (§5.3).
	relAllowed bool
	// retrievalNotGenericRL, when not empty, is the message of a
	// retrieval URL (§3.3) that does not fit generic-RL: written nowhere
	// in the document, it is reported at each relative reference.
	retrievalNotGenericRL string
	// net is url read by net/url, for the portability rules; nil when
	// net/url refuses it.
	net *url.URL
	// cmp is url read by package compare's readers, and alone no base,
	// for the portability rules: made on first use (compareBase).
	cmp, alone *compare.Base
	// probe is fix.ProbeBase, against which the fixes of relative
	// references are checked when the document has no base; fixCmp the
	// base the fixes are checked against when it has one (fixes.go).
	probe, fixCmp *compare.Base
	// memo holds the hits of the URLs already checked against this base
	// (but bases themselves) when the file's are kept (fileCheck.memo),
	// and where each leads when the target rules read it: a map by the
	// URL alone is hashed faster than one by base, URL and whether it is
	// a base (BenchmarkLintHTML tells the two apart).
	memo map[string]memoEntry
	// wRejects is 1 when browsers accept url, 2 when they reject it, 0
	// when not known yet (browserRejectsBase).
	wRejects int8

	// tgt is the base as the target rules read it (package lint/target):
	// whether it is the retrieval URL, and the base they resolve against,
	// read on first need.
	tgt target.Base
}

// browserRejectsBase reports whether browsers (the WHATWG URL Standard)
// reject the base, computed on first need: the references resolved
// against it then fail in a browser for that reason alone.
func (b *base) browserRejectsBase() bool {
	if b.wRejects == 0 {
		b.wRejects = 1
		if compare.URL(b.url).Reading(compare.WHATWG).Verdict == compare.Rejected {
			b.wRejects = 2
		}
	}
	return b.wRejects == 2
}

func newBase(eb *extract.Base, allow *profile.Allowance) *base {
	b := &base{url: eb.URL.URL, usable: eb.Usable(), relAllowed: eb.RelativeAllowed}
	b.tgt.FromRetrieval = eb.URL.Layer == rbase.LayerRetrieval || eb.Err == nil && eb.URL.URL == ""
	if b.usable {
		b.parsed, _ = resolve.ParseBase(b.url)
	} else if allow.On() && b.url != "" {
		// A base whose only faults are characters the allowances accept
		// serves as one (decision L-26).
		u, diags := validate.Validate(b.url)
		if diags.HasErrors() && !allow.Filter(b.url, u, diags).HasErrors() && resolve.BaseReason(u) == 0 {
			b.parsed, b.usable = u, true
		}
	}
	if b.usable {
		b.net, _ = url.Parse(b.url)
	}
	b.tgt.URL, b.tgt.Parsed, b.tgt.Usable = b.url, &b.parsed, b.usable
	var le *rbase.LayerError
	var be *resolve.BaseError
	if errors.As(eb.Err, &le) && le.Layer == rbase.LayerRetrieval &&
		errors.As(le.Err, &be) && be.Reason == resolve.ReasonNotGenericRL {
		b.retrievalNotGenericRL = fmt.Sprintf("relative reference in a document whose base %s (%s, §%s) does not fit generic-RL: "+
			"relative URLs cannot be used within documents that have unsuitable base URLs (§2)",
			q(be.Base), le.Layer, le.Layer.Section())
	}
	return b
}

// fileCheck turns the Refs of one file into findings.
type fileCheck struct {
	l    *Linter
	file string
	// findings are those not handed to flush yet.
	findings []Finding
	// placer places the findings in the file, as they are flushed.
	placer *placer
	// flush, when not nil, takes findings as soon as no finding can come
	// before them, in order and placed, once more than flushAt wait: a
	// file with millions of findings is written in parts, not held whole.
	flush   func([]Finding)
	flushAt int
	// flushed says that a flush has been tried (see flushTo).
	flushed bool
	notes   []extract.Note
	urls    int
	// lines finds a URL's line for the suppressions.
	lines lines
	// bases holds the rules' reading of each base of the document.
	bases map[*extract.Base]*base
	// memo says that the hits of URLs already checked against a base are
	// kept (base.memo): a URL written twice is checked once. Documents
	// repeat their links (navigation, boilerplate); lists of URLs seldom
	// do, and are not memoized (the map would cost them a third more
	// time).
	memo bool
	// memoSized says that a base's memo has been made with room for the
	// file's URLs (refAs).
	memoSized bool
	// scratch is the state of the URL under check.
	scratch urlCheck

	// src is the file's text, where fixes are written (fixes.go);
	// fixScratch the state of a fixed URL under check, fixMemo the fix of
	// each URL already fixed against a base, when memo is kept.
	src        string
	fixScratch *urlCheck
	fixMemo    map[memoKey]*urlFix

	// The file's suppression directives (suppress.go): all of them, in
	// order; the "ignore" ones not yet placed on a line; those in force on
	// the line coverLine of the URL under check; how many findings they
	// suppressed.
	dirs       []*suppression
	pending    []*suppression
	cover      []*suppression
	coverLine  int
	suppressed int

	// The target rules' state (targets.go): where the file is in its
	// tree under the name checked (nil when the rules have no tree); what
	// the file's references come to under it, and the references whose
	// fragments are checked at the end (package lint/target's Name); what
	// the target rules found besides findings; what is deferred.
	tc       *target.File
	tn       target.Name
	tres     *TargetResult
	deferred *target.Deferred
	// alias says that the check is of one of the file's other names:
	// it reports the target rules alone, and no directive's findings.
	alias bool
	// nextID numbers the URLs the memo keeps; lastID is the number of the
	// last Ref's (-1 when it was not kept); byID is, in a check of another
	// name, where each URL of those numbers leads under this name (nil:
	// not read yet; &unread: the target rules did not read it), and
	// byIDHits the hits of the few that have any (refAs).
	nextID, lastID int
	byID           []*target.Dest
	byIDHits       map[int][]hit
	// shared are the links that the checks of a file's names share among
	// their URLs (see quickLink and plain); nil when the target rules
	// have no tree.
	shared *target.Shared
	// sc is the memory the check reuses from the check before (nil when
	// it reuses none), and firstMemo the memo of the file's first base,
	// which goes back to sc when the check is over.
	sc        *scratch
	firstMemo map[string]memoEntry
}

// memoBytes is how many bytes of a document hold a URL the memo keeps,
// as the documentation trees of Python, Apache and PostgreSQL have them
// (a median of 660 bytes a file in Python's, 370 to 880 over the trees),
// rounded down: a file's first memo is made with room for as many.
const memoBytes = 512

// memoEntry is what checking a URL against a base gave: its hits, and
// where it leads (nil when the target rules did not read it).
type memoEntry struct {
	hits []hit
	lnk  *target.Dest
	// id numbers the entry in its file's check (fileCheck.nextID).
	id int
}

type memoKey struct {
	base   *extract.Base
	url    string
	asBase bool
}

func (fc *fileCheck) ref(r extract.Ref) { fc.refAs(r, -1, nil) }

// refAs checks the Ref r. For a check of one of a file's other names, id
// is the number the check of its own name gave r's URL against r's base
// (lastID), by which the other name keeps what its own check of the URL
// gave (byID) without hashing the URL again, and u, when not nil, the
// URL as that check read it, valid (see quickLink); -1 and nil otherwise.
func (fc *fileCheck) refAs(r extract.Ref, id int, u *ast.URL) {
	fc.urls++
	fc.lastID = -1
	if len(fc.pending) > 0 || len(fc.cover) > 0 {
		fc.place(r.Map.At(0))
	}
	var b *base
	var hits []hit
	var lnk *target.Dest
	switch {
	case r.Err != nil:
		hits = fc.l.check(&fc.scratch, r.URL, nil, nil, r.IsBase, r.Err)
	default:
		if b = fc.bases[r.Base]; b == nil {
			b = newBase(r.Base, &fc.l.allow)
			fc.bases[r.Base] = b
		}
		tc := fc.tc
		if r.IsBase {
			tc = nil // a base is no reference
		}
		if !fc.memo || r.IsBase {
			hits = fc.l.check(&fc.scratch, r.URL, b, tc, r.IsBase, nil)
			lnk = fc.scratch.lnk
			break
		}
		if id >= 0 {
			if id >= len(fc.byID) {
				fc.byID = append(fc.byID, make([]*target.Dest, id+1-len(fc.byID))...)
			}
			lnk = fc.byID[id]
			if lnk == nil {
				if lnk = fc.quickLink(r.URL, u, b); lnk == nil {
					h := fc.l.check(&fc.scratch, r.URL, b, tc, r.IsBase, nil)
					if len(h) > 0 {
						if fc.byIDHits == nil {
							fc.byIDHits = map[int][]hit{}
						}
						fc.byIDHits[id] = h
					}
					if lnk = fc.plain(fc.scratch.lnk); lnk == nil {
						lnk = &fc.shared.Unread
					}
				}
				fc.byID[id] = lnk
			}
			if len(fc.byIDHits) > 0 {
				hits = fc.byIDHits[id]
			}
			if lnk == &fc.shared.Unread {
				lnk = nil
			}
			break
		}
		e, ok := b.memo[r.URL]
		if !ok {
			e.hits = fc.l.check(&fc.scratch, r.URL, b, tc, r.IsBase, nil)
			e.lnk, e.id = fc.plain(fc.scratch.lnk), fc.nextID
			fc.nextID++
			if b.memo == nil {
				// The file's first memo is the map of a check before,
				// emptied (decision S-23), or made the size its
				// documents commonly need, a URL for memoBytes of text,
				// so that it is seldom grown (a rehash of what it holds
				// each time); the others, of documents of many bases,
				// grow.
				if !fc.memoSized {
					fc.memoSized = true
					if fc.sc != nil {
						b.memo = fc.sc.takeMemo()
					}
					if b.memo == nil {
						b.memo = make(map[string]memoEntry, len(fc.src)/memoBytes)
					}
					fc.firstMemo = b.memo
				} else {
					b.memo = make(map[string]memoEntry)
				}
			}
			b.memo[r.URL] = e
		}
		hits, lnk, fc.lastID = e.hits, e.lnk, e.id
	}
	if lnk != nil {
		fc.tn.Take(&r, fc.urls, b.targetBase(), lnk, fc.fragDirective)
	}
	if len(fc.cover) > 0 {
		kept := make([]hit, 0, len(hits))
		for _, h := range hits {
			if !fc.suppressedLine(h.rule) {
				kept = append(kept, h)
			}
		}
		hits = kept
	}
	var rf *refFix
	if fc.l.fixes && len(hits) > 0 {
		rf = fc.fixRef(&r, b, hits)
	}
	for _, h := range hits {
		fc.emit(&r, b, h, rf)
	}
	if fc.flush != nil && len(fc.findings) >= fc.flushAt {
		// Documents give their URLs in order (package extract), and a
		// URL's findings lie at or after its start: none to come can be
		// before this one's start.
		fc.flushTo(r.Map.At(0))
	}
}

// FlushChunk is how many findings of a file wait, at most, before
// [Linter.Check] hands those that are final to its flush: enough that an
// ordinary file is written in one part, few enough that a file of
// millions of findings takes memory for a few thousand.
const FlushChunk = 4096

// flushTo hands flush the findings at or before offset w, in order and
// placed. If few are (a document that gives its URLs out of order), the
// next try waits for twice as many, so the sorting stays linear.
func (fc *fileCheck) flushTo(w int) {
	if !fc.flushed {
		// A file that holds a relurl: directive is not flushed in parts:
		// its relurl:ignore-file directives, wherever they are, apply to
		// every finding of the file. Looking at the first flush, not
		// before the file is read, spares the look to the files that never
		// hold FlushChunk findings: nearly all (BenchmarkLintHTML measures
		// the look).
		fc.flushed = true
		if strings.Contains(fc.lines.src, DirectivePrefix) {
			fc.flush = nil
			return
		}
	}
	sortFindings(fc.findings)
	k := sort.Search(len(fc.findings), func(i int) bool { return fc.findings[i].Offset > w })
	if k > 0 {
		part := fc.findings[:k:k]
		fc.markNoFix(part)
		fc.placer.place(part)
		fc.flush(part)
		fc.findings = slices.Clone(fc.findings[k:])
	}
	fc.flushAt = max(FlushChunk, 2*len(fc.findings))
}

// finish sorts and places the findings not flushed yet.
func (fc *fileCheck) finish() {
	fc.markNoFix(fc.findings)
	sortFindings(fc.findings)
	fc.placer.place(fc.findings)
}

func (fc *fileCheck) emit(r *extract.Ref, b *base, h hit, rf *refFix) {
	start, end := r.Map.At(h.offset), r.Map.At(h.end)
	if h.end > h.offset && end <= start {
		end = start + 1
	}
	f := Finding{
		File: fc.file, Offset: start, EndOffset: end,
		Rule: h.rule, Severity: h.severity, Message: h.message, Fix: h.fix,
		Production: h.production, Text: r.URL[h.offset:h.end], URL: r.URL, Where: r.Where, textAt: h.offset,
		Readings: h.readings, Target: h.target,
	}
	if b != nil && !r.IsBase {
		f.Base = b.url
	}
	if rf != nil {
		rf.apply(&f, ruleRow(h.rule))
	}
	fc.findings = append(fc.findings, f)
}

// Checked is what [Linter.Check] found in one file.
type Checked struct {
	// Findings are the file's findings, in order of position: all of
	// them, or when they were flushed in parts, the last part.
	Findings []Finding
	// Notes say which parts of the file were not read, or not as their
	// format wants them, and why; each is also a finding of the input
	// family, when its rule is on.
	Notes []extract.Note
	// URLs is how many URLs the file holds.
	URLs int
	// Suppressed is how many findings its relurl:ignore directives
	// suppressed; they are not in Findings.
	Suppressed int
	// Targets is what the target rules found besides the findings, when
	// [Linter.CheckWith] was given a tree; nil otherwise.
	Targets *TargetResult
}

// Check lints src, the content of the file called name, read as kind
// against the retrieval URL retrieval (the base of RFC 1808 §3.3 for a
// document that embeds none; "" for none). It is [Linter.File] for a
// runner of many files, which picks each file's kind, base and linter.
// When flush is not nil, it takes the findings in parts, in order, as
// soon as they are final, and Checked holds the last part; otherwise it
// holds them all. A file that holds a relurl: directive is not flushed in
// parts: its relurl:ignore-file directives, wherever they are, apply to
// every finding of the file. The target rules read no tree: see
// [Linter.CheckWith].
func (l *Linter) Check(name, src string, kind extract.Kind, retrieval string, flush func([]Finding)) Checked {
	return l.CheckWith(name, src, kind, retrieval, flush, nil)
}

// CheckWith is [Linter.Check] with the target rules, when t is not nil:
// t says where the file is in a tree of files, under each of its names.
// The findings of the file's own name (t.Paths[0]) are Checked.Findings,
// those of its other names Checked.Targets.Others: the target rules'
// alone, each name's references resolved against its own base. Without
// t.Defer, the fragments are checked against the tree's anchors (and the
// file's own) before Check returns, and the findings are not flushed in
// parts; with it, they are left in Checked.Targets.Deferred.
func (l *Linter) CheckWith(name, src string, kind extract.Kind, retrieval string, flush func([]Finding), t *target.Scope) Checked {
	l = l.forKind(kind)
	if t != nil && (t.Tree == nil || len(t.Paths) == 0) {
		t = nil
	}
	if t != nil && !t.Defer {
		flush = nil
	}
	fc := l.newFileCheck(name, src, kind, flush)
	fc.sc = l.getScratch()
	h := extract.Handler{Ref: fc.ref, Directive: func(d extract.Directive) { fc.directive(d) }, Note: fc.note}
	var tk *targetCheck
	if t != nil {
		tk = l.newTargetCheck(fc, t, name, src, kind)
		tk.hook(&h)
	}
	fc.sc.rd.Extract(src, kind, retrieval, h)
	out := Checked{}
	if tk != nil {
		out.Targets = tk.finish(src)
	}
	if len(fc.dirs) > 0 {
		fc.finishSuppressions()
	}
	fc.finish()
	if tk != nil {
		// The target rules' memory goes to the next file: nothing of
		// it is used from here.
		tk.s.Release()
	}
	out.Findings, out.Notes, out.URLs, out.Suppressed = fc.findings, fc.notes, fc.urls, fc.suppressed
	// Nothing reads the memo from here: the check is over.
	l.putScratch(fc.sc, fc.firstMemo)
	fc.sc, fc.firstMemo = nil, nil
	return out
}

// fixCheck returns the state of a fixed URL under check, made on first
// need: most files have no fix to check.
func (fc *fileCheck) fixCheck() *urlCheck {
	if fc.fixScratch == nil {
		fc.fixScratch = &urlCheck{}
	}
	return fc.fixScratch
}

// newFileCheck returns the check of one file's content, src, of the
// given kind, by l.
func (l *Linter) newFileCheck(name, src string, kind extract.Kind, flush func([]Finding)) *fileCheck {
	fc := &fileCheck{l: l, file: name, lines: lines{src: src}, bases: make(map[*extract.Base]*base),
		placer: newPlacer(src), flush: flush, flushAt: FlushChunk, src: src}
	if kind != extract.KindText {
		fc.memo = true
		if l.fixes {
			fc.fixMemo = make(map[memoKey]*urlFix)
		}
	}
	return fc
}

// File lints the file called name, whose content is data, read as kind
// (see package extract); kind 0 is told by the name and content
// ([extract.Detect]), and a file it cannot tell is read as a list of URLs.
// The findings are in order of position. It never fails: a part of a
// message or document it cannot read is a finding of the input family.
func (l *Linter) File(name string, data []byte, kind extract.Kind) []Finding {
	if kind == 0 {
		kind = extract.Detect(name, data)
	}
	return l.Check(name, string(data), kind, l.retrieval, nil).Findings
}

// URL lints one URL, against the linter's retrieval URL as its base. The
// findings' positions are in the URL: line 1, column = byte offset + 1.
// A URL list allows relative URLs when it has a base, so the §5.3 rule on
// ";type=d" applies only then; the rules on by default only in some kinds
// of documents (the WHATWG rules: [Rule.Kinds]) are off unless enabled.
func (l *Linter) URL(ref string) []Finding {
	fc := &fileCheck{l: l, bases: make(map[*extract.Base]*base), placer: newPlacer(ref), src: ref}
	fc.ref(extract.Single(ref, l.retrieval))
	fc.finish()
	return fc.findings
}
