package ast

import (
	"iter"
	"strconv"
	"strings"
)

// Span is a half-open range [Start, End) of byte offsets into the input a
// node was read from. A node built rather than read (by resolution, say) has
// the zero Span.
type Span struct {
	Start, End int
}

// Len is the number of bytes in the span.
func (s Span) Len() int { return s.End - s.Start }

// Form says which alternative of RFC 1808 §2.2 a URL matched.
type Form uint8

const (
	// FormRelative is relativeURL = net_path | abs_path | rel_path: no scheme.
	FormRelative Form = iota
	// FormGenericRL is generic-RL = scheme ":" relativeURL, the only form a
	// base URL may take (§2).
	FormGenericRL
	// FormOpaque is the other alternative of absoluteURL,
	// scheme ":" *( uchar | reserved ), for a URL that does not also fit
	// generic-RL. Under the §2.2 BNF this happens exactly when the part after
	// "scheme:" is "//" net_loc followed by "//", as in "http://a//b".
	FormOpaque
)

// String spells the form as the RFC names it: "relativeURL", "generic-RL",
// or "opaque" for the unnamed absoluteURL alternative.
func (f Form) String() string {
	switch f {
	case FormRelative:
		return "relativeURL"
	case FormGenericRL:
		return "generic-RL"
	case FormOpaque:
		return "opaque"
	}
	return "Form(" + strconv.Itoa(int(f)) + ")"
}

// MarshalText spells the form as [Form.String] does.
func (f Form) MarshalText() ([]byte, error) { return []byte(f.String()), nil }

// Component is one of the optional components of §2.1 (scheme, net_loc,
// params, query, fragment). Present records whether its delimiter was in the
// input, so "a" (no query) and "a?" (an empty query) differ.
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

// Path is the §2.1 path together with the slash that may precede it
// (§2.4.6: "the parser must remember whether or not it was present").
// An empty Value means there is no path.
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
func (p Path) IsAbsolute() bool { return len(p.Value) > 0 && p.Value[0] == '/' }

// IsEmpty reports whether there is no path and no leading slash (§4 step 5).
func (p Path) IsEmpty() bool { return p.Value == "" }

// Segments yields the path's segments in order: the text between slashes,
// after the leading slash if there is one. "/a//b/" yields "a", "", "b", "";
// the empty path yields nothing.
func (p Path) Segments() iter.Seq[string] {
	return func(yield func(string) bool) {
		s := p.Value
		if s == "" {
			return
		}
		if s[0] == '/' {
			s = s[1:]
		}
		for {
			i := strings.IndexByte(s, '/')
			if i < 0 {
				yield(s)
				return
			}
			if !yield(s[:i]) {
				return
			}
			s = s[i+1:]
		}
	}
}

// URL is a URL cut into the six components of RFC 1808 §2.1:
//
//	<scheme>://<net_loc>/<path>;<params>?<query>#<fragment>
//
// Every component but the path records whether it was present. The values
// are those the §2.4 parsing rules cut; for a URL that is valid under §2.2
// they are also exactly the components its parse tree holds.
//
// URL is comparable: two URLs read from the same input by the two readers
// are ==.
type URL struct {
	// Form is the §2.2 alternative the URL matched (for an invalid URL, the
	// one its §2.4 cut points to).
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

// FormOf returns the §2.2 alternative a URL's components put it in, were
// their characters valid: relativeURL without a scheme; with one, the
// opaque alternative when a net_loc is followed by an empty segment ("//":
// abs_path = "/" rel_path, and no rel_path begins with "/"), generic-RL
// otherwise. Readers and builders of URLs set [URL.Form] with it.
func FormOf(u *URL) Form {
	switch {
	case !u.Scheme.Present:
		return FormRelative
	case u.NetLoc.Present && strings.HasPrefix(u.Path.Value, "//"):
		return FormOpaque
	}
	return FormGenericRL
}

// IsAbsolute reports whether the URL has a scheme, and so is an absoluteURL.
func (u URL) IsAbsolute() bool { return u.Scheme.Present }

// IsBase reports whether the URL may serve as a base URL: §2 requires a base
// to fit generic-RL.
func (u URL) IsBase() bool { return u.Form == FormGenericRL }

// Len is the length in bytes of the URL's text.
func (u URL) Len() int {
	n := len(u.Path.Value)
	for _, c := range [...]*Component{&u.Scheme, &u.Params, &u.Query, &u.Fragment} {
		if c.Present {
			n += 1 + len(c.Value)
		}
	}
	if u.NetLoc.Present {
		n += 2 + len(u.NetLoc.Value)
	}
	return n
}

// String prints the URL: its components, each behind its delimiter, in the
// order of §2.1. A URL read from a string prints back as exactly that
// string. This is relurl's one printer; everything else that prints a URL
// calls it.
func (u URL) String() string {
	var b strings.Builder
	b.Grow(u.Len())
	u.write(&b)
	return b.String()
}

// AppendTo appends the printed URL to b and returns the extended buffer.
func (u URL) AppendTo(b []byte) []byte {
	var w appender = b
	u.write(&w)
	return w
}

type writer interface {
	WriteString(string) (int, error)
	WriteByte(byte) error
}

type appender []byte

func (a *appender) WriteString(s string) (int, error) { *a = append(*a, s...); return len(s), nil }
func (a *appender) WriteByte(c byte) error            { *a = append(*a, c); return nil }

func (u *URL) write(w writer) {
	if u.Scheme.Present {
		w.WriteString(u.Scheme.Value)
		w.WriteByte(':')
	}
	if u.NetLoc.Present {
		w.WriteString("//")
		w.WriteString(u.NetLoc.Value)
	}
	w.WriteString(u.Path.Value)
	if u.Params.Present {
		w.WriteByte(';')
		w.WriteString(u.Params.Value)
	}
	if u.Query.Present {
		w.WriteByte('?')
		w.WriteString(u.Query.Value)
	}
	if u.Fragment.Present {
		w.WriteByte('#')
		w.WriteString(u.Fragment.Value)
	}
}

// WithoutSpans returns u with every Span zeroed, for comparing URLs by their
// components alone (a resolved URL against the same URL read back, say).
func (u URL) WithoutSpans() URL {
	u.Scheme.Span, u.NetLoc.Span, u.Path.Span = Span{}, Span{}, Span{}
	u.Params.Span, u.Query.Span, u.Fragment.Span = Span{}, Span{}, Span{}
	return u
}
