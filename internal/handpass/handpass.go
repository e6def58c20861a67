// Package handpass is the hand-written single pass that package validate
// was before its reader was generated from grammar/rfc1808.bnf, kept as a
// test oracle: the agreement tests and fuzz targets of package fuzz hold
// validate's generated reader, this pass and the reference parser
// (package grammar) to the same verdict, cut and diagnostics on every
// input. Its delimiters and the order of its productions are written out
// by hand, so that it stays independent of the generator; its character
// sets come from the class table of package ast, and the words of its
// messages from validate.RunMessage, which is written by hand too.
// Nothing but tests imports it.
package handpass

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/relurl/relurl/ast"
	"github.com/relurl/relurl/validate"
)

// MaxDiagnostics is validate's limit of diagnostics per URL.
const MaxDiagnostics = validate.MaxDiagnostics

// Validate cuts s into its components as [Split] does and checks every
// component against its §2.2 production. It returns the cut and the
// diagnostics, in order of offset; the diagnostics are nil, and nothing is
// allocated, when s is valid.
//
// A diagnostic names the production whose rule was broken:
//   - escape, for "%" not followed by two hex digits;
//   - net_loc, fsegment (the first segment of a path), segment, param,
//     query or fragment, for a character that production does not allow
//     (national and punctuation characters, space, controls, DEL and every
//     non-ASCII byte are allowed nowhere);
//   - fragment, for a "#" inside the fragment;
//   - net_path, for a relative URL whose net_loc is followed by "//".
//
// One diagnostic covers each maximal run of adjacent characters that
// break the same rule in the same component: the five spaces of
// "?a=1&     b=2" are one diagnostic, and so are the two characters of
// "日本" or the escapes of "%zz%zz". Its Text is the run, and its message
// says how to write the run (each byte percent-encoded, cut short past a
// few bytes). At most [MaxDiagnostics] are returned.
func Validate(s string) (u ast.URL, diags ast.Diagnostics) {
	if valid(&u, s) {
		return u, nil
	}
	u = ast.URL{}
	return u, check(&u, s)
}

// check cuts s into *u, the zero URL, and checks every component: the
// whole of [Validate] but the fast path.
func check(u *ast.URL, s string) ast.Diagnostics {
	*u = validate.Split(s)
	var c checker
	c.s = s

	if u.NetLoc.Present {
		c.run(u.NetLoc.Span, setNetLoc, "net_loc", ast.RuleNetLocChar)
	}
	c.path(u)
	if u.Params.Present {
		// params = param *( ";" param ): the ";" between params is allowed.
		c.run(u.Params.Span, setParams, "param", ast.RuleParamChar)
	}
	if u.Query.Present {
		c.run(u.Query.Span, setQuery, "query", ast.RuleQueryChar)
	}
	if u.Fragment.Present {
		c.run(u.Fragment.Span, setQuery, "fragment", ast.RuleFragmentChar)
	}
	return c.finish()
}

// valid is the fast path of [Validate] for valid input: it cuts s into *u
// and checks it in one pass, each component's scan running to the
// delimiter that ends it. In a valid URL no component holds the delimiter
// that §2.4 cuts the next one at (net_loc has no "/" or "#", the path no
// ";", "?" or "#", params no "?" or "#", the query no "#"), so each scan
// stops exactly where [Split] cuts, and the result is Split's. It reports
// false, leaving *u to be reset, at the first byte that does not fit: the
// caller then cuts and checks again, collecting every diagnostic.
func valid(u *ast.URL, s string) bool {
	i := ast.SchemeLen(s)
	if i > 0 {
		u.Scheme = component(s, 0, i)
		i++
	}
	if len(s)-i >= 2 && s[i] == '/' && s[i+1] == '/' {
		j := scan(s, i+2, setNetLoc)
		u.NetLoc = component(s, i+2, j)
		i = j
	}
	j := scan(s, i, setPath)
	u.Path = ast.Path{Value: s[i:j], Span: ast.Span{Start: i, End: j}}
	if !u.Scheme.Present && u.NetLoc.Present && strings.HasPrefix(u.Path.Value, "//") {
		return false // net_path = "//" net_loc [ abs_path ]: no empty segment
	}
	i = j
	if i < len(s) && s[i] == ';' {
		j = scan(s, i+1, setParams)
		u.Params = component(s, i+1, j)
		i = j
	}
	if i < len(s) && s[i] == '?' {
		j = scan(s, i+1, setQuery)
		u.Query = component(s, i+1, j)
		i = j
	}
	if i < len(s) && s[i] == '#' {
		j = scan(s, i+1, setQuery)
		u.Fragment = component(s, i+1, j)
		i = j
	}
	u.Form = ast.FormOf(u)
	return i == len(s)
}

type checker struct {
	s     string
	diags ast.Diagnostics
	// Past MaxDiagnostics: the number of diagnostics not listed, and the
	// span from the first one's offset to the last one's end.
	more          int
	moreFrom, end int
}

// path checks the path: a relative URL's net_loc may not be followed by an
// empty segment, and every segment is *pchar (the first, fsegment). The
// path is scanned as one run of pchar and "/" (param's characters), so
// the loop does not stop at every segment; only a diagnostic looks back
// for a "/" to name its production.
func (c *checker) path(u *ast.URL) {
	p := u.Path.Span
	if p.Len() == 0 {
		return
	}
	i := p.Start
	if c.s[i] == '/' {
		i++
		if !u.Scheme.Present && u.NetLoc.Present && i < p.End && c.s[i] == '/' {
			c.add(i, i+1, "net_path", ast.RuleNetPathEmptySegment, func(string) string {
				return `a relative URL's net_loc cannot be followed by an empty path segment ("//"): net_path = "//" net_loc [ abs_path ], and abs_path = "/" rel_path cannot begin with "/"`
			})
		}
	}
	// The first segment is fsegment (path = fsegment *( "/" segment )):
	// until a "/" is seen in [i, seen), a bad character is in fsegment.
	s := c.s[:p.End]
	production, rule := "fsegment", ast.RuleFsegmentChar
	seen := i
	for {
		j := scan(s, i, setPath)
		if j == len(s) {
			return
		}
		if seen < j && production == "fsegment" && strings.IndexByte(s[seen:j], '/') >= 0 {
			production, rule = "segment", ast.RuleSegmentChar
		}
		i = c.bad(j, p.End, setPath, production, rule)
		seen = i
	}
}

// run checks that the span holds only characters of set and escapes.
func (c *checker) run(sp ast.Span, set uint8, production, rule string) {
	s := c.s[:sp.End]
	for i := sp.Start; ; {
		i = scan(s, i, set)
		if i == len(s) {
			return
		}
		i = c.bad(i, sp.End, set, production, rule)
	}
}

// The character sets the components are checked against, one bit each in
// sets, derived from the class table of package ast. "%" is in every set
// and has a bit of its own: a run of bytes is valid exactly when each byte
// is in the set and each "%" is followed by two hex digits (which are in
// every set), so eight bytes at a time can be checked without a branch
// per byte.
const (
	setPath   uint8 = 1 << iota // pchar | "/": a path, slashes included
	setNetLoc                   // pchar | ";" | "?"
	setParams                   // pchar | "/" | ";"
	setQuery                    // uchar | reserved: query and fragment
	setHex                      // hex, for the digits of an escape
	setPct                      // "%", which begins an escape
	setHash                     // "#", which ends a run of bad characters in a fragment
)

var sets = func() (t [256]uint8) {
	for i := range t {
		b := byte(i)
		for _, m := range [...]struct {
			class ast.Class
			set   uint8
		}{
			{ast.ParamChar, setPath}, {ast.NetLocChar, setNetLoc}, {ast.ParamsChar, setParams},
			{ast.QueryChar, setQuery}, {ast.Hex, setHex},
		} {
			if ast.Is(b, m.class) {
				t[i] |= m.set
			}
		}
		switch b {
		case '%':
			t[i] |= setPath | setNetLoc | setParams | setQuery | setPct
		case '#':
			t[i] |= setHash
		}
	}
	return t
}()

// lanes[k][c] is the sets of byte c in byte k of a word (its lane k), so
// that a block's word is eight loads and ORs, without shifts.
var lanes = func() (t [8][256]uint64) {
	for k := range t {
		for c := range t[k] {
			t[k][c] = uint64(sets[c]) << (8 * k)
		}
	}
	return t
}()

// lanesPtr points at lanes from a variable, so that the compiler keeps the
// address in a register rather than folding it into every load: with
// &lanes it materializes each lane's address with a LEAQ, eight more
// instructions per block (BenchmarkScan times the scan: swap lanesPtr for
// &lanes to see the difference).
var lanesPtr = &lanes

// ones has a 1 in the low bit of each of its eight bytes (lanes).
const ones = 0x0101010101010101

// scan returns the offset of the first byte in s[i:] that is neither in
// set nor the start of an escape, or len(s). This loop is the fast path.
// It reads eight bytes at a time into a word of their sets, one byte of
// the word (lane) each, and checks them at once: every lane in set, and the
// two lanes after each "%" hex, those of a "%" near the end of the block
// carried into the next. Nothing it computes from the bytes decides where
// the next block begins, so that the loads of one block do not wait for
// the checks of the one before. At a block that fails, and for the last
// few bytes, it goes one unit (a byte or an escape) at a time, from two
// bytes back, where a "%" carried into the block may begin.
func scan(s string, i int, set uint8) int {
	start := i
	t := lanesPtr // in a register: one load per lane, not an address and a load
	want := uint64(set) * ones
	var carry uint64 // the lanes of this block that must be hex
	for {
		_ = s[i:] // 0 <= i <= len(s): no bounds checks in the loop
		for ; i <= len(s)-8; i += 8 {
			b := s[i : i+8]
			w := t[0][b[0]] | t[1][b[1]] | t[2][b[2]] | t[3][b[3]] |
				t[4][b[4]] | t[5][b[5]] | t[6][b[6]] | t[7][b[7]]
			// The "%" bit of a lane, shifted into the hex bit of the next
			// lane and of the one after, must find it set.
			pct := w & (uint64(setPct) * ones)
			if w&want != want || (pct<<7|pct<<15|carry)&^w&(uint64(setHex)*ones) != 0 {
				break
			}
			carry = pct>>49 | pct>>57
		}
		if carry != 0 {
			i = max(start, i-2)
			carry = 0
		}
		stop := min(i+8, len(s))
		for i < stop {
			c := s[i]
			switch {
			case c != '%' && sets[c]&set != 0:
				i++
			case c == '%' && i+2 < len(s) && sets[s[i+1]]&sets[s[i+2]]&setHex != 0:
				i += 3
			default:
				return i
			}
		}
		if i >= len(s) {
			return len(s)
		}
	}
}

// bad reports the run of offending text that begins at offset i, before
// end, in a component of the characters of set, and returns the offset to
// go on from. A run is one diagnostic: adjacent units (an escape's "%" and
// the digits meant for it, a "#" in the fragment, a character) that break
// the same rule.
func (c *checker) bad(i, end int, set uint8, production, rule string) int {
	switch {
	case c.s[i] == '%':
		// A malformed escape covers "%" and the alphanumerics after it that
		// were meant as its digits ("%zz", "%4", "%"); malformed escapes
		// that follow it join the run.
		j := i
		n := 0
		for j < end && c.s[j] == '%' && !ast.IsEscape(c.s[j:end]) {
			j++
			for k := 0; k < 2 && j < end && ast.Is(c.s[j], ast.Alpha|ast.Digit); k++ {
				j++
			}
			n++
		}
		c.add(i, j, "escape", ast.RuleEscapeMalformed, func(text string) string {
			if n == 1 {
				return fmt.Sprintf(`%s is not an escape: escape = "%%" hex hex; write a literal "%%" as %%25`, ast.Quote(text, 0))
			}
			return fmt.Sprintf(`%s holds %d malformed escapes: escape = "%%" hex hex; write each literal "%%" as %%25`, ast.Quote(text, 0), n)
		})
		return j
	case c.s[i] == '#' && production == "fragment":
		j := i
		for j < end && c.s[j] == '#' {
			j++
		}
		c.add(i, j, production, ast.RuleFragmentHash, func(text string) string {
			if len(text) == 1 {
				return `"#" is not allowed in a fragment: only the first "#" begins the fragment (§2.4.1); write it as %23`
			}
			return strconv.Itoa(len(text)) + ` "#" are not allowed in a fragment: only the first "#" begins the fragment (§2.4.1); write each as %23`
		})
		return j
	}
	// A run of characters the component does not allow: up to the next
	// byte it allows, "%" (an escape, or a run of another rule) or, in a
	// fragment, "#".
	stop := setPct // "%" ends the run, and in a fragment so does "#"
	if production == "fragment" {
		stop |= setHash
	}
	s, j := c.s[:end], i+1
	for j < len(s) && sets[s[j]]&(set|stop) == 0 {
		j++
	}
	c.add(i, j, production, rule, func(text string) string { return validate.RunMessage(production, text) })
	return j
}

// add reports input[offset:end] as breaking rule; message writes the
// message for the text, and is called only for a diagnostic that is
// listed. Past MaxDiagnostics, add counts.
func (c *checker) add(offset, end int, production, rule string, message func(text string) string) {
	if c.more == 0 && len(c.diags) < MaxDiagnostics {
		text := c.s[offset:end]
		c.diags = append(c.diags, ast.Diagnostic{
			Offset:     offset,
			End:        end,
			Production: production,
			Text:       text,
			Message:    message(text),
			Rule:       rule,
			Severity:   ast.SeverityError,
		})
		return
	}
	if c.more == 0 {
		// The last listed diagnostic gives way to the one that says how
		// many more there are.
		c.moreFrom = c.diags[len(c.diags)-1].Offset
		c.diags = c.diags[:len(c.diags)-1]
		c.more = 1
	}
	c.more++
	c.end = end
}

// moreFormat begins the message of the diagnostic that stands for those
// not listed; [More] reads the number back.
const moreFormat = "and %d more diagnostics"

// finish returns the diagnostics, with the one that stands for those not
// listed last.
func (c *checker) finish() ast.Diagnostics {
	if c.more > 0 {
		c.diags = append(c.diags, ast.Diagnostic{
			Offset:     c.moreFrom,
			End:        c.end,
			Production: "URL",
			Text:       c.s[c.moreFrom:c.end],
			Message: fmt.Sprintf(moreFormat+" from here on, not listed: at most %d are listed per URL (validate.MaxDiagnostics)",
				c.more, MaxDiagnostics),
			Rule:     ast.RuleTooManyErrors,
			Severity: ast.SeverityError,
		})
	}
	return c.diags
}

func component(s string, start, end int) ast.Component {
	return ast.Component{Value: s[start:end], Span: ast.Span{Start: start, End: end}, Present: true}
}
