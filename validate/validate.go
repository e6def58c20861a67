package validate

import (
	"fmt"
	"unicode/utf8"

	"github.com/relurl/relurl/ast"
)

// Validate cuts s into its components as [Split] does and checks every
// component against its §2.2 production. It returns the cut and every
// diagnostic, in order of offset; the diagnostics are nil, and nothing is
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
func Validate(s string) (ast.URL, ast.Diagnostics) {
	u := Split(s)
	var c checker
	c.s = s

	if u.NetLoc.Present {
		c.run(u.NetLoc.Span, ast.NetLocChar, "net_loc", ast.RuleNetLocChar)
	}
	c.path(&u)
	if u.Params.Present {
		// params = param *( ";" param ): the ";" between params is allowed.
		c.run(u.Params.Span, ast.ParamsChar, "param", ast.RuleParamChar)
	}
	if u.Query.Present {
		c.run(u.Query.Span, ast.QueryChar, "query", ast.RuleQueryChar)
	}
	if u.Fragment.Present {
		c.run(u.Fragment.Span, ast.QueryChar, "fragment", ast.RuleFragmentChar)
	}
	return u, c.diags
}

// Parse is [Validate] for callers that want an error: it returns the URL
// and, when s is invalid, an error holding every diagnostic (an
// [ast.Diagnostics]; errors.As finds each *[ast.Diagnostic] in it). The URL
// is then the §2.4 cut of s.
func Parse(s string) (ast.URL, error) {
	u, diags := Validate(s)
	return u, diags.Err()
}

// Valid reports whether s is a URL under the §2.2 BNF.
func Valid(s string) bool {
	_, diags := Validate(s)
	return diags == nil
}

type checker struct {
	s     string
	diags ast.Diagnostics
}

// path checks the path: a relative URL's net_loc may not be followed by an
// empty segment, and every segment is *pchar (the first, fsegment).
func (c *checker) path(u *ast.URL) {
	p := u.Path.Span
	if p.Len() == 0 {
		return
	}
	i := p.Start
	if c.s[i] == '/' {
		i++
		if !u.Scheme.Present && u.NetLoc.Present && i < p.End && c.s[i] == '/' {
			c.add(i, i+1, "net_path", ast.RuleNetPathEmptySegment,
				`a relative URL's net_loc cannot be followed by an empty path segment ("//"): net_path = "//" net_loc [ abs_path ], and abs_path = "/" rel_path cannot begin with "/"`)
		}
	}
	// The first segment is fsegment (path = fsegment *( "/" segment ));
	// the checks stop at each "/" only to change the production's name.
	production, rule := "fsegment", ast.RuleFsegmentChar
	for {
		j := c.scan(i, p.End, ast.PcharChar)
		if j == p.End {
			return
		}
		if c.s[j] == '/' {
			production, rule = "segment", ast.RuleSegmentChar
			i = j + 1
			continue
		}
		i = c.bad(j, p.End, production, rule)
	}
}

// run checks that the span holds only characters of mask and escapes.
func (c *checker) run(sp ast.Span, mask ast.Class, production, rule string) {
	for i := sp.Start; ; {
		i = c.scan(i, sp.End, mask)
		if i == sp.End {
			return
		}
		i = c.bad(i, sp.End, production, rule)
	}
}

// scan returns the offset of the first byte in [i, end) that is neither in
// mask nor the start of an escape, or end. This loop is the fast path.
func (c *checker) scan(i, end int, mask ast.Class) int {
	s := c.s[:end]
	for i < len(s) {
		b := s[i]
		if ast.Is(b, mask) {
			i++
			continue
		}
		if b == '%' && i+2 < len(s) && ast.IsHex(s[i+1]) && ast.IsHex(s[i+2]) {
			i += 3
			continue
		}
		return i
	}
	return end
}

// bad reports the offending character at offset i (not in the
// component's class, not an escape) and returns the offset to go on from.
func (c *checker) bad(i, end int, production, rule string) int {
	b := c.s[i]
	switch {
	case b == '%':
		// A malformed escape covers "%" and the alphanumerics after it that
		// were meant as its digits ("%zz", "%4", "%").
		j := i + 1
		for j < end && j < i+3 && ast.Is(c.s[j], ast.Alpha|ast.Digit) {
			j++
		}
		c.add(i, j, "escape", ast.RuleEscapeMalformed, fmt.Sprintf(
			`%q is not an escape: escape = "%%" hex hex; write a literal "%%" as %%25`, c.s[i:j]))
		return j
	case b == '#' && production == "fragment":
		c.add(i, i+1, production, ast.RuleFragmentHash,
			`"#" is not allowed in a fragment: only the first "#" begins the fragment (§2.4.1); write it as %23`)
		return i + 1
	}
	r, n := utf8.DecodeRuneInString(c.s[i:end])
	c.add(i, i+n, production, rule, fmt.Sprintf("%s is not allowed in %s; write it as %s",
		describe(c.s[i:i+n], r), production, percentEncode(c.s[i:i+n])))
	return i + n
}

func (c *checker) add(offset, end int, production, rule, message string) {
	c.diags = append(c.diags, ast.Diagnostic{
		Offset:     offset,
		End:        end,
		Production: production,
		Text:       c.s[offset:end],
		Message:    message,
		Rule:       rule,
		Severity:   ast.SeverityError,
	})
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

// percentEncode writes every byte of text as a §2.2 escape.
func percentEncode(text string) string {
	const hexDigits = "0123456789ABCDEF"
	b := make([]byte, 0, 3*len(text))
	for i := 0; i < len(text); i++ {
		b = append(b, '%', hexDigits[text[i]>>4], hexDigits[text[i]&15])
	}
	return string(b)
}
