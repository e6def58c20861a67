package lint

import (
	"errors"
	"fmt"
	"net/url"

	"github.com/relurl/relurl/ast"
	"github.com/relurl/relurl/resolve"
)

// portabilityRows are the rules for URLs that RFC 3986 parsers, Go's
// net/url among them, read differently (README decision 8 of the linter).
func portabilityRows() []row {
	return []row{
		{Rule: Rule{
			ID: RulePortabilityResolution, Family: FamilyPortability, Severity: ast.SeverityWarning, Default: true,
			Section: "RFC 1808 §4, §5.2; RFC 3986 §5.2",
			Summary: "a reference that resolves differently under RFC 3986",
			Help: `RFC 3986, which obsoletes RFC 1808, resolves some references differently: it removes ` +
				`"." and ".." segments from every path (RFC 1808's "/./g" and "../../../g" keep them), ` +
				`replaces the last path segment for a reference of params alone (";x"), and reads "?" and ` +
				`";" after a net_loc as delimiters. The rule resolves each reference both ways, the ` +
				`RFC 3986 way with Go's net/url, and reports both answers when they differ.`,
			Fix: "write the absolute URL you mean, which both specifications read the same way",
		}, check: checkPortabilityResolution},
		{Rule: Rule{
			ID: RulePortabilityParse, Family: FamilyPortability, Severity: ast.SeverityWarning, Default: true,
			Section: "RFC 3986 §3",
			Summary: "a valid RFC 1808 URL that RFC 3986 parsers reject",
			Help: `Some URLs valid under RFC 1808 are not URI references under RFC 3986, and Go's net/url ` +
				`refuses them: a scheme that does not begin with a letter ("1a:b", read as a path whose ` +
				`first segment holds ":"), or a net_loc whose port is not digits ("http://a:b/"). A relative ` +
				`path with ":" in its first segment is left to ` + RuleFsegmentColon + `.`,
			Fix: "",
		}, check: checkPortabilityParse},
	}
}

// netParse is the URL as net/url reads it: the reading both portability
// rules start from.
func (c *urlCheck) netParse() (*url.URL, error) {
	if !c.netRead {
		c.netRead = true
		c.net, c.netErr = url.Parse(c.s)
	}
	return c.net, c.netErr
}

// checkPortabilityParse: a valid RFC 1808 URL that net/url refuses. A
// relative path with ":" in its first segment is fsegment/colon's, so that
// one fault gives one finding.
func checkPortabilityParse(c *urlCheck) {
	_, err := c.netParse()
	if err == nil || c.relativeColon() >= 0 {
		return
	}
	var ue *url.Error
	msg := err.Error()
	if errors.As(err, &ue) {
		msg = ue.Err.Error()
	}
	c.report(hit{offset: 0, end: len(c.s), production: "URL",
		message: fmt.Sprintf("valid under RFC 1808, but RFC 3986 parsers reject it: Go's net/url says %s", msg)})
}

// checkPortabilityResolution resolves the URL against its base by RFC 1808
// (package resolve) and by RFC 3986 (net/url), and reports a difference.
// Both answers are compared as net/url prints them, so that its
// normalizations (a lower case scheme, its escaping) are not taken for
// differences. An absolute reference is compared too: RFC 3986 removes
// its dot segments.
func checkPortabilityResolution(c *urlCheck) {
	ref, err := c.netParse()
	if err != nil || c.asBase {
		return
	}
	var r1808, r3986, against string
	switch b := c.b; {
	case b != nil && b.usable:
		if b.net == nil {
			return // net/url refuses the base: reported where it is written
		}
		r1808 = resolve.Reference(b.parsed, c.u).String()
		r3986 = b.net.ResolveReference(ref).String()
		against = fmt.Sprintf(" against %q", b.url)
	case !c.relative && (b == nil || b.url == ""):
		r1808 = c.s
		r3986 = (&url.URL{}).ResolveReference(ref).String()
	default:
		return
	}
	if r1808 == r3986 {
		return
	}
	if p, err := url.Parse(r1808); err == nil && p.String() == r3986 {
		return
	}
	c.report(hit{offset: 0, end: len(c.s), production: "URL",
		message: fmt.Sprintf("%q resolves%s to %q under RFC 1808 but to %q under RFC 3986 (Go's net/url)",
			c.s, against, r1808, r3986)})
}
