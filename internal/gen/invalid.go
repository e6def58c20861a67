package gen

import (
	"github.com/leanovate/gopter"
	"github.com/relurl/relurl/ast"
)

// Violation is a URL with one known violation of §2.2 injected into an
// otherwise valid URL: the diagnostic a reader must report is known.
type Violation struct {
	// Input is the invalid URL.
	Input string
	// Offset and End delimit the injected text in Input.
	Offset, End int
	// Production and Rule are those of the diagnostic the violation must
	// draw (see package validate).
	Production, Rule string
	// Base is the valid URL the violation was injected into.
	Base ast.URL

	kind     kind
	field    field
	boundary int // index into the field value's unit boundaries
	text     string
}

// String returns the invalid URL.
func (v Violation) String() string { return v.Input }

type kind uint8

const (
	badChar      kind = iota // a character no production allows
	badEscape                // "%" not followed by two hex digits
	hashInFrag               // a second "#"
	emptySegment             // a relative net_loc followed by "//"
	numKinds
)

type field uint8

const (
	fNetLoc field = iota
	fPath
	fParams
	fQuery
	fFragment
	numFields
)

// forbidden holds characters allowed nowhere in a URL: national and
// punctuation characters, space, controls, DEL, non-ASCII and bytes that
// are not UTF-8. "\n" and "\r" are left out so that generated URLs stay one
// per line.
var forbidden = []string{
	"{", "}", "|", "\\", "^", "~", "[", "]", "`", "<", ">", "\"", " ",
	"\x00", "\t", "\x1f", "\x7f", "é", "日", "\U0001F600", "\xff", "\xc3",
}

// Invalid generates a [Violation]: a valid URL from [URL] with one injected
// violation of a random kind, at a unit boundary of a random component.
// It shrinks by shrinking the valid URL and injecting the same violation
// into the result.
func Invalid() gopter.Gen { return InvalidFrom(URL()) }

// InvalidFrom is [Invalid] over the URLs of another URL-level generator
// ([GenericRL], [RelativeURL], ...), whose values must be ast.URLs.
func InvalidFrom(urls gopter.Gen) gopter.Gen {
	return func(p *gopter.GenParameters) *gopter.GenResult {
		v := drawInvalid(fromParams(p), func(Source) ast.URL { return draw[ast.URL](urls, p) })
		return gopter.NewGenResult(v, shrinkViolation)
	}
}

// drawInvalid draws a valid URL from urls and injects into it a violation
// drawn from src.
func drawInvalid(src Source, urls func(Source) ast.URL) Violation {
	// The kind is drawn once and kept, so that kinds that fit few URLs
	// (a relative net_loc followed by "//") are as common as the rest.
	k := kind(src.Intn(int(numKinds)))
	for tries := 0; ; tries++ {
		if tries > 0 && tries%32 == 0 {
			// The kind may fit none of these URLs (a violation that
			// needs a relative URL, drawn for generic-RL ones). A source
			// that has run out draws badChar, which fits every URL (a
			// fragment can always be added), so this ends.
			k = kind(src.Intn(int(numKinds)))
		}
		base := urls(src)
		var fields []field
		for f := range numFields {
			probe := base // fieldOf makes an absent fragment present
			if c, _ := fieldOf(&probe, f); c != nil && (f != fPath || base.Path.Value != "") {
				fields = append(fields, f)
			}
		}
		f := fields[src.Intn(len(fields))]
		if v, ok := inject(base, k, f, src.Intn(64), pickText(k, src)); ok {
			return v
		}
	}
}

func pickText(k kind, src Source) string {
	switch k {
	case badChar:
		return forbidden[src.Intn(len(forbidden))]
	case badEscape:
		// "%", a letter that is not hex, then any alphanumeric: always
		// malformed, and the diagnostic covers all three.
		const notHex, alnum = "ghijklmnopqrstuvwxyzGHIJKLMNOPQRSTUVWXYZ", "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
		return "%" + string(notHex[src.Intn(len(notHex))]) + string(alnum[src.Intn(len(alnum))])
	case hashInFrag:
		return "#"
	}
	return "/"
}

// inject puts text into base's field at the given unit boundary (taken
// modulo the number of boundaries) and says what diagnostic that draws.
func inject(base ast.URL, k kind, f field, boundary int, text string) (Violation, bool) {
	v := Violation{Base: base, kind: k, field: f, boundary: boundary, text: text}
	u := base
	switch k {
	case hashInFrag:
		f = fFragment
		v.Production, v.Rule = "fragment", ast.RuleFragmentHash
	case emptySegment:
		if u.Scheme.Present || !u.NetLoc.Present || u.Path.Value == "" {
			return v, false
		}
		// "//" net_loc "/" + "/..." : the second "/" is the fault.
		at := offsets(u).path + 1
		u.Path.Value = "/" + u.Path.Value
		v.Input, v.Offset, v.End = u.String(), at, at+1
		v.Production, v.Rule = "net_path", ast.RuleNetPathEmptySegment
		return v, true
	case badEscape:
		v.Production, v.Rule = "escape", ast.RuleEscapeMalformed
	}
	v.field = f
	comp, start := fieldOf(&u, f)
	if comp == nil {
		return v, false
	}
	value := *comp
	bs := boundaries(value)
	lo := 0
	if f == fPath {
		if value == "" {
			return v, false // the text would join the net_loc or scheme
		}
		if value[0] == '/' {
			lo = 1 // keep the leading slash leading
		}
	}
	if lo >= len(bs) {
		return v, false
	}
	bs = bs[lo:]
	at := bs[boundary%len(bs)]
	*comp = value[:at] + text + value[at:]
	if k == badChar {
		v.Production, v.Rule = charProduction(f, value, at)
	}
	v.Input = u.String()
	v.Offset = start + at
	v.End = v.Offset + len(text)
	return v, true
}

// charProduction names the production a forbidden character at offset at
// of a field's value falls in.
func charProduction(f field, value string, at int) (string, string) {
	switch f {
	case fNetLoc:
		return "net_loc", ast.RuleNetLocChar
	case fParams:
		return "param", ast.RuleParamChar
	case fQuery:
		return "query", ast.RuleQueryChar
	case fFragment:
		return "fragment", ast.RuleFragmentChar
	}
	// path = fsegment *( "/" segment ), after the leading "/" if any.
	seg := value[:at]
	if len(seg) > 0 && seg[0] == '/' {
		seg = seg[1:]
	}
	for i := 0; i < len(seg); i++ {
		if seg[i] == '/' {
			return "segment", ast.RuleSegmentChar
		}
	}
	return "fsegment", ast.RuleFsegmentChar
}

// fieldOf returns a pointer to the field's value in u, making an absent
// fragment present, and the field's offset in the printed URL; nil when the
// field is absent and cannot be made present without changing the URL's
// shape.
func fieldOf(u *ast.URL, f field) (*string, int) {
	switch f {
	case fNetLoc:
		if !u.NetLoc.Present {
			return nil, 0
		}
		return &u.NetLoc.Value, offsets(*u).netLoc
	case fPath:
		return &u.Path.Value, offsets(*u).path
	case fParams:
		if !u.Params.Present {
			return nil, 0
		}
		return &u.Params.Value, offsets(*u).params
	case fQuery:
		if !u.Query.Present {
			return nil, 0
		}
		return &u.Query.Value, offsets(*u).query
	}
	u.Fragment.Present = true
	return &u.Fragment.Value, offsets(*u).fragment
}

type layout struct{ netLoc, path, params, query, fragment int }

// offsets returns where each component's value begins in the printed URL.
func offsets(u ast.URL) layout {
	var l layout
	n := 0
	if u.Scheme.Present {
		n += len(u.Scheme.Value) + 1
	}
	if u.NetLoc.Present {
		l.netLoc = n + 2
		n += 2 + len(u.NetLoc.Value)
	}
	l.path = n
	n += len(u.Path.Value)
	if u.Params.Present {
		l.params = n + 1
		n += 1 + len(u.Params.Value)
	}
	if u.Query.Present {
		l.query = n + 1
		n += 1 + len(u.Query.Value)
	}
	l.fragment = n + 1
	return l
}

// shrinkViolation shrinks the valid URL underneath and injects the same
// violation again.
func shrinkViolation(v any) gopter.Shrink {
	vi := v.(Violation)
	var out []Violation
	base := shrinkURL(vi.Base).Filter(func(v any) bool { return WellFormed(v.(ast.URL)) })
	for b, ok := base(); ok; b, ok = base() {
		if w, ok := inject(b.(ast.URL), vi.kind, vi.field, vi.boundary, vi.text); ok {
			out = append(out, w)
		}
	}
	return listShrink(out)
}
