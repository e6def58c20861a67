package lint

import (
	"fmt"
	"strings"

	"github.com/relurl/relurl/ast"
	"github.com/relurl/relurl/lint/internal/compare"
	"github.com/relurl/relurl/lint/internal/extract"
	"github.com/relurl/relurl/lint/internal/fix"
	"github.com/relurl/relurl/validate"
)

// repair says how a fix mends the findings of a rule (row.repair).
type repair uint8

const (
	// repairNone: no mechanical fix; the author decides (row.noFix says
	// why).
	repairNone repair = iota
	// repairEncode: the finding's text as the %XX escapes of its bytes; a
	// host with characters outside ASCII in its IDNA ASCII form.
	repairEncode
	// repairEscapePercent: a "%" that begins no escape as %25.
	repairEscapePercent
	// repairDotSlash: "./" in front of a relative path (§5.3).
	repairDotSlash
	// repairLowerScheme: the scheme in lower case.
	repairLowerScheme
	// repairCase: the path's names in the letter case of the files they
	// name (target/case); the check computes the changes (hit.changes).
	repairCase
	// repairLoophole: no fix, but the spellings of the §5.2 loophole as
	// suggestions.
	repairLoophole
)

// mechanical reports whether a fix can mend the rule's findings by itself.
func (r repair) mechanical() bool { return r >= repairEncode && r <= repairCase }

// noFixOf says why findings of the rule have no automatic fix, by a
// reason and in one line; r may be nil (a rule not in the catalog).
func noFixOf(r *row) (fix.Reason, string) {
	switch {
	case r == nil:
		return fix.Manual, "no mechanical fix"
	case r.repair == repairLoophole:
		return fix.Loophole, `its meaning is what the readers disagree about (§5.2): choose one of the suggested spellings`
	case r.ID == ast.RuleTooManyErrors:
		return fix.TooManyFaults, r.noFix
	case r.reads == readsDirectives || r.reads == readsNote:
		return fix.NotURL, "the finding is about no URL"
	case r.Family == FamilyPortability:
		return fix.ReadersDisagree, "the readers disagree on where it goes, and only the author knows which target is meant"
	case r.noFix != "":
		return fix.Manual, r.noFix
	case r.Fix != "":
		return fix.Manual, "no mechanical fix: " + r.Fix
	}
	return fix.Manual, "no mechanical fix"
}

// urlFix is the fix of the findings of one URL against one base, before
// it is written into the file: the URL fixed and its changes, or why the
// findings that a fix could mend get none; and the suggestions of the §5.2
// loophole.
type urlFix struct {
	fixed       string
	changes     []fix.Change
	reason      fix.Reason
	detail      string
	suggestions []urlSuggestion
}

type urlSuggestion struct {
	message string
	changes []fix.Change
}

// fail records why the URL gets no fix.
func (p *urlFix) fail(reason fix.Reason, detail string) *urlFix {
	p.reason, p.detail, p.changes, p.fixed = reason, detail, nil, ""
	return p
}

// maxFixRounds bounds the rounds of fixFor: a fix can reveal a finding
// the original's faults hid ("a b:c" fixed is "a%20b:c", whose first
// segment holds ":"), which the next round mends.
const maxFixRounds = 3

// fixFor computes the fix of the URL s, checked against b (as the
// document's own base when asBase), whose findings here are hits (those
// the directives on its line leave).
//
// The fix mends every fault of the URL that a finding here reports with a
// mechanical repair: for a URL invalid under §2.2, every fault package
// validate reports whose rule is on and not suppressed on the line (not
// only the ones shown: the linter shows at most maxSyntaxPerURL); for a
// valid one, the findings. It is then checked twice: the fixed URL,
// linted again, has no syntax finding and nothing a fix could mend (the
// next round mends what the fix revealed), and the three readers take it
// where they took the original ([fix.Check]).
func (fc *fileCheck) fixFor(s string, b *base, asBase bool, hits []hit) *urlFix {
	p := &urlFix{}
	mech, loophole := false, false
	for _, h := range hits {
		if r := ruleRow(h.rule); r != nil {
			mech = mech || r.repair.mechanical()
			loophole = loophole || r.repair == repairLoophole
		}
	}
	if loophole {
		p.suggestions = loopholeSuggestions(s, b, fc.fixBase(b, false, s))
	}
	if !mech {
		return p
	}
	changes, reason, detail := fc.repairs(s, hits)
	if reason != "" {
		return p.fail(reason, detail)
	}
	fixed := fix.Apply(s, changes)
	for round := 1; ; round++ {
		rehits := fc.l.check(fc.fixCheck(), fixed, b, fc.tc, asBase, nil)
		var more []hit
		for _, h := range rehits {
			r := ruleRow(h.rule)
			if fc.covered(h.rule) {
				continue
			}
			if r == nil || r.Family == FamilySyntax {
				return p.fail(fix.OtherFaults, fmt.Sprintf("the fixed URL %s would still break %s at %s", q(fixed), h.rule, q(fixed[h.offset:h.end])))
			}
			if r.repair.mechanical() {
				more = append(more, h)
			}
		}
		if len(more) == 0 {
			break
		}
		if round == maxFixRounds {
			return p.fail(fix.OtherFaults, fmt.Sprintf("the fixed URL %s still has a finding a fix would mend, after %d rounds", q(fixed), round))
		}
		next, reason, detail := fc.repairs(fixed, more)
		if reason != "" {
			return p.fail(reason, detail)
		}
		back, ok := mapBack(changes, next)
		if !ok {
			return p.fail(fix.OtherFaults, "the fix of a finding the first fix revealed overlaps the first")
		}
		var err error
		if changes, err = fix.Merge(append(changes, back...)); err != nil {
			return p.fail(fix.OtherFaults, err.Error())
		}
		fixed = fix.Apply(s, changes)
	}
	if cb := fc.fixBase(b, asBase, s); cb != nil {
		// A case fix means to take the reference elsewhere: the other
		// repairs are checked against the URL it writes.
		orig := s
		for _, h := range hits {
			if len(h.changes) > 0 {
				orig = fix.Apply(orig, h.changes)
			}
		}
		if reason, detail := fix.Check(cb, orig, fixed); reason != "" {
			return p.fail(reason, detail)
		}
	}
	p.fixed, p.changes = fixed, changes
	return p
}

// repairs returns the changes that mend the faults of s that hits report
// (see fixFor), or why there are none.
func (fc *fileCheck) repairs(s string, hits []hit) ([]fix.Change, fix.Reason, string) {
	u, diags := validate.Validate(s)
	if fc.l.allow.On() && diags.HasErrors() {
		diags = fc.l.allow.Filter(s, u, diags)
	}
	var cs []fix.Change
	if diags.HasErrors() {
		hs, he := fix.HostSpan(u)
		hostDone := false
		for i := range diags {
			d := &diags[i]
			if d.Severity != ast.SeverityError {
				continue
			}
			st, known := fc.l.state[d.Rule]
			if known && !st.on || fc.covered(d.Rule) {
				continue // left as it is: the rule is off, or suppressed here
			}
			r := ruleRow(d.Rule)
			if r == nil || !r.repair.mechanical() {
				reason, why := noFixOf(r)
				if reason != fix.TooManyFaults {
					reason = fix.OtherFaults
				}
				return nil, reason, fmt.Sprintf("its %s fault %s has no fix: %s", d.Rule, ast.Quote(d.Text, 0), why)
			}
			if r.repair == repairEscapePercent {
				cs = append(cs, fix.EscapePercent(d.Offset))
				continue
			}
			inHost := d.Rule == ast.RuleNetLocChar && d.Offset >= hs && d.End <= he
			if d.Rule == ast.RuleNetLocChar && strings.ContainsAny(d.Text, "[]") {
				return nil, fix.IPv6, fmt.Sprintf("the net_loc %s holds an IPv6 literal (RFC 2732) or brackets as one does: no escape can stand for them (allow IPv6 hosts to accept one)",
					ast.Quote(u.NetLoc.Value, 0))
			}
			if inHost {
				if hostDone {
					continue
				}
				c, ok, reason, detail := fix.Host(s, u)
				if reason != "" {
					return nil, reason, detail
				}
				if ok {
					cs, hostDone = append(cs, c), true
					continue
				}
			}
			cs = append(cs, fix.Encode(s, d.Offset, d.End))
		}
	} else {
		for _, h := range hits {
			r := ruleRow(h.rule)
			if r == nil {
				continue
			}
			switch r.repair {
			case repairEncode:
				cs = append(cs, fix.Encode(s, h.offset, h.end))
			case repairDotSlash:
				cs = append(cs, fix.DotSlash(u))
			case repairLowerScheme:
				cs = append(cs, fix.LowerScheme(u))
			case repairCase:
				if len(h.changes) == 0 {
					return nil, fix.Manual, h.noFix
				}
				cs = append(cs, h.changes...)
			}
		}
	}
	merged, err := fix.Merge(cs)
	if err != nil {
		return nil, fix.OtherFaults, err.Error()
	}
	if len(merged) == 0 {
		return nil, fix.OtherFaults, "no fault of the URL is left to mend here"
	}
	return merged, "", ""
}

// mapBack returns next, changes of fix.Apply(s, done), as changes of s, or
// false when one begins or ends inside the new text of a change of done.
func mapBack(done, next []fix.Change) ([]fix.Change, bool) {
	back := func(q int) (int, bool) {
		delta := 0
		for _, c := range done {
			start, end := c.Offset+delta, c.Offset+delta+len(c.New)
			switch {
			case q < start:
				return q - delta, true
			case q == start:
				return c.Offset, true
			case q < end:
				return 0, false
			case q == end:
				return c.End, true
			}
			delta += len(c.New) - (c.End - c.Offset)
		}
		return q - delta, true
	}
	out := make([]fix.Change, len(next))
	for i, c := range next {
		o, ok1 := back(c.Offset)
		e, ok2 := back(c.End)
		if !ok1 || !ok2 || e < o {
			return nil, false
		}
		out[i] = fix.Change{Offset: o, End: e, New: c.New}
	}
	return out, true
}

// fixBase returns the base a fix of s is checked against: the document's
// base as every reader reads it, even one RFC 1808 cannot use (browsers
// resolve against a base with a space in it); a base that has faults a fix
// mends, as it will be once fixed, so that what --fix decides does not
// change when it runs again on the fixed file (a reader that reads the
// base as written reads the fixed base alike, by fix.Check; one that
// rejects it breaks every link either way). For a relative reference
// without a base (a list of URLs without --base, Go source),
// [fix.ProbeBase]; for an absolute URL without one, and for the
// document's own base, none.
func (fc *fileCheck) fixBase(b *base, asBase bool, s string) *compare.Base {
	switch {
	case b == nil:
		return nil
	case asBase || b.url == "" && validate.Split(s).Scheme.Present:
		if b.alone == nil {
			b.alone = compare.NewBase("")
		}
		return b.alone
	case b.url == "":
		if b.probe == nil {
			b.probe = compare.NewBase(fix.ProbeBase)
		}
		return b.probe
	}
	if b.fixCmp == nil {
		u := b.url
		if !b.usable {
			hits := fc.l.check(fc.fixCheck(), u, b, nil, true, nil)
			if p := fc.fixFor(u, b, true, hits); p.fixed != "" {
				u = p.fixed
			}
		}
		if u == b.url && b.cmp != nil {
			b.fixCmp = b.cmp
		} else {
			b.fixCmp = compare.NewBase(u)
		}
	}
	return b.fixCmp
}

// loopholeSuggestions returns the spellings of s, a URL of the §5.2
// loophole ("http:g"), that go where browsers take it, each checked to go
// there for every reader: the absolute URL with its "//" net_loc, and,
// when the base has the same scheme, the relative reference without the
// scheme.
func loopholeSuggestions(s string, b *base, cb *compare.Base) []urlSuggestion {
	u := validate.Split(s)
	if cb == nil {
		return nil
	}
	w := cb.Reference(s).Reading(compare.WHATWG)
	if w.Verdict == compare.Rejected || !w.URL.Present {
		return nil
	}
	var out []urlSuggestion
	if abs := w.URL.Value; fix.Agrees(cb, abs, w) {
		out = append(out, urlSuggestion{
			message: fmt.Sprintf("write the absolute URL %s, where browsers go (RFC 1808 reads %s as a URL of its own)", q(abs), q(s)),
			changes: []fix.Change{fix.Diff(s, abs)},
		})
	}
	if b != nil && b.usable && strings.EqualFold(b.parsed.Scheme.Value, u.Scheme.Value) {
		if rel := s[u.Scheme.Span.End+1:]; fix.Agrees(cb, rel, w) {
			out = append(out, urlSuggestion{
				message: fmt.Sprintf("drop the scheme: %s, which every reader resolves to %s", q(rel), q(w.URL.Value)),
				changes: []fix.Change{{Offset: 0, End: u.Scheme.Span.End + 1}},
			})
		}
	}
	return out
}

// covered reports whether a directive on the line of the URL under check
// suppresses findings of rule, without counting it as used.
func (fc *fileCheck) covered(rule string) bool {
	for _, s := range fc.cover {
		if s.matches(rule) {
			return true
		}
	}
	return false
}

// fixRef computes the fix of the findings hits of the Ref r (those its
// line's directives leave), and writes it and the suggestions into the
// file: one Edit shared by the findings it mends.
func (fc *fileCheck) fixRef(r *extract.Ref, b *base, hits []hit) *refFix {
	var p *urlFix
	if r.Err == nil {
		k := memoKey{r.Base, r.URL, r.IsBase}
		memo := fc.fixMemo != nil && len(fc.cover) == 0
		if memo {
			p = fc.fixMemo[k]
		}
		if p == nil {
			p = fc.fixFor(r.URL, b, r.IsBase, hits)
			if memo {
				fc.fixMemo[k] = p
			}
		}
	}
	rf := &refFix{plan: p}
	if p == nil || p.fixed == "" && len(p.suggestions) == 0 {
		return rf
	}
	if p.fixed != "" {
		e, reason, detail := fix.PlaceRef(fc.src, r, p.changes, false)
		if reason != "" {
			rf.reason, rf.detail = reason, detail
		} else {
			rf.edit = &e
		}
	}
	for _, sg := range p.suggestions {
		if e, reason, _ := fix.PlaceRef(fc.src, r, sg.changes, true); reason == "" {
			rf.suggestions = append(rf.suggestions, fix.Suggestion{Message: sg.message, Edit: e})
		}
	}
	return rf
}

// refFix is the fix of one Ref's findings, written into the file.
type refFix struct {
	plan *urlFix
	// edit mends the findings a fix can mend, when they get one;
	// otherwise reason and detail say why, when the URL's plan did not
	// say it already (the fix cannot be written in place).
	edit        *fix.Edit
	reason      fix.Reason
	detail      string
	suggestions []fix.Suggestion
}

// apply sets the fix of a finding of the Ref, of rule r.
func (rf *refFix) apply(f *Finding, r *row) {
	switch {
	case r == nil || !r.repair.mechanical() && r.repair != repairLoophole:
		f.NoFix, f.NoFixDetail = noFixOf(r)
	case r.repair == repairLoophole:
		f.NoFix, f.NoFixDetail = noFixOf(r)
		if len(rf.suggestions) > 0 {
			f.suggestions = &rf.suggestions
		}
	case rf.edit != nil:
		f.Edit = rf.edit
	case rf.reason != "":
		f.NoFix, f.NoFixDetail = rf.reason, rf.detail
	case rf.plan != nil && rf.plan.reason != "":
		f.NoFix, f.NoFixDetail = rf.plan.reason, rf.plan.detail
	default:
		f.NoFix, f.NoFixDetail = fix.Manual, "no fix"
	}
}

// markNoFix says, for each finding made without a Ref (a note, a
// directive), why it has no fix.
func (fc *fileCheck) markNoFix(findings []Finding) {
	if !fc.l.fixes {
		return
	}
	for i := range findings {
		if f := &findings[i]; f.Edit == nil && f.NoFix == "" {
			f.NoFix, f.NoFixDetail = noFixOf(ruleRow(f.Rule))
		}
	}
}

// DropEdits takes away the Edits of kept that some finding of dropped
// shares: an edit rewrites its whole URL, so it is not made when a
// finding it mends is not reported (suppressed by relurl:ignore-file,
// dropped by a baseline). why says, in one line, what dropped it.
func DropEdits(kept, dropped []Finding, why string) {
	var gone map[*fix.Edit]bool
	for i := range dropped {
		if e := dropped[i].Edit; e != nil {
			if gone == nil {
				gone = map[*fix.Edit]bool{}
			}
			gone[e] = true
		}
	}
	if gone == nil {
		return
	}
	for i := range kept {
		if f := &kept[i]; f.Edit != nil && gone[f.Edit] {
			f.Edit, f.NoFix, f.NoFixDetail = nil, fix.OtherFaults, "another finding of the URL is "+why+", and a fix rewrites the whole URL"
		}
	}
}

// AutoFix says whether relurl lint --fix (and the fixes of the JSON and
// SARIF output, and the Go analyzer's suggested fixes) mends the rule's
// findings by itself, where the fix is safe, and when it does not, why, by
// a reason and in one line. The §5.2 loophole (fix.Loophole) gets
// suggestions instead.
func (r Rule) AutoFix() (bool, fix.Reason, string) {
	row := ruleRow(r.ID)
	if row != nil && row.repair.mechanical() {
		return true, "", ""
	}
	reason, why := noFixOf(row)
	return false, reason, why
}
