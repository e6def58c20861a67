package conformance

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	relurl "github.com/relurl/relurl"
	"github.com/relurl/relurl/ast"
	"github.com/relurl/relurl/grammar"
	"github.com/relurl/relurl/lint/internal/compare"
)

// How many inputs each production of package gen gives: valid ones, and
// for each URL-level production invalid ones.
const (
	genPerProduction     = 40
	invalidPerProduction = 16
)

// Generate builds the data file's entries from the sources, in a fixed
// order, from relurl's answers (the root package: Validate, Split,
// Resolve), and checks every answer by a second computation: the verdict
// and the cut by the reference parser (package grammar), every resolution
// by [literalResolve], and each §5 example by the RFC's own answer. root
// is the repository's root. Any disagreement is an error, and no entries
// are returned.
func Generate(root string) ([]Entry, error) {
	g := &generator{seen: map[string]bool{}}
	g.comment("RFC 1808 conformance data, in the shape of the Web Platform Tests' url/resources/urltestdata.json: " +
		"each case is an input read alone (\"base\": null) or resolved against a base by §4, and RFC 1808's answer: " +
		"\"failure\": true where it gives no URL, else \"href\" and its six components (§2.1; null when the delimiter " +
		"is absent). \"valid\" is the strict §2.2 verdict of the input; \"source\" where the case comes from; " +
		"\"decisions\" the ids of the decisions (docs/decisions.md) that answer it where RFC 1808 is silent or ambiguous. " +
		"Written by go generate ./internal/conformance; see docs/conformance-data.md.")

	base, normal, abnormal, err := section5(root)
	if err != nil {
		return nil, err
	}
	for _, sec := range []struct {
		source, title string
		ex            []example
	}{{SourceSection51, "Normal Examples", normal}, {SourceSection52, "Abnormal Examples", abnormal}} {
		g.comment(sec.source + " " + sec.title + ", against the base " + base + ", with the RFC's own answers")
		for _, e := range sec.ex {
			if c := g.add(&base, e.ref, sec.source); c != nil && c.Href != e.want {
				g.fail("%s: %q against %q: relurl gives %q, the RFC %q", sec.source, e.ref, base, c.Href, e.want)
			}
		}
		g.comment(sec.source + ": the same references read alone")
		for _, e := range sec.ex {
			g.add(nil, e.ref, sec.source)
		}
	}

	table, err := tableCases(root)
	if err != nil {
		return nil, err
	}
	g.comment("relurl's table of parsing cases (" + tablePath + "), read alone and against the base of §5")
	for _, c := range table {
		src := tableSource(c.Section)
		g.add(nil, c.Input, src)
		g.add(&base, c.Input, src)
	}

	g.comment("Where RFC 1808 is silent or ambiguous: inputs read alone, and references against bases chosen to " +
		"reach the open points of §4; each case lists the decisions that answer it")
	for _, in := range decisionInputs {
		g.addDecided(nil, in)
	}
	for _, b := range decisionBases {
		for _, r := range decisionRefs {
			g.addDecided(&b, r)
		}
	}

	g.comment("The divergence classes of package compare (RFC 1808, RFC 3986 as Go's net/url reads it, the WHATWG " +
		"URL Standard): for each class, cases where RFC 1808 and another reading part in that way")
	for _, cc := range classCases {
		g.addClass(cc)
	}

	g.comment("Each production of §2.2 as package gen builds it (a fixed seed): its least value, its first " +
		"choices, random values; read alone and against the base of §5")
	for _, in := range genInputs(genPerProduction) {
		src := sourceGen + ": " + in.production
		g.add(nil, in.input, src)
		g.add(&base, in.input, src)
	}
	g.comment("Invalid URLs: a valid URL of each URL-level production with one known violation injected " +
		"(gen's Invalid); read alone and against the base of §5")
	for _, in := range genInvalid(invalidPerProduction) {
		src := sourceInvalid + ": " + in.production + " " + in.rule
		g.add(nil, in.input, src)
		g.add(&base, in.input, src)
	}

	if len(g.errs) > 0 {
		return nil, errors.Join(g.errs...)
	}
	return g.entries, nil
}

type generator struct {
	entries []Entry
	seen    map[string]bool
	errs    []error
}

func (g *generator) comment(s string) { g.entries = append(g.entries, Entry{Comment: s}) }

func (g *generator) fail(format string, args ...any) {
	g.errs = append(g.errs, fmt.Errorf(format, args...))
}

// addDecided adds a case only where a decision answers it.
func (g *generator) addDecided(base *string, input string) {
	if len(decisionsFor(base, input)) > 0 {
		g.add(base, input, sourceDecisions)
	}
}

// addClass adds a case of a divergence class, after checking that package
// compare finds the class in it.
func (g *generator) addClass(cc classCase) {
	rep := compare.Reference(cc.base, cc.ref)
	found := false
	for _, d := range rep.Divergences {
		found = found || d.Class.String() == cc.class
	}
	if !found {
		g.fail("compare: %q against %q shows no divergence of class %s: %v", cc.ref, cc.base, cc.class, rep.Divergences)
		return
	}
	var base *string
	if cc.base != "" {
		base = &cc.base
	}
	g.add(base, cc.ref, classSource(cc.class))
}

// add answers the case of input (read alone when base is nil), checks the
// answer, and appends the case, unless a case of the same base and input
// is in the file already or input is not UTF-8 (a JSON string cannot hold
// it: decision D-2). It returns the case, or nil.
func (g *generator) add(base *string, input, source string) *Case {
	if !utf8.ValidString(input) || base != nil && !utf8.ValidString(*base) {
		return nil
	}
	c := &Case{Input: input, Base: base, Source: source, Decisions: decisionsFor(base, input)}
	if g.seen[c.Key()] {
		return nil
	}
	g.seen[c.Key()] = true
	answer(c)
	if err := check(c); err != nil {
		g.errs = append(g.errs, err)
		return nil
	}
	g.entries = append(g.entries, Entry{Case: c})
	return c
}

// answer fills in relurl's answer: the root package's Validate, Split and
// Resolve.
func answer(c *Case) {
	_, diags := relurl.Validate(c.Input)
	c.Valid = diags.Err() == nil
	if c.Base == nil {
		if !c.Valid {
			c.Failure = true
			return
		}
		c.Href = c.Input
	} else {
		href, err := relurl.Resolve(*c.Base, c.Input)
		if err != nil {
			c.Failure = true
			return
		}
		c.Href = href
	}
	c.Parts = rootParts(relurl.Split(c.Href))
}

// rootParts is partsOf for the root package's URL.
func rootParts(u relurl.URL) Parts {
	o := func(c relurl.Component) Opt { return Opt{Value: c.Value, Present: c.Present} }
	return Parts{o(u.Scheme), o(u.NetLoc), u.Path.Value, o(u.Params), o(u.Query), o(u.Fragment)}
}

func partsOf(u ast.URL) Parts {
	o := func(c ast.Component) Opt { return Opt{Value: c.Value, Present: c.Present} }
	return Parts{o(u.Scheme), o(u.NetLoc), u.Path.Value, o(u.Params), o(u.Query), o(u.Fragment)}
}

// check holds a case's answer to the second computation: the reference
// parser's verdict on the input (and on the base), its cut of the URL
// answered, and the literal reading of §4 for a resolution.
func check(c *Case) error {
	where := fmt.Sprintf("%q", c.Input)
	if c.Base != nil {
		where += fmt.Sprintf(" against %q", *c.Base)
	}
	ref, refErr := grammar.Parse(c.Input)
	if (refErr == nil) != c.Valid {
		return fmt.Errorf("%s: relurl's verdict valid=%v, the reference parser's error %v", where, c.Valid, refErr)
	}
	wantFailure := refErr != nil
	var base ast.URL
	if c.Base != nil && *c.Base != "" {
		var err error
		base, err = grammar.Parse(*c.Base)
		// §2: a base must be absolute and fit generic-RL.
		if err != nil || !base.Scheme.Present || base.Form != ast.FormGenericRL {
			wantFailure = true
		}
	}
	if c.Failure != wantFailure {
		return fmt.Errorf("%s: relurl failure=%v, the reference parser %v", where, c.Failure, wantFailure)
	}
	if c.Failure {
		return nil
	}
	if c.Base != nil {
		lit := literalResolve(*c.Base, partsOf(base), c.Input, partsOf(ref))
		if lit != c.Href {
			return fmt.Errorf("%s: relurl resolves to %q, §4 read literally to %q", where, c.Href, lit)
		}
	}
	u, err := grammar.Parse(c.Href)
	if err != nil {
		return fmt.Errorf("%s: the URL %q is not valid to the reference parser: %v", where, c.Href, err)
	}
	if got := partsOf(u); got != c.Parts {
		return fmt.Errorf("%s: relurl cuts %q into %+v, the reference parser into %+v", where, c.Href, c.Parts, got)
	}
	return nil
}

// Counts are the number of cases by group of source, with the total.
type Counts struct {
	Groups []GroupCount
	Total  int
	// Resolved and Alone count the cases with a base and without.
	Resolved, Alone int
	// Failures count the cases where RFC 1808 gives no URL.
	Failures int
	// Decided counts the cases that cite a decision.
	Decided int
}

// GroupCount is the number of cases of one group of sources.
type GroupCount struct {
	Group string
	N     int
}

// Count counts the cases by group of source, in the order the groups first
// appear.
func Count(cs []*Case) Counts {
	var n Counts
	for _, c := range cs {
		g := sourceGroup(c.Source)
		i := slices.IndexFunc(n.Groups, func(x GroupCount) bool { return x.Group == g })
		if i < 0 {
			n.Groups = append(n.Groups, GroupCount{Group: g})
			i = len(n.Groups) - 1
		}
		n.Groups[i].N++
		n.Total++
		if c.HasBase() {
			n.Resolved++
		} else {
			n.Alone++
		}
		if c.Failure {
			n.Failures++
		}
		if len(c.Decisions) > 0 {
			n.Decided++
		}
	}
	return n
}

// String writes the counts, one group a line.
func (n Counts) String() string {
	var b strings.Builder
	for _, g := range n.Groups {
		fmt.Fprintf(&b, "%6d  %s\n", g.N, g.Group)
	}
	fmt.Fprintf(&b, "%6d  in all: %d resolved against a base, %d read alone; %d failures; %d citing a decision\n",
		n.Total, n.Resolved, n.Alone, n.Failures, n.Decided)
	return b.String()
}
