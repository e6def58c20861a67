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
