package profile

import (
	"fmt"
	"net/netip"
	"strings"

	"github.com/relurl/relurl/ast"
	"github.com/relurl/relurl/validate"
)

// Allowable says which characters an [Allowance] may accept: those that
// a syntax rule reports wherever they stand, the national characters and
// the punctuation of §2.2 but "%", which begins an escape.
func Allowable(b byte) bool {
	return b < 0x80 && ast.Is(b, ast.National|ast.Punctuation) && b != '%'
}

// Allowance is what a reader accepts beyond §2.2: characters §2.2
// forbids everywhere, and RFC 2732 IPv6 literals as hosts. The zero
// Allowance accepts nothing. It is a small comparable value.
type Allowance struct {
	// chars has bit b set when the ASCII character b is accepted.
	chars [2]uint64
	// ipv6 accepts an RFC 2732 literal as the host of a net_loc.
	ipv6 bool
}

// NewAllowance returns the allowance of the characters chars (each one
// [Allowable]) and, when ipv6 is set, of RFC 2732 IPv6 literal hosts.
// It fails on a character that cannot be allowed.
func NewAllowance(chars string, ipv6 bool) (Allowance, error) {
	a := Allowance{ipv6: ipv6}
	for i := 0; i < len(chars); i++ {
		b := chars[i]
		if !Allowable(b) {
			return Allowance{}, fmt.Errorf("allowed characters %s: %s cannot be allowed: only the national characters "+
				"{ } | \\ ^ ~ [ ] ` and the punctuation < > \" # of RFC 1808 §2.2 can be", ast.Quote(chars, i), ast.Quote(chars[i:i+1], 0))
		}
		a.chars[b>>6] |= 1 << (b & 63)
	}
	return a, nil
}

// On reports whether the allowance accepts anything.
func (a *Allowance) On() bool { return a.ipv6 || a.chars != [2]uint64{} }

// IPv6 reports whether RFC 2732 IPv6 literals are accepted as hosts.
func (a *Allowance) IPv6() bool { return a.ipv6 }

// Chars returns the characters accepted, in byte order.
func (a *Allowance) Chars() string {
	var b []byte
	for c := byte(0); c < 0x80; c++ {
		if a.char(c) {
			b = append(b, c)
		}
	}
	return string(b)
}

// char reports whether the byte b is an accepted character.
func (a *Allowance) char(b byte) bool { return b < 0x80 && a.chars[b>>6]&(1<<(b&63)) != 0 }

// charRule reports whether the syntax rule reports runs of characters that
// a component does not allow, which an allowance may accept.
func charRule(rule string) bool {
	switch rule {
	case ast.RuleNetLocChar, ast.RuleFsegmentChar, ast.RuleSegmentChar, ast.RuleParamChar,
		ast.RuleQueryChar, ast.RuleFragmentChar, ast.RuleFragmentHash:
		return true
	}
	return false
}

// Filter returns the diagnostics of s, whose §2.4 cut is u, less what the
// allowance accepts: a run that holds accepted characters is reported as
// the runs of the others, each worded as package validate words a run
// (validate.RunMessage). diags is not modified; when nothing is accepted
// it is returned as it is.
func (a *Allowance) Filter(s string, u ast.URL, diags ast.Diagnostics) ast.Diagnostics {
	open, closing := -1, -1
	if a.ipv6 {
		open, closing = ipv6Brackets(u)
	}
	accepts := func(off int) bool {
		return a.char(s[off]) || off == open || off == closing
	}
	var out ast.Diagnostics
	changed := false
	for i := range diags {
		d := &diags[i]
		touched := false
		if charRule(d.Rule) {
			for off := d.Offset; off < d.End; off++ {
				if accepts(off) {
					touched = true
					break
				}
			}
		}
		if !touched {
			if changed {
				out = append(out, *d)
			}
			continue
		}
		if !changed {
			changed = true
			out = append(make(ast.Diagnostics, 0, len(diags)), diags[:i]...)
		}
		// The runs of characters not accepted; a byte of a UTF-8 sequence
		// is never accepted, so a sequence is never cut.
		for off := d.Offset; off < d.End; {
			if accepts(off) {
				off++
				continue
			}
			end := off + 1
			for end < d.End && !accepts(end) {
				end++
			}
			part := *d
			part.Offset, part.End, part.Text = off, end, s[off:end]
			if d.Rule != ast.RuleFragmentHash {
				part.Message = validate.RunMessage(d.Production, part.Text)
			}
			out = append(out, part)
			off = end
		}
	}
	if !changed {
		return diags
	}
	return out
}

// Validate is validate.Validate with the allowance applied: the §2.4 cut
// of s and its diagnostics, less what the allowance accepts.
func (a *Allowance) Validate(s string) (ast.URL, ast.Diagnostics) {
	u, diags := validate.Validate(s)
	if a.On() && diags.HasErrors() {
		diags = a.Filter(s, u, diags)
	}
	return u, diags
}

// ipv6Brackets returns the URL offsets of the "[" and "]" of an RFC 2732
// IPv6 literal that is the host of u's net_loc, or -1, -1.
func ipv6Brackets(u ast.URL) (open, closing int) {
	if !u.NetLoc.Present {
		return -1, -1
	}
	p := ast.SplitNetLoc(u.NetLoc.Value)
	if !IPv6Literal(p) {
		return -1, -1
	}
	return u.NetLoc.Span.Start + p.Host.Span.Start, u.NetLoc.Span.Start + p.Host.Span.End - 1
}

// IPv6Literal reports whether the host of p is an IPv6 literal, "["
// IPv6address "]" (RFC 2732 §3, read by net/netip), followed by nothing
// or by ":" and a port of digits. A zone (RFC 6874) is not part of
// RFC 2732, and an IPv4 address in brackets is not an IPv6 literal.
func IPv6Literal(p ast.NetLocParts) bool {
	h := p.Host.Value
	if len(h) < 2 || h[0] != '[' || h[len(h)-1] != ']' {
		return false
	}
	addr, err := netip.ParseAddr(h[1 : len(h)-1])
	if err != nil || !addr.Is6() || addr.Zone() != "" {
		return false
	}
	return strings.Trim(p.Port.Value, digitChars) == ""
}
