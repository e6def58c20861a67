package relurl

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/relurl/relurl/ast"
	"github.com/relurl/relurl/internal/profile"
)

// Profile is the set of rules a URL is read under: RFC 1808 §2.2 always,
// and what the profile adds. The zero Profile is RFC 1808 alone, the
// default of every function of this package; [ParseProfile] makes the
// others from their text (decision A-1):
//
//   - "rfc1808": RFC 1808 alone, the zero Profile; named in a list, it
//     adds nothing.
//   - "rfc1738": the rules of RFC 1738 on absolute URLs of its schemes:
//     the login of its §3.1 (user, password, host and port) and the
//     productions of its §5 (httpurl, ftpurl, fileurl, mailtourl,
//     telneturl, waisurl), each finding under its rfc1738/ rule id
//     ([RuleRFC1738Host] and the rest).
//   - "rfc2732": IPv6 literal hosts, "[" IPv6address "]" (RFC 2732 §3),
//     which §2.2 forbids ("[" and "]" are national characters).
//   - "allow:CHARS": the characters CHARS accepted wherever they stand,
//     "allow:~" say; only those §2.2 forbids everywhere may be named: the
//     national characters { } | \ ^ ~ [ ] ` and the punctuation < > " #.
//
// A list separated by commas adds them up: "rfc1738,rfc2732,allow:~".
// These are the switches of the linter's --enable rfc1738, [allow]
// ipv6-hosts and [allow] chars, and the same code checks them.
//
// Profile is a small comparable value, safe to copy and to use from many
// goroutines. It implements [encoding.TextMarshaler] and
// [encoding.TextUnmarshaler], so a flag (flag.TextVar), JSON or TOML can
// hold one.
type Profile struct {
	allow   profile.Allowance
	rfc1738 bool
}

// ParseProfile reads a profile from its text (see [Profile]). The empty
// string is RFC 1808 alone, as is "rfc1808".
func ParseProfile(text string) (Profile, error) {
	var p Profile
	if strings.TrimSpace(text) == "" {
		return p, nil
	}
	chars, ipv6 := "", false
	for name := range strings.SplitSeq(text, ",") {
		name = strings.TrimSpace(name)
		switch {
		case name == "rfc1808":
		case name == "rfc1738":
			p.rfc1738 = true
		case name == "rfc2732":
			ipv6 = true
		case strings.HasPrefix(name, "allow:") && len(name) > len("allow:"):
			chars += name[len("allow:"):]
		default:
			return Profile{}, fmt.Errorf("profile %s: %s is none of rfc1808, rfc1738, rfc2732 and allow:CHARS", ast.Quote(text, 0), ast.Quote(name, 0))
		}
	}
	var err error
	if p.allow, err = profile.NewAllowance(chars, ipv6); err != nil {
		return Profile{}, fmt.Errorf("profile %s: %w", ast.Quote(text, 0), err)
	}
	return p, nil
}

// String returns the profile's text, which [ParseProfile] reads back into
// the same profile: "rfc1808" for the zero Profile, otherwise what it
// adds in the order rfc1738, rfc2732, allow: (its characters in byte
// order).
func (p Profile) String() string {
	var names []string
	if p.rfc1738 {
		names = append(names, "rfc1738")
	}
	if p.allow.IPv6() {
		names = append(names, "rfc2732")
	}
	if chars := p.allow.Chars(); chars != "" {
		names = append(names, "allow:"+chars)
	}
	if names == nil {
		return "rfc1808"
	}
	return strings.Join(names, ",")
}

// MarshalText returns the profile's text, as [Profile.String] writes it.
func (p Profile) MarshalText() ([]byte, error) { return []byte(p.String()), nil }

// UnmarshalText reads a profile as [ParseProfile] does.
func (p *Profile) UnmarshalText(text []byte) error {
	v, err := ParseProfile(string(text))
	if err != nil {
		return err
	}
	*p = v
	return nil
}

// Parse reads s as [Parse] does, under the profile's rules: a URL whose
// only faults are what the profile allows is valid, and one that breaks
// an error rule of the profile is not. The error is an *[Error] wrapping
// every diagnostic, warnings included; errors.Is finds [ErrSyntax] in it.
func (p Profile) Parse(s string) (URL, error) {
	u, diags := p.Validate(s)
	if diags.HasErrors() {
		return u, &Error{Op: "parse", URL: s, Err: diags}
	}
	return u, nil
}

// Validate checks s as [Validate] does, under the profile's rules, and
// returns its §2.4 cut and every diagnostic in order of offset. The rules
// of RFC 1738 read a URL that is valid under §2.2 (what the profile
// allows accepted), so their diagnostics come only when there is no
// syntax error; rfc1738/scheme-case is a warning, which leaves the URL
// valid. A relative net_path ("//host/x") has no scheme of its own, and
// the rules of RFC 1738 leave it alone.
func (p Profile) Validate(s string) (URL, Diagnostics) {
	u, diags := p.allow.Validate(s)
	if !p.rfc1738 || diags.HasErrors() {
		return fromAST(u), fromDiagnostics(diags)
	}
	var sub profile.Subject
	sub.Reset(s, &u, "", p.allow.IPv6())
	sub.CheckAll()
	out := fromDiagnostics(diags)
	for _, h := range sub.Hits {
		r, _ := profile.LookupRFC1738(h.Rule)
		out = append(out, Diagnostic{Offset: h.Offset, End: h.End, Production: h.Production, Text: s[h.Offset:h.End],
			Message: h.Message, Rule: h.Rule, Severity: Severity(r.Severity)})
	}
	slices.SortStableFunc(out, func(a, b Diagnostic) int { return cmp.Compare(a.Offset, b.Offset) })
	return fromAST(u), out
}
