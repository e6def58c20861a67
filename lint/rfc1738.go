package lint

import (
	"fmt"
	"strings"

	"github.com/relurl/relurl/ast"
)

// rfc1738 checks the RFC 1738 profile on a valid URL: the login of the
// common Internet scheme syntax (§3.1) and the scheme productions of §5.
// It looks at absolute URLs, and at the net_loc of a relative net_path
// ("//host/x"), whose scheme is baseScheme.
func (l *Linter) rfc1738(hits []hit, s string, u ast.URL, baseScheme string) []hit {
	scheme := strings.ToLower(u.Scheme.Value)
	if !u.Scheme.Present {
		scheme = strings.ToLower(baseScheme)
		if scheme == "" {
			return hits
		}
	} else if u.Scheme.Value != scheme {
		hits = l.add(hits, hit{rule: RuleRFC1738SchemeCase, offset: 0, end: u.Scheme.Span.End, production: "scheme",
			message: fmt.Sprintf("the scheme %q is not in lower case: RFC 1738 §5 writes schemes in lower case; write %q",
				u.Scheme.Value, scheme)})
	}
	if u.NetLoc.Present && (internetSchemes[scheme] || scheme == "file") {
		hits = l.login(hits, s, u, scheme)
	}
	if !u.Scheme.Present {
		return hits // the scheme productions are for absolute URLs
	}
	need := func(rule, name string) []hit {
		if u.NetLoc.Present {
			return hits
		}
		return l.add(hits, hit{rule: rule, offset: 0, end: u.Scheme.Span.End + 1, production: "scheme",
			message: fmt.Sprintf("%s %s URL begins %q (RFC 1738 §5)", article(name), name, name+"://")})
	}
	noComponent := func(rule string, c ast.Component, what, name string) []hit {
		if !c.Present {
			return hits
		}
		return l.add(hits, hit{rule: rule, offset: c.Span.Start - 1, end: c.Span.End, production: what,
			message: fmt.Sprintf("the %s production of RFC 1738 §5 has no %s", name, what)})
	}
	switch scheme {
	case "http", "https":
		hits = need(RuleRFC1738HTTP, scheme)
		if u.Query.Present {
			for i := u.Query.Span.Start; i < u.Query.Span.End; i++ {
				if c := s[i]; c == '/' || c == '?' {
					hits = l.add(hits, hit{rule: RuleRFC1738HTTP, offset: i, end: i + 1, production: "query",
						message: fmt.Sprintf("%q is not allowed in the search part of an httpurl: search = *[ uchar | \";\" | \":\" | \"@\" | \"&\" | \"=\" ] (RFC 1738 §5); write it as %s",
							string(c), ast.PercentEncode(string(c))),
						fix: "write it as " + ast.PercentEncode(string(c))})
					break
				}
			}
		}
	case "ftp":
		hits = need(RuleRFC1738FTP, scheme)
		hits = noComponent(RuleRFC1738FTP, u.Query, "query", "ftpurl")
		if u.Params.Present {
			p := u.Params.Value
			ok := len(p) == 6 && strings.HasPrefix(p, "type=") && strings.ContainsRune("AIDaid", rune(p[5]))
			if !ok {
				hits = l.add(hits, hit{rule: RuleRFC1738FTP, offset: u.Params.Span.Start, end: u.Params.Span.End, production: "params",
					message: fmt.Sprintf("the only parameter of an ftpurl is \";type=\" ftptype, with ftptype one of A I D a i d (RFC 1738 §5), not %q", p)})
			}
		}
	case "file":
		hits = need(RuleRFC1738File, scheme)
		if u.NetLoc.Present && !u.Path.IsAbsolute() {
			at := u.NetLoc.Span.End
			hits = l.add(hits, hit{rule: RuleRFC1738File, offset: at, end: at, production: "path",
				message: `a fileurl has a "/" after its host: fileurl = "file://" [ host | "localhost" ] "/" fpath (RFC 1738 §5)`,
				fix:     `end the URL with "/"`})
		}
		hits = noComponent(RuleRFC1738File, u.Params, "params", "fileurl")
		hits = noComponent(RuleRFC1738File, u.Query, "query", "fileurl")
	case "mailto":
		if u.Len()-u.Scheme.Span.End-1-fragmentLen(u) == 0 {
			hits = l.add(hits, hit{rule: RuleRFC1738Mailto, offset: 0, end: u.Scheme.Span.End + 1, production: "scheme",
				message: `a mailto URL needs an address: mailtourl = "mailto:" encoded822addr, encoded822addr = 1*xchar (RFC 1738 §5)`})
		}
	case "telnet":
		hits = need(RuleRFC1738Telnet, scheme)
		if u.Path.Value != "" && u.Path.Value != "/" {
			hits = l.add(hits, hit{rule: RuleRFC1738Telnet, offset: u.Path.Span.Start, end: u.Path.Span.End, production: "path",
				message: `a telneturl has at most a "/" after its login: telneturl = "telnet://" login [ "/" ] (RFC 1738 §5)`})
		}
		hits = noComponent(RuleRFC1738Telnet, u.Params, "params", "telneturl")
		hits = noComponent(RuleRFC1738Telnet, u.Query, "query", "telneturl")
	case "wais":
		hits = need(RuleRFC1738WAIS, scheme)
		hits = noComponent(RuleRFC1738WAIS, u.Params, "params", "waisurl")
		if !u.Path.IsAbsolute() {
			at := u.Path.Span.Start
			if u.NetLoc.Present {
				at = u.NetLoc.Span.End
			}
			hits = l.add(hits, hit{rule: RuleRFC1738WAIS, offset: at, end: u.Path.Span.End, production: "path",
				message: `a waisurl names a database: "wais://" hostport "/" database (RFC 1738 §5)`})
			break
		}
		var segs []string
		for seg := range u.Path.Segments() {
			segs = append(segs, seg)
		}
		switch {
		case len(segs) != 1 && len(segs) != 3:
			hits = l.add(hits, hit{rule: RuleRFC1738WAIS, offset: u.Path.Span.Start, end: u.Path.Span.End, production: "path",
				message: fmt.Sprintf(`a waisurl path is "/" database or "/" database "/" wtype "/" wpath (RFC 1738 §5), not %d segments`, len(segs))})
		case len(segs) == 3 && u.Query.Present:
			hits = noComponent(RuleRFC1738WAIS, u.Query, "query", "waisdoc")
		default:
			off := u.Path.Span.Start + 1
			for _, seg := range segs {
				if i := strings.IndexAny(seg, ":@&="); i >= 0 {
					hits = l.add(hits, hit{rule: RuleRFC1738WAIS, offset: off + i, end: off + i + 1, production: "path",
						message: fmt.Sprintf("%q is not allowed in a waisurl's database, wtype or wpath, which are *uchar (RFC 1738 §5); write it as %s",
							seg[i:i+1], ast.PercentEncode(seg[i:i+1])),
						fix: "write it as " + ast.PercentEncode(seg[i:i+1])})
					break
				}
				off += len(seg) + 1
			}
		}
	}
	return hits
}

// article is "a" or "an", as spoken before the scheme name.
func article(scheme string) string {
	switch scheme {
	case "http", "https", "ftp", "nntp":
		return "an"
	}
	return "a"
}

func fragmentLen(u ast.URL) int {
	if !u.Fragment.Present {
		return 0
	}
	return 1 + len(u.Fragment.Value)
}

// login checks a net_loc against login = [ user [ ":" password ] "@" ]
// hostport (RFC 1738 §3.1).
func (l *Linter) login(hits []hit, s string, u ast.URL, scheme string) []hit {
	nl, off := u.NetLoc.Value, u.NetLoc.Span.Start
	hostport, hpOff := nl, off
	if at := strings.LastIndexByte(nl, '@'); at >= 0 {
		userinfo := nl[:at]
		hostport, hpOff = nl[at+1:], off+at+1
		switch scheme {
		case "http", "https":
			hits = l.add(hits, hit{rule: RuleRFC1738HTTPUserinfo, offset: off, end: off + at + 1, production: "net_loc",
				message: fmt.Sprintf("%s %s URL has no user name or password: \"No user name or password is allowed\" (RFC 1738 §3.3)", article(scheme), scheme)})
		case "file", "wais":
			rule := RuleRFC1738File
			if scheme == "wais" {
				rule = RuleRFC1738WAIS
			}
			hits = l.add(hits, hit{rule: rule, offset: off, end: off + at + 1, production: "net_loc",
				message: fmt.Sprintf("a %s URL has no user name or password (RFC 1738 §5)", scheme)})
		}
		// The first ":" ends the user; "@" cannot appear in either, and ":"
		// not in the password.
		colon := strings.IndexByte(userinfo, ':')
		for i := 0; i < len(userinfo); i++ {
			c := userinfo[i]
			if c == '@' || c == ':' && i != colon {
				field := "user name"
				if colon >= 0 && i > colon {
					field = "password"
				}
				hits = l.add(hits, hit{rule: RuleRFC1738Userinfo, offset: off + i, end: off + i + 1, production: "net_loc",
					message: fmt.Sprintf("%q must be encoded in a %s (RFC 1738 §3.1); write it as %s", string(c), field, ast.PercentEncode(string(c))),
					fix:     "write it as " + ast.PercentEncode(string(c))})
			}
		}
	}
	host, hostEnd := hostport, hpOff+len(hostport)
	if c := strings.IndexByte(hostport, ':'); c >= 0 {
		host, hostEnd = hostport[:c], hpOff+c
		port := hostport[c+1:]
		if scheme == "file" {
			hits = l.add(hits, hit{rule: RuleRFC1738File, offset: hostEnd, end: hpOff + len(hostport), production: "net_loc",
				message: `a fileurl has a host and no port: fileurl = "file://" [ host | "localhost" ] "/" fpath (RFC 1738 §5)`})
		} else if port == "" || strings.Trim(port, "0123456789") != "" {
			what := fmt.Sprintf("the port %q is not decimal digits", port)
			if port == "" {
				what = `the port is empty, and "if the port is omitted, the colon is as well"`
			}
			hits = l.add(hits, hit{rule: RuleRFC1738Port, offset: hostEnd, end: hpOff + len(hostport), production: "net_loc",
				message: fmt.Sprintf("%s (RFC 1738 §3.1: port = digits)", what)})
		}
	}
	if host == "" && scheme == "file" {
		return hits
	}
	if why := hostProblem(host); why != "" {
		hits = l.add(hits, hit{rule: RuleRFC1738Host, offset: hostEnd - len(host), end: hostEnd, production: "net_loc",
			message: fmt.Sprintf("%s: host = hostname | hostnumber (RFC 1738 §3.1)", why)})
	}
	return hits
}

// hostProblem says why h is neither a hostname nor a hostnumber of RFC
// 1738 §3.1, or returns "".
func hostProblem(h string) string {
	if h == "" {
		return "the host is empty"
	}
	labels := strings.Split(h, ".")
	if len(labels) == 4 {
		quad := true
		for _, lb := range labels {
			if lb == "" || strings.Trim(lb, "0123456789") != "" {
				quad = false
			}
		}
		if quad {
			return ""
		}
	}
	for _, lb := range labels {
		if lb == "" {
			return fmt.Sprintf("the host %q has an empty label", h)
		}
		for i := 0; i < len(lb); i++ {
			c := lb[i]
			if !ast.Is(c, ast.Alpha|ast.Digit) && c != '-' {
				return fmt.Sprintf("the host %q holds %q, and a hostname is letters, digits, \"-\" and \".\"", h, string(c))
			}
		}
		if lb[0] == '-' || lb[len(lb)-1] == '-' {
			return fmt.Sprintf("the label %q of the host %q begins or ends with \"-\"", lb, h)
		}
	}
	if top := labels[len(labels)-1]; ast.Is(top[0], ast.Digit) {
		return fmt.Sprintf("the top label %q of the host %q begins with a digit, and the host is not four groups of digits", top, h)
	}
	return ""
}
