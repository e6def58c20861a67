// Package allow is linted with -allow-chars "~" and -allow-ipv6-hosts
// (TestAllow): what they accept is no finding, what they do not accept is.
package allow

import "net/url"

func f() {
	_, _ = url.Parse("http://[::1]:8080/~joe/")            // both allowances
	_, _ = url.Parse("http://[2001:db8::7]/")              // an IPv6 host
	_, _ = url.Parse("http://a/~b|c")                      // want `national character '\|' is not allowed in fsegment`
	_, _ = url.Parse("http://[fe80::1%25en0]/")            // want `national character '\[' is not allowed in net_loc` `'\]' is not allowed in net_loc`
	_, _ = url.Parse("http://[::1]x/")                     // want `'\[' is not allowed in net_loc` `'\]' is not allowed in net_loc`
	_, _ = url.Parse("http://a/b[1]")                      // want `national character '\[' is not allowed in fsegment` `'\]' is not allowed in fsegment`
	_, _ = url.Parse("http://a/~^b")                       // want `national character '\^' is not allowed in fsegment`
	_, _ = url.Parse("http://[::ffff:192.0.2.1]:80/a~b?c") // an IPv4-mapped IPv6 address is an IPv6 address
}
