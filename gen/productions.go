package gen

import (
	"strings"

	"github.com/leanovate/gopter"
	"github.com/relurl/relurl/ast"
)

// Escape generates escape = "%" hex hex, with upper- and lower-case hex.
func Escape() gopter.Gen {
	return func(p *gopter.GenParameters) *gopter.GenResult {
		return gopter.NewGenResult(string(appendEscape(nil, p)), gopter.NoShrinker)
	}
}

// Pchar generates one pchar = uchar | ":" | "@" | "&" | "=": a character
// of the class or, a fifth of the time, an escape.
func Pchar() gopter.Gen {
	return unitSpec{class: ast.PcharChar, min: 1, max: 1, escapes: 20}.gen()
}

// Uchar generates one uchar = unreserved | escape.
func Uchar() gopter.Gen {
	return unitSpec{class: ast.Unreserved, min: 1, max: 1, escapes: 20}.gen()
}

// Scheme generates scheme = 1*( alpha | digit | "+" | "-" | "." ): the
// common schemes, schemes beginning with a digit, and any run of scheme
// characters.
func Scheme() gopter.Gen {
	return unitSpec{class: ast.SchemeChar, min: 1, max: 8,
		corners: []string{"http", "ftp", "file", "mailto", "news", "g", "1", "9z", "a+b.c-d", "-", "."}}.gen()
}

// NetLoc generates net_loc = *( pchar | ";" | "?" ), including the empty
// net_loc and RFC 1738 logins with ports.
func NetLoc() gopter.Gen {
	return unitSpec{class: ast.NetLocChar, max: 12, escapes: 10,
		corners: []string{"", "a", "g", "user:pw@host:80", "@host", "a;b?c", "%41%42", "www.ics.uci.edu"}}.gen()
}

// Fsegment generates fsegment = 1*pchar, with "." and ".." and a segment
// holding ":" among its corners.
func Fsegment() gopter.Gen {
	return unitSpec{class: ast.PcharChar, min: 1, max: 8, escapes: 10,
		corners: []string{".", "..", "g", "this:that", "g.", ".g", "..g", "%2E"}}.gen()
}

// Segment generates segment = *pchar; empty, "." and ".." are common.
func Segment() gopter.Gen {
	return unitSpec{class: ast.PcharChar, max: 8, escapes: 10,
		corners: []string{"", "", ".", "..", "g", "h"}}.gen()
}

// Path generates path = fsegment *( "/" segment ).
func Path() gopter.Gen {
	fseg, seg := Fsegment(), Segment()
	return func(p *gopter.GenParameters) *gopter.GenResult {
		var b strings.Builder
		b.WriteString(draw[string](fseg, p))
		for n := p.Rng.Intn(5); n > 0; n-- {
			b.WriteByte('/')
			b.WriteString(draw[string](seg, p))
		}
		return gopter.NewGenResult(b.String(), unitShrinker(1))
	}
}

// Param generates param = *( pchar | "/" ), often holding "/".
func Param() gopter.Gen {
	return unitSpec{class: ast.ParamChar, max: 8, escapes: 10,
		corners: []string{"", "type=a", "type=d", "x=1/../y", "/", "a/b", "p"}}.gen()
}

// Params generates params = param *( ";" param ).
func Params() gopter.Gen {
	param := Param()
	return func(p *gopter.GenParameters) *gopter.GenResult {
		parts := []string{draw[string](param, p)}
		for n := p.Rng.Intn(3); n > 0; n-- {
			parts = append(parts, draw[string](param, p))
		}
		return gopter.NewGenResult(strings.Join(parts, ";"), unitShrinker(0))
	}
}

// Query generates query = *( uchar | reserved ), often holding "?", ";"
// and "/./".
func Query() gopter.Gen {
	return unitSpec{class: ast.QueryChar, max: 12, escapes: 10,
		corners: []string{"", "y", "q", "y/./x", "a?b;c", "?", ";", "a=1&b=2"}}.gen()
}

// Fragment generates fragment = *( uchar | reserved ).
func Fragment() gopter.Gen {
	return unitSpec{class: ast.QueryChar, max: 12, escapes: 10,
		corners: []string{"", "s", "s/./x", "a?b;c", "/"}}.gen()
}

// RelPath generates rel_path = [ path ] [ ";" params ] [ "?" query ], as
// the ast.URL of a relativeURL (which may be empty). A path whose first
// segment would read as a scheme ("this:that") is written "./this:that",
// as §5.3 recommends.
func RelPath() gopter.Gen {
	rel := relPath()
	return urlGen(isRelPathURL, func(p *gopter.GenParameters) ast.URL {
		u := draw[ast.URL](rel, p)
		if ast.SchemeLen(u.Path.Value) > 0 {
			u.Path.Value = "./" + u.Path.Value
		}
		return u
	})
}

// relPath generates rel_path as it may follow a scheme or a "/": its first
// segment may hold a ":".
func relPath() gopter.Gen {
	path, params, query := Path(), Params(), Query()
	return func(p *gopter.GenParameters) *gopter.GenResult {
		var u ast.URL
		if p.Rng.Intn(10) < 7 {
			u.Path.Value = draw[string](path, p)
		}
		if p.Rng.Intn(10) < 3 {
			u.Params = present(draw[string](params, p))
		}
		if p.Rng.Intn(10) < 3 {
			u.Query = present(draw[string](query, p))
		}
		return gopter.NewGenResult(u, gopter.NoShrinker)
	}
}

// AbsPath generates abs_path = "/" rel_path.
func AbsPath() gopter.Gen {
	rel := relPath()
	return urlGen(isAbsPath, func(p *gopter.GenParameters) ast.URL {
		u := draw[ast.URL](rel, p)
		u.Path.Value = "/" + u.Path.Value
		return u
	})
}

// NetPath generates net_path = "//" net_loc [ abs_path ].
func NetPath() gopter.Gen {
	netloc, abs := NetLoc(), AbsPath()
	return urlGen(isNetPath, func(p *gopter.GenParameters) ast.URL {
		var u ast.URL
		if p.Rng.Intn(10) < 7 {
			u = draw[ast.URL](abs, p)
		}
		u.NetLoc = present(draw[string](netloc, p))
		return u
	})
}

// RelativeURL generates relativeURL = net_path | abs_path | rel_path.
func RelativeURL() gopter.Gen {
	net, abs, rel := NetPath(), AbsPath(), RelPath()
	return urlGen(isRelative, func(p *gopter.GenParameters) ast.URL {
		switch p.Rng.Intn(10) {
		case 0, 1, 2:
			return draw[ast.URL](net, p)
		case 3, 4, 5:
			return draw[ast.URL](abs, p)
		}
		return draw[ast.URL](rel, p)
	})
}

// GenericRL generates generic-RL = scheme ":" relativeURL; after a scheme,
// a rel_path's first segment may hold a ":" ("http:this:that").
func GenericRL() gopter.Gen {
	scheme, net, abs, rel := Scheme(), NetPath(), AbsPath(), relPath()
	return urlGen(isGenericRL, func(p *gopter.GenParameters) ast.URL {
		var u ast.URL
		switch p.Rng.Intn(10) {
		case 0, 1, 2, 3:
			u = draw[ast.URL](net, p)
		case 4, 5, 6:
			u = draw[ast.URL](abs, p)
		default:
			u = draw[ast.URL](rel, p)
		}
		u.Scheme = present(draw[string](scheme, p))
		return u
	})
}

// AbsoluteURL generates absoluteURL = generic-RL | ( scheme ":" *( uchar
// | reserved ) ). The second alternative is generated in the shape that
// only it matches, "//" net_loc "//" ..., so that a quarter of absolute
// URLs take the opaque form.
func AbsoluteURL() gopter.Gen {
	generic, scheme, netloc, path, params, query := GenericRL(), Scheme(), NetLoc(), Path(), Params(), Query()
	return urlGen(isAbsolute, func(p *gopter.GenParameters) ast.URL {
		if p.Rng.Intn(4) != 0 {
			return draw[ast.URL](generic, p)
		}
		var u ast.URL
		u.Scheme = present(draw[string](scheme, p))
		u.NetLoc = present(draw[string](netloc, p))
		u.Path.Value = "//"
		if p.Rng.Intn(3) != 0 {
			u.Path.Value += draw[string](path, p)
		}
		if p.Rng.Intn(4) == 0 {
			u.Params = present(draw[string](params, p))
		}
		if p.Rng.Intn(4) == 0 {
			u.Query = present(draw[string](query, p))
		}
		return u
	})
}

// URL generates URL = ( absoluteURL | relativeURL ) [ "#" fragment ].
func URL() gopter.Gen {
	abs, rel, frag := AbsoluteURL(), RelativeURL(), Fragment()
	return urlGen(anyURL, func(p *gopter.GenParameters) ast.URL {
		var u ast.URL
		if p.Rng.Intn(2) == 0 {
			u = draw[ast.URL](abs, p)
		} else {
			u = draw[ast.URL](rel, p)
		}
		if p.Rng.Intn(4) == 0 {
			u.Fragment = present(draw[string](frag, p))
		}
		return u
	})
}

// draw runs a generator of this package, whose results are never sieved
// out, and returns its value.
func draw[T any](g gopter.Gen, p *gopter.GenParameters) T {
	return g(p).Result.(T)
}

func present(v string) ast.Component { return ast.Component{Value: v, Present: true} }

// urlGen wraps a function building ast.URLs of one production into a
// generator that sets their form and gives them the URL shrinker, with a
// sieve that keeps shrunk values well formed and of the production's shape.
func urlGen(shape func(ast.URL) bool, build func(*gopter.GenParameters) ast.URL) gopter.Gen {
	return func(p *gopter.GenParameters) *gopter.GenResult {
		u := build(p)
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
