package relurl

import (
	"iter"

	"github.com/relurl/relurl/ast"
)

// Span is a half-open range [Start, End) of byte offsets into the input a
// URL was read from. A component built rather than read (by resolution,
// say) has the zero Span.
type Span struct {
	// Start is the offset of the first byte; End the offset after the
	// last.
	Start, End int
}

// Len is the number of bytes in the span.
func (s Span) Len() int { return s.End - s.Start }

// Form says which alternative of RFC 1808 §2.2 a URL matched.
type Form uint8

const (
	// FormRelative is relativeURL = net_path | abs_path | rel_path: no
	// scheme.
	FormRelative Form = Form(ast.FormRelative)
	// FormGenericRL is generic-RL = scheme ":" relativeURL, the only form
	// a base URL may take (§2).
	FormGenericRL Form = Form(ast.FormGenericRL)
	// FormOpaque is the other alternative of absoluteURL,
	// scheme ":" *( uchar | reserved ), for a URL that does not also fit
	// generic-RL: under the §2.2 BNF exactly when the part after "scheme:"
	// is "//" net_loc followed by "//", as in "http://a//b".
	FormOpaque Form = Form(ast.FormOpaque)
)

// String spells the form as the RFC names it: "relativeURL",
// "generic-RL", or "opaque" for the unnamed absoluteURL alternative.
func (f Form) String() string { return ast.Form(f).String() }

// MarshalText spells the form as [Form.String] does.
func (f Form) MarshalText() ([]byte, error) { return []byte(f.String()), nil }

// UnmarshalText reads a form as [Form.String] spells it:
// "relativeURL", "generic-RL" or "opaque".
func (f *Form) UnmarshalText(text []byte) error {
	for v := FormRelative; v <= FormOpaque; v++ {
		if string(text) == v.String() {
			*f = v
			return nil
		}
	}
	return &textError{what: "form", text: string(text), want: "relativeURL, generic-RL or opaque"}
}

// Component is one of the optional components of RFC 1808 §2.1 (scheme,
// net_loc, params, query, fragment). Present records whether its
// delimiter was in the input, so "a" (no query) and "a?" (an empty query)
// differ.
type Component struct {
	// Value is the component's text, without its delimiter.
	Value string
	// Span locates Value in the input.
	Span Span
	// Present reports whether the component's delimiter was present.
	Present bool
}

// String returns the component's text, without its delimiter.
func (c Component) String() string { return c.Value }

// Path is the path of RFC 1808 §2.1 together with the slash that may
// precede it (§2.4.6: "the parser must remember whether or not it was
// present"). An empty Value means there is no path.
type Path struct {
	// Value is the path's text including its leading "/", if any.
	Value string
	// Span locates Value in the input.
	Span Span
}

// String returns the path's text including its leading "/", if any.
func (p Path) String() string { return p.Value }

// IsAbsolute reports whether the path is preceded by a slash (§2.4.6, §4
// step 4).
func (p Path) IsAbsolute() bool { return p.ast().IsAbsolute() }

// IsEmpty reports whether there is no path and no leading slash (§4
// step 5).
func (p Path) IsEmpty() bool { return p.ast().IsEmpty() }

// Segments yields the path's segments in order: the text between slashes,
// after the leading slash if there is one. "/a//b/" yields "a", "", "b",
// ""; the empty path yields nothing.
func (p Path) Segments() iter.Seq[string] { return p.ast().Segments() }

// URL is a URL cut into the six components of RFC 1808 §2.1:
//
//	<scheme>://<net_loc>/<path>;<params>?<query>#<fragment>
//
// Every component but the path records whether it was present, and each
// its byte span in the input. The values are those the §2.4 parsing rules
// cut; for a URL valid under §2.2 they are also exactly the components of
// its parse tree. Its strings are substrings of the input, so reading a
// URL allocates nothing.
//
// URL is a comparable value. It implements [encoding.TextMarshaler] and
// [encoding.TextUnmarshaler], so that it can be kept in JSON, TOML or a
// flag (see [URL.UnmarshalText]).
type URL struct {
	// Form is the §2.2 alternative the URL matched (for an invalid URL,
	// the one its §2.4 cut points to).
	Form Form
	// Scheme is scheme, before the first ":" (§2.4.2).
	Scheme Component
	// NetLoc is net_loc, after "//" (§2.4.3).
	NetLoc Component
	// Path is the path with its leading "/", if any (§2.4.6).
	Path Path
	// Params is params as a whole, after the first ";" (§2.4.5).
	Params Component
	// Query is query, after the first "?" (§2.4.4).
	Query Component
	// Fragment is fragment, after the first "#" (§2.4.1).
	Fragment Component
}

// IsAbsolute reports whether the URL has a scheme, and so is an
// absoluteURL.
func (u URL) IsAbsolute() bool { return u.Scheme.Present }

// IsBase reports whether the URL may serve as a base URL: §2 requires a
// base to fit generic-RL.
func (u URL) IsBase() bool { return u.Form == FormGenericRL }

// String prints the URL: its components, each behind its delimiter, in the
// order of §2.1. A URL read from a string prints back as exactly that
// string.
func (u URL) String() string { return u.ast().String() }

// MarshalText returns the URL as [URL.String] prints it. It never fails.
func (u URL) MarshalText() ([]byte, error) {
	a := u.ast()
	return a.AppendTo(make([]byte, 0, a.Len())), nil
}

// UnmarshalText reads text as [Parse] does, strictly under RFC 1808 §2.2,
// into u; on an error u is left as it was. Every URL [Parse] accepts
// comes back from its [URL.MarshalText] as it was, spans aside: they
// locate the components in text.
//
// A URL valid only under a [Profile] (one holding an allowed character, or
// an IPv6 literal host) is refused: a URL carries no profile, and the
// default is RFC 1808 alone (decision A-3). A program that keeps such URLs
// keeps their text, and parses it with its profile.
func (u *URL) UnmarshalText(text []byte) error {
	v, err := Parse(string(text))
	if err != nil {
		return err
	}
	*u = v
	return nil
}

// fromAST converts a URL of package ast, field by field.
func fromAST(u ast.URL) URL {
	return URL{
		Form:     Form(u.Form),
		Scheme:   component(u.Scheme),
		NetLoc:   component(u.NetLoc),
		Path:     Path{Value: u.Path.Value, Span: Span(u.Path.Span)},
		Params:   component(u.Params),
		Query:    component(u.Query),
		Fragment: component(u.Fragment),
	}
}

func component(c ast.Component) Component {
	return Component{Value: c.Value, Span: Span(c.Span), Present: c.Present}
}

// ast converts u into a URL of package ast, whose methods do the work.
func (u URL) ast() ast.URL {
	return ast.URL{
		Form:     ast.Form(u.Form),
		Scheme:   u.Scheme.ast(),
		NetLoc:   u.NetLoc.ast(),
		Path:     u.Path.ast(),
		Params:   u.Params.ast(),
		Query:    u.Query.ast(),
		Fragment: u.Fragment.ast(),
	}
}

func (c Component) ast() ast.Component {
	return ast.Component{Value: c.Value, Span: ast.Span(c.Span), Present: c.Present}
}

func (p Path) ast() ast.Path { return ast.Path{Value: p.Value, Span: ast.Span(p.Span)} }

// textError is the error of an UnmarshalText that does not know its text.
type textError struct {
	what, text, want string
}

func (e *textError) Error() string {
	return e.what + " " + ast.Quote(e.text, 0) + ": want " + e.want
}
