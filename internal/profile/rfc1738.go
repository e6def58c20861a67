package profile

import (
	"fmt"
	"strings"

	"github.com/relurl/relurl/ast"
)

// Rule ids of the RFC 1738 rules: "rfc1738/", then what the rule checks.
// Ids are stable across releases.
const (
	// RuleUserinfo: ":", "@" or "/" unencoded in a user or password (§3.1).
	RuleUserinfo = "rfc1738/userinfo-char"
	// RuleHost: a host that is neither a hostname nor a dotted quad (§3.1).
	RuleHost = "rfc1738/host"
	// RulePort: a port that is not digits (§3.1).
	RulePort = "rfc1738/port"
	// RuleHTTPUserinfo: a user name or password in an http URL (§3.3).
	RuleHTTPUserinfo = "rfc1738/http-userinfo"
	// RuleSchemeCase: a scheme not in lower case (§5).
	RuleSchemeCase = "rfc1738/scheme-case"
	// RuleHTTP: an http URL outside httpurl (§3.3, §5).
	RuleHTTP = "rfc1738/http"
	// RuleFTP: an ftp URL outside ftpurl (§5).
	RuleFTP = "rfc1738/ftp"
	// RuleFile: a file URL outside fileurl (§5).
	RuleFile = "rfc1738/file"
	// RuleMailto: a mailto URL outside mailtourl (§5).
	RuleMailto = "rfc1738/mailto"
	// RuleTelnet: a telnet URL outside telneturl (§5).
	RuleTelnet = "rfc1738/telnet"
	// RuleWAIS: a wais URL outside waisurl (§5).
	RuleWAIS = "rfc1738/wais"
)

// Rule is one rule of RFC 1738: its id, the severity of its findings
// unless configured otherwise, and its check.
type Rule struct {
	// ID is the rule's id, one of the constants above.
	ID string
	// Severity is the rule's default severity.
	Severity ast.Severity
	check    func(*Subject)
}

// Check runs the rule on the URL s holds, appending its findings to
// s.Hits.
func (r *Rule) Check(s *Subject) {
	s.rule = r.ID
	r.check(s)
}

// rfc1738 are the rules, in the order they are documented: the login of
// the common Internet scheme syntax (§3.1), then the scheme productions
// of §5 (decision L-9).
var rfc1738 = [...]Rule{
	{ID: RuleUserinfo, Severity: ast.SeverityError, check: checkUserinfoChar},
	{ID: RuleHost, Severity: ast.SeverityError, check: checkHost},
	{ID: RulePort, Severity: ast.SeverityError, check: checkPort},
	{ID: RuleHTTPUserinfo, Severity: ast.SeverityError, check: checkHTTPUserinfo},
	{ID: RuleSchemeCase, Severity: ast.SeverityWarning, check: checkSchemeCase},
	{ID: RuleHTTP, Severity: ast.SeverityError, check: checkHTTP},
	{ID: RuleFTP, Severity: ast.SeverityError, check: checkFTP},
	{ID: RuleFile, Severity: ast.SeverityError, check: checkFile},
	{ID: RuleMailto, Severity: ast.SeverityError, check: checkMailto},
	{ID: RuleTelnet, Severity: ast.SeverityError, check: checkTelnet},
	{ID: RuleWAIS, Severity: ast.SeverityError, check: checkWAIS},
}

// RFC1738 returns the rules of RFC 1738, in the order they are documented
// and run. The slice is a copy the caller may modify.
func RFC1738() []Rule { return append([]Rule(nil), rfc1738[:]...) }

// LookupRFC1738 returns the RFC 1738 rule with the given id.
func LookupRFC1738(id string) (Rule, bool) {
	for _, r := range rfc1738 {
		if r.ID == id {
			return r, true
		}
	}
	return Rule{}, false
}

// Hit is a finding of an RFC 1738 rule in one URL, in the URL's byte
// offsets.
type Hit struct {
	// Rule is the rule's id.
	Rule string
	// Offset and End delimit the offending text.
	Offset, End int
	// Production is the production the offending text stands in.
	Production string
	// Message says what is wrong, in lower case.
	Message string
	// Fix says how to mend this finding, or is "" when the rule's
	// documented fix says it.
	Fix string
}

// Subject is one URL under the RFC 1738 rules: a URL valid under §2.2
// (allowances applied), its §2.4 cut, and what the rules read of it,
// computed once for all of them.
type Subject struct {
	// Hits are the findings so far; Reset empties it, keeping its memory.
	Hits []Hit

	text       string
	u          *ast.URL
	baseScheme string
	ipv6       bool
	// scheme is u's scheme in lower case; relative says u has none.
	scheme   string
	relative bool
	// rule is the id of the rule whose check runs.
	rule      string
	login     login
	loginRead bool
}

// Reset makes s the subject of the URL text, whose §2.4 cut is *u:
// baseScheme is the scheme of the base a relative net_path ("//host/x")
// is read with, "" when there is none; ipv6 says an RFC 2732 IPv6 literal
// is accepted as a host. u must stay unchanged while s is in use.
func (s *Subject) Reset(text string, u *ast.URL, baseScheme string, ipv6 bool) {
	*s = Subject{Hits: s.Hits[:0], text: text, u: u, baseScheme: baseScheme, ipv6: ipv6,
		scheme: strings.ToLower(u.Scheme.Value), relative: !u.Scheme.Present}
}

// CheckAll runs every rule of RFC 1738 on the URL, in the order of
// [RFC1738].
func (s *Subject) CheckAll() {
	for i := range rfc1738 {
		rfc1738[i].Check(s)
	}
}

// report records a finding of the rule whose check runs.
func (s *Subject) report(h Hit) {
	if h.Rule == "" {
		h.Rule = s.rule
	}
	s.Hits = append(s.Hits, h)
}

// internetSchemes carry a "//" net_loc in every URL (the common Internet
// syntax of RFC 1738 §3.1; https as RFC 2818 defines it).
var internetSchemes = [...]string{"http", "https", "ftp", "gopher", "nntp", "prospero", "telnet", "wais"}

// InternetScheme reports whether scheme, in lower case, is one of the
// common Internet scheme syntax of RFC 1738 §3.1 (https as RFC 2818
// defines it), which carries a "//" net_loc in every URL.
func InternetScheme(scheme string) bool {
	for _, s := range internetSchemes {
		if s == scheme {
			return true
		}
	}
	return false
}

// q quotes a piece of a URL for a message, as at most a window of
// ast.QuoteWindow bytes: messages stay short however long the URL.
func q(s string) string { return ast.Quote(s, 0) }

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
	// "]", which an [Allowance] of IPv6 hosts accepts.
	ipv6    bool
	port    string
	hasPort bool
	portEnd int
}

// profileScheme returns the scheme the RFC 1738 profile reads the URL by,
// in lower case: its own, or for a relative net_path its base's
// (Subject.Reset); "" for none.
func (s *Subject) profileScheme() string {
	if !s.relative {
		return s.scheme
	}
	if s.u.NetLoc.Present {
		return strings.ToLower(s.baseScheme)
	}
	return ""
}

// readLogin reads the URL's net_loc as a login, once.
func (s *Subject) readLogin() *login {
	if s.loginRead {
		return &s.login
	}
	s.loginRead = true
	s.login = login{scheme: s.profileScheme()}
	lg := &s.login
	if !s.u.NetLoc.Present || !InternetScheme(lg.scheme) && lg.scheme != "file" {
		return lg
	}
	lg.ok = true
	p := ast.SplitNetLoc(s.u.NetLoc.Value)
	lg.off, lg.at = s.u.NetLoc.Span.Start, -1
	if p.UserInfo.Present {
		lg.userinfo, lg.at = p.UserInfo.Value, p.UserInfo.Span.End
	}
	lg.host, lg.hostEnd = p.Host.Value, lg.off+p.Host.Span.End
	lg.ipv6 = s.ipv6 && IPv6Literal(p)
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
func checkSchemeCase(s *Subject) {
	if !s.relative && s.u.Scheme.Value != s.scheme {
		s.report(Hit{Offset: 0, End: s.u.Scheme.Span.End, Production: "scheme",
			Message: fmt.Sprintf("the scheme %s is not in lower case: RFC 1738 §5 writes schemes in lower case; write %s",
				q(s.u.Scheme.Value), q(s.scheme))})
	}
}

// checkUserinfoChar: §3.1, ":", "@" or "/" unencoded in a user name or
// password. The first ":" ends the user; "@" cannot appear in either, and
// ":" not in the password.
func checkUserinfoChar(s *Subject) {
	lg := s.readLogin()
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
			s.report(Hit{Offset: lg.off + i, End: lg.off + i + 1, Production: "net_loc",
				Message: fmt.Sprintf("%q must be encoded in a %s (RFC 1738 §3.1); write it as %s", string(ch), field, enc),
				Fix:     "write it as " + enc})
		}
	}
}

// checkHTTPUserinfo: §3.3, a user name or password in an http URL.
func checkHTTPUserinfo(s *Subject) {
	lg := s.readLogin()
	if !lg.ok || lg.at < 0 || lg.scheme != "http" && lg.scheme != "https" {
		return
	}
	s.report(Hit{Offset: lg.off, End: lg.off + lg.at + 1, Production: "net_loc",
		Message: fmt.Sprintf("%s %s URL has no user name or password: \"No user name or password is allowed\" (RFC 1738 §3.3)",
			article(lg.scheme), lg.scheme)})
}

// checkPort: §3.1, a port that is not decimal digits (a file URL has no
// port at all: rfc1738/file).
func checkPort(s *Subject) {
	lg := s.readLogin()
	if !lg.ok || !lg.hasPort || lg.scheme == "file" {
		return
	}
	if h, bad := PortHit(lg.port, lg.hostEnd); bad {
		s.report(h)
	}
}

// PortHit returns the finding of [RulePort] for port, the text after the
// ":" at the URL offset colon, when it is not decimal digits (an empty
// port included), and false when it is.
func PortHit(port string, colon int) (Hit, bool) {
	if port != "" && strings.Trim(port, digitChars) == "" {
		return Hit{}, false
	}
	what := fmt.Sprintf("the port %s is not decimal digits", q(port))
	if port == "" {
		what = `the port is empty, and "if the port is omitted, the colon is as well"`
	}
	return Hit{Rule: RulePort, Offset: colon, End: colon + 1 + len(port), Production: "net_loc",
		Message: fmt.Sprintf("%s (RFC 1738 §3.1: port = digits)", what)}, true
}

// checkHost: §3.1, a host that is neither a hostname nor a dotted quad.
// A file URL may have an empty host.
func checkHost(s *Subject) {
	lg := s.readLogin()
	if !lg.ok || lg.host == "" && lg.scheme == "file" || lg.ipv6 {
		return
	}
	if h, bad := HostHit(lg.host, lg.hostEnd-len(lg.host)); bad {
		s.report(h)
	}
}

// HostHit returns the finding of [RuleHost] for host, which begins at the
// URL offset start, when it is neither a hostname nor a hostnumber of
// RFC 1738 §3.1, and false when it is one.
func HostHit(host string, start int) (Hit, bool) {
	why := hostProblem(host)
	if why == "" {
		return Hit{}, false
	}
	return Hit{Rule: RuleHost, Offset: start, End: start + len(host), Production: "net_loc",
		Message: fmt.Sprintf("%s: host = hostname | hostnumber (RFC 1738 §3.1)", why)}, true
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
func (s *Subject) needNetLoc() {
	if !s.u.NetLoc.Present {
		s.report(Hit{Offset: 0, End: s.u.Scheme.Span.End + 1, Production: "scheme",
			Message: fmt.Sprintf("%s %s URL begins %s (RFC 1738 §5)", article(s.scheme), s.scheme, q(s.scheme+"://"))})
	}
}

// noComponent reports a component the scheme's production does not have.
func (s *Subject) noComponent(comp ast.Component, what, production string) {
	if comp.Present {
		s.report(Hit{Offset: comp.Span.Start - 1, End: comp.Span.End, Production: what,
			Message: fmt.Sprintf("the %s production of RFC 1738 §5 has no %s", production, what)})
	}
}

// checkHTTP: §3.3, §5, httpurl = "http://" hostport [ "/" hpath [ "?"
// search ]]: "/" and "?" are not allowed in the search part.
func checkHTTP(s *Subject) {
	if s.relative || s.scheme != "http" && s.scheme != "https" {
		return
	}
	s.needNetLoc()
	q := s.u.Query
	if !q.Present {
		return
	}
	if i := strings.IndexAny(s.text[q.Span.Start:q.Span.End], searchNot); i >= 0 {
		at := q.Span.Start + i
		ch := s.text[at : at+1]
		enc := ast.PercentEncode(ch)
		s.report(Hit{Offset: at, End: at + 1, Production: "query",
			Message: fmt.Sprintf("%q is not allowed in the search part of an httpurl: search = *[ uchar | \";\" | \":\" | \"@\" | \"&\" | \"=\" ] (RFC 1738 §5); write it as %s",
				ch, enc),
			Fix: "write it as " + enc})
	}
}

// checkFTP: §5, ftpurl = "ftp://" login [ "/" fpath [ ";type=" ftptype ]].
func checkFTP(s *Subject) {
	if s.relative || s.scheme != "ftp" {
		return
	}
	s.needNetLoc()
	s.noComponent(s.u.Query, "query", "ftpurl")
	if p := s.u.Params; p.Present {
		v := p.Value
		if !(len(v) == len(ftpTypeParam)+1 && strings.HasPrefix(v, ftpTypeParam) && strings.IndexByte(ftptypeChars, v[len(ftpTypeParam)]) >= 0) {
			s.report(Hit{Offset: p.Span.Start, End: p.Span.End, Production: "params",
				Message: fmt.Sprintf("the only parameter of an ftpurl is \";type=\" ftptype, with ftptype one of A I D a i d (RFC 1738 §5), not %s", q(v))})
		}
	}
}

// checkFile: §5, fileurl = "file://" [ host | "localhost" ] "/" fpath: no
// user, password or port, no parameters and no query.
func checkFile(s *Subject) {
	if lg := s.readLogin(); lg.ok && lg.scheme == "file" {
		if lg.at >= 0 {
			s.report(Hit{Offset: lg.off, End: lg.off + lg.at + 1, Production: "net_loc",
				Message: "a file URL has no user name or password (RFC 1738 §5)"})
		}
		if lg.hasPort {
			s.report(Hit{Offset: lg.hostEnd, End: lg.portEnd, Production: "net_loc",
				Message: `a fileurl has a host and no port: fileurl = "file://" [ host | "localhost" ] "/" fpath (RFC 1738 §5)`})
		}
	}
	if s.relative || s.scheme != "file" {
		return
	}
	s.needNetLoc()
	if s.u.NetLoc.Present && !s.u.Path.IsAbsolute() {
		at := s.u.NetLoc.Span.End
		s.report(Hit{Offset: at, End: at, Production: "path",
			Message: `a fileurl has a "/" after its host: fileurl = "file://" [ host | "localhost" ] "/" fpath (RFC 1738 §5)`,
			Fix:     `end the URL with "/"`})
	}
	s.noComponent(s.u.Params, "params", "fileurl")
	s.noComponent(s.u.Query, "query", "fileurl")
}

// checkMailto: §5, mailtourl = "mailto:" encoded822addr, which is not
// empty.
func checkMailto(s *Subject) {
	if s.relative || s.scheme != "mailto" {
		return
	}
	rest := s.u.Len() - s.u.Scheme.Span.End - 1
	if s.u.Fragment.Present {
		rest -= 1 + len(s.u.Fragment.Value)
	}
	if rest == 0 {
		s.report(Hit{Offset: 0, End: s.u.Scheme.Span.End + 1, Production: "scheme",
			Message: `a mailto URL needs an address: mailtourl = "mailto:" encoded822addr, encoded822addr = 1*xchar (RFC 1738 §5)`})
	}
}

// checkTelnet: §5, telneturl = "telnet://" login [ "/" ].
func checkTelnet(s *Subject) {
	if s.relative || s.scheme != "telnet" {
		return
	}
	s.needNetLoc()
	if p := s.u.Path; p.Value != "" && p.Value != "/" {
		s.report(Hit{Offset: p.Span.Start, End: p.Span.End, Production: "path",
			Message: `a telneturl has at most a "/" after its login: telneturl = "telnet://" login [ "/" ] (RFC 1738 §5)`})
	}
	s.noComponent(s.u.Params, "params", "telneturl")
	s.noComponent(s.u.Query, "query", "telneturl")
}

// checkWAIS: §5, waisurl = waisdatabase | waisindex | waisdoc:
// "wais://" hostport "/" database, then "?" search or "/" wtype "/" wpath;
// no user or password, no parameters.
func checkWAIS(s *Subject) {
	if lg := s.readLogin(); lg.ok && lg.scheme == "wais" && lg.at >= 0 {
		s.report(Hit{Offset: lg.off, End: lg.off + lg.at + 1, Production: "net_loc",
			Message: "a wais URL has no user name or password (RFC 1738 §5)"})
	}
	if s.relative || s.scheme != "wais" {
		return
	}
	u := s.u
	s.needNetLoc()
	s.noComponent(u.Params, "params", "waisurl")
	if !u.Path.IsAbsolute() {
		at := u.Path.Span.Start
		if u.NetLoc.Present {
			at = u.NetLoc.Span.End
		}
		s.report(Hit{Offset: at, End: u.Path.Span.End, Production: "path",
			Message: `a waisurl names a database: "wais://" hostport "/" database (RFC 1738 §5)`})
		return
	}
	var segs []string
	for seg := range u.Path.Segments() {
		segs = append(segs, seg)
	}
	switch {
	case len(segs) != 1 && len(segs) != 3:
		s.report(Hit{Offset: u.Path.Span.Start, End: u.Path.Span.End, Production: "path",
			Message: fmt.Sprintf(`a waisurl path is "/" database or "/" database "/" wtype "/" wpath (RFC 1738 §5), not %d segments`, len(segs))})
	case len(segs) == 3 && u.Query.Present:
		s.noComponent(u.Query, "query", "waisdoc")
	default:
		off := u.Path.Span.Start + 1
		for _, seg := range segs {
			if i := strings.IndexAny(seg, waisNot); i >= 0 {
				enc := ast.PercentEncode(seg[i : i+1])
				s.report(Hit{Offset: off + i, End: off + i + 1, Production: "path",
					Message: fmt.Sprintf("%q is not allowed in a waisurl's database, wtype or wpath, which are *uchar (RFC 1738 §5); write it as %s",
						seg[i:i+1], enc),
					Fix: "write it as " + enc})
				break
			}
			off += len(seg) + 1
		}
	}
}
