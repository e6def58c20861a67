package playground

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/relurl/relurl/ast"
	"github.com/relurl/relurl/grammar"
	section4 "github.com/relurl/relurl/internal/resolution"
	"github.com/relurl/relurl/lint/internal/compare"
	"github.com/relurl/relurl/lint/internal/lint"
	"github.com/relurl/relurl/resolve"
	"github.com/relurl/relurl/validate"
)

// MaxTreeInput is the longest input, in bytes, whose parse tree [Analyse]
// includes. The reference parser is linear but slow (participle), and a
// page of thousands of tree nodes helps no one; longer inputs get the
// rest of the report and a note instead of the tree.
const MaxTreeInput = 4096

// RulesDoc is the address of the rule documentation, lint.RulesDocURL; a
// rule's anchor is [lint.Rule.Anchor] ([RuleDoc]). On the site (make
// site), the page links to the site's own rules page instead.
const RulesDoc = lint.RulesDocURL

// RuleDoc returns the address of the documentation of the rule id: the
// catalog's ([lint.Rule.DocURL]), or for an id it does not have, the
// anchor the rules page would give it.
func RuleDoc(id string) string {
	if r, ok := lint.Lookup(id); ok {
		return r.DocURL()
	}
	return RulesDoc + "#" + strings.ToLower(strings.ReplaceAll(id, "/", "-"))
}

// Report is everything the page shows for one URL and base, as
// [Analyse] computes it. Its JSON form is what the WebAssembly module's
// analyse(url, base) returns; field names are stable within a release of
// the page and its module, which ship together.
type Report struct {
	// Input is the URL (or reference) analysed.
	Input string `json:"input"`
	// Base is the base URL given; "" for none.
	Base string `json:"base"`
	// URL is the input read by RFC 1808.
	URL *Reading `json:"url"`
	// BaseURL is the base read by RFC 1808, or nil without a base.
	BaseURL *Reading `json:"base_url"`
	// Resolution is §4 step by step, or nil without a base.
	Resolution *Resolution `json:"resolution"`
	// Readings are the three readings of package compare: RFC 1808,
	// net/url's RFC 3986 and the WHATWG URL Standard, side by side, with
	// their divergences.
	Readings *compare.Report `json:"readings"`
	// Readers names the readers of Readings, in their order.
	Readers []string `json:"readers"`
	// Classes describes each divergence class that Readings names, by id.
	Classes map[string]compare.ClassInfo `json:"classes"`
	// Enable are the rules and families turned on beyond the defaults,
	// as given; EnableError says why they were not, when one is not a
	// rule or a family (the defaults are used then).
	Enable      []string `json:"enable"`
	EnableError string   `json:"enable_error,omitempty"`
}

// Reading is one string read by RFC 1808: its verdict and form, its six
// components, its parse tree, its ast node and its diagnostics.
type Reading struct {
	// Valid is the strict §2.2 verdict.
	Valid bool `json:"valid"`
	// Form is "generic-RL", "relativeURL" or "opaque" (of the §2.4 cut
	// when the input is not valid).
	Form string `json:"form"`
	// Components are the six components of §2.1, in order.
	Components []Component `json:"components"`
	// Tree is the reference parser's concrete tree, one node per §2.2
	// production ([grammar.Outline]); nil when the parser rejects the
	// input or it is longer than [MaxTreeInput].
	Tree *Node `json:"tree"`
	// TreeNote says why there is no tree.
	TreeNote string `json:"tree_note,omitempty"`
	// AST is the [ast.URL] node, field by field.
	AST *Node `json:"ast"`
	// Diagnostics are the linter's findings on the URL (the syntax
	// diagnostics of package validate and the rules drawn from the RFC),
	// or the diagnostics that keep a base from serving.
	Diagnostics []Diagnostic `json:"diagnostics"`
}

// Component is one of the six components of §2.1.
type Component struct {
	// Name is "scheme", "net_loc", "path", "params", "query" or
	// "fragment".
	Name string `json:"name"`
	// Value is the component's text without its delimiter.
	Value string `json:"value"`
	// Present reports whether the delimiter was there (the path has none:
	// a path is present when it is not empty).
	Present bool `json:"present"`
	// Start and End locate Value in the input, in bytes; both -1 for a
	// component that was made, not read (a resolved URL's).
	Start int `json:"start"`
	End   int `json:"end"`
	// Origin, for a resolved URL, says where the component came from:
	// "reference", "base" or "step 6".
	Origin string `json:"origin,omitempty"`
}

// Node is a node of a tree the page shows (the parse tree or the ast
// node), with the bytes of the input it covers.
type Node struct {
	// Label names the node: a production, or a field and its type.
	Label string `json:"label"`
	// Detail is the node's text or value, quoted.
	Detail string `json:"detail,omitempty"`
	// Start and End are the bytes of the input the node covers; both -1
	// when it covers none in particular.
	Start int `json:"start"`
	End   int `json:"end"`
	// Children are the nodes inside it, in order.
	Children []Node `json:"children,omitempty"`
}

// Diagnostic is one finding, as the page shows it.
type Diagnostic struct {
	Offset     int    `json:"offset"`
	End        int    `json:"end"`
	Production string `json:"production"`
	Text       string `json:"text"`
	Message    string `json:"message"`
	Rule       string `json:"rule"`
	Severity   string `json:"severity"`
	// Fix says how to fix it, from the rule catalog ([lint.Lookup]).
	Fix string `json:"fix,omitempty"`
	// Summary and Section are the rule's, from the catalog.
	Summary string `json:"summary,omitempty"`
	Section string `json:"section,omitempty"`
	// Doc is the address of the rule's documentation ([RuleDoc]).
	Doc string `json:"doc"`
	// Caret is the input with "^" under the offending text
	// ([ast.Diagnostic.Caret]), as the command line shows it.
	Caret string `json:"caret"`
}

// Resolution is §4 step by step, as [section4.ReferenceTrace] recorded it,
// and the way back.
type Resolution struct {
	// Strict reports whether both strings were fit for §4: the base a
	// valid generic-RL absolute URL, the reference a valid URL. When not,
	// the §2.4 cuts of both are resolved without checks, as `relurl
	// resolve --lenient` does, and Note says why.
	Strict bool   `json:"strict"`
	Note   string `json:"note,omitempty"`
	// Steps are the steps of §4 that ran, in order.
	Steps []Step `json:"steps"`
	// Decided is the step that settled the result.
	Decided string `json:"decided"`
	// Path is step 6, or nil when it did not run.
	Path *Step6 `json:"path"`
	// Result is the resolved URL, its form, and its components, each with
	// its origin.
	Result     string      `json:"result"`
	Form       string      `json:"form"`
	Components []Component `json:"components"`
	// BaseNote says why the result could not serve as a base in its turn
	// (§2), or is empty.
	BaseNote string `json:"base_note,omitempty"`
	// Relative is the shortest reference from the base back to the result
	// ([resolve.Relative]), with RelativeError when there is none.
	Relative      *string `json:"relative"`
	RelativeError string  `json:"relative_error,omitempty"`
}

// Step is one step of §4 ([section4.Step]).
type Step struct {
	ID      string `json:"id"`
	Note    string `json:"note"`
	Decides bool   `json:"decides"`
}

// Step6 is step 6 of §4 ([section4.PathTrace]).
type Step6 struct {
	Directory string     `json:"directory"`
	Reference string     `json:"reference"`
	Merged    string     `json:"merged"`
	Rules     []PathRule `json:"rules"`
	Path      string     `json:"path"`
	KeptDot   bool       `json:"kept_dot"`
}

// PathRule is one of the rules a) to d) of step 6 ([section4.PathRule]).
type PathRule struct {
	ID      string   `json:"id"`
	Rule    string   `json:"rule"`
	Removed []string `json:"removed"`
	Path    string   `json:"path"`
}

// Analyse reads url, and base when it is not empty, the ways the page
// shows: by RFC 1808 (verdict, form, components, parse tree, ast node,
// diagnostics), resolved by §4 step by step with the way back, and three
// ways side by side (package compare). The diagnostics are those of the
// rules on by default, and of the rules and families enable names (as
// relurl lint's --enable). It never fails and never panics on any input;
// its cost is linear in the input but for the parse tree, which is left
// out past [MaxTreeInput].
func Analyse(url, base string, enable ...string) *Report {
	rep := &Report{Input: url, Base: base, Classes: map[string]compare.ClassInfo{}, Enable: append([]string{}, enable...)}
	if _, err := lint.New(lint.Options{Enable: enable}); err != nil {
		rep.EnableError = err.Error()
		enable = nil
	}
	linter, lintErr := lint.New(lint.Options{Retrieval: base, Enable: enable})
	if lintErr != nil {
		// A base the linter cannot take (not a URL, or not absolute) is
		// reported under the base; the URL is linted without one.
		linter, _ = lint.New(lint.Options{Enable: enable})
	}
	rep.URL = read(url)
	rep.URL.Diagnostics = findings(url, linter.URL(url))
	if base != "" {
		rep.BaseURL = read(base)
		rep.BaseURL.Diagnostics = baseDiagnostics(base)
		rep.Resolution = resolution(base, url)
	}
	rep.Readings = compare.Reference(base, url)
	for r := compare.RFC1808; r <= compare.WHATWG; r++ {
		rep.Readers = append(rep.Readers, r.Name())
	}
	for _, d := range rep.Readings.Divergences {
		info := d.Class.Info()
		rep.Classes[info.ID] = info
	}
	return rep
}

// read is one string by RFC 1808, but for its diagnostics.
func read(s string) *Reading {
	u, diags := validate.Validate(s)
	r := &Reading{
		Valid:      diags.Err() == nil,
		Form:       u.Form.String(),
		Components: components(u, true),
		AST:        astNode(u),
	}
	switch {
	case len(s) > MaxTreeInput:
		r.TreeNote = fmt.Sprintf("the parse tree is shown for inputs up to %d bytes; this one has %d", MaxTreeInput, len(s))
	default:
		root, err := grammar.Outline(s)
		if err != nil {
			var d *ast.Diagnostic
			if errors.As(err, &d) {
				r.TreeNote = fmt.Sprintf("the reference parser stops at byte %d: %s", d.Offset, d.Message)
			} else {
				r.TreeNote = "the reference parser rejects the input: " + err.Error()
			}
			break
		}
		n := outline(root, s)
		r.Tree = &n
	}
	return r
}

// components lists the six components of u, located in its input when
// read is true.
func components(u ast.URL, read bool) []Component {
	c := func(name string, v ast.Component) Component {
		out := Component{Name: name, Value: v.Value, Present: v.Present, Start: -1, End: -1}
		if read && v.Present {
			out.Start, out.End = v.Span.Start, v.Span.End
		}
		return out
	}
	path := Component{Name: "path", Value: u.Path.Value, Present: u.Path.Value != "", Start: -1, End: -1}
	if read {
		path.Start, path.End = u.Path.Span.Start, u.Path.Span.End
	}
	return []Component{
		c("scheme", u.Scheme), c("net_loc", u.NetLoc), path,
		c("params", u.Params), c("query", u.Query), c("fragment", u.Fragment),
	}
}

// outline turns the grammar's outline into the page's nodes, with each
// production's text.
func outline(n grammar.Node, s string) Node {
	out := Node{Label: n.Production, Detail: strconv.Quote(s[n.Start:n.End]), Start: n.Start, End: n.End}
	for _, c := range n.Children {
		out.Children = append(out.Children, outline(c, s))
	}
	return out
}

// astNode shows an ast.URL field by field, as Go would print it.
func astNode(u ast.URL) *Node {
	span := func(sp ast.Span) Node {
		return Node{Label: "Span ast.Span", Detail: fmt.Sprintf("{Start: %d, End: %d}", sp.Start, sp.End), Start: sp.Start, End: sp.End}
	}
	comp := func(name string, c ast.Component) Node {
		n := Node{Label: name + " ast.Component", Detail: "absent", Start: -1, End: -1}
		if c.Present {
			n.Detail, n.Start, n.End = strconv.Quote(c.Value), c.Span.Start, c.Span.End
		}
		n.Children = []Node{
			{Label: "Value string", Detail: strconv.Quote(c.Value), Start: n.Start, End: n.End},
			span(c.Span),
			{Label: "Present bool", Detail: strconv.FormatBool(c.Present), Start: -1, End: -1},
		}
		return n
	}
	path := Node{Label: "Path ast.Path", Detail: strconv.Quote(u.Path.Value), Start: u.Path.Span.Start, End: u.Path.Span.End,
		Children: []Node{
			{Label: "Value string", Detail: strconv.Quote(u.Path.Value), Start: u.Path.Span.Start, End: u.Path.Span.End},
			span(u.Path.Span),
		}}
	return &Node{Label: "ast.URL", Detail: u.Form.String(), Start: -1, End: -1, Children: []Node{
		{Label: "Form ast.Form", Detail: u.Form.String(), Start: -1, End: -1},
		comp("Scheme", u.Scheme), comp("NetLoc", u.NetLoc), path,
		comp("Params", u.Params), comp("Query", u.Query), comp("Fragment", u.Fragment),
	}}
}

// findings turns the linter's findings on the one URL s into the page's
// diagnostics. The linter reads s as a file of one line, so its offsets
// are offsets into s.
func findings(s string, fs []lint.Finding) []Diagnostic {
	out := make([]Diagnostic, 0, len(fs))
	for _, f := range fs {
		d := ast.Diagnostic{Offset: f.Offset, End: f.EndOffset, Production: f.Production, Text: f.Text,
			Message: f.Message, Rule: f.Rule, Severity: f.Severity}
		out = append(out, diagnostic(s, &d, f.Fix))
	}
	return out
}

// baseDiagnostics says why base cannot serve as a base URL: its syntax
// diagnostics, or the one of [resolve.ParseBase]. Each has the severity
// the rule catalog gives its rule, as relurl lint reports it
// (base/not-absolute is a warning), not package resolve's.
func baseDiagnostics(base string) []Diagnostic {
	out := []Diagnostic{}
	_, err := resolve.ParseBase(base)
	var list ast.Diagnostics
	var one *ast.Diagnostic
	switch {
	case err == nil:
	case errors.As(err, &list):
		for i := range list {
			out = append(out, diagnostic(base, &list[i], ""))
		}
	case errors.As(err, &one):
		out = append(out, diagnostic(base, one, ""))
	}
	for i := range out {
		if r, ok := lint.Lookup(out[i].Rule); ok {
			out[i].Severity = r.Severity.String()
		}
	}
	return out
}

// diagnostic is one diagnostic of the input s as the page shows it, with
// the rule's catalog entry; fix overrides the catalog's fix when not "".
func diagnostic(s string, d *ast.Diagnostic, fix string) Diagnostic {
	out := Diagnostic{
		Offset: d.Offset, End: d.End, Production: d.Production, Text: d.Text, Message: d.Message,
		Rule: d.Rule, Severity: d.Severity.String(), Fix: fix, Doc: RuleDoc(d.Rule), Caret: d.Caret(s),
	}
	if r, ok := lint.Lookup(d.Rule); ok {
		out.Summary, out.Section = r.Summary, r.Section
		if out.Fix == "" {
			out.Fix = r.Fix
		}
	}
	return out
}

// resolution is §4 on base and ref, strictly when both are fit for it and
// on their §2.4 cuts otherwise.
func resolution(base, ref string) *Resolution {
	res := &Resolution{Strict: true}
	b, berr := resolve.ParseBase(base)
	r, rerr := resolve.ParseRef(ref)
	if berr != nil || rerr != nil {
		res.Strict = false
		var why []string
		var be *resolve.BaseError
		if errors.As(berr, &be) {
			why = append(why, "the base cannot serve as a base URL ("+be.Reason.String()+")")
		}
		if rerr != nil {
			why = append(why, "the reference is not a URL under §2.2")
		}
		res.Note = strings.Join(why, " and ") + `: shown is §4 on the §2.4 cut of both, without checks, as "relurl resolve --lenient" does`
		b, r = validate.Split(base), validate.Split(ref)
	}
	u, tr := section4.ReferenceTrace(b, r)
	res.Result, res.Form, res.Decided = u.String(), u.Form.String(), tr.Decided
	for _, s := range tr.Steps {
		res.Steps = append(res.Steps, Step{ID: s.ID, Note: s.Note, Decides: s.Decides})
	}
	if p := tr.Path; p != nil {
		res.Path = &Step6{Directory: p.Directory, Reference: p.Reference, Merged: p.Merged, Path: p.Path, KeptDot: p.KeptDot}
		for _, rule := range p.Rules {
			removed := rule.Removed
			if removed == nil {
				removed = []string{}
			}
			res.Path.Rules = append(res.Path.Rules, PathRule{ID: rule.ID, Rule: rule.Rule, Removed: removed, Path: rule.Path})
		}
	}
	res.Components = components(u, false)
	origins := [...]section4.Origin{tr.Origin.Scheme, tr.Origin.NetLoc, tr.Origin.Path, tr.Origin.Params, tr.Origin.Query, tr.Origin.Fragment}
	for i := range res.Components {
		res.Components[i].Origin = origins[i].String()
	}
	if reason := resolve.BaseReason(u); reason != 0 && res.Strict {
		res.BaseNote = "the result cannot serve as a base URL in its turn (§2): " + reason.String()
	}
	if res.Strict {
		back, err := resolve.Relative(base, res.Result)
		if err != nil {
			res.RelativeError = err.Error()
		} else {
			res.Relative = &back
		}
	}
	return res
}
