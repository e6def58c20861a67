package gen

import "github.com/relurl/relurl/ast"

// Dictionary returns the tokens of a fuzzing dictionary for URL parsers
// (libFuzzer's -dict, AFL's -x), derived from the grammar and not written
// by hand: every character of the §2.2 classes reserved and punctuation
// (the delimiters: ";", "/", "?", ":", "@", "&", "=", "#", "%", ...) and
// its escape ("%3B", "%2F", ...), the characters allowed nowhere that
// [Invalid] injects (national characters, space, controls, non-ASCII,
// bytes that are not UTF-8), the delimiters of more than one
// character that the productions write ("//" of net_path, "://" after a
// scheme), the dot segments §4 step 6 removes, and the corner values of
// the productions' generators (the schemes with ":" and "://" after them,
// net_locs, params, queries). Each token appears once, in that order.
func Dictionary() []string {
	var out []string
	seen := map[string]bool{}
	add := func(tokens ...string) {
		for _, t := range tokens {
			if t != "" && !seen[t] {
				seen[t] = true
				out = append(out, t)
			}
		}
	}
	delims := chars(ast.Reserved | ast.Punctuation)
	for i := range len(delims) {
		add(delims[i : i+1])
	}
	for i := range len(delims) {
		add(ast.PercentEncode(delims[i : i+1]))
	}
	for _, c := range forbidden {
		add(c)
	}
	// net_path = "//" net_loc [ abs_path ], after a scheme ":".
	add("//", "://", "///")
	// §4 step 6: the segments "." and "..", complete or followed by "/".
	add(".", "..", "./", "../", "/./", "/../", "/.", "/..")
	for _, s := range tunings["scheme"].corners {
		if allOf(s, ast.Alpha, false) && len(s) > 1 {
			add(s+":", s+"://")
		}
	}
	for _, name := range []string{"net_loc", "fsegment", "param", "query", "fragment"} {
		for _, c := range tunings[name].corners {
			if len(c) > 1 {
				add(c)
			}
		}
	}
	return out
}
