package gen

import (
	"github.com/leanovate/gopter"
	"github.com/relurl/relurl/ast"
)

// chars returns the ASCII bytes of the §2.2 classes in mask, in order.
func chars(mask ast.Class) string {
	var b []byte
	for c := 0; c < 128; c++ {
		if ast.Is(byte(c), mask) {
			b = append(b, byte(c))
		}
	}
	return string(b)
}

// unitSpec describes a string production as a run of units: characters of
// a class, escapes, and corner strings that the generator favours.
type unitSpec struct {
	class   ast.Class // the characters the production allows, besides escapes
	min     int       // the fewest units
	max     int       // the most units
	escapes int       // percent chance a unit is an escape
	corners []string  // whole values to produce a quarter of the time

	alphabet string // the ASCII characters of class, set by newSpec
}

// newSpec returns sp with its alphabet filled in.
func newSpec(sp unitSpec) unitSpec {
	sp.alphabet = chars(sp.class)
	return sp
}

// draw builds a string of the spec from src's choices.
func (sp unitSpec) draw(src Source) string {
	if len(sp.corners) > 0 && src.Intn(4) == 0 {
		return sp.corners[src.Intn(len(sp.corners))]
	}
	n := sp.min
	if span := min(sp.max, max(sp.min, src.Size())) - sp.min; span > 0 {
		n += src.Intn(span + 1)
	}
	b := make([]byte, 0, n*2)
	for range n {
		if src.Intn(100) < sp.escapes {
			b = appendEscape(b, src)
		} else {
			b = append(b, sp.alphabet[src.Intn(len(sp.alphabet))])
		}
	}
	return string(b)
}

var hexDigits = chars(ast.Hex)

func appendEscape(b []byte, src Source) []byte {
	return append(b, '%', hexDigits[src.Intn(len(hexDigits))], hexDigits[src.Intn(len(hexDigits))])
}

// units splits s into its units: escapes whole, other bytes one by one.
func units(s string) []string {
	var out []string
	for i := 0; i < len(s); {
		n := 1
		if ast.IsEscape(s[i:]) {
			n = 3
		}
		out = append(out, s[i:i+n])
		i += n
	}
	return out
}

// boundaries returns the offsets in s between units, 0 and len(s)
// included: the places a unit can be inserted without splitting an escape.
func boundaries(s string) []int {
	out := []int{0}
	for i := 0; i < len(s); {
		if ast.IsEscape(s[i:]) {
			i += 3
		} else {
			i++
		}
		out = append(out, i)
	}
	return out
}

// unitShrinker shrinks a string towards fewer units: first to its shortest
// allowed prefix, then by removing one unit at a time.
func unitShrinker(min int) gopter.Shrinker {
	return func(v any) gopter.Shrink {
		return listShrink(shrinkStrings(v.(string), min))
	}
}

func shrinkStrings(s string, min int) []string {
	us := units(s)
	if len(us) <= min {
		return nil
	}
	var out []string
	if min < len(us)-1 {
		out = append(out, join(us[:min]))
	}
	for i := range us {
		out = append(out, join(us[:i])+join(us[i+1:]))
	}
	return out
}

// listShrink is a finite shrink over the given values, in order.
func listShrink[T any](vals []T) gopter.Shrink {
	i := 0
	return func() (any, bool) {
		if i >= len(vals) {
			return nil, false
		}
		i++
		return vals[i-1], true
	}
}

func join(us []string) string {
	n := 0
	for _, u := range us {
		n += len(u)
	}
	b := make([]byte, 0, n)
	for _, u := range us {
		b = append(b, u...)
	}
	return string(b)
}
