package lint

import (
	"fmt"
	"net/url"
	"sort"
	"strings"

	"github.com/relurl/relurl/ast"
	"github.com/relurl/relurl/resolve"
	rbase "github.com/relurl/relurl/resolve/base"
	"github.com/relurl/relurl/validate"
)

// Options configures a [Linter].
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
}

// Linter checks URLs and documents against the rules of the catalog. It
// is immutable once made by [New], and safe for concurrent use.
type Linter struct {
	state     map[string]ruleState
	retrieval string
	// rfc1738 caches whether a rule of the RFC 1738 profile is on.
	rfc1738On bool
}

type ruleState struct {
	on  bool
	sev ast.Severity
}

// New makes a linter from opts. It fails on an unknown rule id or family,
// on a severity out of range, and on a retrieval URL that is not an
// absolute URL under RFC 1808 §2.2.
func New(opts Options) (*Linter, error) {
	l := &Linter{state: make(map[string]ruleState, len(catalog)), retrieval: opts.Retrieval}
	for _, r := range catalog {
		l.state[r.ID] = ruleState{on: r.Default, sev: r.Severity}
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
					s.on = list.on
					l.state[id] = s
				}
			}
		}
	}
	names := make([]string, 0, len(opts.Severity))
	for name := range opts.Severity {
		names = append(names, name)
	}
	// Families before ids; otherwise in a fixed order.
	sort.Slice(names, func(i, j int) bool {
		fi, fj := isFamily(names[i]), isFamily(names[j])
		if fi != fj {
			return fi
		}
		return names[i] < names[j]
	})
	for _, name := range names {
		sev := opts.Severity[name]
		if sev > ast.SeverityInfo {
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
	l.rfc1738On = l.anyEnabled(FamilyRFC1738)
	if opts.Retrieval != "" {
		u, diags := validate.Validate(opts.Retrieval)
		if err := diags.Err(); err != nil {
			return nil, fmt.Errorf("retrieval URL %q: %w", opts.Retrieval, err)
		}
		if !u.IsAbsolute() {
			return nil, fmt.Errorf("retrieval URL %q is not absolute: a base URL needs a scheme (RFC 1808 §2)", opts.Retrieval)
		}
	}
	return l, nil
}

func isFamily(name string) bool {
	for _, f := range Families() {
		if string(f) == name {
			return true
		}
	}
	return false
}

// selectRules returns the ids a name selects: one rule, or a family's.
func selectRules(name string) (ids []string, family bool, err error) {
	if isFamily(name) {
		for _, r := range catalog {
			if string(r.Family) == name {
				ids = append(ids, r.ID)
			}
		}
		return ids, true, nil
	}
	if _, ok := Lookup(name); ok {
		return []string{name}, false, nil
	}
	return nil, false, fmt.Errorf("unknown rule or family %q (see relurl rules)", name)
}

// Enabled reports whether the rule with the given id is on.
func (l *Linter) Enabled(id string) bool { return l.state[id].on }

// Severity returns the severity findings of the rule get.
func (l *Linter) Severity(id string) ast.Severity { return l.state[id].sev }

// Rules returns the catalog as this linter applies it: each rule's Default
// says whether it is enabled here, and its Severity is the one its
// findings get.
func (l *Linter) Rules() []Rule {
	rules := Rules()
	for i := range rules {
		s := l.state[rules[i].ID]
		rules[i].Default, rules[i].Severity = s.on, s.sev
	}
	return rules
}

// Retrieval returns the retrieval URL the linter was made with.
func (l *Linter) Retrieval() string { return l.retrieval }

// ParseSeverity reads "error", "warning" or "info".
func ParseSeverity(s string) (ast.Severity, error) {
	switch strings.ToLower(s) {
	case "error":
		return ast.SeverityError, nil
	case "warning":
		return ast.SeverityWarning, nil
	case "info", "note":
		return ast.SeverityInfo, nil
	}
	return 0, fmt.Errorf("severity %q: want error, warning or info", s)
}

// base is what a document's references are resolved against.
type base struct {
	// url is the base URL; "" is the unknown base of §3.4.
	url string
	// parsed is url read by resolve.ParseBase, when usable.
	parsed ast.URL
	// usable reports whether url can serve as a base (§2).
	usable bool
	// relAllowed reports whether the context allows relative URLs (§5.3).
	relAllowed bool
	// problem, when not empty, is the rule of a base problem to report at
	// each relative reference, for a base that comes from outside the
	// document (a retrieval URL that is not generic-RL); its message is
	// problemMsg.
	problem, problemMsg string
	// net is url read by net/url, for the portability rules; nil when
	// net/url refuses it.
	net *url.URL
	// layer and source say where the base came from.
	layer  rbase.Layer
	source string
}

// establish settles a base by the layers of §3, with rbase.Establish.
// A base that cannot serve (LayerError) is kept, unusable; it is reported
// where it is written, or at each relative reference when it comes from the
// retrieval URL.
func establish(embedded *rbase.URL, ctx rbase.Context, relAllowed bool) base {
	b, err := rbase.Establish(embedded, ctx)
	if err == nil {
		out := base{url: b.URL, usable: b.URL != "", relAllowed: relAllowed, layer: b.Layer, source: b.Source}
		if out.usable {
			out.parsed, _ = resolve.ParseBase(b.URL)
			out.net, _ = url.Parse(b.URL)
		}
		return out
	}
	out := base{relAllowed: relAllowed}
	var le *rbase.LayerError
	if asLayerError(err, &le) {
		out.layer, out.source = le.Layer, le.Source
		var be *resolve.BaseError
		if asBaseError(le.Err, &be) {
			out.url = be.Base
			if le.Layer == rbase.LayerRetrieval && be.Reason == resolve.ReasonNotGenericRL {
				out.problem = resolve.RuleBaseNotGenericRL
				out.problemMsg = fmt.Sprintf("relative reference in a document whose base %q (%s, §%s) does not fit generic-RL: "+
					"relative URLs cannot be used within documents that have unsuitable base URLs (§2)",
					be.Base, le.Layer, le.Layer.Section())
			}
		}
		if embedded != nil && le.Layer == rbase.LayerEmbedded {
			out.url = embedded.URL
		}
	}
	return out
}
