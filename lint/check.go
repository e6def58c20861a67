package lint

import (
	"errors"
	"fmt"
	"net/url"
	"strings"

	"github.com/relurl/relurl/ast"
	"github.com/relurl/relurl/resolve"
	rbase "github.com/relurl/relurl/resolve/base"
	"github.com/relurl/relurl/validate"
)

// maxSyntaxPerURL bounds the syntax findings reported for one URL, so that
// a binary file read as a URL list, or a huge line of garbage, gives a
// readable report; the last one reported says how many more there were.
const maxSyntaxPerURL = 20

// hit is a finding inside one URL: offsets index the URL's text.
type hit struct {
	rule        string
	offset, end int
	production  string
	message     string
	fix         string
}

func asLayerError(err error, le **rbase.LayerError) bool { return errors.As(err, le) }
func asBaseError(err error, be **resolve.BaseError) bool { return errors.As(err, be) }

// internetSchemes carry a "//" net_loc in every URL (the common Internet
// syntax of RFC 1738 §3.1; https as RFC 2818 defines it).
var internetSchemes = map[string]bool{
	"http": true, "https": true, "ftp": true, "gopher": true, "nntp": true,
	"prospero": true, "telnet": true, "wais": true,
}

// noRelativeSchemes are never used with relative URLs (§2.3).
var noRelativeSchemes = map[string]bool{"mailto": true, "news": true, "telnet": true}

// checkRef runs every enabled rule on one URL found in a document with
// base b. asBase says the URL is the document's own base (an HTML BASE
// element, a Base header): it is checked as a base, not as a reference.
func (l *Linter) checkRef(s string, b *base, asBase bool) []hit {
	var hits []hit
	u, diags := validate.Validate(s)
	if diags.HasErrors() {
		n := 0
		for i, d := range diags {
			if !l.Enabled(d.Rule) {
				continue
			}
			if n == maxSyntaxPerURL-1 && i < len(diags)-1 {
				more := len(diags) - 1 - i
				if m := validate.More(diags); m > 0 {
					more += m - 1 // the last diagnostic stands for m
				}
				d.Message += fmt.Sprintf(" (%d more syntax errors in this URL not shown)", more)
				hits = append(hits, syntaxHit(d))
				break
			}
			hits = append(hits, syntaxHit(d))
			n++
		}
		// The other rules read valid URLs only.
		return hits
	}
	scheme := strings.ToLower(u.Scheme.Value)

	if asBase {
		if _, err := resolve.ParseBase(s); err != nil || s == "" {
			var d *ast.Diagnostic
			switch {
			case s == "":
				hits = l.add(hits, hit{rule: resolve.RuleBaseNotAbsolute, production: "generic-RL",
					message: "the base URL is empty, and a base must be absolute (§2, §10)"})
			case errors.As(err, &d):
				h := hit{rule: d.Rule, offset: d.Offset, end: d.End, production: d.Production, message: d.Message}
				if h.end <= h.offset {
					h.offset, h.end = 0, len(s)
				}
				hits = l.add(hits, h)
			}
		}
	}

	// §5.2: a scheme with a relative form.
	if u.Scheme.Present && !u.NetLoc.Present &&
		(internetSchemes[scheme] || scheme == "file" && !u.Path.IsAbsolute()) &&
		l.Enabled(RuleSchemeRelativeForm) {
		rest := s[u.Scheme.Span.End+1:]
		msg := fmt.Sprintf("%q has the scheme %q but no \"//\" net_loc: older parsers read it as the relative URL %q "+
			"against a base of the same scheme (the loophole of §5.2), RFC 1808 as the absolute URL %q",
			s, u.Scheme.Value, rest, s)
		if b != nil && b.usable && strings.EqualFold(b.parsed.Scheme.Value, u.Scheme.Value) {
			old := resolve.Reference(b.parsed, validate.Split(rest)).String()
			msg += fmt.Sprintf("; against this document's base they give %q", old)
		}
		hits = l.add(hits, hit{rule: RuleSchemeRelativeForm, offset: 0, end: u.Scheme.Span.End + 1,
			production: "scheme", message: msg})
	}

	relative := !u.Scheme.Present

	// §5.3: a first segment holding ":".
	if relative && !u.NetLoc.Present && !u.Path.IsAbsolute() && l.Enabled(RuleFsegmentColon) {
		first, _, _ := strings.Cut(u.Path.Value, "/")
		if c := strings.IndexByte(first, ':'); c >= 0 {
			at := u.Path.Span.Start + c
			var why string
			if c == 0 {
				why = `it begins with ":", which reads as an empty scheme name`
			} else {
				why = fmt.Sprintf("parsers will likely mistake %q for a scheme name", first[:c])
			}
			hits = l.add(hits, hit{rule: RuleFsegmentColon, offset: at, end: at + 1, production: "fsegment",
				message: fmt.Sprintf("the first segment %q of a relative path holds \":\": %s (§5.3); write %q",
					first, why, "./"+s)})
		}
	}

	// §5.3: ";type=d" on an ftp URL where relative URLs are allowed.
	if b != nil && b.relAllowed && u.Params.Present && l.Enabled(RuleParamsFTPTypeD) {
		effective := scheme
		if relative && b.usable {
			effective = strings.ToLower(b.parsed.Scheme.Value)
		}
		if effective == "ftp" {
			off := u.Params.Span.Start
			for p := range strings.SplitSeq(u.Params.Value, ";") {
				if strings.EqualFold(p, "type=d") {
					hits = l.add(hits, hit{rule: RuleParamsFTPTypeD, offset: off, end: off + len(p), production: "param",
						message: fmt.Sprintf("%q marks an ftp directory, which §5.3 recommends against where relative URLs are allowed: "+
							"relative URLs in the directory's listing need a base path ending in \"/\"", p)})
				}
				off += len(p) + 1
			}
		}
	}

	if relative && !asBase && b != nil && s != "" {
		// §2.3: a base scheme never used with relative URLs.
		if b.url != "" && l.Enabled(RuleBaseSchemeNoRelative) {
			bs := strings.ToLower(validate.Split(b.url).Scheme.Value)
			if noRelativeSchemes[bs] {
				hits = l.add(hits, hit{rule: RuleBaseSchemeNoRelative, offset: 0, end: len(s), production: "relativeURL",
					message: fmt.Sprintf("relative reference against the base %q: %s URLs are never used with relative URLs (§2.3)",
						b.url, bs)})
			}
		}
		// §2: a base from outside the document that cannot serve.
		if b.problem != "" && l.Enabled(b.problem) {
			hits = l.add(hits, hit{rule: b.problem, offset: 0, end: len(s), production: "relativeURL", message: b.problemMsg})
		}
	}

	if l.Enabled(RulePortabilityResolution) || l.Enabled(RulePortabilityParse) {
		hits = l.portability(hits, s, u, b, asBase)
	}

	if l.rfc1738On {
		bs := ""
		if relative && u.NetLoc.Present && b != nil && b.usable {
			bs = b.parsed.Scheme.Value
		}
		hits = l.rfc1738(hits, s, u, bs)
	}
	return hits
}

func (l *Linter) anyEnabled(f Family) bool {
	for _, r := range catalog {
		if r.Family == f && l.state[r.ID].on {
			return true
		}
	}
	return false
}

// add appends h when its rule is enabled.
func (l *Linter) add(hits []hit, h hit) []hit {
	if !l.Enabled(h.rule) {
		return hits
	}
	if r, ok := Lookup(h.rule); ok && h.fix == "" {
		h.fix = r.Fix
	}
	return append(hits, h)
}

func syntaxHit(d ast.Diagnostic) hit {
	h := hit{rule: d.Rule, offset: d.Offset, end: d.End, production: d.Production, message: d.Message}
	switch d.Rule {
	case ast.RuleEscapeMalformed:
		h.fix = `write a literal "%" as %25`
	case ast.RuleFragmentHash:
		h.fix = "write it as %23"
	case ast.RuleNetPathEmptySegment:
		h.fix = `remove the extra "/"`
	default:
		h.fix = "write " + quoteText(d.Text) + " as " + ast.PercentEncode(d.Text)
	}
	return h
}

func quoteText(s string) string {
	if s == " " {
		return "the space"
	}
	return fmt.Sprintf("%q", s)
}

// portability resolves s against the base by RFC 1808 (package resolve)
// and by RFC 3986 (net/url), and reports a difference or a URL net/url
// refuses.
func (l *Linter) portability(hits []hit, s string, u ast.URL, b *base, asBase bool) []hit {
	ref, err := url.Parse(s)
	if err != nil {
		// A relative path with ":" in its first segment is fsegment/colon's.
		if first, _, _ := strings.Cut(u.Path.Value, "/"); !u.Scheme.Present && !u.NetLoc.Present &&
			!u.Path.IsAbsolute() && strings.Contains(first, ":") {
			return hits
		}
		var ue *url.Error
		msg := err.Error()
		if errors.As(err, &ue) {
			msg = ue.Err.Error()
		}
		return l.add(hits, hit{rule: RulePortabilityParse, offset: 0, end: len(s), production: "URL",
			message: fmt.Sprintf("valid under RFC 1808, but RFC 3986 parsers reject it: Go's net/url says %s", msg)})
	}
	if asBase || !l.Enabled(RulePortabilityResolution) {
		return hits
	}
	var r1808, r3986, against string
	switch {
	case b != nil && b.usable:
		if b.net == nil {
			return hits // net/url refuses the base: reported where it is written
		}
		r1808 = resolve.Reference(b.parsed, u).String()
		r3986 = b.net.ResolveReference(ref).String()
		against = fmt.Sprintf(" against %q", b.url)
	case u.Scheme.Present && (b == nil || b.url == ""):
		// An absolute reference needs no base; RFC 3986 still removes its
		// dot segments.
		r1808 = s
		r3986 = (&url.URL{}).ResolveReference(ref).String()
	default:
		return hits
	}
	// Compare as net/url prints them, so that its normalizations (a lower
	// case scheme, its escaping) are not taken for differences.
	if r1808 == r3986 {
		return hits
	}
	if p, err := url.Parse(r1808); err == nil && p.String() == r3986 {
		return hits
	}
	return l.add(hits, hit{rule: RulePortabilityResolution, offset: 0, end: len(s), production: "URL",
		message: fmt.Sprintf("%q resolves%s to %q under RFC 1808 but to %q under RFC 3986 (Go's net/url)",
			s, against, r1808, r3986)})
}
