package lint

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"sync"

	"github.com/relurl/relurl/ast"
	"github.com/relurl/relurl/internal/profile"
	"github.com/relurl/relurl/lint/internal/extract"
	"github.com/relurl/relurl/lint/internal/suggest"
)

// Options configures a [Linter]. A rule's state is settled in layers,
// each overriding the ones before: the catalog's defaults, Levels (a
// configuration file's [rules]), the layers of [Linter.WithLevels] (the
// [[override]] entries that match a file, in order), then Enable, Disable
// and Severity (the command line's flags). Within a layer a family is
// applied before the ids, so that an id overrides its family
// ([SettingOrder]).
type Options struct {
	// Enable turns on rules, by id or by family ("rfc1738" turns on the
	// RFC 1738 profile).
	Enable []string
	// Disable turns off rules, by id or by family. A family named in
	// Enable or Disable is applied first, then the ids, so that
	// "disable rfc1808, enable fsegment/colon" leaves one rule of the
	// family on. An id or family in both lists is disabled.
	Disable []string
	// Severity raises or lowers the severity of rules, by id or family;
	// ids override families.
	Severity map[string]ast.Severity
	// Retrieval is the URL the documents were retrieved by, the base of
	// RFC 1808 §3.3 for a document that embeds none. It must be an absolute
	// URL under §2.2, or empty (no base: §3.4).
	Retrieval string

	// Levels sets rules and families off, or on with a severity, as a
	// configuration file's [rules] does.
	Levels map[string]Level

	// AllowChars holds characters accepted as if RFC 1808 §2.2 allowed
	// them wherever they stand: a syntax finding on one of them is not
	// reported, and a URL whose only faults are such characters is checked
	// by the other rules as a valid one. "~", which RFC 3986 made
	// unreserved, is the usual one. Only characters that §2.2 forbids
	// everywhere may be given: the national characters { } | \ ^ ~ [ ] `
	// and the punctuation < > " #; not "%", which begins an escape, nor
	// white space, controls or non-ASCII characters
	// (decision L-26). A base URL that holds such characters serves as a base,
	// and Retrieval may hold them.
	AllowChars string
	// AllowIPv6Hosts accepts an IPv6 literal of RFC 2732 as the host of a
	// net_loc: "[" IPv6address "]", read by net/netip, followed by nothing
	// or by ":" and a port of digits ("http://[::1]:8080/"). Its "[" and
	// "]" are then no syntax findings, and the RFC 1738 profile reads it as
	// the host (its ":" are not the port's). A literal with a zone (RFC
	// 6874), an IPv4 address in brackets or anything else after the "]"
	// is not accepted.
	AllowIPv6Hosts bool

	// Fixes makes the linter compute each finding's fix: Finding.Edit,
	// or why there is none (Finding.NoFix), and the suggestions of the
	// §5.2 loophole. A URL with findings then costs a few more readings
	// (the fixed URL checked, and read three ways); off, findings carry
	// neither.
	Fixes bool
}

// Linter checks URLs and documents against the rules of the catalog. It
// is immutable once made by [New], and safe for concurrent use.
type Linter struct {
	// opts are the options the linter was made with, for WithLevels.
	opts      Options
	state     map[string]ruleState
	retrieval string
	// active holds, for each kind of URL a check reads, the rows of the
	// rules that are on, in the order of the catalog: the one place
	// where a rule's state decides whether its check runs. A rule on only
	// in some kinds of documents (ruleState.kinds) is not here but in the
	// linters of those kinds.
	active [readsNote + 1][]*row
	// byKind holds, for each kind of document a rule on by default is
	// restricted to (Rule.Kinds), the linter of that kind: this one with
	// those rules active too. [Linter.forKind] picks it.
	byKind map[string]*Linter
	// allow is what AllowChars and AllowIPv6Hosts accept.
	allow profile.Allowance
	// fixes says to compute the findings' fixes (Options.Fixes).
	fixes bool
	// targetsOnly is this linter with the target rules (and
	// portability/whatwg-target) alone active: what checks a file under
	// its other names (CheckWith); onlyTargetRules says this linter is
	// such a one, which reports no syntax finding either.
	targetsOnly     *Linter
	onlyTargetRules bool
	// scratch holds the *scratch of the checks not under way, shared by
	// the linters made with this one (its kinds', its targetsOnly): see
	// scratch.
	scratch *sync.Pool
}

type ruleState struct {
	on  bool
	sev ast.Severity
	// kinds, when not nil, restricts on to documents of these kinds: the
	// catalog's default (Rule.Kinds), kept until a setting names the rule.
	kinds []string
}

// kindsToCome are names of kinds that Rule.Kinds may give before package
// extract reads such documents: the Markdown and CSS extractors are being
// added on another branch. A rule restricted to them is on by default
// there from the day extract knows them; TestKinds holds every other name
// to extract's.
var kindsToCome = []string{"markdown", "css"}

// setOn turns a rule on or off in every kind of document: an explicit
// setting overrides the catalog's per-kind default.
func (s *ruleState) setOn(on bool) {
	s.on, s.kinds = on, nil
}

// New makes a linter from opts. It fails on an unknown rule id or family,
// on a severity that is not error, warning or info, on a retrieval URL
// that is not an absolute URL under RFC 1808 §2.2, and on a character
// AllowChars cannot hold.
func New(opts Options) (*Linter, error) {
	// The linter keeps its options for WithLevels: a copy, so that it
	// stays as made whatever the caller does with its maps and slices.
	opts.Enable, opts.Disable = slices.Clone(opts.Enable), slices.Clone(opts.Disable)
	opts.Severity, opts.Levels = maps.Clone(opts.Severity), maps.Clone(opts.Levels)
	return build(&opts, nil)
}

// WithLevels returns the linter of l's options with more layers of
// levels, applied in order after Options.Levels and before the flags
// (Enable, Disable, Severity): a configuration file's [[override]]
// entries that match a file. It fails as [New] does, on an unknown rule
// or family, or on a Level that is none.
func (l *Linter) WithLevels(layers ...map[string]Level) (*Linter, error) {
	return build(&l.opts, layers)
}

// build makes the linter of opts, with the layers of levels that apply
// between opts.Levels and the flags.
func build(opts *Options, layers []map[string]Level) (*Linter, error) {
	rows := catalogRows()
	l := &Linter{opts: *opts, state: make(map[string]ruleState, len(rows)), retrieval: opts.Retrieval, fixes: opts.Fixes,
		scratch: &sync.Pool{}}
	var err error
	if l.allow, err = profile.NewAllowance(opts.AllowChars, opts.AllowIPv6Hosts); err != nil {
		return nil, err
	}
	for _, r := range rows {
		s := ruleState{on: r.Default, sev: r.Severity}
		if r.Default && r.Kinds != "" {
			s.kinds = strings.Split(r.Kinds, ",")
		}
		l.state[r.ID] = s
	}
	for _, levels := range append([]map[string]Level{opts.Levels}, layers...) {
		if err := l.setLevels(levels); err != nil {
			return nil, err
		}
	}
	// Families first, then ids, so that an id overrides its family.
	for _, pass := range []bool{true, false} {
		for _, list := range []struct {
			names []string
			on    bool
		}{{opts.Enable, true}, {opts.Disable, false}} {
			for _, name := range list.names {
				ids, family, err := selectRules(name)
				if err != nil {
					return nil, err
				}
				if family != pass {
					continue
				}
				for _, id := range ids {
					s := l.state[id]
					s.setOn(list.on)
					l.state[id] = s
				}
			}
		}
	}
	for _, name := range SettingOrder(opts.Severity) {
		sev := opts.Severity[name]
		if !sev.Valid() {
			return nil, fmt.Errorf("severity of %q: %v is not error, warning or info", name, sev)
		}
		ids, _, err := selectRules(name)
		if err != nil {
			return nil, err
		}
		for _, id := range ids {
			s := l.state[id]
			s.sev = sev
			l.state[id] = s
		}
	}
	l.activate()
	if err := checkRetrieval(opts.Retrieval, &l.allow); err != nil {
		return nil, err
	}
	return l, nil
}

// activate fills l.active with the rules on in every kind of document,
// and l.byKind with a linter for each kind some rule is restricted to.
func (l *Linter) activate() {
	rows := catalogRows()
	for i := range rows {
		r := &rows[i]
		s := l.state[r.ID]
		if !s.on {
			continue
		}
		if s.kinds == nil {
			l.active[r.reads] = append(l.active[r.reads], r)
			continue
		}
		if l.byKind == nil {
			l.byKind = map[string]*Linter{}
		}
		for _, k := range s.kinds {
			if l.byKind[k] == nil {
				l.byKind[k] = &Linter{}
			}
		}
	}
	// Each kind's linter: l with the rules on everywhere and those on in
	// the kind, in the order of the catalog.
	for k, kl := range l.byKind {
		*kl = *l
		kl.active, kl.byKind = [len(l.active)][]*row{}, nil
		for i := range rows {
			r := &rows[i]
			if s := l.state[r.ID]; s.on && (s.kinds == nil || slices.Contains(s.kinds, k)) {
				kl.active[r.reads] = append(kl.active[r.reads], r)
			}
		}
		kl.targetsOnly = kl.onlyTargets()
	}
	l.targetsOnly = l.onlyTargets()
}

// onlyTargets returns l with the target rules and
// portability/whatwg-target alone active.
func (l *Linter) onlyTargets() *Linter {
	t := *l
	t.active, t.byKind, t.targetsOnly, t.onlyTargetRules = [len(l.active)][]*row{}, nil, nil, true
	for _, r := range l.active[readsValid] {
		if r.Family == FamilyTarget || r.ID == RuleWHATWGTarget {
			t.active[readsValid] = append(t.active[readsValid], r)
		}
	}
	return &t
}

// forKind returns the linter of documents of kind k: l itself, unless a
// rule on by default is restricted to some kinds (Rule.Kinds).
func (l *Linter) forKind(k extract.Kind) *Linter {
	if kl := l.byKind[k.String()]; kl != nil {
		return kl
	}
	return l
}

// setLevels applies one layer of levels, families before ids.
func (l *Linter) setLevels(levels map[string]Level) error {
	for _, name := range SettingOrder(levels) {
		lv := levels[name]
		ids, _, err := selectRules(name)
		if err != nil {
			return err
		}
		sev, on := lv.Severity()
		if !on && lv != LevelOff {
			return fmt.Errorf("level of %q: %v is not off, error, warning or info", name, lv)
		}
		for _, id := range ids {
			s := l.state[id]
			s.setOn(on)
			if on {
				s.sev = sev
			}
			l.state[id] = s
		}
	}
	return nil
}

// SettingOrder returns the names of a layer of settings (rule ids and
// families, the keys of m) in the order a [Linter] applies them: families
// first, so that an id overrides its family, then ids, each in lexical
// order.
func SettingOrder[V any](m map[string]V) []string {
	names := make([]string, 0, len(m))
	for name := range m {
		names = append(names, name)
	}
	slices.SortFunc(names, func(a, b string) int {
		if fa, fb := isFamily(a), isFamily(b); fa != fb {
			if fa {
				return -1
			}
			return 1
		}
		return strings.Compare(a, b)
	})
	return names
}

// checkRetrieval checks a retrieval URL: empty, or an absolute URL under
// RFC 1808 §2.2, with what the allowances accept.
func checkRetrieval(retrieval string, allow *profile.Allowance) error {
	if retrieval == "" {
		return nil
	}
	u, diags := allow.Validate(retrieval)
	if err := diags.Err(); err != nil {
		return fmt.Errorf("retrieval URL %q: %w", retrieval, err)
	}
	if !u.IsAbsolute() {
		return fmt.Errorf("retrieval URL %q is not absolute: a base URL needs a scheme (RFC 1808 §2)", retrieval)
	}
	return nil
}

func isFamily(name string) bool { return slices.Contains(Families(), Family(name)) }

// Select returns the ids of the rules a name selects: the rule's own, or
// its family's in the order of the catalog. It fails on a name that is
// neither a rule's id nor a family.
func Select(name string) ([]string, error) {
	ids, _, err := selectRules(name)
	return ids, err
}

// selectRules returns the ids a name selects: one rule, or a family's.
func selectRules(name string) (ids []string, family bool, err error) {
	if isFamily(name) {
		for _, r := range catalogRows() {
			if string(r.Family) == name {
				ids = append(ids, r.ID)
			}
		}
		return ids, true, nil
	}
	if ruleRow(name) != nil {
		return []string{name}, false, nil
	}
	return nil, false, fmt.Errorf("unknown rule or family %q%s (see relurl rules)", name, suggest.Phrase(suggest.Closest(name, RuleNames()), nil))
}

// RuleNames returns the names a rule may be selected by: every rule's id, in
// the order of the catalog, then the families.
func RuleNames() []string {
	var names []string
	for _, r := range catalogRows() {
		names = append(names, r.ID)
	}
	for _, f := range Families() {
		names = append(names, string(f))
	}
	return names
}

// Enabled reports whether the rule with the given id is on, in every
// kind of document or, when [Setting.Kinds] says so, in some.
func (l *Linter) Enabled(id string) bool { return l.state[id].on }

// Severity returns the severity findings of the rule get.
func (l *Linter) Severity(id string) ast.Severity { return l.state[id].sev }

// Setting is a rule of the catalog as a [Linter] applies it: the rule as
// documented, its defaults included, and its configured state.
type Setting struct {
	Rule Rule
	// Enabled reports whether the linter reports the rule.
	Enabled bool
	// Kinds, when not empty, restricts Enabled to documents of these
	// kinds (extract.Kind names): the rule's default (Rule.Kinds), which
	// no setting overrode.
	Kinds []string
	// Severity is the severity the rule's findings get.
	Severity ast.Severity
}

// Rules returns the catalog as this linter applies it, in the order of
// [Rules].
func (l *Linter) Rules() []Setting {
	rows := catalogRows()
	settings := make([]Setting, len(rows))
	for i := range rows {
		s := l.state[rows[i].ID]
		settings[i] = Setting{Rule: rows[i].Rule, Enabled: s.on, Severity: s.sev, Kinds: slices.Clone(s.kinds)}
	}
	return settings
}

// Retrieval returns the retrieval URL the linter was made with.
func (l *Linter) Retrieval() string { return l.retrieval }
