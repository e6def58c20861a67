// Package gen generates URLs, and the parts of URLs, from the productions
// of the RFC 1808 §2.2 BNF: one [Generator] per production, named as the
// RFC names it ("URL", "generic-RL", "net_loc", "fsegment", "escape"), so
// that a test of a URL reader can draw inputs the grammar defines instead
// of writing them.
//
// A generator draws a value either at random ([Generator.Generate], from
// a *rand.Rand) or from bytes ([Generator.Draw]), which turns any byte
// string into a valid value: a fuzz target that hands its input to Draw
// has the fuzzer mutate URLs production by production. Every value is
// valid under §2.2; [Generator.GenerateInvalid] and
// [Generator.DrawInvalid] inject one known violation into a valid URL, so
// the diagnostic a reader must report is known in advance. [Dictionary]
// lists the grammar's delimiters and literals for a fuzzer's dictionary.
//
// The productions are generated from grammar/rfc1808.bnf, and the
// generators are gopter's, with their shrinkers, under the surface; this
// package gives them the standard library's types only. A gopter property
// wraps a Generator into a gopter.Gen in a line (see the example of
// [Generator.Generate]). The generators are safe for concurrent use, each
// with its own *rand.Rand.
package gen

import (
	"math/rand"

	"github.com/leanovate/gopter"
	igen "github.com/relurl/relurl/internal/gen"
)

// DefaultSize is the size parameter of the generators: the longest run of
// units (characters and escapes) a production repeats, before each
// production's own bound.
const DefaultSize = igen.DefaultSize

// Generator generates the values of one production of the §2.2 BNF.
type Generator struct {
	p igen.Production
}

// Find returns the generator of the production called name, spelled as
// the RFC spells it ("generic-RL", "net_loc") or as Go does ("GenericRL",
// "NetLoc"), in any case.
func Find(name string) (Generator, bool) {
	p, ok := igen.Find(name)
	return Generator{p}, ok
}

// Generators returns a generator for every production the URL production
// reaches, top-down as §2.2 lists them: the URL-level productions first,
// the character productions last.
func Generators() []Generator {
	var gs []Generator
	for _, p := range igen.Productions() {
		gs = append(gs, Generator{p})
	}
	return gs
}

// Name returns the production's name as the RFC spells it.
func (g Generator) Name() string { return g.p.Name }

// IsURL reports whether the production builds whole URLs: URL,
// absoluteURL, generic-RL, relativeURL and the three forms of
// relativeURL. Only these take injected violations.
func (g Generator) IsURL() bool { return g.p.IsURL() }

// Generate draws a value of the production at random from r, with size
// [DefaultSize], and returns it as text: a URL for a URL-level production
// (see [Generator.IsURL]), the production's text for the others. The same
// r in the same state gives the same value.
func (g Generator) Generate(r *rand.Rand) string {
	return text(g.p.Gen()(params(r)).Result)
}

// Draw builds a value of the production from data, which it reads as the
// choices of the productions (an alternative, a repetition, a character):
// any byte string, the empty one included, builds one valid value, and a
// byte more or less is a choice more or less.
func (g Generator) Draw(data []byte) string {
	return text(g.p.Draw(igen.NewBytes(data)))
}

// Violation is a URL with one known violation of §2.2 injected into an
// otherwise valid URL: the diagnostic a reader must report is known.
type Violation struct {
	// Input is the invalid URL.
	Input string
	// Offset and End delimit the injected text in Input.
	Offset, End int
	// Production and Rule are those of the diagnostic the violation must
	// draw: the first diagnostic relurl.Validate reports for Input.
	Production, Rule string
	// Base is the valid URL the violation was injected into.
	Base string
}

// GenerateInvalid draws a URL of the production at random from r and
// injects into it one violation of a random kind (a character allowed
// nowhere, a malformed escape, a second "#", a relative net_loc followed
// by "//"), at a random place. It reports false for a production that is
// not URL-level.
func (g Generator) GenerateInvalid(r *rand.Rand) (Violation, bool) {
	if !g.p.IsURL() {
		return Violation{}, false
	}
	return violation(igen.InvalidFrom(g.p.Gen())(params(r)).Result.(igen.Violation)), true
}

// DrawInvalid is [Generator.GenerateInvalid] with its choices read from
// data, as [Generator.Draw] reads them.
func (g Generator) DrawInvalid(data []byte) (Violation, bool) {
	v, ok := g.p.DrawInvalid(igen.NewBytes(data))
	return violation(v), ok
}

// Dictionary returns the tokens of a fuzzing dictionary for URL parsers
// (libFuzzer's -dict, AFL's -x), derived from the grammar: the delimiters
// and their escapes, the characters allowed nowhere, the delimiters of
// more than one character ("//", "://"), the dot segments, and the corner
// values of the generators. Each token appears once.
func Dictionary() []string { return igen.Dictionary() }

// params are gopter's parameters for one value drawn from r.
func params(r *rand.Rand) *gopter.GenParameters {
	return &gopter.GenParameters{MaxSize: DefaultSize, MaxShrinkCount: 1000, Rng: r}
}

// text prints a value of the engine: a URL or a string.
func text(v any) string {
	if s, ok := v.(string); ok {
		return s
	}
	return v.(interface{ String() string }).String()
}

func violation(v igen.Violation) Violation {
	return Violation{Input: v.Input, Offset: v.Offset, End: v.End, Production: v.Production, Rule: v.Rule, Base: v.Base.String()}
}
