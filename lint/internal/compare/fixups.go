package compare

import (
	"strings"

	wurl "github.com/nlnwa/whatwg-url/url"

	"github.com/relurl/relurl/ast"
)

// isSpecial reports whether the URL Standard reads a scheme by rules of its
// own ("special schemes").
func isSpecial(scheme string) bool {
	switch scheme {
	case "http", "https", "ws", "wss", "ftp", "file":
		return true
	}
	return false
}

// defaultPort is a special scheme's default port, or "".
func defaultPort(scheme string) string {
	switch scheme {
	case "http", "ws":
		return "80"
	case "https", "wss":
		return "443"
	case "ftp":
		return "21"
	}
	return ""
}

func isC0OrSpace(c byte) bool { return c <= ' ' }

// whatwgClean does to s what the URL Standard does first: it trims C0
// controls and spaces at both ends and removes tabs and newlines.
func whatwgClean(s string) (clean string, tabs, trimmed bool) {
	i, j := 0, len(s)
	for i < j && isC0OrSpace(s[i]) {
		i++
	}
	for j > i && isC0OrSpace(s[j-1]) {
		j--
	}
	trimmed = i > 0 || j < len(s)
	s = s[i:j]
	if strings.ContainsAny(s, "\t\n\r") {
		tabs = true
		s = strings.Map(func(r rune) rune {
			if r == '\t' || r == '\n' || r == '\r' {
				return -1
			}
			return r
		}, s)
	}
	return s, tabs, trimmed
}

// schemeOf returns the scheme s begins with as RFC 3986 and the URL
// Standard read one (alpha *( alpha | digit | "+" | "-" | "." ) ":"), and
// the rest after the ":".
func schemeOf(s string) (scheme, rest string, ok bool) {
	if s == "" || !isAlpha(s[0]) {
		return "", s, false
	}
	for i := 1; i < len(s); i++ {
		c := s[i]
		switch {
		case isAlpha(c), c >= '0' && c <= '9', c == '+', c == '-', c == '.':
		case c == ':':
			return s[:i], s[i+1:], true
		default:
			return "", s, false
		}
	}
	return "", s, false
}

func isAlpha(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }

func add(f []FixUp, x FixUp) []FixUp {
	for _, y := range f {
		if y == x {
			return f
		}
	}
	return append(f, x)
}

// fixups3986 says what net/url changed when it printed ref.
func fixups3986(ref, printed string) []FixUp {
	var f []FixUp
	if s, _, ok := schemeOf(ref); ok && s != strings.ToLower(s) {
		f = add(f, FixSchemeCase)
	}
	if strings.HasPrefix(printed, "./") && !strings.HasPrefix(ref, "./") {
		f = add(f, FixDotSlash)
	}
	if strings.HasSuffix(ref, "#") && !strings.HasSuffix(printed, "#") {
		f = add(f, FixEmptyFragment)
	}
	if pr, rr := strings.Count(printed, "%"), strings.Count(ref, "%"); pr > rr {
		f = add(f, FixPercentEncoded)
	} else if pr < rr {
		f = add(f, FixHostDecoded)
	}
	if len(f) == 0 {
		f = add(f, FixOther)
	}
	return f
}

// fixupsWHATWG detects, as far as the input and the output tell, what the
// URL Standard's parser repaired in ref.
func fixupsWHATWG(ref string, u *wurl.Url, c *Components, baseScheme string) []FixUp {
	var f []FixUp
	clean, tabs, trimmed := whatwgClean(ref)
	if tabs {
		f = add(f, FixTabNewline)
	}
	if trimmed {
		f = add(f, FixTrim)
	}
	scheme := u.Scheme()
	special := isSpecial(scheme)
	pre := clean
	if i := strings.IndexAny(pre, "?#"); i >= 0 {
		pre = pre[:i]
	}
	if special && strings.IndexByte(pre, '\\') >= 0 {
		f = add(f, FixBackslash)
	}
	if scheme == "file" && strings.IndexByte(pre, '|') >= 0 {
		f = add(f, FixDriveLetter)
	}
	slash := func(b byte) bool { return b == '/' || special && b == '\\' }
	// The authority the reference writes, if any.
	rs, after, hasScheme := schemeOf(pre)
	auth, hasAuth := "", false
	rest := pre
	if hasScheme {
		if rs != strings.ToLower(rs) {
			f = add(f, FixSchemeCase)
		}
		rest = after
		n := 0
		for n < len(after) && slash(after[n]) {
			n++
		}
		switch {
		case special && scheme != "file" && strings.EqualFold(rs, scheme):
			if !(n == 0 && baseScheme == scheme) {
				if n != 2 {
					f = add(f, FixSlashes)
				}
				auth, hasAuth, rest = after[n:], true, ""
			}
		case n >= 2:
			auth, hasAuth, rest = after[2:], true, ""
		}
	} else if len(pre) >= 2 && slash(pre[0]) && slash(pre[1]) {
		auth, hasAuth, rest = pre[2:], true, ""
	}
	if hasAuth {
		end := len(auth)
		for i := 0; i < len(auth); i++ {
			if slash(auth[i]) {
				end = i
				break
			}
		}
		rest = auth[end:]
		auth = auth[:end]
		f = hostFixups(f, auth, scheme, c)
		if special && scheme != "file" && rest == "" && c.Path == "/" {
			f = add(f, FixPathSlash)
		}
	}
	if (hasAuth || hasScheme || baseScheme == "") && hasDotSegment(rest) {
		f = add(f, FixDotSegments)
	}
	tail := rest + clean[len(pre):]
	if !u.OpaquePath() && needsEncoding(tail) || u.OpaquePath() && hasC0(tail) {
		f = add(f, FixPercentEncoded)
	}
	return f
}

// needsEncoding reports whether s holds a character the URL Standard
// percent-encodes in every component but an opaque path: a C0 control, a
// space, a non-ASCII character, or one of " < > `.
func needsEncoding(s string) bool {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c <= ' ', c >= 0x7f, c == '"', c == '<', c == '>', c == '`':
			return true
		}
	}
	return false
}

func hasC0(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < ' ' {
			return true
		}
	}
	return false
}

// hostFixups compares the authority as written with the host, port and
// credentials the parser kept.
func hostFixups(f []FixUp, auth, scheme string, c *Components) []FixUp {
	p := ast.SplitNetLoc(auth)
	ui, hasUI := p.UserInfo.Value, p.UserInfo.Present
	rawHost, rawPort, hasPort := p.Host.Value, p.Port.Value, p.Port.Present
	host := c.Host.Value
	switch {
	case scheme == "file" && strings.EqualFold(rawHost, "localhost") && host == "":
		f = add(f, FixFileHost)
	case rawHost == host:
	case strings.IndexByte(rawHost, '%') >= 0 && strings.Count(host, "%") < strings.Count(rawHost, "%"):
		f = add(f, FixHostDecoded)
	case !isASCII(rawHost) || strings.Contains(host, "xn--") && !strings.Contains(strings.ToLower(rawHost), "xn--"):
		f = add(f, FixIDNA)
	case strings.EqualFold(rawHost, host):
		f = add(f, FixHostCase)
	default:
		f = add(f, FixIPAddress)
	}
	switch {
	case hasPort && rawPort == "":
		f = add(f, FixEmptyPort)
	case hasPort && rawPort != c.Port.Value:
		if c.Port.Value == "" && strings.TrimLeft(rawPort, "0") == defaultPort(scheme) {
			f = add(f, FixDefaultPort)
		} else {
			f = add(f, FixIPAddress) // a port written with leading zeros
		}
	}
	if hasUI && (ui == "" || ui == ":" || strings.HasSuffix(ui, ":") || strings.HasPrefix(ui, ":")) {
		f = add(f, FixCredentials)
	}
	return f
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// hasDotSegment reports whether a path has a "." or ".." segment, written
// as it is or percent-encoded (%2e), as the URL Standard reads them.
func hasDotSegment(p string) bool {
	for p != "" {
		i := strings.IndexAny(p, `/\`)
		seg := p
		if i >= 0 {
			seg, p = p[:i], p[i+1:]
		} else {
			p = ""
		}
		switch strings.ToLower(seg) {
		case ".", "..", "%2e", ".%2e", "%2e.", "%2e%2e":
			return true
		}
	}
	return false
}
