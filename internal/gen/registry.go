package gen

import (
	"sort"
	"strings"
	"sync"

	"github.com/leanovate/gopter"
	"github.com/relurl/relurl/ast"
)

// A Production is one production of the RFC 1808 §2.2 BNF with its
// generator: the one table of the productions this package generates, from
// which [Lookup], [Names], [Find], "relurl gen --list" and the checks that
// every production of the grammar has a generator all derive. It holds
// every production the URL production reaches, in the order of the BNF.
type Production struct {
	// Name is the production's name as the RFC spells it: "generic-RL",
	// "net_loc", "fsegment".
	Name string

	minUnits int                // the fewest units its shrinks keep (-1: no shrinking)
	shape    func(ast.URL) bool // a URL-level production: the shape its shrinks keep
}

// components are the productions of the six components of §2.1. The
// productions that reach one and are none are URL-level: they generate
// ast.URL values.
var components = []string{"scheme", "net_loc", "path", "params", "query", "fragment"}

// shapes are the shapes of the URL-level productions' values, for the
// sieves of their shrinks.
var shapes = map[string]func(ast.URL) bool{
	"URL":         anyURL,
	"absoluteURL": isAbsolute,
	"generic-RL":  isGenericRL,
	"relativeURL": isRelative,
	"net_path":    isNetPath,
	"abs_path":    isAbsPath,
	"rel_path":    isRelPathURL,
}

// productions returns the table, read from the BNF once, on first use;
// never changed.
var productions = sync.OnceValue(readProductions)

func readProductions() []Production {
	var out []Production
	for _, name := range bnfInfo().reachable("URL") {
		p := Production{Name: name, minUnits: minUnits(bnfInfo().rule(name))}
		if bnfInfo().single[name] != "" || name == escapeRule {
			p.minUnits = -1
		}
		if urlLevel(name) {
			p.shape = shapes[name]
			if p.shape == nil {
				p.shape = anyURL
			}
		}
		out = append(out, p)
	}
	return out
}

// urlLevel reports whether the production reaches a component of §2.1
// and is none.
func urlLevel(name string) bool {
	for _, c := range components {
		if name == c {
			return false
		}
	}
	for _, c := range components {
		if bnfInfo().reaches(bnfInfo().rule(name), c, map[string]bool{}) {
			return true
		}
	}
	return false
}

// minUnits returns the fewest units (characters and escapes) of e's
// strings.
func minUnits(e *expr) int {
	switch e.op {
	case opLit:
		return len(e.lit)
	case opRef:
		if bnfInfo().single[e.ref] != "" || e.ref == escapeRule {
			return 1
		}
		return minUnits(bnfInfo().rule(e.ref))
	case opSeq:
		n := 0
		for _, it := range e.items {
			n += minUnits(it)
		}
		return n
	case opAlt:
		n := -1
		for _, it := range e.items {
			if m := minUnits(it); n < 0 || m < n {
				n = m
			}
		}
		return n
	case opOpt:
		return 0
	}
	return e.min * minUnits(e.body())
}

// Productions returns the table, top-down as §2.2 lists the productions:
// the URL-level ones first, the character productions last.
func Productions() []Production { return append([]Production(nil), productions()...) }

// mustFind returns the production called name, which the BNF has.
func mustFind(name string) Production {
	p, ok := Find(name)
	if !ok {
		panic("gen: the BNF has no production " + name)
	}
	return p
}

// IsURL reports whether the production builds whole URLs (ast.URL values)
// rather than strings: URL, absoluteURL, generic-RL, relativeURL and the
// three forms of relativeURL. Only these take [Invalid] violations.
func (p Production) IsURL() bool { return p.shape != nil }

// Gen returns the production's gopter generator, with its shrinker.
func (p Production) Gen() gopter.Gen {
	if p.shape != nil {
		return urlGen(p.shape, p.drawURL)
	}
	return stringGen(p.drawString, p.minUnits)
}

func (p Production) drawURL(src Source) ast.URL   { return drawURL(p.Name, src) }
func (p Production) drawString(src Source) string { return drawString(p.Name, src) }

// Draw builds one value of the production from src's choices: an ast.URL
// (its form set) for a URL-level production, a string for the others.
// With a [Bytes] source it turns any byte string into a valid value.
func (p Production) Draw(src Source) any {
	if p.shape != nil {
		u := p.drawURL(src)
		u.Form = ast.FormOf(&u)
		return u
	}
	return p.drawString(src)
}

// DrawInvalid builds, from src's choices, a URL of the production with
// one known violation injected (see [Invalid]). It reports false for a
// production that is not URL-level.
func (p Production) DrawInvalid(src Source) (Violation, bool) {
	if p.shape == nil {
		return Violation{}, false
	}
	return drawInvalid(src, func(src Source) ast.URL {
		u := p.drawURL(src)
		u.Form = ast.FormOf(&u)
		return u
	}), true
}

// Find returns the production called name, spelled as the RFC spells it
// ("generic-RL", "net_loc") or as Go does ("GenericRL", "NetLoc"), in any
// case.
func Find(name string) (Production, bool) {
	n := normalize(name)
	for _, p := range productions() {
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
