package validate

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/relurl/relurl/ast"
)

// MaxDiagnostics is the most diagnostics [Validate] returns for one URL.
// When a URL breaks more rules than that, the first MaxDiagnostics-1 are
// listed and the last diagnostic, with rule [ast.RuleTooManyErrors], spans
// the others and says how many they are; the first diagnostic, whose
// offset is where the grammar stops, is always listed. Together with the
// grouping of runs (see [Validate]) this keeps the memory Validate uses,
// and the size of what a caller prints, bounded whatever the input.
const MaxDiagnostics = 100

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
	if ok, _, _ := read(&u, s, &strict); ok {
		return u, nil
	}
	u = ast.URL{}
	return u, check(&u, s)
}

// check cuts s into *u, the zero URL, and checks every component: the
// whole of [Validate] but the fast path. The generated reader, with the
// lax sets (every run takes any character but the delimiters), finds the
// fault of the structure, if any; the components' checks, generated from
// the same BNF, find the characters that break their productions, each
// run of them reported once.
func check(u *ast.URL, s string) ast.Diagnostics {
	split(u, s)
	var c checker
	c.s = s
	var structure ast.URL
	if ok, far, mark := read(&structure, s, &lax); !ok {
		c.pending = structural(s, far, mark)
		c.hasPending = true
	}
	c.components(u)
	return c.finish()
}

// Valid reports whether s is a URL under the §2.2 BNF, as [Validate]
// reports no diagnostic.
func Valid(s string) bool {
	_, diags := Validate(s)
	return diags == nil
}

type checker struct {
	s     string
	diags ast.Diagnostics
	// pending is the fault of the structure, listed in order of offset
	// with the others.
	pending    ast.Diagnostic
	hasPending bool
	// Past MaxDiagnostics: the number of diagnostics not listed, and the
	// span from the first one's offset to the last one's end.
	more          int
	moreFrom, end int
}

// path checks the path p, a run of set: its first segment (after the
// leading slash of abs_path = "/" rel_path, if any) is the production
// first, and every segment after a sep the production rest. The path is
// scanned as one run, so the loop does not stop at every segment; only a
// diagnostic looks back for a sep to name its production.
func (c *checker) path(p ast.Span, set uint8, first, firstRule string, sep byte, rest, restRule string) {
	if p.Len() == 0 {
		return
	}
	i := p.Start
	if c.s[i] == '/' {
		i++
	}
	s := c.s[:p.End]
	production, rule := first, firstRule
	seen := i
	for {
		j := scan(&strict, s, i, set)
		if j == len(s) {
			return
		}
		if seen < j && production == first && strings.IndexByte(s[seen:j], sep) >= 0 {
			production, rule = rest, restRule
		}
		i = c.bad(j, p.End, set, production, rule)
		seen = i
	}
}

// run checks that the span holds only characters of set and escapes.
func (c *checker) run(sp ast.Span, set uint8, production, rule string) {
	s := c.s[:sp.End]
	for i := sp.Start; ; {
		i = scan(&strict, s, i, set)
		if i == len(s) {
			return
		}
		i = c.bad(i, sp.End, set, production, rule)
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
	fragment := production == "fragment" // "#" ends the run there
	s, j := c.s[:end], i+1
	for j < len(s) && strict.sets[s[j]]&(set|setPct) == 0 && !(fragment && s[j] == '#') {
		j++
	}
	c.add(i, j, production, rule, func(text string) string { return RunMessage(production, text) })
	return j
}

// RunMessage is the message of the diagnostic for text, a run of
// characters that production does not allow ("5 spaces are not allowed in
// query; write them as %20%20%20%20%20"). The linter words the parts of a
// run it reports with it, when it accepts some of the run's characters.
func RunMessage(production, text string) string {
	return describeRun(text) + " not allowed in " + production + "; write " + fixRun(text)
}

// maxFix is the most bytes of a run whose escapes a message spells out.
const maxFix = 16

// fixRun says how to write the run text: each byte as an escape, "%"
// and two hex digits, spelled out for a run of up to maxFix bytes.
func fixRun(text string) string {
	pronoun := "them"
	if utf8.RuneCountInString(text) == 1 {
		pronoun = "it"
	}
	if len(text) <= maxFix {
		return pronoun + " as " + ast.PercentEncode(text)
	}
	cut := maxFix
	for cut > 0 && !utf8.RuneStart(text[cut]) {
		cut--
	}
	return "each byte as %XX: " + ast.PercentEncode(text[:cut]) + "…"
}

// describeRun names the characters of a run and says it is not allowed:
// "space is", "5 spaces are", "non-ASCII characters \"日本\" are". It
// reads the run once, a byte at a time.
func describeRun(text string) string {
	r, n := utf8.DecodeRuneInString(text)
	if n == len(text) {
		return describe(text, r) + " is"
	}
	var kinds uint8
	for i := 0; i < len(text); i++ {
		kinds |= byteKinds[text[i]]
	}
	kind := ""
	switch kinds {
	case kindSpace:
		return strconv.Itoa(len(text)) + " spaces are"
	case kindControl:
		kind = "control characters"
	case kindNational:
		kind = "national characters"
	case kindPunctuation:
		kind = "punctuation characters"
	case kindHigh:
		switch {
		case utf8.ValidString(text):
			kind = "non-ASCII characters"
		case notUTF8(text):
			kind = "bytes (not UTF-8)"
		}
	}
	if kind == "" {
		return "characters " + ast.Quote(text, 0) + " are"
	}
	return kind + " " + ast.Quote(text, 0) + " are"
}

// notUTF8 reports whether no byte of s is part of a UTF-8 sequence.
func notUTF8(s string) bool {
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r != utf8.RuneError || n != 1 {
			return false
		}
		i += n
	}
	return true
}

// The kinds of bytes a run is described by, as describe names them.
const (
	kindSpace uint8 = 1 << iota
	kindControl
	kindNational
	kindPunctuation
	kindHigh // a byte of a non-ASCII character, or not UTF-8
	kindOther
)

var byteKinds = func() (t [256]uint8) {
	for i := range t {
		c := byte(i)
		switch {
		case c >= utf8.RuneSelf:
			t[i] = kindHigh
		case c == ' ':
			t[i] = kindSpace
		case c < 0x20 || c == 0x7f:
			t[i] = kindControl
		case ast.Is(c, ast.National):
			t[i] = kindNational
		case ast.Is(c, ast.Punctuation):
			t[i] = kindPunctuation
		default:
			t[i] = kindOther
		}
	}
	return t
}()

// add reports input[offset:end] as breaking rule; message writes the
// message for the text, and is called only for a diagnostic that is
// listed. Past MaxDiagnostics, add counts.
func (c *checker) add(offset, end int, production, rule string, message func(text string) string) {
	c.flush(offset)
	c.push(offset, end, production, rule, message)
}

// flush lists the pending fault of the structure if it comes before
// offset, or at it.
func (c *checker) flush(offset int) {
	if c.hasPending && c.pending.Offset <= offset {
		c.hasPending = false
		d := c.pending
		c.push(d.Offset, d.End, d.Production, d.Rule, func(string) string { return d.Message })
	}
}

// push is add without the pending fault.
func (c *checker) push(offset, end int, production, rule string, message func(text string) string) {
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

// More returns how many diagnostics diags does not list: the number its
// last diagnostic, of rule [ast.RuleTooManyErrors], stands for, or 0 when
// it has none (see [MaxDiagnostics]).
func More(diags ast.Diagnostics) int {
	if len(diags) == 0 || diags[len(diags)-1].Rule != ast.RuleTooManyErrors {
		return 0
	}
	n := 0
	fmt.Sscanf(diags[len(diags)-1].Message, moreFormat, &n)
	return n
}

// moreFormat begins the message of the diagnostic that stands for those
// not listed; [More] reads the number back.
const moreFormat = "and %d more diagnostics"

// finish returns the diagnostics, with the one that stands for those not
// listed last.
func (c *checker) finish() ast.Diagnostics {
	c.flush(len(c.s))
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

// describe names an offending character and its class for a message.
func describe(text string, r rune) string {
	switch {
	case r == utf8.RuneError && len(text) == 1:
		return fmt.Sprintf("byte 0x%02X (not UTF-8)", text[0])
	case r >= utf8.RuneSelf:
		return fmt.Sprintf("non-ASCII character %q (%U)", r, r)
	case r == ' ':
		return "space"
	case r < 0x20 || r == 0x7f:
		return fmt.Sprintf("control character %U", r)
	case ast.Is(byte(r), ast.National):
		return fmt.Sprintf("national character %q", r)
	case ast.Is(byte(r), ast.Punctuation):
		return fmt.Sprintf("punctuation character %q", r)
	}
	return fmt.Sprintf("character %q", r)
}

// faultDiagnostic is the diagnostic of a fault of the structure at
// offset at, with the production and rule the reader names: the
// character there (none at the end of the input) cannot come where it is.
func faultDiagnostic(s string, at int, production, rule string) ast.Diagnostic {
	end := min(at+1, len(s))
	msg := `the URL cannot go on with ` + ast.Quote(s[at:end], 0) + ` here: no production of the §2.2 BNF allows it`
	if at == len(s) {
		msg = `the URL cannot end here: the §2.2 BNF needs more`
	}
	if rule == ast.RuleNetPathEmptySegment {
		msg = `a relative URL's net_loc cannot be followed by an empty path segment ("//"): net_path = "//" net_loc [ abs_path ], and abs_path = "/" rel_path cannot begin with "/"`
	}
	return ast.Diagnostic{
		Offset:     at,
		End:        end,
		Production: production,
		Text:       s[at:end],
		Message:    msg,
		Rule:       rule,
		Severity:   ast.SeverityError,
	}
}
