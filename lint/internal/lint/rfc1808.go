package lint

import (
	"errors"
	"fmt"
	"strings"

	"github.com/relurl/relurl/ast"
	"github.com/relurl/relurl/internal/profile"
	"github.com/relurl/relurl/resolve"
	"github.com/relurl/relurl/validate"
)

// noRelativeSchemes are never used with relative URLs (§2.3).
var noRelativeSchemes = map[string]bool{"mailto": true, "news": true, "telnet": true}

// rfc1808Rows are the rules drawn from the text of RFC 1808, the base
// rules among them (decisions L-3 to L-7).
func rfc1808Rows() []row {
	return []row{
		{Rule: Rule{
			ID: RuleSchemeRelativeForm, Family: FamilyRFC1808, Severity: ast.SeverityWarning, Default: true,
			Section: "RFC 1808 §5.2",
			Summary: `a scheme followed by a relative form ("http:g"), the loophole of §5.2`,
			Help: `Some older parsers allow the scheme name in a relative URL when it is the same as the ` +
				`base's, so they read "http:g" as the relative URL "g". §5.2 calls this a loophole that ` +
				`future parsers should avoid: under RFC 1808 "http:g" is the absolute URL "http:g". The rule ` +
				`looks at the schemes of the common Internet syntax (http, https, ftp, gopher, nntp, ` +
				`prospero, telnet, wais), which always carry a "//" net_loc, and at file URLs whose path ` +
				`is not absolute.`,
			Fix:   `write the absolute URL with its "//" net_loc, or drop the scheme to make the reference relative`,
			Quote: `some older parsers allow the scheme name to be present in a relative URL if it is the same as the base URL scheme. This is considered to be a loophole in prior specifications of partial URLs [1] and should be avoided by future parsers.`,
			Bad:   Example{Text: `http:g`, Base: `http://a/b/c/d;p?q#f`},
			Good:  Example{Text: `g`, Base: `http://a/b/c/d;p?q#f`},
		}, check: checkSchemeRelativeForm, repair: repairLoophole},
		{Rule: Rule{
			ID: RuleFsegmentColon, Family: FamilyRFC1808, Severity: ast.SeverityWarning, Default: true,
			Section: "RFC 1808 §5.3",
			Summary: `a relative path whose first segment holds ":"`,
			Help: `§5.3: path names that contain a colon cannot be used as the first component of a ` +
				`relative URL path (e.g. "this:that"), because they will likely be mistaken for a scheme ` +
				`name. Under RFC 1808 a colon after characters that cannot be in a scheme ("a_b:c", ":x") ` +
				`does not make a scheme, but other parsers, RFC 3986 ones among them, reject or misread ` +
				`such a reference.`,
			Fix:   `precede the path with "./" ("./this:that"), which the RFC prefers, or escape the colon as %3A`,
			Quote: `Authors should be aware that path names which contain a colon ":" character cannot be used as the first component of a relative URL path (e.g., "this:that") because they will likely be mistaken for a scheme name.`,
			Bad:   Example{Text: `my_notes:v2.html`},
			Good:  Example{Text: `./my_notes:v2.html`},
		}, check: checkFsegmentColon, repair: repairDotSlash},
		{Rule: Rule{
			ID: RuleParamsFTPTypeD, Family: FamilyRFC1808, Severity: ast.SeverityWarning, Default: true,
			Section: "RFC 1808 §5.3",
			Summary: `the ftp ";type=d" parameter where relative URLs are allowed`,
			Help: `§5.3: a directory retrieved by ftp that holds relative URLs needs a base path ending in ` +
				`"/", and ";type=d" does not give one (parameters never affect the resolution of paths, §4), ` +
				`so the RFC recommends that ";type=d" not be used within contexts that allow relative URLs. ` +
				`Documents (HTML, messages) allow them, and so does a list of URLs given a base.`,
			Fix:   `drop ";type=d" and end the path with "/"`,
			Quote: `we recommend that the ";type=d" parameter value not be used within contexts that allow relative URLs.`,
			Bad:   Example{Text: `ftp://ftp.example.com/pub;type=d`, Base: `http://www.example.com/`},
			Good:  Example{Text: `ftp://ftp.example.com/pub/`, Base: `http://www.example.com/`},
		}, check: checkFTPTypeD, noFix: `dropping ";type=d" changes the URL: end the path with "/" by hand`},
		{Rule: Rule{
			ID: RuleBaseSchemeNoRelative, Family: FamilyRFC1808, Severity: ast.SeverityWarning, Default: true,
			Section: "RFC 1808 §2.3",
			Summary: "a relative reference against a mailto, news or telnet base",
			Help: `§2.3: mailto, news and telnet are never used with relative URLs, so a relative ` +
				`reference in a document whose base has one of these schemes cannot mean what its author ` +
				`intended. (The empty reference, which names the base itself, is not reported.)`,
			Fix:   "write the reference as an absolute URL",
			Quote: `The following schemes are never used with relative URLs:`,
			Bad:   Example{Text: `g`, Base: `mailto:info@example.com`},
			Good:  Example{Text: `mailto:sales@example.com`, Base: `mailto:info@example.com`},
		}, check: checkBaseSchemeNoRelative, noFix: "only the author knows which absolute URL is meant"},
		{Rule: Rule{
			ID: resolve.RuleBaseNotAbsolute, Family: FamilyRFC1808, Severity: ast.SeverityWarning, Default: true,
			Section: "RFC 1808 §2, §10",
			Summary: "a base URL without a scheme",
			Help: `A base URL must be absolute and fit generic-RL (§2); an HTML BASE element's HREF "must be ` +
				`an absolute URL" (§10), as must a Base header's (§3.1). Relative references in the ` +
				`document cannot be resolved, and are not checked against the base.`,
			Fix:   "write the base as an absolute URL",
			Quote: `The "HREF" attribute must be an absolute URL.`,
			Bad:   Example{Text: `<head><base href="/docs/"></head>`},
			Good:  Example{Text: `<head><base href="http://www.example.com/docs/"></head>`},
		}, check: checkBaseNotAbsolute, noFix: "only the author knows which absolute URL the base is"},
		{Rule: Rule{
			ID: resolve.RuleBaseNotGenericRL, Family: FamilyRFC1808, Severity: ast.SeverityWarning, Default: true,
			Section: "RFC 1808 §2",
			Summary: "a base URL that does not fit generic-RL",
			Help: `§2: base documents can only make use of relative URLs when their base URL fits the ` +
				`generic-RL syntax; relative URLs cannot be used within documents that have unsuitable ` +
				`base URLs. An absolute URL whose net_loc is followed by "//" ("http://a//b") fits only ` +
				`the opaque form of absoluteURL. Reported at the base when the document embeds it, and at ` +
				`each relative reference when it comes from outside (--base, an enclosing entity).`,
			Fix:   `remove the empty path segment after the net_loc`,
			Quote: `relative URLs cannot be used within documents that have unsuitable base URLs.`,
			Bad:   Example{Text: `<head><base href="http://a//b"></head>`},
			Good:  Example{Text: `<head><base href="http://a/b"></head>`},
		}, check: checkBaseNotGenericRL, noFix: `removing the empty segment changes the base, and every reference resolved against it`},
		{Rule: Rule{
			ID: RuleResultNotGenericRL, Family: FamilyRFC1808, Severity: ast.SeverityWarning, Default: true,
			Section: "RFC 1808 §2, §4",
			Summary: "a relative reference whose result does not fit generic-RL, and cannot serve as a base",
			Help: `§4 promises an absolute URL, not a generic-RL one: where step 6 leaves the path with an ` +
				`empty first segment after a net_loc, step 7 recombines a URL whose net_loc is followed by ` +
				`"//" ("../..//g" against "http://a/b/c/d;p?q#f" gives "http://a//g"). That URL is valid in ` +
				`the opaque form of absoluteURL, but §2 allows relative URLs only in documents whose base ` +
				`fits generic-RL, so the document it names cannot use relative URLs. Readers that keep a ` +
				`"." segment in front ("http://a/.//g") ` +
				`name another resource. Reported at the reference, a warning: the reference is valid and ` +
				`resolves, but its result is almost never what was meant.`,
			Fix:   `remove the empty segment (the doubled "/") from the reference`,
			Quote: "base documents can only make use of relative URLs when their base URL fits within the generic-RL syntax described below.",
			Bad:   Example{Text: `../..//g`, Base: `http://a/b/c/d;p?q#f`},
			Good:  Example{Text: `../../g`, Base: `http://a/b/c/d;p?q#f`},
		}, check: checkResultNotGenericRL, noFix: `removing the doubled "/" changes where the reference goes`},
		{Rule: Rule{
			ID: RuleBaseHeader, Family: FamilyRFC1808, Severity: ast.SeverityWarning, Default: true,
			Section: "RFC 1808 §3.1",
			Summary: "a Base header not of the form <URL:absoluteURL>",
			Help: `§3.1 recommends base-header = "Base" ":" "<URL:" absoluteURL ">", white space inside ` +
				`the angle brackets ignored. A Base header of another form defines no base that relurl can ` +
				`read, and the entity's base comes from the next layer (§3.2, §3.3).`,
			Fix:   "write the header as Base: <URL:absoluteURL>",
			Quote: `base-header = "Base" ":" "<URL:" absoluteURL ">"`,
			Bad:   Example{Text: "Base: http://www.example.com/docs/\n\nA message.\n"},
			Good:  Example{Text: "Base: <URL:http://www.example.com/docs/>\n\nA message.\n"},
		}, reads: readsMalformed, check: checkBaseHeader, noFix: "rewriting the header changes the base of the message, and every reference in it"},
	}
}

// checkSchemeRelativeForm: §5.2, a scheme with a relative form.
func checkSchemeRelativeForm(c *urlCheck) {
	u := c.u
	if !u.Scheme.Present || u.NetLoc.Present || !profile.InternetScheme(c.scheme) && (c.scheme != "file" || u.Path.IsAbsolute()) {
		return
	}
	rest := c.s[u.Scheme.Span.End+1:]
	msg := fmt.Sprintf("%s has the scheme %s but no \"//\" net_loc: older parsers read it as the relative URL %s "+
		"against a base of the same scheme (the loophole of §5.2), RFC 1808 as the absolute URL %s",
		q(c.s), q(u.Scheme.Value), q(rest), q(c.s))
	if c.b != nil && c.b.usable && strings.EqualFold(c.b.parsed.Scheme.Value, u.Scheme.Value) {
		old := resolve.Reference(c.b.parsed, validate.Split(rest)).String()
		msg += fmt.Sprintf("; against this document's base they give %s", q(old))
	}
	c.report(hit{offset: 0, end: u.Scheme.Span.End + 1, production: "scheme", message: msg})
}

// checkFsegmentColon: §5.3, a relative path whose first segment holds ":".
func checkFsegmentColon(c *urlCheck) {
	at := c.relativeColon()
	if at < 0 {
		return
	}
	first, _, _ := strings.Cut(c.u.Path.Value, "/")
	why := fmt.Sprintf("parsers will likely mistake %s for a scheme name", q(c.s[c.u.Path.Span.Start:at]))
	if at == c.u.Path.Span.Start {
		why = `it begins with ":", which reads as an empty scheme name`
	}
	c.report(hit{offset: at, end: at + 1, production: "fsegment",
		message: fmt.Sprintf("the first segment %s of a relative path holds \":\": %s (§5.3); write %s", q(first), why, q("./"+c.s))})
}

// checkFTPTypeD: §5.3, ";type=d" on an ftp URL where relative URLs are
// allowed; the scheme is the URL's or, for a relative one, its base's.
func checkFTPTypeD(c *urlCheck) {
	u := c.u
	if c.b == nil || !c.b.relAllowed || !u.Params.Present {
		return
	}
	effective := c.scheme
	if c.relative && c.b.usable {
		effective = strings.ToLower(c.b.parsed.Scheme.Value)
	}
	if effective != "ftp" {
		return
	}
	off := u.Params.Span.Start
	for p := range strings.SplitSeq(u.Params.Value, ";") {
		if strings.EqualFold(p, "type=d") {
			c.report(hit{offset: off, end: off + len(p), production: "param",
				message: fmt.Sprintf("%s marks an ftp directory, which §5.3 recommends against where relative URLs are allowed: "+
					"relative URLs in the directory's listing need a base path ending in \"/\"", q(p))})
		}
		off += len(p) + 1
	}
}

// relativeRef reports whether the URL is a relative reference that names
// something else than its document's base: not empty, not the base itself.
func (c *urlCheck) relativeRef() bool { return c.relative && !c.asBase && c.b != nil && c.s != "" }

// checkBaseSchemeNoRelative: §2.3, a base scheme never used with relative
// URLs.
func checkBaseSchemeNoRelative(c *urlCheck) {
	if !c.relativeRef() || c.b.url == "" {
		return
	}
	if bs := strings.ToLower(validate.Split(c.b.url).Scheme.Value); noRelativeSchemes[bs] {
		c.report(hit{offset: 0, end: len(c.s), production: "relativeURL",
			message: fmt.Sprintf("relative reference against the base %s: %s URLs are never used with relative URLs (§2.3)",
				q(c.b.url), bs)})
	}
}

// checkBaseNotAbsolute: §2, §10, a document's own base that is empty or
// has no scheme.
func checkBaseNotAbsolute(c *urlCheck) {
	if !c.asBase {
		return
	}
	if c.s == "" {
		c.report(hit{production: "generic-RL", message: "the base URL is empty, and a base must be absolute (§2, §10)"})
		return
	}
	c.reportBaseError(resolve.RuleBaseNotAbsolute)
}

// checkBaseNotGenericRL: §2, a base that does not fit generic-RL: the
// document's own, where it is written, or a retrieval URL, written
// nowhere in the document, at each relative reference.
func checkBaseNotGenericRL(c *urlCheck) {
	if c.asBase {
		c.reportBaseError(resolve.RuleBaseNotGenericRL)
		return
	}
	if c.relativeRef() && c.b.retrievalNotGenericRL != "" {
		c.report(hit{offset: 0, end: len(c.s), production: "relativeURL", message: c.b.retrievalNotGenericRL})
	}
}

// reportBaseError reports why the URL, a document's own base, cannot serve
// as one, when resolve.ParseBase says so with the given rule.
func (c *urlCheck) reportBaseError(rule string) {
	var d *ast.Diagnostic
	if err := c.baseError(); err == nil || !errors.As(err, &d) || d.Rule != rule {
		return
	}
	h := hit{offset: d.Offset, end: d.End, production: d.Production, message: d.Message}
	if h.end <= h.offset {
		h.offset, h.end = 0, len(c.s)
	}
	c.report(h)
}

// checkResultNotGenericRL: §2, §4, a relative reference whose result
// does not fit generic-RL (resolve.BaseReason), so that it cannot serve as
// a base in its turn.
func checkResultNotGenericRL(c *urlCheck) {
	if !c.relativeRef() {
		return
	}
	r, ok := c.resolved()
	if !ok || resolve.BaseReason(r) != resolve.ReasonNotGenericRL {
		return
	}
	c.report(hit{offset: 0, end: len(c.s), production: "relativeURL",
		message: fmt.Sprintf("%q resolves against %q to %q, which does not fit generic-RL (its net_loc is followed by \"//\"): "+
			"it cannot serve as a base URL, so the document it names cannot use relative URLs (§2, §4)", c.s, c.b.url, r.String())})
}

// checkBaseHeader: §3.1, a Base header not of the form <URL:absoluteURL>.
func checkBaseHeader(c *urlCheck) {
	c.report(hit{offset: 0, end: len(c.s), production: "base-header",
		message: c.err.Error() + `: base-header = "Base" ":" "<URL:" absoluteURL ">"`})
}
