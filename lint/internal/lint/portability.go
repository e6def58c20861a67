package lint

import (
	"errors"
	"fmt"
	"net/url"
	"strconv"
	"strings"

	"github.com/relurl/relurl/ast"
	"github.com/relurl/relurl/lint/internal/compare"
	"github.com/relurl/relurl/lint/internal/quote"
)

// browserKinds are the kinds of documents browsers read: the WHATWG rules
// are on by default in them, and off in the others (URL lists, messages),
// which programs of every kind read (Rule.Kinds). Markdown and CSS are
// named before package extract reads them (kindsToCome in lint.go).
const browserKinds = "html,markdown,css"

// portabilityRows are the rules for URLs that other readers read
// differently: browsers, by the WHATWG URL Standard, and RFC 3986 parsers,
// Go's net/url among them (decision L-8, and "The portability rules" in
// docs/lint.md). The readings and their divergences are package
// compare's; the WHATWG rules come first, so that a URL both they and an
// RFC 3986 rule would report is reported once (see checkWHATWG).
func portabilityRows() []row {
	return []row{
		{Rule: Rule{
			ID: RuleWHATWGResolution, Family: FamilyPortability, Severity: ast.SeverityWarning, Default: true, Kinds: browserKinds,
			Section: "RFC 1808 §4; URL Standard §4.4",
			Summary: "a reference a browser resolves to another URL than RFC 1808 does",
			Help: `Browsers read URLs by the WHATWG URL Standard, not by RFC 1808. Where the two resolve a ` +
				`reference the browser reads as it is written to different URLs, a link goes elsewhere than ` +
				`its RFC 1808 reading says: ".." above the root ("../../../g"), a reference of params alone ` +
				`(";x"), "." and ".." in an absolute path ("/./g"), empty components ("?", "//", ""), a base ` +
				`whose net_loc holds "?" or ";". The rule reads each reference three ways with package ` +
				`compare (RFC 1808, RFC 3986 as Go's net/url reads it, the URL Standard), and reports both ` +
				`URLs and the divergence's class. On by default in HTML, Markdown and CSS, which browsers ` +
				`read; off in URL lists and messages. A relative reference without a base is not reported ` +
				`(a browser needs one), nor letter case and the writing of the same URL (classes case and ` +
				`scheme-mixup), nor what an RFC 1808 rule already reports (the loophole "http:g" is ` +
				RuleSchemeRelativeForm + `'s).`,
			Fix:   "write the absolute URL you mean, which RFC 1808 and browsers resolve alike",
			Quote: `Parsers must be careful in handling the case where there are more relative path ".." segments than there are hierarchical levels in the base URL's path.`,
			Bad:   Example{Text: `<a href="../../../g">g</a>`, Base: `http://a/b/c/d;p?q#f`},
			Good:  Example{Text: `<a href="../../g">g</a>`, Base: `http://a/b/c/d;p?q#f`},
		}, check: checkWHATWG},
		{Rule: Rule{
			ID: RuleWHATWGParse, Family: FamilyPortability, Severity: ast.SeverityWarning, Default: true, Kinds: browserKinds,
			Section: "RFC 1808 §2.4; URL Standard §4.4",
			Summary: "a valid RFC 1808 URL that a browser rejects, or repairs into another URL",
			Help: `Some URLs valid under RFC 1808 are rejected by browsers (a port past 65535, a host the ` +
				`URL Standard's host parser refuses, a reference against a base it refuses), or repaired ` +
				`into another URL before they are resolved: a host percent-decoded ("http://%67oogle.com/") ` +
				`or read as an IPv4 number ("http://0x7f.1/"), a host read after a number of slashes other ` +
				`than two, dot segments removed from an absolute URL, "?" after a net_loc read as the query's. ` +
				`The rule reports what the browser does (its error, or its repairs and the URL it reads) ` +
				`beside RFC 1808's reading, and the divergence's class. An invalid URL gets its syntax ` +
				`findings alone: what a browser makes of it is left to them. On by default in HTML, ` +
				`Markdown and CSS; off in URL lists and messages.`,
			Fix:   "write the URL in a form browsers read as it is written (relurl compare shows each reading)",
			Quote: `net_loc     =  *( pchar | ";" | "?" )`,
			Bad:   Example{Text: `<a href="http://a:99999/">a</a>`},
			Good:  Example{Text: `<a href="http://a:9999/">a</a>`},
		}, check: checkWHATWG},
		{Rule: Rule{
			ID: RulePortabilityResolution, Family: FamilyPortability, Severity: ast.SeverityWarning, Default: true,
			Section: "RFC 1808 §4, §5.2; RFC 3986 §5.2",
			Summary: "a reference that resolves differently under RFC 3986",
			Help: `RFC 3986, which obsoletes RFC 1808, resolves some references differently: it removes ` +
				`"." and ".." segments from every path (RFC 1808's "/./g" and "../../../g" keep them), ` +
				`replaces the last path segment for a reference of params alone (";x"), and reads "?" and ` +
				`";" after a net_loc as delimiters. The rule resolves each reference both ways, the ` +
				`RFC 3986 way with Go's net/url, and reports both answers when they differ, with the class ` +
				`package compare gives the divergence. Where a WHATWG rule reports the URL, it does not: ` +
				`that finding gives net/url's answer too.`,
			Fix:   "write the absolute URL you mean, which both specifications read the same way",
			Quote: `Parsers must be careful in handling the case where there are more relative path ".." segments than there are hierarchical levels in the base URL's path.`,
			Bad:   Example{Text: `../../../g`, Base: `http://a/b/c/d;p?q#f`},
			Good:  Example{Text: `../../g`, Base: `http://a/b/c/d;p?q#f`},
		}, check: checkPortabilityResolution},
		{Rule: Rule{
			ID: RulePortabilityParse, Family: FamilyPortability, Severity: ast.SeverityWarning, Default: true,
			Section: "RFC 1808 §2.2; RFC 3986 §3",
			Summary: "a valid RFC 1808 URL that RFC 3986 parsers reject",
			Help: `Some URLs valid under RFC 1808 are not URI references under RFC 3986, and Go's net/url ` +
				`refuses them: a scheme that does not begin with a letter ("1a:b", read as a path whose ` +
				`first segment holds ":"), or a net_loc whose port is not digits ("http://a:b/"). A relative ` +
				`path with ":" in its first segment is left to ` + RuleFsegmentColon + `, and a URL a WHATWG ` +
				`rule reports to it. The finding names the divergence's class.`,
			Fix:   "",
			Quote: `scheme = 1*( alpha | digit | "+" | "-" | "." )`,
			Bad:   Example{Text: `1password:x`},
			Good:  Example{Text: `x1password:x`},
		}, check: checkPortabilityParse},
		whatwgTargetRow(),
	}
}

// netParse is the URL as net/url reads it: the reading both RFC 3986
// rules start from.
func (c *urlCheck) netParse() (*url.URL, error) {
	if !c.netRead {
		c.netRead = true
		c.net, c.netErr = url.Parse(c.s)
	}
	return c.net, c.netErr
}

// compareBase returns the base the URL's three readings are made against
// (package compare, read once per document base), or nil when they are
// not compared: a relative reference without a base RFC 1808 can resolve
// against, which a browser rejects whatever it is (so the readings say
// nothing about the reference). A document's own base, and an absolute
// URL without a usable base, are read alone; so is an absolute URL that
// browsers read as one whatever the base (absoluteAlone): what it is does
// not depend on the document it is in, and neither do its findings
// (decision L-47).
func (c *urlCheck) compareBase() *compare.Base {
	b := c.b
	switch {
	case b == nil:
		return nil
	case c.asBase || !c.relative && (!b.usable || c.absoluteAlone()):
		if b.alone == nil {
			b.alone = compare.NewBase("")
		}
		return b.alone
	case !b.usable:
		return nil
	}
	if b.cmp == nil {
		b.cmp = compare.NewBase(b.url)
	}
	return b.cmp
}

// absoluteAlone reports whether the URL, absolute under RFC 1808, is one
// to browsers too whatever the base: its scheme begins with a letter
// (browsers read "1a:b" as a relative path; c.scheme is lower case), and it is not the §5.2
// loophole, a scheme the base shares without "//" ("http:g" against an
// http base, which browsers resolve against it). Its readings are then
// made without the base, for a base may only change how a reader
// classifies what it does to the URL: "https://a", whose empty path a
// browser writes "/", was told a divergence of one class against an
// https base, which the rules leave, and of another against a file: one.
func (c *urlCheck) absoluteAlone() bool {
	if c.relative || c.scheme == "" || c.scheme[0] < 'a' || c.scheme[0] > 'z' {
		return false
	}
	base, _, _ := strings.Cut(c.b.url, ":")
	return !strings.EqualFold(base, c.scheme) || strings.HasPrefix(c.s[len(c.scheme)+1:], "//")
}

// readings returns the three readings of the URL (package compare), or nil
// when they are not compared (see compareBase) or, unless always, when the
// readers agree: compare's prefilter answers that for most URLs without
// running a reader, and the report is built only past it. Computed once
// for every portability rule.
func (c *urlCheck) readings(always bool) *compare.Report {
	if c.cmpRead && (c.cmp != nil || !always) {
		return c.cmp
	}
	c.cmpRead = true
	if cb := c.compareBase(); cb != nil && (always || !cb.Agrees(c.s)) {
		c.cmp = cb.Reference(c.s)
	}
	return c.cmp
}

// plain reports whether compare's prefilter (Base.Agrees) proves that the
// three readers agree on the URL against its base: net/url then accepts
// it and resolves it as RFC 1808 does, so that the RFC 3986 rules have
// nothing to report and need not run net/url (a third of their time on
// real pages, where nearly every link is plain). TestPlainAgreesWithNetURL
// holds the premise to the rules' own comparison.
func (c *urlCheck) plain() bool {
	return c.compareBase() != nil && c.readings(false) == nil
}

// netAccepts reports that net/url accepts the URL, valid under RFC 1808,
// without running it: the URL is plain, or it is a relative reference
// that does not begin with "//" and holds no ":" before its first "/",
// "?" or "#". net/url's Parse then finds no scheme, no authority and no
// colon in a first segment (which it reads up to "/" or "?", params
// included), and RFC 1808's grammar has already refused what else it
// refuses (control characters, bad escapes). TestNetAccepts holds it to
// net/url on random relative URLs of the grammar and on the corpus.
func (c *urlCheck) netAccepts() bool {
	if c.plain() {
		return true
	}
	if !c.relative || strings.HasPrefix(c.s, "//") {
		return false
	}
	end := strings.IndexAny(c.s, "/?#")
	if end < 0 {
		end = len(c.s)
	}
	return strings.IndexByte(c.s[:end], ':') < 0
}

// reportedFamily reports whether a rule of the family has reported the
// URL: the rules run in the order of the catalog, so that a later rule
// can leave a fault an earlier one named to it.
func (c *urlCheck) reportedFamily(family Family) bool {
	for _, h := range c.hits {
		if h.family == family {
			return true
		}
	}
	return false
}

// reportedWHATWG reports whether a WHATWG rule has reported the URL.
func (c *urlCheck) reportedWHATWG() bool {
	for _, h := range c.hits {
		if h.rule == RuleWHATWGResolution || h.rule == RuleWHATWGParse {
			return true
		}
	}
	return false
}

// browserIgnores are the classes of divergence the WHATWG rules do not
// report ("The portability rules" in docs/lint.md):
//
//   - case: browsers lower-case the scheme and host of a special URL,
//     which names the same resource (RFC 1738 §2.1, RFC 3986 §6.2.2.1); the
//     opt-in rfc1738/scheme-case asks for lower case where it matters;
//   - scheme-mixup: the other writings of one URL a special scheme's rules
//     give ("http://a" read as "http://a/", "file://localhost/x" as
//     "file:///x", "C|" as "C:");
//   - http-g-loophole: the reference of the base's scheme without "//",
//     reported by scheme/relative-form, an RFC 1808 rule, whose message
//     gives the browser's URL;
//   - unclassified never happens (compare's fuzz target fails on it) and is
//     reported if it does.
var browserIgnores = map[compare.Class]bool{compare.Case: true, compare.SchemeMixup: true, compare.Loophole: true}

// browserDivergences are the divergences of rep in which a browser reads
// the URL otherwise than RFC 1808, and which are worth a finding:
//
//   - not of a class in browserIgnores;
//   - a browser parts from RFC 1808 in one of its components or in
//     whether it is a URL at all (a divergence between net/url and the
//     others is the RFC 3986 rules');
//   - when both read the same URL, letter for letter, a difference in
//     its cut alone (RFC 1808's params "p/c" of "http://a/b;p/c", which the
//     others keep in the path) is none: the link goes where RFC 1808 says,
//     and a reference resolved against such a base is reported itself;
//   - percent-encoding that is only writing: a browser encodes a
//     character RFC 1808 keeps ("'" in a query), equal once decoded.
//     Decoding ("%2e%2e" read as "..") is reported.
func browserDivergences(rep *compare.Report) []compare.Divergence {
	sameURL := rep.Reading(compare.RFC1808).URL == rep.Reading(compare.WHATWG).URL
	var out []compare.Divergence
	for _, d := range rep.Divergences {
		if browserIgnores[d.Class] {
			continue
		}
		browser, verdict, writing := false, false, true
		for _, p := range d.Parts {
			if p.Component == "verdict" {
				if (p.RFC1808.Value == compare.Rejected.String()) != (p.WHATWG.Value == compare.Rejected.String()) {
					browser, verdict, writing = true, true, false
				}
				continue
			}
			if p.RFC1808 != p.WHATWG {
				browser = true
				if p.RFC1808.Present != p.WHATWG.Present || unescape(p.RFC1808.Value) != unescape(p.WHATWG.Value) {
					writing = false
				}
			}
		}
		switch {
		case !browser, sameURL && !verdict, d.Class == compare.PercentEncoding && writing:
			continue
		}
		out = append(out, d)
	}
	return out
}

// unescape decodes the escapes of s, leaving a "%" that begins none as it
// is.
func unescape(s string) string {
	if strings.IndexByte(s, '%') < 0 {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && ast.IsEscape(s[i:]) {
			v, _ := strconv.ParseUint(s[i+1:i+3], 16, 8)
			b.WriteByte(byte(v))
			i += 2
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// checkWHATWG is the check of both WHATWG rules: it reads the URL three
// ways, and when a browser parts from RFC 1808 in a way worth a finding
// (browserDivergences), reports it under one of them: whatwg-parse when
// the browser rejects the URL or repairs it as written (its verdict), else
// whatwg-resolution. One URL gets one finding of the two, and none when an
// RFC 1808 rule has reported it already (the loophole, a relative path
// whose first segment holds ":", a relative reference against a mailto
// base, a base that cannot serve: the earlier finding names the fault).
func checkWHATWG(c *urlCheck) {
	if c.reportedFamily(FamilyRFC1808) {
		return
	}
	rep := c.readings(false)
	if rep == nil {
		return
	}
	w, r := rep.Reading(compare.WHATWG), rep.Reading(compare.RFC1808)
	if r.Verdict != compare.Accepted {
		// Invalid under RFC 1808 though no syntax rule reported it (an
		// allowance, AllowChars or AllowIPv6Hosts, accepted it): there is
		// no RFC 1808 reading to set beside the browser's.
		return
	}
	rule := RuleWHATWGResolution
	if w.Verdict != compare.Accepted {
		rule = RuleWHATWGParse
	}
	if rule != c.row.ID {
		return
	}
	if w.Verdict == compare.Rejected && c.relative && c.b.browserRejectsBase() {
		return // the base is: one finding, where it is written
	}
	divs := browserDivergences(rep)
	if len(divs) == 0 {
		return
	}
	against := ""
	if rep.Base.Present {
		against = " against " + q(rep.Base.Value)
	}
	var msg string
	switch w.Verdict {
	case compare.Rejected:
		msg = fmt.Sprintf("browsers (the WHATWG URL Standard) reject it%s (%s); RFC 1808 reads %s",
			against, whatwgError(w.Error), q(r.URL.Value))
	case compare.Repaired:
		fix := make([]string, len(w.FixUps))
		for i, f := range w.FixUps {
			fix[i] = f.String()
		}
		msg = fmt.Sprintf("browsers (the WHATWG URL Standard) repair it (%s) and read %s%s; RFC 1808 reads %s",
			strings.Join(fix, ", "), quoteDiff(w.URL.Value, r.URL.Value), against, quoteDiff(r.URL.Value, w.URL.Value))
	default:
		msg = fmt.Sprintf("%s resolves%s to %s under RFC 1808 but to %s in browsers (the WHATWG URL Standard)",
			q(c.s), against, quoteDiff(r.URL.Value, w.URL.Value), quoteDiff(w.URL.Value, r.URL.Value))
	}
	switch n := rep.Reading(compare.RFC3986); {
	case n.Verdict == compare.Rejected:
		msg += "; RFC 3986 parsers (Go's net/url) reject it"
	case n.URL == w.URL:
		msg += "; RFC 3986 (Go's net/url) reads it as browsers do"
	case n.URL == r.URL:
		msg += "; RFC 3986 (Go's net/url) reads it as RFC 1808 does"
	default:
		msg += "; RFC 3986 (Go's net/url) reads " + quoteDiff(n.URL.Value, r.URL.Value)
	}
	c.report(hit{offset: 0, end: len(c.s), production: "URL", message: msg + classesOf(divs), readings: rep})
}

// quoteDiff quotes s as messages quote a URL (q), and one longer than
// quote.Max as a window (ast.Quote) around the first byte where it
// differs from other, so that a message comparing two long URLs shows
// where they part.
func quoteDiff(s, other string) string {
	if len(s) <= quote.Max {
		return q(s)
	}
	i := 0
	for i < len(s) && i < len(other) && s[i] == other[i] {
		i++
	}
	return ast.Quote(s, i)
}

// whatwgError is the WHATWG library's error, without its prefix.
func whatwgError(s string) string {
	return strings.TrimPrefix(s, "whatwg-url: ")
}

// classesOf says the divergences' classes, and what decides the RFC 1808
// reading, for a message: "; divergence class params (RFC 1808 §2.4.5
// params; §4 step 6)".
func classesOf(divs []compare.Divergence) string {
	if len(divs) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString("; divergence class ")
	for i, d := range divs {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%s (RFC 1808 %s)", d.Class, d.Decides)
	}
	return b.String()
}

// divergences3986 are the divergences of rep in which net/url parts from
// RFC 1808: what an RFC 3986 rule found, classified by package compare.
func divergences3986(rep *compare.Report) []compare.Divergence {
	if rep == nil {
		return nil
	}
	var out []compare.Divergence
	for _, d := range rep.Divergences {
		for _, p := range d.Parts {
			if p.RFC1808 != p.RFC3986 && (p.Component != "verdict" ||
				(p.RFC1808.Value == compare.Rejected.String()) != (p.RFC3986.Value == compare.Rejected.String())) {
				out = append(out, d)
				break
			}
		}
	}
	return out
}

// checkPortabilityParse: a valid RFC 1808 URL that net/url refuses. A
// relative path with ":" in its first segment is fsegment/colon's, a URL
// an RFC 1808 rule reported is that rule's, and a URL a WHATWG rule
// reported is that rule's (its message says what net/url makes of it), so
// that one fault gives one finding.
func checkPortabilityParse(c *urlCheck) {
	if c.netAccepts() {
		return
	}
	_, err := c.netParse()
	if err == nil || c.relativeColon() >= 0 || c.reportedFamily(FamilyRFC1808) || c.reportedWHATWG() {
		return
	}
	var ue *url.Error
	msg := err.Error()
	if errors.As(err, &ue) {
		msg = ue.Err.Error()
	}
	if len(msg) > 2*ast.QuoteWindow {
		// net/url quotes what it refuses, whole.
		msg = strings.ToValidUTF8(msg[:2*ast.QuoteWindow], "") + "…"
	}
	rep := c.readings(true)
	c.report(hit{offset: 0, end: len(c.s), production: "URL", readings: rep,
		message: fmt.Sprintf("valid under RFC 1808, but RFC 3986 parsers reject it: Go's net/url says %s", msg) +
			classesOf(divergences3986(rep))})
}

// checkPortabilityResolution resolves the URL against its base by RFC 1808
// (package resolve) and by RFC 3986 (net/url), and reports a difference.
// Both answers are compared as net/url prints them, so that its
// normalizations (a lower case scheme, its escaping) are not taken for
// differences. An absolute reference is compared too: RFC 3986 removes
// its dot segments. A URL an RFC 1808 rule or a WHATWG rule reported is
// left to it.
func checkPortabilityResolution(c *urlCheck) {
	// A relative reference without a base it can be resolved against has
	// no resolution to compare.
	if c.plain() || c.asBase || c.relative && (c.b == nil || !c.b.usable) {
		return
	}
	ref, err := c.netParse()
	if err != nil || c.reportedFamily(FamilyRFC1808) || c.reportedWHATWG() {
		return
	}
	var r1808, r3986, against string
	switch b := c.b; {
	case b != nil && b.usable && (c.relative || !c.absoluteAlone()):
		if b.net == nil {
			return // net/url refuses the base: reported where it is written
		}
		r, _ := c.resolved()
		r1808 = r.String()
		r3986 = b.net.ResolveReference(ref).String()
		against = " against " + q(b.url)
	case !c.relative:
		// An absolute URL, which the base does not change.
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
	rep := c.readings(true)
	c.report(hit{offset: 0, end: len(c.s), production: "URL", readings: rep,
		message: fmt.Sprintf("%s resolves%s to %s under RFC 1808 but to %s under RFC 3986 (Go's net/url)",
			q(c.s), against, quoteDiff(r1808, r3986), quoteDiff(r3986, r1808)) + classesOf(divergences3986(rep))})
}

// ReadingsTable renders the finding's Readings compactly: a line per
// reader (its id, its verdict with the repairs it made, the URL it reads,
// a long one cut to a window around where the readers part),
// then a line per divergence (its class, the components where the readings
// part, the RFC 1808 production or §4 step that decides RFC 1808's
// reading); "" when the finding has none. The text format shows it under
// the caret (relurl lint -v).
func (f *Finding) ReadingsTable() string {
	rep := f.Readings
	if rep == nil {
		return f.readings
	}
	var b strings.Builder
	verdicts := make([]string, len(rep.Readings))
	width := 0
	for i, rd := range rep.Readings {
		v := rd.Verdict.String()
		if len(rd.FixUps) > 0 {
			fix := make([]string, len(rd.FixUps))
			for j, x := range rd.FixUps {
				fix[j] = x.String()
			}
			v += " (" + strings.Join(fix, ", ") + ")"
		}
		verdicts[i], width = v, max(width, len(v))
	}
	for i, rd := range rep.Readings {
		// Each URL quoted as messages quote them: a long one as a window
		// around where it parts from RFC 1808's (from the browser's, for
		// RFC 1808's own).
		other := rep.Readings[compare.RFC1808].URL.Value
		if i == int(compare.RFC1808) {
			other = rep.Readings[compare.WHATWG].URL.Value
		}
		u := "—"
		if rd.URL.Present {
			u = quoteDiff(rd.URL.Value, other)
		}
		fmt.Fprintf(&b, "%-7s  %-*s  %s\n", rd.Reader, width, verdicts[i], u)
	}
	for _, d := range rep.Divergences {
		comps := make([]string, len(d.Parts))
		for i, p := range d.Parts {
			comps[i] = p.Component
		}
		fmt.Fprintf(&b, "%s in %s: RFC 1808 %s\n", d.Class, strings.Join(comps, ", "), d.Decides)
	}
	return strings.TrimSuffix(b.String(), "\n")
}
