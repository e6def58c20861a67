package gen

import (
	"strings"

	"github.com/leanovate/gopter"
	"github.com/relurl/relurl/ast"
)

// Each production is drawn by walking the BNF (rfc1808.go) from a
// [Source], into a string for the character and component productions
// and into an ast.URL for the URL-level ones; the exported functions wrap
// them into gopter generators with shrinkers, and [Production.Draw] runs
// them on any Source, such as the bytes of a fuzz input. The table of
// productions is in registry.go.

// Escape generates escape = "%" hex hex, with upper- and lower-case hex.
func Escape() gopter.Gen { return mustFind("escape").Gen() }

// Pchar generates one pchar = uchar | ":" | "@" | "&" | "=": a character
// of the production or, a fifth of the time, an escape.
func Pchar() gopter.Gen { return mustFind("pchar").Gen() }

// Uchar generates one uchar = unreserved | escape.
func Uchar() gopter.Gen { return mustFind("uchar").Gen() }

// Scheme generates scheme = 1*( alpha | digit | "+" | "-" | "." ): the
// common schemes, schemes beginning with a digit, and any run of scheme
// characters.
func Scheme() gopter.Gen { return mustFind("scheme").Gen() }

// NetLoc generates net_loc = *( pchar | ";" | "?" ), including the empty
// net_loc and RFC 1738 logins with ports.
func NetLoc() gopter.Gen { return mustFind("net_loc").Gen() }

// Fsegment generates fsegment = 1*pchar, with "." and ".." and a segment
// holding ":" among its corners.
func Fsegment() gopter.Gen { return mustFind("fsegment").Gen() }

// Segment generates segment = *pchar; empty, "." and ".." are common.
func Segment() gopter.Gen { return mustFind("segment").Gen() }

// Path generates path = fsegment *( "/" segment ).
func Path() gopter.Gen { return mustFind("path").Gen() }

// Param generates param = *( pchar | "/" ), often holding "/".
func Param() gopter.Gen { return mustFind("param").Gen() }

// Params generates params = param *( ";" param ).
func Params() gopter.Gen { return mustFind("params").Gen() }

// Query generates query = *( uchar | reserved ), often holding "?", ";"
// and "/./".
func Query() gopter.Gen { return mustFind("query").Gen() }

// Fragment generates fragment = *( uchar | reserved ).
func Fragment() gopter.Gen { return mustFind("fragment").Gen() }

// RelPath generates rel_path = [ path ] [ ";" params ] [ "?" query ], as
// the ast.URL of a relativeURL (which may be empty). A path whose first
// segment would read as a scheme ("this:that") is written "./this:that",
// as §5.3 recommends.
func RelPath() gopter.Gen { return mustFind("rel_path").Gen() }

// AbsPath generates abs_path = "/" rel_path.
func AbsPath() gopter.Gen { return mustFind("abs_path").Gen() }

// NetPath generates net_path = "//" net_loc [ abs_path ].
func NetPath() gopter.Gen { return mustFind("net_path").Gen() }

// RelativeURL generates relativeURL = net_path | abs_path | rel_path.
func RelativeURL() gopter.Gen { return mustFind("relativeURL").Gen() }

// GenericRL generates generic-RL = scheme ":" relativeURL; after a scheme,
// a rel_path's first segment may hold a ":" ("http:this:that").
func GenericRL() gopter.Gen { return mustFind("generic-RL").Gen() }

// AbsoluteURL generates absoluteURL = generic-RL | ( scheme ":" *( uchar
// | reserved ) ). The second alternative is generated in the shape that
// only it matches, "//" net_loc "//" ..., so that a quarter of absolute
// URLs take the opaque form.
func AbsoluteURL() gopter.Gen { return mustFind("absoluteURL").Gen() }

// URL generates URL = ( absoluteURL | relativeURL ) [ "#" fragment ].
func URL() gopter.Gen { return mustFind("URL").Gen() }

// draw runs a generator of this package, whose results are never sieved
// out, and returns its value.
func draw[T any](g gopter.Gen, p *gopter.GenParameters) T {
	return g(p).Result.(T)
}

func present(v string) ast.Component { return ast.Component{Value: v, Present: true} }

// stringGen wraps a string production into a generator whose shrinker
// removes units, keeping at least minUnits (none if minUnits < 0).
func stringGen(build func(Source) string, minUnits int) gopter.Gen {
	return func(p *gopter.GenParameters) *gopter.GenResult {
		s := build(fromParams(p))
		if minUnits < 0 {
			return gopter.NewGenResult(s, gopter.NoShrinker)
		}
		return gopter.NewGenResult(s, unitShrinker(minUnits))
	}
}

// urlGen wraps a URL production into a generator that sets its values'
// form and gives them the URL shrinker, with a sieve that keeps shrunk
// values well formed and of the production's shape.
func urlGen(shape func(ast.URL) bool, build func(Source) ast.URL) gopter.Gen {
	return func(p *gopter.GenParameters) *gopter.GenResult {
		u := build(fromParams(p))
		u.Form = ast.FormOf(&u)
		r := gopter.NewGenResult(u, shrinkURL)
		r.Sieve = func(v any) bool { u := v.(ast.URL); return WellFormed(u) && shape(u) }
		return r
	}
}

// The shapes of the URL productions, for the sieves of their shrinks.
func anyURL(ast.URL) bool         { return true }
func isAbsolute(u ast.URL) bool   { return u.Scheme.Present }
func isGenericRL(u ast.URL) bool  { return u.Form == ast.FormGenericRL }
func isRelative(u ast.URL) bool   { return !u.Scheme.Present }
func isNetPath(u ast.URL) bool    { return !u.Scheme.Present && u.NetLoc.Present }
func isAbsPath(u ast.URL) bool    { return isRelative(u) && !u.NetLoc.Present && u.Path.IsAbsolute() }
func isRelPathURL(u ast.URL) bool { return isRelative(u) && !u.NetLoc.Present && !u.Path.IsAbsolute() }

// WellFormed reports whether u, printed, is a valid URL that reads back
// into exactly its components and form. It is the sieve of the URL
// generators' shrinks, and what the generators promise of every value.
func WellFormed(u ast.URL) bool {
	if u.Form != ast.FormOf(&u) {
		return false
	}
	p := u.Path.Value
	switch {
	case u.Scheme.Present && (u.Scheme.Value == "" || !allOf(u.Scheme.Value, ast.SchemeChar, false)):
		return false
	case u.Form != ast.FormOpaque && strings.HasPrefix(p, "//"):
		return false // read as a net_loc, or a relative net_loc followed by "//"
	case u.NetLoc.Present && p != "" && p[0] != '/':
		return false // the path would join the net_loc
	case u.NetLoc.Present && p == "" && (u.Params.Present || u.Query.Present):
		return false // params or a query right after a net_loc join it ("//a;p")
	case !u.Scheme.Present && ast.SchemeLen(p) > 0:
		return false // the first segment would read as a scheme
	}
	return allOf(u.NetLoc.Value, ast.NetLocChar, true) &&
		allOf(p, ast.PcharChar|ast.ParamChar, true) && // pchar and the "/" between segments
		allOf(u.Params.Value, ast.ParamsChar, true) &&
		allOf(u.Query.Value, ast.QueryChar, true) &&
		allOf(u.Fragment.Value, ast.QueryChar, true)
}

// allOf reports whether s is made of characters of mask and, if escapes
// is set, escapes.
func allOf(s string, mask ast.Class, escapes bool) bool {
	for i := 0; i < len(s); i++ {
		switch {
		case ast.Is(s[i], mask):
		case escapes && ast.IsEscape(s[i:]):
			i += 2
		default:
			return false
		}
	}
	return true
}

// shrinkURL shrinks a URL towards fewer components and shorter ones. Its
// candidates are filtered by the generators' sieve, [WellFormed].
func shrinkURL(v any) gopter.Shrink {
	u := v.(ast.URL)
	var out []ast.URL
	add := func(c ast.URL) {
		c.Form = ast.FormOf(&c)
		out = append(out, c)
	}
	for _, field := range []func(*ast.URL) *ast.Component{
		func(u *ast.URL) *ast.Component { return &u.Fragment },
		func(u *ast.URL) *ast.Component { return &u.Query },
		func(u *ast.URL) *ast.Component { return &u.Params },
		func(u *ast.URL) *ast.Component { return &u.NetLoc },
		func(u *ast.URL) *ast.Component { return &u.Scheme },
	} {
		if c := *field(&u); c.Present {
			drop := u
			*field(&drop) = ast.Component{}
			add(drop)
			minUnits := 0
			if field(&u) == &u.Scheme {
				minUnits = 1
			}
			for _, s := range shrinkStrings(c.Value, minUnits) {
				shorter := u
				*field(&shorter) = present(s)
				add(shorter)
			}
		}
	}
	for _, s := range shrinkStrings(u.Path.Value, 0) {
		shorter := u
		shorter.Path.Value = s
		add(shorter)
	}
	return listShrink(out)
}
