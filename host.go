package relurl

import (
	"strings"

	"github.com/relurl/relurl/ast"
	"github.com/relurl/relurl/internal/profile"
)

// Host returns the host of the URL's net_loc, read as the login of
// RFC 1738 §3.1, [ user [ ":" password ] "@" ] host [ ":" port ]: the
// text after the last "@" and before the port's ":". It returns "" and no
// error when the URL has no net_loc.
//
// The host must be a hostname (labels of letters, digits and "-"
// separated by ".", the last not beginning with a digit) or a hostnumber
// (four groups of digits), or the error is an *[Error] wrapping the
// diagnostic of [RuleRFC1738Host], in the offsets of the input the URL was
// read from; errors.Is finds [ErrSyntax] in it. Two hosts are accepted
// besides, as the rfc1738 and rfc2732 profiles accept them: the empty
// host of a file URL ("file:///etc/hosts"), and an IPv6 literal of
// RFC 2732, returned with its brackets (decision A-4).
func (u URL) Host() (string, error) {
	if !u.NetLoc.Present {
		return "", nil
	}
	p := ast.SplitNetLoc(u.NetLoc.Value)
	host := p.Host.Value
	if host == "" && strings.EqualFold(u.Scheme.Value, "file") || profile.IPv6Literal(p) {
		return host, nil
	}
	if h, bad := profile.HostHit(host, u.NetLoc.Span.Start+p.Host.Span.Start); bad {
		return "", u.hitError("host", host, h)
	}
	return host, nil
}

// Port returns the port of the URL's net_loc, read as the login of
// RFC 1738 §3.1 (see [URL.Host]): the text after the host's ":". It
// returns "" and no error when there is no port. A port must be decimal
// digits, and "if the port is omitted, the colon is as well": otherwise
// the error is an *[Error] wrapping the diagnostic of [RuleRFC1738Port];
// errors.Is finds [ErrSyntax] in it.
func (u URL) Port() (string, error) {
	if !u.NetLoc.Present {
		return "", nil
	}
	p := ast.SplitNetLoc(u.NetLoc.Value)
	if !p.Port.Present {
		return "", nil
	}
	if h, bad := profile.PortHit(p.Port.Value, u.NetLoc.Span.Start+p.Port.Span.Start-1); bad {
		return "", u.hitError("port", ":"+p.Port.Value, h)
	}
	return p.Port.Value, nil
}

// hitError is the error of op for the finding h of an RFC 1738 rule in
// u, whose offending text is text.
func (u URL) hitError(op, text string, h profile.Hit) error {
	d := Diagnostic{Offset: h.Offset, End: h.End, Production: h.Production, Text: text,
		Message: h.Message, Rule: h.Rule, Severity: SeverityError}
	return &Error{Op: op, URL: u.String(), Err: Diagnostics{d}}
}
