package ast

import "strings"

// NetLocParts is a net_loc cut into the parts of the login of RFC 1738
// §3.1, "[ user [ ":" password ] "@" ] host [ ":" port ]", with the IPv6
// literals of RFC 2732 §3 as hosts. Each part's Span locates it in the
// net_loc it was cut from (offset 0 is the net_loc's first byte), and the
// parts with their delimiters give back the net_loc exactly:
//
//	[UserInfo "@"] Host [":" Port]
type NetLocParts struct {
	// UserInfo is the user and password, before the "@" that ends them;
	// Present when there is one.
	UserInfo Component
	// Host is the host, possibly empty; it is always Present.
	Host Component
	// Port is the port, after the ":" that ends the host; Present when
	// there is one (an empty port, "a:", is present and empty).
	Port Component
}

// SplitNetLoc cuts a net_loc into its userinfo, host and port (decision
// P-17). It reads any text; it checks nothing (whether the host is a name, an address or a
// well-formed IPv6 literal, whether the port is digits) and loses nothing:
//
//   - the last "@" ends the userinfo: RFC 1738 §3.1 encodes every "@"
//     within the user and password, so an "@" left unencoded there is the
//     userinfo's, not the host's;
//   - a host that begins with "[" is an IPv6 literal (RFC 2732 §3): the
//     ":" up to its first "]" are the address's, and the host ends at the
//     first ":" after that "]" ("[::1]:80" is host "[::1]", port "80");
//     text between the "]" and that ":" stays in the host ("[::1]x:80" is
//     host "[::1]x"), so that a reader of the host sees it malformed;
//   - a "[" without a "]" leaves the whole rest the host, with no port:
//     its ":" are taken for those of an unfinished address, never a port;
//   - any other host ends at its first ":".
func SplitNetLoc(netloc string) NetLocParts {
	var p NetLocParts
	start := 0
	if at := strings.LastIndexByte(netloc, '@'); at >= 0 {
		p.UserInfo = Component{Value: netloc[:at], Span: Span{0, at}, Present: true}
		start = at + 1
	}
	hostport := netloc[start:]
	end := len(hostport)
	from := 0
	if strings.HasPrefix(hostport, "[") {
		from = strings.IndexByte(hostport, ']')
		if from < 0 {
			from = len(hostport)
		}
	}
	if i := strings.IndexByte(hostport[from:], ':'); i >= 0 {
		end = from + i
		p.Port = Component{Value: hostport[end+1:], Span: Span{start + end + 1, len(netloc)}, Present: true}
	}
	p.Host = Component{Value: hostport[:end], Span: Span{start, start + end}, Present: true}
	return p
}
