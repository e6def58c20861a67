package validate

import (
	"strings"

	"github.com/relurl/relurl/ast"
)

// Split cuts s into its §2.1 components by the parsing rules of RFC 1808
// §2.4, in the order §2.4 applies them: fragment (after the first "#"),
// scheme (the characters before a ":" that follows at least one scheme
// character and no other), net_loc (after a leading "//", up to the next
// "/"), query (after the first "?"), params (after the first ";"), and what
// is left as the path with its leading slash. It checks nothing and never
// fails: any string has a cut, and printing the result gives back s.
func Split(s string) ast.URL {
	var u ast.URL
	split(&u, s)
	return u
}

// split is [Split] into *u, which must be the zero URL: the URL is large,
// and filling the caller's saves copying it on the fast path.
func split(u *ast.URL, s string) {
	start, end := 0, len(s)

	// §2.4.1: the fragment is everything after the first "#".
	if h := strings.IndexByte(s, '#'); h >= 0 {
		u.Fragment = component(s, h+1, len(s))
		end = h
	}

	// §2.4.2: a scheme is a nonempty run of scheme characters ended by ":".
	// A ":" in the first position does not make a scheme.
	// (The run cannot pass a "#", which is no scheme character.)
	if i := ast.SchemeLen(s); i > 0 {
		u.Scheme = component(s, 0, i)
		start = i + 1
	}

	// §2.4.3: "//" begins the net_loc, which runs to the next "/".
	if end-start >= 2 && s[start] == '/' && s[start+1] == '/' {
		netEnd := end
		if j := strings.IndexByte(s[start+2:end], '/'); j >= 0 {
			netEnd = start + 2 + j
		}
		u.NetLoc = component(s, start+2, netEnd)
		start = netEnd
	}

	// §2.4.4: the query is everything after the first "?".
	if q := strings.IndexByte(s[start:end], '?'); q >= 0 {
		u.Query = component(s, start+q+1, end)
		end = start + q
	}

	// §2.4.5: params are everything after the first ";".
	if p := strings.IndexByte(s[start:end], ';'); p >= 0 {
		u.Params = component(s, start+p+1, end)
		end = start + p
	}

	// §2.4.6: what is left is the path, with its leading slash if any.
	u.Path = ast.Path{Value: s[start:end], Span: ast.Span{Start: start, End: end}}
	u.Form = ast.FormOf(u)
}

func component(s string, start, end int) ast.Component {
	return ast.Component{Value: s[start:end], Span: ast.Span{Start: start, End: end}, Present: true}
}
