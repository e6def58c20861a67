package gen

// How the generators weigh the choices of the BNF, production by
// production: data, beside the productions (rfc1808.go) and the
// known-violation variants (invalid.go). Weights make the corners common:
// escapes, empty segments, "." and ".." segments, params holding "/",
// queries holding "?" and ";", schemes beginning with a digit, every form
// of relativeURL, the opaque form of absoluteURL.

// tuning weighs the choice points of one production. The zero value
// weighs every choice alike.
type tuning struct {
	// corners are whole values of the production, drawn a quarter of the
	// time instead of walking it.
	corners []string
	// escapes is the percent chance that a unit of a run (or the one unit
	// of a character production) is an escape, where it may be one.
	escapes int
	// max is the most units of a run of characters (it grows with the
	// size parameter up to max); 0 is defaultMax.
	max int
	// alts are the weights of the alternatives of each alternation, in
	// the order the rule writes the alternations; nil or missing is equal
	// weights.
	alts [][]int
	// options is the percent chance each [ option ] is taken, in order;
	// missing is 50.
	options []int
	// repeats is the most extra repetitions of each repeated group that
	// is not a run of characters, in order; missing is defaultRepeats.
	repeats []int
	// shapes replace alternatives of the first alternation, by index,
	// with a shape of them: a part of the alternative's language, written
	// with the constructors of rfc1808.go, that the generators draw
	// instead of the whole (see absoluteURL).
	shapes map[int]*expr
}

// The defaults of a tuning.
const (
	defaultMax     = 8
	defaultOption  = 50
	defaultRepeats = 4
)

// tunings are the weights of the productions of §2.2 that need them.
var tunings = map[string]tuning{
	"URL": {options: []int{25}},
	// The opaque alternative of absoluteURL, scheme ":" *( uchar |
	// reserved ), is drawn in the shape that only it matches: after the
	// scheme, "//" net_loc and a "/" followed by an abs_path, so that the
	// path begins "//". Its other strings read as generic-RL (§2.4.2's
	// ordered choice), which the first alternative draws.
	"absoluteURL": {alts: [][]int{{3, 1}},
		shapes: map[int]*expr{1: seq(ref("scheme"), lit(":"), lit("//"), ref("net_loc"), lit("/"), ref("abs_path"))}},
	"relativeURL": {alts: [][]int{{3, 3, 4}}},
	"net_path":    {options: []int{70}},
	"rel_path":    {options: []int{70, 30, 30}},
	"path":        {repeats: []int{4}},
	"params":      {repeats: []int{2}},
	"pchar":       {escapes: 20},
	"uchar":       {escapes: 20},
	"scheme":      {max: 8, corners: []string{"http", "ftp", "file", "mailto", "news", "g", "1", "9z", "a+b.c-d", "-", "."}},
	"net_loc":     {max: 12, escapes: 10, corners: []string{"", "a", "g", "user:pw@host:80", "@host", "a;b?c", "%41%42", "www.ics.uci.edu"}},
	"fsegment":    {max: 8, escapes: 10, corners: []string{".", "..", "g", "this:that", "g.", ".g", "..g", "%2E"}},
	"segment":     {max: 8, escapes: 10, corners: []string{"", "", ".", "..", "g", "h"}},
	"param":       {max: 8, escapes: 10, corners: []string{"", "type=a", "type=d", "x=1/../y", "/", "a/b", "p"}},
	"query":       {max: 12, escapes: 10, corners: []string{"", "y", "q", "y/./x", "a?b;c", "?", ";", "a=1&b=2"}},
	"fragment":    {max: 12, escapes: 10, corners: []string{"", "s", "s/./x", "a?b;c", "/"}},
}

// pick draws an alternative of the alternation idx among n.
func (t tuning) pick(src Source, idx, n int) int {
	if idx >= len(t.alts) || len(t.alts[idx]) != n {
		return src.Intn(n)
	}
	total := 0
	for _, w := range t.alts[idx] {
		total += w
	}
	r := src.Intn(total)
	for i, w := range t.alts[idx] {
		if r < w {
			return i
		}
		r -= w
	}
	return n - 1
}

// option returns the percent chance the option idx is taken.
func (t tuning) option(idx int) int {
	if idx < len(t.options) {
		return t.options[idx]
	}
	return defaultOption
}

// repeat returns the most extra repetitions of the repetition idx.
func (t tuning) repeat(idx int) int {
	if idx < len(t.repeats) {
		return t.repeats[idx]
	}
	return defaultRepeats
}
