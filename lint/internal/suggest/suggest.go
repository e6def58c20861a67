// Package suggest finds, for a name that is not one of a list (a
// mistyped flag, rule id, family, configuration key, format or
// severity), the names of the list it was most likely meant to be, as
// ruff, ESLint and git say "did you mean".
package suggest

import (
	"slices"
	"strings"
	"unicode/utf8"
)

// Max is the most names [Closest] returns.
const Max = 3

// Closest returns the names of candidates closest to name, at most
// [Max], the closest first (ties in the order of candidates), or none
// when no candidate is close. Close are the candidates within an edit
// distance of a third of the longer's length (at least 1, at most 3),
// counting a swap of two neighbouring characters as one edit; when there
// are none, those the name is a prefix of, or that are a prefix of the
// name (of 3 characters or more), the nearest in length first. Letter case is ignored:
// a name that differs from a candidate in case alone is closest to it.
func Closest(name string, candidates []string) []string {
	if name == "" {
		return nil
	}
	type scored struct {
		name string
		d, i int
	}
	var close []scored
	lower := strings.ToLower(name)
	for i, c := range candidates {
		lc := strings.ToLower(c)
		if c == name || c == "" {
			continue
		}
		bound := min(3, max(1, max(utf8.RuneCountInString(lower), utf8.RuneCountInString(lc))/3))
		d := distance(lower, lc, bound)
		switch {
		case d <= bound:
		case len(lower) >= 3 && (strings.HasPrefix(lc, lower) || strings.HasPrefix(lower, lc) && len(lc) >= 3):
			// Farther than any near miss, and the nearer in length
			// the closer.
			d = 4 + abs(utf8.RuneCountInString(lc)-utf8.RuneCountInString(lower))
		default:
			continue
		}
		close = append(close, scored{c, d, i})
	}
	slices.SortStableFunc(close, func(a, b scored) int { return a.d - b.d })
	if len(close) > 0 && close[0].d <= 3 {
		// Near misses: the prefixes are farther.
		close = slices.DeleteFunc(close, func(s scored) bool { return s.d > 3 })
	}
	out := make([]string, 0, min(Max, len(close)))
	for _, s := range close {
		if len(out) == Max {
			break
		}
		if !slices.Contains(out, s.name) {
			out = append(out, s.name)
		}
	}
	return out
}

func abs(n int) int { return max(n, -n) }

// distance is the optimal string alignment distance between a and b, in
// runes (insertions, deletions, substitutions, and swaps of two
// neighbouring runes), or bound+1 when it is more than bound.
func distance(a, b string, bound int) int {
	ra, rb := []rune(a), []rune(b)
	if d := len(ra) - len(rb); d > bound || -d > bound {
		return bound + 1
	}
	// Three rows: the one before the last, the last, the current.
	prev2 := make([]int, len(rb)+1)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		low := cur[0]
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			v := min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				v = min(v, prev2[j-2]+1)
			}
			cur[j] = v
			low = min(low, v)
		}
		if low > bound {
			return bound + 1
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return min(prev[len(rb)], bound+1)
}

// Phrase says the names Closest found as the end of an error message:
// "; did you mean warning?", "; did you mean --base or --root?", or ""
// for none. quote spells each name (nil: as it is).
func Phrase(names []string, quote func(string) string) string {
	if len(names) == 0 {
		return ""
	}
	if quote != nil {
		q := make([]string, len(names))
		for i, n := range names {
			q[i] = quote(n)
		}
		names = q
	}
	return "; did you mean " + OrList(names) + "?"
}

// OrList spells names as "a", "a or b", "a, b or c".
func OrList(names []string) string {
	switch len(names) {
	case 0:
		return ""
	case 1:
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}
