package gen

import (
	"sort"
	"strings"

	"github.com/leanovate/gopter"
	"github.com/relurl/relurl/ast"
)

// A Production is one production of the RFC 1808 §2.2 BNF with its
// generator: the one table of the productions this package generates, from
// which [Lookup], [Names], [Find], "relurl gen --list" and the checks that
// every production of the grammar has a generator all derive.
type Production struct {
	// Name is the production's name as the RFC spells it: "generic-RL",
	// "net_loc", "fsegment".
	Name string

	str      func(Source) string  // a character or component production
	minUnits int                  // the fewest units its shrinks keep (-1: no shrinking)
	url      func(Source) ast.URL // a URL-level production
	shape    func(ast.URL) bool   // the shape its shrinks keep
}

// The rows of the table, top-down as §2.2 lists the productions. Each is a
// value never changed after initialisation.
var (
	urlProduction         = Production{Name: "URL", url: url, shape: anyURL}
	absoluteURLProduction = Production{Name: "absoluteURL", url: absoluteURL, shape: isAbsolute}
	genericRLProduction   = Production{Name: "generic-RL", url: genericRL, shape: isGenericRL}
	relativeURLProduction = Production{Name: "relativeURL", url: relativeURL, shape: isRelative}
	netPathProduction     = Production{Name: "net_path", url: netPath, shape: isNetPath}
	absPathProduction     = Production{Name: "abs_path", url: absPath, shape: isAbsPath}
	relPathProduction     = Production{Name: "rel_path", url: relPathURL, shape: isRelPathURL}
	pathProduction        = Production{Name: "path", str: path, minUnits: 1}
	fsegmentProduction    = Production{Name: "fsegment", str: fsegmentSpec.draw, minUnits: fsegmentSpec.min}
	segmentProduction     = Production{Name: "segment", str: segmentSpec.draw, minUnits: segmentSpec.min}
	paramsProduction      = Production{Name: "params", str: params, minUnits: 0}
	paramProduction       = Production{Name: "param", str: paramSpec.draw, minUnits: paramSpec.min}
	schemeProduction      = Production{Name: "scheme", str: schemeSpec.draw, minUnits: schemeSpec.min}
	netLocProduction      = Production{Name: "net_loc", str: netLocSpec.draw, minUnits: netLocSpec.min}
	queryProduction       = Production{Name: "query", str: querySpec.draw, minUnits: querySpec.min}
	fragmentProduction    = Production{Name: "fragment", str: fragmentSpec.draw, minUnits: fragmentSpec.min}
	pcharProduction       = Production{Name: "pchar", str: pcharSpec.draw, minUnits: pcharSpec.min}
	ucharProduction       = Production{Name: "uchar", str: ucharSpec.draw, minUnits: ucharSpec.min}
	escapeProduction      = Production{Name: "escape", str: escape, minUnits: -1}
)

// Productions returns the table, top-down as §2.2 lists the productions:
// the URL-level ones first.
func Productions() []Production {
	return []Production{
		urlProduction, absoluteURLProduction, genericRLProduction, relativeURLProduction,
		netPathProduction, absPathProduction, relPathProduction,
		pathProduction, fsegmentProduction, segmentProduction, paramsProduction, paramProduction,
		schemeProduction, netLocProduction, queryProduction, fragmentProduction,
		pcharProduction, ucharProduction, escapeProduction,
	}
}

// IsURL reports whether the production builds whole URLs (ast.URL values)
// rather than strings: URL, absoluteURL, generic-RL, relativeURL and the
// three forms of relativeURL. Only these take [Invalid] violations.
func (p Production) IsURL() bool { return p.url != nil }

// Gen returns the production's gopter generator, with its shrinker.
func (p Production) Gen() gopter.Gen {
	if p.url != nil {
		return urlGen(p.shape, p.url)
	}
	return stringGen(p.str, p.minUnits)
}

// Draw builds one value of the production from src's choices: an ast.URL
// (its form set) for a URL-level production, a string for the others.
// With a [Bytes] source it turns any byte string into a valid value.
func (p Production) Draw(src Source) any {
	if p.url != nil {
		u := p.url(src)
		u.Form = ast.FormOf(&u)
		return u
	}
	return p.str(src)
}

// DrawInvalid builds, from src's choices, a URL of the production with
// one known violation injected (see [Invalid]). It reports false for a
// production that is not URL-level.
func (p Production) DrawInvalid(src Source) (Violation, bool) {
	if p.url == nil {
		return Violation{}, false
	}
	return drawInvalid(src, func(src Source) ast.URL {
		u := p.url(src)
		u.Form = ast.FormOf(&u)
		return u
	}), true
}

// Find returns the production called name, spelled as the RFC spells it
// ("generic-RL", "net_loc") or as Go does ("GenericRL", "NetLoc"), in any
// case.
func Find(name string) (Production, bool) {
	n := normalize(name)
	for _, p := range Productions() {
		if normalize(p.Name) == n {
			return p, true
		}
	}
	return Production{}, false
}

// Lookup returns the generator of the production called name (see
// [Find] for the spellings).
func Lookup(name string) (gopter.Gen, bool) {
	p, ok := Find(name)
	if !ok {
		return nil, false
	}
	return p.Gen(), true
}

// Names lists the productions that have generators, in the RFC's
// spelling, sorted.
func Names() []string {
	var names []string
	for _, p := range Productions() {
		names = append(names, p.Name)
	}
	sort.Strings(names)
	return names
}

// URLNames lists the URL-level productions (see [Production.IsURL]) in
// the table's order.
func URLNames() []string {
	var names []string
	for _, p := range Productions() {
		if p.IsURL() {
			names = append(names, p.Name)
		}
	}
	return names
}

func normalize(name string) string {
	return strings.ToLower(strings.NewReplacer("-", "", "_", "").Replace(name))
}
