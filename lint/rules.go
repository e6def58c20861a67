package lint

import (
	"github.com/relurl/relurl/ast"
	"github.com/relurl/relurl/resolve"
)

// Family groups rules that can be turned on or off together.
type Family string

// The rule families.
const (
	// FamilySyntax holds one rule per way a URL can break the §2.2 BNF:
	// the syntax rules of package ast, emitted by package validate.
	FamilySyntax Family = "syntax"
	// FamilyRFC1808 holds the warnings drawn from the text of RFC 1808:
	// valid URLs that the RFC advises against.
	FamilyRFC1808 Family = "rfc1808"
	// FamilyRFC1738 is the opt-in profile of RFC 1738: the net_loc of the
	// common Internet scheme syntax (§3.1) and the scheme productions of
	// its §5.
	FamilyRFC1738 Family = "rfc1738"
	// FamilyPortability holds the warnings for URLs that other readers,
	// those of RFC 3986 in particular, take differently.
	FamilyPortability Family = "portability"
)

// Rule ids of the linter's own rules. The syntax rules keep the ids of
// package ast ([ast.RuleEscapeMalformed] and the rest), and the base rules
// those of package resolve ([resolve.RuleBaseNotAbsolute],
// [resolve.RuleBaseNotGenericRL]). Ids are stable across releases.
const (
	// RuleSchemeRelativeForm: the §5.2 loophole, "http:g".
	RuleSchemeRelativeForm = "scheme/relative-form"
	// RuleFsegmentColon: §5.3, a relative path whose first segment holds ":".
	RuleFsegmentColon = "fsegment/colon"
	// RuleParamsFTPTypeD: §5.3, ";type=d" on an ftp URL where relative URLs
	// are allowed.
	RuleParamsFTPTypeD = "params/ftp-type-d"
	// RuleBaseSchemeNoRelative: §2.3, a relative reference against a base
	// whose scheme is never used with relative URLs.
	RuleBaseSchemeNoRelative = "base/scheme-no-relative"
	// RuleBaseHeader: §3.1, a Base header not of the form <URL:absoluteURL>.
	RuleBaseHeader = "base/header"

	// RulePortabilityResolution: the reference resolves differently under
	// RFC 3986.
	RulePortabilityResolution = "portability/rfc3986-resolution"
	// RulePortabilityParse: the reference is not a URI reference under
	// RFC 3986 (Go's net/url rejects it).
	RulePortabilityParse = "portability/rfc3986-parse"

	// RuleRFC1738Userinfo: ":", "@" or "/" unencoded in a user or password.
	RuleRFC1738Userinfo = "rfc1738/userinfo-char"
	// RuleRFC1738Host: a host that is neither a hostname nor a dotted quad.
	RuleRFC1738Host = "rfc1738/host"
	// RuleRFC1738Port: a port that is not digits.
	RuleRFC1738Port = "rfc1738/port"
	// RuleRFC1738HTTPUserinfo: a user name or password in an http URL.
	RuleRFC1738HTTPUserinfo = "rfc1738/http-userinfo"
	// RuleRFC1738SchemeCase: a scheme not in lower case.
	RuleRFC1738SchemeCase = "rfc1738/scheme-case"
	// RuleRFC1738HTTP: an http URL outside httpurl.
	RuleRFC1738HTTP = "rfc1738/http"
	// RuleRFC1738FTP: an ftp URL outside ftpurl.
	RuleRFC1738FTP = "rfc1738/ftp"
	// RuleRFC1738File: a file URL outside fileurl.
	RuleRFC1738File = "rfc1738/file"
	// RuleRFC1738Mailto: a mailto URL outside mailtourl.
	RuleRFC1738Mailto = "rfc1738/mailto"
	// RuleRFC1738Telnet: a telnet URL outside telneturl.
	RuleRFC1738Telnet = "rfc1738/telnet"
	// RuleRFC1738WAIS: a wais URL outside waisurl.
	RuleRFC1738WAIS = "rfc1738/wais"
)

// Rule is one entry of the catalog: what a diagnostic with its id means.
type Rule struct {
	// ID is the stable id diagnostics carry, such as "escape/malformed".
	ID string
	// Family is the group the rule belongs to.
	Family Family
	// Severity is the rule's default severity.
	Severity ast.Severity
	// Default reports whether the rule is enabled unless turned off.
	Default bool
	// Section cites the text the rule comes from, such as "RFC 1808 §5.3".
	Section string
	// Summary says what the rule finds, in one line.
	Summary string
	// Help explains the rule in a paragraph, citing the RFC.
	Help string
	// Fix says how to fix a finding, or is empty when there is no fix to
	// suggest.
	Fix string
}

// catalog is every rule, in the order they are documented. It is never
// modified; [Rules] hands out a copy.
var catalog = [...]Rule{
	// Syntax: one rule per way of breaking a §2.2 production.
	{
		ID: ast.RuleEscapeMalformed, Family: FamilySyntax, Severity: ast.SeverityError, Default: true,
		Section: "RFC 1808 §2.2 escape",
		Summary: `"%" not followed by two hex digits`,
		Help: `escape = "%" hex hex: a "%" always begins an escape, so it must be followed by two hex ` +
			`digits. A literal "%" is written %25.`,
		Fix: `write a literal "%" as %25, or complete the escape`,
	},
	{
		ID: ast.RuleNetLocChar, Family: FamilySyntax, Severity: ast.SeverityError, Default: true,
		Section: "RFC 1808 §2.2 net_loc",
		Summary: "a character net_loc does not allow",
		Help: `net_loc = *( pchar | ";" | "?" ). National characters ({ } | \ ^ ~ [ ] ` + "`" + `), ` +
			`punctuation (< > " and a "%" that begins no escape), space, controls, DEL and every ` +
			`non-ASCII byte are allowed nowhere in a URL; the message names the character.`,
		Fix: "write the character as its %XX escape",
	},
	{
		ID: ast.RuleFsegmentChar, Family: FamilySyntax, Severity: ast.SeverityError, Default: true,
		Section: "RFC 1808 §2.2 fsegment",
		Summary: "a character the first path segment does not allow",
		Help: `fsegment = 1*pchar, with pchar = uchar | ":" | "@" | "&" | "=". The first segment of ` +
			`a path (after its leading "/", if any) allows no national or punctuation character, ` +
			`space, control, DEL or non-ASCII byte.`,
		Fix: "write the character as its %XX escape",
	},
	{
		ID: ast.RuleSegmentChar, Family: FamilySyntax, Severity: ast.SeverityError, Default: true,
		Section: "RFC 1808 §2.2 segment",
		Summary: "a character a later path segment does not allow",
		Help:    `segment = *pchar: as fsegment, for the segments after the first.`,
		Fix:     "write the character as its %XX escape",
	},
	{
		ID: ast.RuleParamChar, Family: FamilySyntax, Severity: ast.SeverityError, Default: true,
		Section: "RFC 1808 §2.2 param",
		Summary: "a character params do not allow",
		Help:    `param = *( pchar | "/" ), and params are separated by ";".`,
		Fix:     "write the character as its %XX escape",
	},
	{
		ID: ast.RuleQueryChar, Family: FamilySyntax, Severity: ast.SeverityError, Default: true,
		Section: "RFC 1808 §2.2 query",
		Summary: "a character the query does not allow",
		Help:    `query = *( uchar | reserved ): every character but the national and punctuation ones, space, controls, DEL and non-ASCII bytes.`,
		Fix:     "write the character as its %XX escape",
	},
	{
		ID: ast.RuleFragmentChar, Family: FamilySyntax, Severity: ast.SeverityError, Default: true,
		Section: "RFC 1808 §2.2 fragment",
		Summary: "a character the fragment does not allow",
		Help:    `fragment = *( uchar | reserved ), the same characters as a query.`,
		Fix:     "write the character as its %XX escape",
	},
	{
		ID: ast.RuleFragmentHash, Family: FamilySyntax, Severity: ast.SeverityError, Default: true,
		Section: "RFC 1808 §2.2 fragment, §2.4.1",
		Summary: `a second "#", inside the fragment`,
		Help: `Only the first "#" begins the fragment (§2.4.1), and "#" is neither uchar nor ` +
			`reserved, so a fragment cannot hold one.`,
		Fix: "write it as %23",
	},
	{
		ID: ast.RuleNetPathEmptySegment, Family: FamilySyntax, Severity: ast.SeverityError, Default: true,
		Section: "RFC 1808 §2.2 net_path",
		Summary: `a relative "//net_loc" followed by "//"`,
		Help: `net_path = "//" net_loc [ abs_path ] and abs_path = "/" rel_path, which cannot begin ` +
			`with "/": a reference without a scheme cannot have an empty first path segment after its ` +
			`net_loc. (With a scheme, "http://a//b" is valid in the opaque form of absoluteURL, but it ` +
			`cannot serve as a base.)`,
		Fix: `remove the extra "/"`,
	},

	// From the text of RFC 1808.
	{
		ID: RuleSchemeRelativeForm, Family: FamilyRFC1808, Severity: ast.SeverityWarning, Default: true,
		Section: "RFC 1808 §5.2",
		Summary: `a scheme followed by a relative form ("http:g"), the loophole of §5.2`,
		Help: `Some older parsers allow the scheme name in a relative URL when it is the same as the ` +
			`base's, so they read "http:g" as the relative URL "g". §5.2 calls this a loophole that ` +
			`future parsers should avoid: under RFC 1808 "http:g" is the absolute URL "http:g". The rule ` +
			`looks at the schemes of the common Internet syntax (http, https, ftp, gopher, nntp, ` +
			`prospero, telnet, wais), which always carry a "//" net_loc, and at file URLs whose path ` +
			`is not absolute.`,
		Fix: `write the absolute URL with its "//" net_loc, or drop the scheme to make the reference relative`,
	},
	{
		ID: RuleFsegmentColon, Family: FamilyRFC1808, Severity: ast.SeverityWarning, Default: true,
		Section: "RFC 1808 §5.3",
		Summary: `a relative path whose first segment holds ":"`,
		Help: `§5.3: path names that contain a colon cannot be used as the first component of a ` +
			`relative URL path (e.g. "this:that"), because they will likely be mistaken for a scheme ` +
			`name. Under RFC 1808 a colon after characters that cannot be in a scheme ("a_b:c", ":x") ` +
			`does not make a scheme, but other parsers, RFC 3986 ones among them, reject or misread ` +
			`such a reference.`,
		Fix: `precede the path with "./" ("./this:that"), which the RFC prefers, or escape the colon as %3A`,
	},
	{
		ID: RuleParamsFTPTypeD, Family: FamilyRFC1808, Severity: ast.SeverityWarning, Default: true,
		Section: "RFC 1808 §5.3",
		Summary: `the ftp ";type=d" parameter where relative URLs are allowed`,
		Help: `§5.3: a directory retrieved by ftp that holds relative URLs needs a base path ending in ` +
			`"/", and ";type=d" does not give one (parameters never affect the resolution of paths, §4), ` +
			`so the RFC recommends that ";type=d" not be used within contexts that allow relative URLs. ` +
			`Documents (HTML, messages) allow them, and so does a list of URLs given a base.`,
		Fix: `drop ";type=d" and end the path with "/"`,
	},
	{
		ID: RuleBaseSchemeNoRelative, Family: FamilyRFC1808, Severity: ast.SeverityWarning, Default: true,
		Section: "RFC 1808 §2.3",
		Summary: "a relative reference against a mailto, news or telnet base",
		Help: `§2.3: mailto, news and telnet are never used with relative URLs, so a relative ` +
			`reference in a document whose base has one of these schemes cannot mean what its author ` +
			`intended. (The empty reference, which names the base itself, is not reported.)`,
		Fix: "write the reference as an absolute URL",
	},
	{
		ID: resolve.RuleBaseNotAbsolute, Family: FamilyRFC1808, Severity: ast.SeverityWarning, Default: true,
		Section: "RFC 1808 §2, §10",
		Summary: "a base URL without a scheme",
		Help: `A base URL must be absolute and fit generic-RL (§2); an HTML BASE element's HREF "must be ` +
			`an absolute URL" (§10), as must a Base header's (§3.1). Relative references in the ` +
			`document cannot be resolved, and are not checked against the base.`,
		Fix: "write the base as an absolute URL",
	},
	{
		ID: resolve.RuleBaseNotGenericRL, Family: FamilyRFC1808, Severity: ast.SeverityWarning, Default: true,
		Section: "RFC 1808 §2",
		Summary: "a base URL that does not fit generic-RL",
		Help: `§2: base documents can only make use of relative URLs when their base URL fits the ` +
			`generic-RL syntax; relative URLs cannot be used within documents that have unsuitable ` +
			`base URLs. An absolute URL whose net_loc is followed by "//" ("http://a//b") fits only ` +
			`the opaque form of absoluteURL. Reported at the base when the document embeds it, and at ` +
			`each relative reference when it comes from outside (--base, an enclosing entity).`,
		Fix: `remove the empty path segment after the net_loc`,
	},
	{
		ID: RuleBaseHeader, Family: FamilyRFC1808, Severity: ast.SeverityWarning, Default: true,
		Section: "RFC 1808 §3.1",
		Summary: "a Base header not of the form <URL:absoluteURL>",
		Help: `§3.1 recommends base-header = "Base" ":" "<URL:" absoluteURL ">", white space inside ` +
			`the angle brackets ignored. A Base header of another form defines no base that relurl can ` +
			`read, and the entity's base comes from the next layer (§3.2, §3.3).`,
		Fix: "write the header as Base: <URL:absoluteURL>",
	},

	// Portability.
	{
		ID: RulePortabilityResolution, Family: FamilyPortability, Severity: ast.SeverityWarning, Default: true,
		Section: "RFC 1808 §4, §5.2; RFC 3986 §5.2",
		Summary: "a reference that resolves differently under RFC 3986",
		Help: `RFC 3986, which obsoletes RFC 1808, resolves some references differently: it removes ` +
			`"." and ".." segments from every path (RFC 1808's "/./g" and "../../../g" keep them), ` +
			`replaces the last path segment for a reference of params alone (";x"), and reads "?" and ` +
			`";" after a net_loc as delimiters. The rule resolves each reference both ways, the ` +
			`RFC 3986 way with Go's net/url, and reports both answers when they differ.`,
		Fix: "write the absolute URL you mean, which both specifications read the same way",
	},
	{
		ID: RulePortabilityParse, Family: FamilyPortability, Severity: ast.SeverityWarning, Default: true,
		Section: "RFC 3986 §3",
		Summary: "a valid RFC 1808 URL that RFC 3986 parsers reject",
		Help: `Some URLs valid under RFC 1808 are not URI references under RFC 3986, and Go's net/url ` +
			`refuses them: a scheme that does not begin with a letter ("1a:b", read as a path whose ` +
			`first segment holds ":"), or a net_loc whose port is not digits ("http://a:b/"). A relative ` +
			`path with ":" in its first segment is left to ` + RuleFsegmentColon + `.`,
		Fix: "",
	},

	// The RFC 1738 profile.
	{
		ID: RuleRFC1738Userinfo, Family: FamilyRFC1738, Severity: ast.SeverityError, Default: false,
		Section: "RFC 1738 §3.1",
		Summary: `":", "@" or "/" unencoded in a user name or password`,
		Help: `login = [ user [ ":" password ] "@" ] hostport, and "within the user and password ` +
			`field, any ":", "@", or "/" must be encoded": the first ":" ends the user name and the ` +
			`only "@" ends the password.`,
		Fix: "write it as %3A, %40 or %2F",
	},
	{
		ID: RuleRFC1738Host, Family: FamilyRFC1738, Severity: ast.SeverityError, Default: false,
		Section: "RFC 1738 §3.1",
		Summary: "a host that is neither a hostname nor a dotted quad",
		Help: `host = hostname | hostnumber. A hostname is labels separated by ".", each of letters, ` +
			`digits and "-", beginning and ending with a letter or digit, and the last (top) label ` +
			`does not begin with a digit; a hostnumber is four groups of decimal digits separated by ` +
			`".". No escapes, no trailing ".", no empty host (except in a file URL).`,
		Fix: "",
	},
	{
		ID: RuleRFC1738Port, Family: FamilyRFC1738, Severity: ast.SeverityError, Default: false,
		Section: "RFC 1738 §3.1",
		Summary: "a port that is not decimal digits",
		Help: `port = digits. "If the port is omitted, the colon is as well": an empty port is not ` +
			`allowed.`,
		Fix: `write the port in decimal digits, or drop it and its ":"`,
	},
	{
		ID: RuleRFC1738HTTPUserinfo, Family: FamilyRFC1738, Severity: ast.SeverityError, Default: false,
		Section: "RFC 1738 §3.3",
		Summary: "a user name or password in an http URL",
		Help:    `httpurl = "http://" hostport ...: "No user name or password is allowed."`,
		Fix:     `remove the user name and password and their "@"`,
	},
	{
		ID: RuleRFC1738SchemeCase, Family: FamilyRFC1738, Severity: ast.SeverityWarning, Default: false,
		Section: "RFC 1738 §5",
		Summary: "a scheme not in lower case",
		Help: `scheme = 1*[ lowalpha | digit | "+" | "-" | "." ]: "the scheme is in lower case; ` +
			`interpreters should use case-ignore".`,
		Fix: "write the scheme in lower case",
	},
	{
		ID: RuleRFC1738HTTP, Family: FamilyRFC1738, Severity: ast.SeverityError, Default: false,
		Section: "RFC 1738 §3.3, §5",
		Summary: "an http URL outside the httpurl production",
		Help: `httpurl = "http://" hostport [ "/" hpath [ "?" search ]], where hsegment and search ` +
			`are *[ uchar | ";" | ":" | "@" | "&" | "=" ]: a "//" net_loc is required, and "/" and ` +
			`"?" are not allowed in the search part.`,
		Fix: "",
	},
	{
		ID: RuleRFC1738FTP, Family: FamilyRFC1738, Severity: ast.SeverityError, Default: false,
		Section: "RFC 1738 §5",
		Summary: "an ftp URL outside the ftpurl production",
		Help: `ftpurl = "ftp://" login [ "/" fpath [ ";type=" ftptype ]], ftptype = "A" | "I" | "D" | ` +
			`"a" | "i" | "d": a "//" net_loc is required, the only parameter is ";type=" with one ` +
			`of those letters, and there is no query (RFC 1808 §2.3 notes that "?" in an ftp path ` +
			`is an error of RFC 1738).`,
		Fix: "",
	},
	{
		ID: RuleRFC1738File, Family: FamilyRFC1738, Severity: ast.SeverityError, Default: false,
		Section: "RFC 1738 §5",
		Summary: "a file URL outside the fileurl production",
		Help: `fileurl = "file://" [ host | "localhost" ] "/" fpath: a "//", a host or none, and an ` +
			`absolute path; no user, password or port, no parameters and no query.`,
		Fix: "",
	},
	{
		ID: RuleRFC1738Mailto, Family: FamilyRFC1738, Severity: ast.SeverityError, Default: false,
		Section: "RFC 1738 §5",
		Summary: "a mailto URL without an address",
		Help:    `mailtourl = "mailto:" encoded822addr, encoded822addr = 1*xchar: the address may not be empty.`,
		Fix:     "",
	},
	{
		ID: RuleRFC1738Telnet, Family: FamilyRFC1738, Severity: ast.SeverityError, Default: false,
		Section: "RFC 1738 §5",
		Summary: "a telnet URL outside the telneturl production",
		Help:    `telneturl = "telnet://" login [ "/" ]: a "//" net_loc and at most a "/" after it.`,
		Fix:     "",
	},
	{
		ID: RuleRFC1738WAIS, Family: FamilyRFC1738, Severity: ast.SeverityError, Default: false,
		Section: "RFC 1738 §5",
		Summary: "a wais URL outside the waisurl production",
		Help: `waisurl = waisdatabase | waisindex | waisdoc: "wais://" hostport "/" database, ` +
			`optionally followed by "?" search, or by "/" wtype "/" wpath; database, wtype and ` +
			`wpath are *uchar. No user or password, no parameters.`,
		Fix: "",
	},
}

// Rules returns the catalog: every rule the linter knows, in the order
// they are documented. The slice is a copy the caller may modify.
func Rules() []Rule {
	return append([]Rule(nil), catalog[:]...)
}

// Families returns the rule families, in the order they are documented.
func Families() []Family {
	return []Family{FamilySyntax, FamilyRFC1808, FamilyRFC1738, FamilyPortability}
}

// Lookup returns the rule with the given id.
func Lookup(id string) (Rule, bool) {
	for i := range catalog {
		if catalog[i].ID == id {
			return catalog[i], true
		}
	}
	return Rule{}, false
}
