package lint

import (
	"fmt"
	"net/netip"
	"strings"

	"github.com/relurl/relurl/ast"
	"github.com/relurl/relurl/validate"
)

// allowance is what [Options.AllowChars] and [Options.AllowIPv6Hosts]
// accept beyond §2.2, read once by [New].
type allowance struct {
	// chars[b] says the ASCII character b is accepted.
	chars [128]bool
	// ipv6 accepts an RFC 2732 literal as the host of a net_loc.
	ipv6 bool
	// on says there is anything to accept.
	on bool
}

// allowable says which characters [Options.AllowChars] may hold: those
// that a syntax rule reports wherever they stand, the national characters
// and the punctuation of §2.2 but "%", which begins an escape.
func allowable(b byte) bool {
	return b < 0x80 && ast.Is(b, ast.National|ast.Punctuation) && b != '%'
}

func newAllowance(chars string, ipv6 bool) (allowance, error) {
	a := allowance{ipv6: ipv6, on: ipv6 || chars != ""}
	for i := 0; i < len(chars); i++ {
		b := chars[i]
		if !allowable(b) {
			return allowance{}, fmt.Errorf("allowed characters %s: %s cannot be allowed: only the national characters "+
				"{ } | \\ ^ ~ [ ] ` and the punctuation < > \" # of RFC 1808 §2.2 can be", ast.Quote(chars, i), ast.Quote(chars[i:i+1], 0))
		}
		a.chars[b] = true
	}
	return a, nil
}

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

// filter returns the diagnostics of s, whose §2.4 cut is u, less what the
// allowances accept: a run that holds accepted characters is reported as
// the runs of the others, each worded as package validate words a run
// (validate.RunMessage). diags is not modified; when nothing is accepted
// it is returned as it is.
func (a *allowance) filter(s string, u ast.URL, diags ast.Diagnostics) ast.Diagnostics {
	open, closing := -1, -1
	if a.ipv6 {
		open, closing = ipv6Brackets(u)
	}
	accepts := func(off int) bool {
		b := s[off]
		return b < 0x80 && a.chars[b] || off == open || off == closing
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

// ipv6Brackets returns the URL offsets of the "[" and "]" of an RFC 2732
// IPv6 literal that is the host of u's net_loc, or -1, -1.
func ipv6Brackets(u ast.URL) (open, closing int) {
	if !u.NetLoc.Present {
		return -1, -1
	}
	p := ast.SplitNetLoc(u.NetLoc.Value)
	if !ipv6Literal(p) {
		return -1, -1
	}
	return u.NetLoc.Span.Start + p.Host.Span.Start, u.NetLoc.Span.Start + p.Host.Span.End - 1
}

// ipv6Literal reports whether the host of p is an IPv6 literal, "["
// IPv6address "]" (RFC 2732 §3, read by net/netip), followed by nothing
// or by ":" and a port of digits. A zone (RFC 6874) is not part of
// RFC 2732, and an IPv4 address in brackets is not an IPv6 literal.
func ipv6Literal(p ast.NetLocParts) bool {
	h := p.Host.Value
	if len(h) < 2 || h[0] != '[' || h[len(h)-1] != ']' {
		return false
	}
	addr, err := netip.ParseAddr(h[1 : len(h)-1])
	if err != nil || !addr.Is6() || addr.Zone() != "" {
		return false
	}
	return strings.Trim(p.Port.Value, "0123456789") == ""
}
