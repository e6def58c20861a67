// Package urls is what TestCustom lints with golangci-lint built with the
// relurl plugin: each URL breaks one rule, on a line of its own (golangci-lint
// keeps one issue per line), so the lines reported tell which rules ran.
package urls

import "net/url"

// Parse parses URLs that relurl reports.
func Parse() {
	_, _ = url.Parse("http://a/b c")       // fsegment/char, on by default
	_, _ = url.Parse("1a:b")               // portability/rfc3986-parse, on by default
	_, _ = url.Parse("HTTP://a/")          // rfc1738/scheme-case, off by default
	_, _ = url.Parse("http://user@a/")     // rfc1738/http-userinfo, off by default
	_, _ = url.Parse("http://a/b")         // no finding
	_, _ = url.Parse("http://[::1]:8080/") // net_loc/char, unless allow-ipv6-hosts
	_, _ = url.Parse("http://a/~b")        // fsegment/char, unless allow-chars has "~"
	_, _ = url.Parse("a_b:c")              // fsegment/colon, a warning
	_, _ = url.Parse("/a^b")               //relurl:ignore fsegment/char -- suppressed
}
