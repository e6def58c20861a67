package lint

//go:generate go run ../mk1738 -bnf ../../../grammar/rfc1738.bnf -bnf1808 ../../../grammar/rfc1808.bnf -o rfc1738_table.go

import (
	"fmt"
	"strings"

	"github.com/relurl/relurl/ast"
)

// rfc1738Rows are the opt-in profile of RFC 1738: the login of the common
// Internet scheme syntax (§3.1) and the scheme productions of §5
// (decision L-9). The profile looks at absolute URLs, and at the
// net_loc of a relative net_path ("//host/x") with its base's scheme.
func rfc1738Rows() []row {
	return []row{
		{Rule: Rule{
			ID: RuleRFC1738Userinfo, Family: FamilyRFC1738, Severity: ast.SeverityError, Default: false,
			Section: "RFC 1738 §3.1",
			Summary: `":", "@" or "/" unencoded in a user name or password`,
			Help: `login = [ user [ ":" password ] "@" ] hostport, and "within the user and password ` +
				`field, any ":", "@", or "/" must be encoded": the first ":" ends the user name and the ` +
				`only "@" ends the password.`,
			Fix:   "write it as %3A, %40 or %2F",
			Quote: `Within the user and password field, any ":", "@", or "/" must be encoded.`,
			Bad:   Example{Text: `ftp://anna:pass:word@ftp.example.com/`},
			Good:  Example{Text: `ftp://anna:pass%3Aword@ftp.example.com/`},
		}, check: checkUserinfoChar, repair: repairEncode},
		{Rule: Rule{
			ID: RuleRFC1738Host, Family: FamilyRFC1738, Severity: ast.SeverityError, Default: false,
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
		}, check: checkHost},
		{Rule: Rule{
			ID: RuleRFC1738Port, Family: FamilyRFC1738, Severity: ast.SeverityError, Default: false,
			Section: "RFC 1738 §3.1",
			Summary: "a port that is not decimal digits",
			Help: `port = digits. "If the port is omitted, the colon is as well": an empty port is not ` +
				`allowed.`,
			Fix:   `write the port in decimal digits, or drop it and its ":"`,
			Quote: `port = digits`,
			Bad:   Example{Text: `http://www.example.com:8o/`},
			Good:  Example{Text: `http://www.example.com:80/`},
		}, check: checkPort},
		{Rule: Rule{
			ID: RuleRFC1738HTTPUserinfo, Family: FamilyRFC1738, Severity: ast.SeverityError, Default: false,
			Section: "RFC 1738 §3.3",
			Summary: "a user name or password in an http URL",
			Help:    `httpurl = "http://" hostport ...: "No user name or password is allowed."`,
			Fix:     `remove the user name and password and their "@"`,
			Quote:   `No user name or password is allowed.`,
			Bad:     Example{Text: `http://anna:secret@www.example.com/`},
			Good:    Example{Text: `http://www.example.com/`},
		}, check: checkHTTPUserinfo},
		{Rule: Rule{
			ID: RuleRFC1738SchemeCase, Family: FamilyRFC1738, Severity: ast.SeverityWarning, Default: false,
			Section: "RFC 1738 §5",
			Summary: "a scheme not in lower case",
			Help: `scheme = 1*[ lowalpha | digit | "+" | "-" | "." ]: "the scheme is in lower case; ` +
				`interpreters should use case-ignore".`,
			Fix:   "write the scheme in lower case",
			Quote: `the scheme is in lower case; interpreters should use case-ignore`,
			Bad:   Example{Text: `HTTP://www.example.com/`},
			Good:  Example{Text: `http://www.example.com/`},
		}, check: checkSchemeCase, repair: repairLowerScheme},
		{Rule: Rule{
			ID: RuleRFC1738HTTP, Family: FamilyRFC1738, Severity: ast.SeverityError, Default: false,
			Section: "RFC 1738 §3.3, §5",
			Summary: "an http URL outside the httpurl production",
			Help: `httpurl = "http://" hostport [ "/" hpath [ "?" search ]], where hsegment and search ` +
				`are *[ uchar | ";" | ":" | "@" | "&" | "=" ]: a "//" net_loc is required, and "/" and ` +
				`"?" are not allowed in the search part.`,
			Fix:   "",
			Quote: `httpurl = "http://" hostport [ "/" hpath [ "?" search ]]`,
			Bad:   Example{Text: `http://www.example.com/search?q=a/b`},
			Good:  Example{Text: `http://www.example.com/search?q=a%2Fb`},
		}, check: checkHTTP},
		{Rule: Rule{
			ID: RuleRFC1738FTP, Family: FamilyRFC1738, Severity: ast.SeverityError, Default: false,
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
		}, check: checkFTP},
		{Rule: Rule{
			ID: RuleRFC1738File, Family: FamilyRFC1738, Severity: ast.SeverityError, Default: false,
			Section: "RFC 1738 §5",
			Summary: "a file URL outside the fileurl production",
			Help: `fileurl = "file://" [ host | "localhost" ] "/" fpath: a "//", a host or none, and an ` +
				`absolute path; no user, password or port, no parameters and no query.`,
			Fix:   "",
			Quote: `fileurl = "file://" [ host | "localhost" ] "/" fpath`,
			Bad:   Example{Text: `file://localhost/etc/hosts?x`},
			Good:  Example{Text: `file://localhost/etc/hosts`},
		}, check: checkFile},
		{Rule: Rule{
			ID: RuleRFC1738Mailto, Family: FamilyRFC1738, Severity: ast.SeverityError, Default: false,
			Section: "RFC 1738 §5",
			Summary: "a mailto URL without an address",
			Help:    `mailtourl = "mailto:" encoded822addr, encoded822addr = 1*xchar: the address may not be empty.`,
			Fix:     "",
			Quote:   `encoded822addr = 1*xchar`,
			Bad:     Example{Text: `<a href="mailto:">write to us</a>`},
			Good:    Example{Text: `<a href="mailto:info@example.com">write to us</a>`},
		}, check: checkMailto},
		{Rule: Rule{
			ID: RuleRFC1738Telnet, Family: FamilyRFC1738, Severity: ast.SeverityError, Default: false,
			Section: "RFC 1738 §5",
			Summary: "a telnet URL outside the telneturl production",
			Help:    `telneturl = "telnet://" login [ "/" ]: a "//" net_loc and at most a "/" after it.`,
			Fix:     "",
			Quote:   `telneturl = "telnet://" login [ "/" ]`,
			Bad:     Example{Text: `telnet://host.example.com/login`},
			Good:    Example{Text: `telnet://host.example.com/`},
		}, check: checkTelnet},
		{Rule: Rule{
			ID: RuleRFC1738WAIS, Family: FamilyRFC1738, Severity: ast.SeverityError, Default: false,
			Section: "RFC 1738 §5",
			Summary: "a wais URL outside the waisurl production",
			Help: `waisurl = waisdatabase | waisindex | waisdoc: "wais://" hostport "/" database, ` +
				`optionally followed by "?" search, or by "/" wtype "/" wpath; database, wtype and ` +
				`wpath are *uchar. No user or password, no parameters.`,
			Fix:   "",
			Quote: `waisdatabase = "wais://" hostport "/" database`,
			Bad:   Example{Text: `wais://wais.example.com/db;x`},
			Good:  Example{Text: `wais://wais.example.com/db`},
		}, check: checkWAIS},
	}
}

// login is a net_loc read as login = [ user [ ":" password ] "@" ]
// hostport (RFC 1738 §3.1), cut by ast.SplitNetLoc: the last "@" ends the
// user and password, the first ":" of the host and port (after the "]"
// of an IPv6 literal) ends the host.
type login struct {
	// ok says the net_loc is read so: it is present and its scheme is one
	// of the common Internet syntax, or file.
	ok bool
	// scheme is the scheme the URL has or, for a relative net_path,
	// inherits, in lower case.
	scheme string
	// off is the URL offset of the net_loc; at the index in it of the "@"
	// that ends the user and password, or -1.
	off, at  int
	userinfo string
	// host ends at the URL offset hostEnd; port, when hasPort, follows its
	// ":" up to portEnd.
	host    string
	hostEnd int
	// ipv6 says the host is an RFC 2732 IPv6 literal, "[" IPv6address
	// "]", which Options.AllowIPv6Hosts accepts.
	ipv6    bool
	port    string
	hasPort bool
	portEnd int
}

// profileScheme returns the scheme the RFC 1738 profile reads the URL by,
// in lower case: its own, or for a relative net_path its base's; "" for
// none.
func (c *urlCheck) profileScheme() string {
	if !c.relative {
		return c.scheme
	}
	if c.u.NetLoc.Present && c.b != nil && c.b.usable {
		return strings.ToLower(c.b.parsed.Scheme.Value)
	}
	return ""
}

// readLogin reads the URL's net_loc as a login, once.
func (c *urlCheck) readLogin() *login {
	if c.loginRead {
		return &c.login
	}
	c.loginRead = true
	c.login = login{scheme: c.profileScheme()}
	lg := &c.login
	if !c.u.NetLoc.Present || !internetSchemes[lg.scheme] && lg.scheme != "file" {
		return lg
	}
	lg.ok = true
	p := ast.SplitNetLoc(c.u.NetLoc.Value)
	lg.off, lg.at = c.u.NetLoc.Span.Start, -1
	if p.UserInfo.Present {
		lg.userinfo, lg.at = p.UserInfo.Value, p.UserInfo.Span.End
	}
	lg.host, lg.hostEnd = p.Host.Value, lg.off+p.Host.Span.End
	lg.ipv6 = c.l.allow.ipv6 && ipv6Literal(p)
	if p.Port.Present {
		lg.port, lg.hasPort, lg.portEnd = p.Port.Value, true, lg.off+p.Port.Span.End
	}
	return lg
}

// article is "a" or "an", as spoken before the scheme name.
func article(scheme string) string {
	switch scheme {
	case "http", "https", "ftp", "nntp":
		return "an"
	}
	return "a"
}

// checkSchemeCase: §5, a scheme not in lower case.
func checkSchemeCase(c *urlCheck) {
	if !c.relative && c.u.Scheme.Value != c.scheme {
		c.report(hit{offset: 0, end: c.u.Scheme.Span.End, production: "scheme",
			message: fmt.Sprintf("the scheme %s is not in lower case: RFC 1738 §5 writes schemes in lower case; write %s",
				q(c.u.Scheme.Value), q(c.scheme))})
	}
}

// checkUserinfoChar: §3.1, ":", "@" or "/" unencoded in a user name or
// password. The first ":" ends the user; "@" cannot appear in either, and
// ":" not in the password.
func checkUserinfoChar(c *urlCheck) {
	lg := c.readLogin()
	if !lg.ok || lg.at < 0 {
		return
	}
	colon := strings.IndexByte(lg.userinfo, ':')
	for i := 0; i < len(lg.userinfo); i++ {
		ch := lg.userinfo[i]
		if strings.IndexByte(userinfoNot, ch) >= 0 && !(ch == ':' && i == colon) {
			field := "user name"
			if colon >= 0 && i > colon {
				field = "password"
			}
			enc := ast.PercentEncode(string(ch))
			c.report(hit{offset: lg.off + i, end: lg.off + i + 1, production: "net_loc",
				message: fmt.Sprintf("%q must be encoded in a %s (RFC 1738 §3.1); write it as %s", string(ch), field, enc),
				fix:     "write it as " + enc})
		}
	}
}

// checkHTTPUserinfo: §3.3, a user name or password in an http URL.
func checkHTTPUserinfo(c *urlCheck) {
	lg := c.readLogin()
	if !lg.ok || lg.at < 0 || lg.scheme != "http" && lg.scheme != "https" {
		return
	}
	c.report(hit{offset: lg.off, end: lg.off + lg.at + 1, production: "net_loc",
		message: fmt.Sprintf("%s %s URL has no user name or password: \"No user name or password is allowed\" (RFC 1738 §3.3)",
			article(lg.scheme), lg.scheme)})
}

// checkPort: §3.1, a port that is not decimal digits (a file URL has no
// port at all: rfc1738/file).
func checkPort(c *urlCheck) {
	lg := c.readLogin()
	if !lg.ok || !lg.hasPort || lg.scheme == "file" || lg.port != "" && strings.Trim(lg.port, digitChars) == "" {
		return
	}
	what := fmt.Sprintf("the port %s is not decimal digits", q(lg.port))
	if lg.port == "" {
		what = `the port is empty, and "if the port is omitted, the colon is as well"`
	}
	c.report(hit{offset: lg.hostEnd, end: lg.portEnd, production: "net_loc",
		message: fmt.Sprintf("%s (RFC 1738 §3.1: port = digits)", what)})
}

// checkHost: §3.1, a host that is neither a hostname nor a dotted quad.
// A file URL may have an empty host.
func checkHost(c *urlCheck) {
	lg := c.readLogin()
	if !lg.ok || lg.host == "" && lg.scheme == "file" || lg.ipv6 {
		return
	}
	if why := hostProblem(lg.host); why != "" {
		c.report(hit{offset: lg.hostEnd - len(lg.host), end: lg.hostEnd, production: "net_loc",
			message: fmt.Sprintf("%s: host = hostname | hostnumber (RFC 1738 §3.1)", why)})
	}
}

// hostProblem says why h is neither a hostname nor a hostnumber of RFC
// 1738 §3.1, or returns "". A dotted quad is four digit groups, as §3.1
// says (no range check).
func hostProblem(h string) string {
	if h == "" {
		return "the host is empty"
	}
	labels := strings.Split(h, ".")
	if len(labels) == 4 {
		quad := true
		for _, lb := range labels {
			if lb == "" || strings.Trim(lb, digitChars) != "" {
				quad = false
			}
		}
		if quad {
			return ""
		}
	}
	for _, lb := range labels {
		if lb == "" {
			return fmt.Sprintf("the host %s has an empty label", q(h))
		}
		for i := 0; i < len(lb); i++ {
			ch := lb[i]
			if strings.IndexByte(labelChars, ch) < 0 {
				return fmt.Sprintf("the host %s holds %q, and a hostname is letters, digits, \"-\" and \".\"", q(h), string(ch))
			}
		}
		if lb[0] == '-' || lb[len(lb)-1] == '-' {
			return fmt.Sprintf("the label %s of the host %s begins or ends with \"-\"", q(lb), q(h))
		}
	}
	if top := labels[len(labels)-1]; ast.Is(top[0], ast.Digit) {
		return fmt.Sprintf("the top label %s of the host %s begins with a digit, and the host is not four groups of digits", q(top), q(h))
	}
	return ""
}

// The scheme productions of §5 read absolute URLs only; https is checked
// like http, as RFC 2818 defines it.

// needNetLoc reports a URL of a scheme whose production begins
// scheme "://" that has no net_loc.
func (c *urlCheck) needNetLoc() {
	if !c.u.NetLoc.Present {
		c.report(hit{offset: 0, end: c.u.Scheme.Span.End + 1, production: "scheme",
			message: fmt.Sprintf("%s %s URL begins %s (RFC 1738 §5)", article(c.scheme), c.scheme, q(c.scheme+"://"))})
	}
}

// noComponent reports a component the scheme's production does not have.
func (c *urlCheck) noComponent(comp ast.Component, what, production string) {
	if comp.Present {
		c.report(hit{offset: comp.Span.Start - 1, end: comp.Span.End, production: what,
			message: fmt.Sprintf("the %s production of RFC 1738 §5 has no %s", production, what)})
	}
}

// checkHTTP: §3.3, §5, httpurl = "http://" hostport [ "/" hpath [ "?"
// search ]]: "/" and "?" are not allowed in the search part.
func checkHTTP(c *urlCheck) {
	if c.relative || c.scheme != "http" && c.scheme != "https" {
		return
	}
	c.needNetLoc()
	q := c.u.Query
	if !q.Present {
		return
	}
	if i := strings.IndexAny(c.s[q.Span.Start:q.Span.End], searchNot); i >= 0 {
		at := q.Span.Start + i
		ch := c.s[at : at+1]
		enc := ast.PercentEncode(ch)
		c.report(hit{offset: at, end: at + 1, production: "query",
			message: fmt.Sprintf("%q is not allowed in the search part of an httpurl: search = *[ uchar | \";\" | \":\" | \"@\" | \"&\" | \"=\" ] (RFC 1738 §5); write it as %s",
				ch, enc),
			fix: "write it as " + enc})
	}
}

// checkFTP: §5, ftpurl = "ftp://" login [ "/" fpath [ ";type=" ftptype ]].
func checkFTP(c *urlCheck) {
	if c.relative || c.scheme != "ftp" {
		return
	}
	c.needNetLoc()
	c.noComponent(c.u.Query, "query", "ftpurl")
	if p := c.u.Params; p.Present {
		v := p.Value
		if !(len(v) == len(ftpTypeParam)+1 && strings.HasPrefix(v, ftpTypeParam) && strings.IndexByte(ftptypeChars, v[len(ftpTypeParam)]) >= 0) {
			c.report(hit{offset: p.Span.Start, end: p.Span.End, production: "params",
				message: fmt.Sprintf("the only parameter of an ftpurl is \";type=\" ftptype, with ftptype one of A I D a i d (RFC 1738 §5), not %s", q(v))})
		}
	}
}

// checkFile: §5, fileurl = "file://" [ host | "localhost" ] "/" fpath: no
// user, password or port, no parameters and no query.
func checkFile(c *urlCheck) {
	if lg := c.readLogin(); lg.ok && lg.scheme == "file" {
		if lg.at >= 0 {
			c.report(hit{offset: lg.off, end: lg.off + lg.at + 1, production: "net_loc",
				message: "a file URL has no user name or password (RFC 1738 §5)"})
		}
		if lg.hasPort {
			c.report(hit{offset: lg.hostEnd, end: lg.portEnd, production: "net_loc",
				message: `a fileurl has a host and no port: fileurl = "file://" [ host | "localhost" ] "/" fpath (RFC 1738 §5)`})
		}
	}
	if c.relative || c.scheme != "file" {
		return
	}
	c.needNetLoc()
	if c.u.NetLoc.Present && !c.u.Path.IsAbsolute() {
		at := c.u.NetLoc.Span.End
		c.report(hit{offset: at, end: at, production: "path",
			message: `a fileurl has a "/" after its host: fileurl = "file://" [ host | "localhost" ] "/" fpath (RFC 1738 §5)`,
			fix:     `end the URL with "/"`})
	}
	c.noComponent(c.u.Params, "params", "fileurl")
	c.noComponent(c.u.Query, "query", "fileurl")
}

// checkMailto: §5, mailtourl = "mailto:" encoded822addr, which is not
// empty.
func checkMailto(c *urlCheck) {
	if c.relative || c.scheme != "mailto" {
		return
	}
	rest := c.u.Len() - c.u.Scheme.Span.End - 1
	if c.u.Fragment.Present {
		rest -= 1 + len(c.u.Fragment.Value)
	}
	if rest == 0 {
		c.report(hit{offset: 0, end: c.u.Scheme.Span.End + 1, production: "scheme",
			message: `a mailto URL needs an address: mailtourl = "mailto:" encoded822addr, encoded822addr = 1*xchar (RFC 1738 §5)`})
	}
}

// checkTelnet: §5, telneturl = "telnet://" login [ "/" ].
func checkTelnet(c *urlCheck) {
	if c.relative || c.scheme != "telnet" {
		return
	}
	c.needNetLoc()
	if p := c.u.Path; p.Value != "" && p.Value != "/" {
		c.report(hit{offset: p.Span.Start, end: p.Span.End, production: "path",
			message: `a telneturl has at most a "/" after its login: telneturl = "telnet://" login [ "/" ] (RFC 1738 §5)`})
	}
	c.noComponent(c.u.Params, "params", "telneturl")
	c.noComponent(c.u.Query, "query", "telneturl")
}

// checkWAIS: §5, waisurl = waisdatabase | waisindex | waisdoc:
// "wais://" hostport "/" database, then "?" search or "/" wtype "/" wpath;
// no user or password, no parameters.
func checkWAIS(c *urlCheck) {
	if lg := c.readLogin(); lg.ok && lg.scheme == "wais" && lg.at >= 0 {
		c.report(hit{offset: lg.off, end: lg.off + lg.at + 1, production: "net_loc",
			message: "a wais URL has no user name or password (RFC 1738 §5)"})
	}
	if c.relative || c.scheme != "wais" {
		return
	}
	u := c.u
	c.needNetLoc()
	c.noComponent(u.Params, "params", "waisurl")
	if !u.Path.IsAbsolute() {
		at := u.Path.Span.Start
		if u.NetLoc.Present {
			at = u.NetLoc.Span.End
		}
		c.report(hit{offset: at, end: u.Path.Span.End, production: "path",
			message: `a waisurl names a database: "wais://" hostport "/" database (RFC 1738 §5)`})
		return
	}
	var segs []string
	for seg := range u.Path.Segments() {
		segs = append(segs, seg)
	}
	switch {
	case len(segs) != 1 && len(segs) != 3:
		c.report(hit{offset: u.Path.Span.Start, end: u.Path.Span.End, production: "path",
			message: fmt.Sprintf(`a waisurl path is "/" database or "/" database "/" wtype "/" wpath (RFC 1738 §5), not %d segments`, len(segs))})
	case len(segs) == 3 && u.Query.Present:
		c.noComponent(u.Query, "query", "waisdoc")
	default:
		off := u.Path.Span.Start + 1
		for _, seg := range segs {
			if i := strings.IndexAny(seg, waisNot); i >= 0 {
				enc := ast.PercentEncode(seg[i : i+1])
				c.report(hit{offset: off + i, end: off + i + 1, production: "path",
					message: fmt.Sprintf("%q is not allowed in a waisurl's database, wtype or wpath, which are *uchar (RFC 1738 §5); write it as %s",
						seg[i:i+1], enc),
					fix: "write it as " + enc})
				break
			}
			off += len(seg) + 1
		}
	}
}
