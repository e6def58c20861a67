package lint

import (
	"github.com/relurl/relurl/internal/profile"
)

// rfc1738Rows are the opt-in profile of RFC 1738: the login of the common
// Internet scheme syntax (§3.1) and the scheme productions of §5
// (decision L-9). The profile looks at absolute URLs, and at the
// net_loc of a relative net_path ("//host/x") with its base's scheme.
// The rows document the rules; their ids, default severities, checks and
// messages are package internal/profile's, which the library's profiles
// run too (rfc1738Docs).
func rfc1738Rows() []row {
	return rfc1738Docs([]row{
		{Rule: Rule{
			ID: RuleRFC1738Userinfo, Family: FamilyRFC1738, Default: false,
			Section: "RFC 1738 §3.1",
			Summary: `":", "@" or "/" unencoded in a user name or password`,
			Help: `login = [ user [ ":" password ] "@" ] hostport, and "within the user and password ` +
				`field, any ":", "@", or "/" must be encoded": the first ":" ends the user name and the ` +
				`only "@" ends the password.`,
			Fix:   "write it as %3A, %40 or %2F",
			Quote: `Within the user and password field, any ":", "@", or "/" must be encoded.`,
			Bad:   Example{Text: `ftp://anna:pass:word@ftp.example.com/`},
			Good:  Example{Text: `ftp://anna:pass%3Aword@ftp.example.com/`},
		}, repair: repairEncode},
		{Rule: Rule{
			ID: RuleRFC1738Host, Family: FamilyRFC1738, Default: false,
			Section: "RFC 1738 §3.1",
			Summary: "a host that is neither a hostname nor a dotted quad",
			Help: `host = hostname | hostnumber. A hostname is labels separated by ".", each of letters, ` +
				`digits and "-", beginning and ending with a letter or digit, and the last (top) label ` +
				`does not begin with a digit; a hostnumber is four groups of decimal digits separated by ` +
				`".". No escapes, no trailing ".", no empty host (except in a file URL).`,
			Fix:   "",
			Quote: `host = hostname | hostnumber`,
			Bad:   Example{Text: `http://www_example.com/`},
			Good:  Example{Text: `http://www.example.com/`},
		}},
		{Rule: Rule{
			ID: RuleRFC1738Port, Family: FamilyRFC1738, Default: false,
			Section: "RFC 1738 §3.1",
			Summary: "a port that is not decimal digits",
			Help: `port = digits. "If the port is omitted, the colon is as well": an empty port is not ` +
				`allowed.`,
			Fix:   `write the port in decimal digits, or drop it and its ":"`,
			Quote: `port = digits`,
			Bad:   Example{Text: `http://www.example.com:8o/`},
			Good:  Example{Text: `http://www.example.com:80/`},
		}},
		{Rule: Rule{
			ID: RuleRFC1738HTTPUserinfo, Family: FamilyRFC1738, Default: false,
			Section: "RFC 1738 §3.3",
			Summary: "a user name or password in an http URL",
			Help:    `httpurl = "http://" hostport ...: "No user name or password is allowed."`,
			Fix:     `remove the user name and password and their "@"`,
			Quote:   `No user name or password is allowed.`,
			Bad:     Example{Text: `http://anna:secret@www.example.com/`},
			Good:    Example{Text: `http://www.example.com/`},
		}},
		{Rule: Rule{
			ID: RuleRFC1738SchemeCase, Family: FamilyRFC1738, Default: false,
			Section: "RFC 1738 §5",
			Summary: "a scheme not in lower case",
			Help: `scheme = 1*[ lowalpha | digit | "+" | "-" | "." ]: "the scheme is in lower case; ` +
				`interpreters should use case-ignore".`,
			Fix:   "write the scheme in lower case",
			Quote: `the scheme is in lower case; interpreters should use case-ignore`,
			Bad:   Example{Text: `HTTP://www.example.com/`},
			Good:  Example{Text: `http://www.example.com/`},
		}, repair: repairLowerScheme},
		{Rule: Rule{
			ID: RuleRFC1738HTTP, Family: FamilyRFC1738, Default: false,
			Section: "RFC 1738 §3.3, §5",
			Summary: "an http URL outside the httpurl production",
			Help: `httpurl = "http://" hostport [ "/" hpath [ "?" search ]], where hsegment and search ` +
				`are *[ uchar | ";" | ":" | "@" | "&" | "=" ]: a "//" net_loc is required, and "/" and ` +
				`"?" are not allowed in the search part.`,
			Fix:   "",
			Quote: `httpurl = "http://" hostport [ "/" hpath [ "?" search ]]`,
			Bad:   Example{Text: `http://www.example.com/search?q=a/b`},
			Good:  Example{Text: `http://www.example.com/search?q=a%2Fb`},
		}},
		{Rule: Rule{
			ID: RuleRFC1738FTP, Family: FamilyRFC1738, Default: false,
			Section: "RFC 1738 §5",
			Summary: "an ftp URL outside the ftpurl production",
			Help: `ftpurl = "ftp://" login [ "/" fpath [ ";type=" ftptype ]], ftptype = "A" | "I" | "D" | ` +
				`"a" | "i" | "d": a "//" net_loc is required, the only parameter is ";type=" with one ` +
				`of those letters, and there is no query (RFC 1808 §2.3 notes that "?" in an ftp path ` +
				`is an error of RFC 1738).`,
			Fix:   "",
			Quote: `ftpurl = "ftp://" login [ "/" fpath [ ";type=" ftptype ]]`,
			Bad:   Example{Text: `ftp://ftp.example.com/pub/f.txt;type=x`},
			Good:  Example{Text: `ftp://ftp.example.com/pub/f.txt;type=i`},
		}},
		{Rule: Rule{
			ID: RuleRFC1738File, Family: FamilyRFC1738, Default: false,
			Section: "RFC 1738 §5",
			Summary: "a file URL outside the fileurl production",
			Help: `fileurl = "file://" [ host | "localhost" ] "/" fpath: a "//", a host or none, and an ` +
				`absolute path; no user, password or port, no parameters and no query.`,
			Fix:   "",
			Quote: `fileurl = "file://" [ host | "localhost" ] "/" fpath`,
			Bad:   Example{Text: `file://localhost/etc/hosts?x`},
			Good:  Example{Text: `file://localhost/etc/hosts`},
		}},
		{Rule: Rule{
			ID: RuleRFC1738Mailto, Family: FamilyRFC1738, Default: false,
			Section: "RFC 1738 §5",
			Summary: "a mailto URL without an address",
			Help:    `mailtourl = "mailto:" encoded822addr, encoded822addr = 1*xchar: the address may not be empty.`,
			Fix:     "",
			Quote:   `encoded822addr = 1*xchar`,
			Bad:     Example{Text: `<a href="mailto:">write to us</a>`},
			Good:    Example{Text: `<a href="mailto:info@example.com">write to us</a>`},
		}},
		{Rule: Rule{
			ID: RuleRFC1738Telnet, Family: FamilyRFC1738, Default: false,
			Section: "RFC 1738 §5",
			Summary: "a telnet URL outside the telneturl production",
			Help:    `telneturl = "telnet://" login [ "/" ]: a "//" net_loc and at most a "/" after it.`,
			Fix:     "",
			Quote:   `telneturl = "telnet://" login [ "/" ]`,
			Bad:     Example{Text: `telnet://host.example.com/login`},
			Good:    Example{Text: `telnet://host.example.com/`},
		}},
		{Rule: Rule{
			ID: RuleRFC1738WAIS, Family: FamilyRFC1738, Default: false,
			Section: "RFC 1738 §5",
			Summary: "a wais URL outside the waisurl production",
			Help: `waisurl = waisdatabase | waisindex | waisdoc: "wais://" hostport "/" database, ` +
				`optionally followed by "?" search, or by "/" wtype "/" wpath; database, wtype and ` +
				`wpath are *uchar. No user or password, no parameters.`,
			Fix:   "",
			Quote: `waisdatabase = "wais://" hostport "/" database`,
			Bad:   Example{Text: `wais://wais.example.com/db;x`},
			Good:  Example{Text: `wais://wais.example.com/db`},
		}},
	})
}

// rfc1738Docs gives each documented row of the RFC 1738 family its rule
// from package internal/profile: the default severity and the check. The
// rows and the profile's rules are in the same order, which a test holds
// them to.
func rfc1738Docs(rows []row) []row {
	for i := range rows {
		r, ok := profile.LookupRFC1738(rows[i].ID)
		if !ok {
			panic("lint: " + rows[i].ID + " is not a rule of internal/profile")
		}
		rows[i].Severity = r.Severity
		rows[i].check = func(c *urlCheck) { c.rfc1738(&r) }
	}
	return rows
}

// rfc1738 runs the RFC 1738 rule r on the URL and reports its findings.
// The URL's subject is made once, for the first of the rules that runs:
// the login they read is read once.
func (c *urlCheck) rfc1738(r *profile.Rule) {
	if !c.subjectSet {
		c.subjectSet = true
		base := ""
		if c.b != nil && c.b.usable {
			base = c.b.parsed.Scheme.Value
		}
		c.subject.Reset(c.s, &c.u, base, c.l.allow.IPv6())
	}
	n := len(c.subject.Hits)
	r.Check(&c.subject)
	for _, h := range c.subject.Hits[n:] {
		c.report(hit{offset: h.Offset, end: h.End, production: h.Production, message: h.Message, fix: h.Fix})
	}
}
