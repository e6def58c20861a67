// Package plugin is linted by the plugin's analyzer with allow-chars "~"
// and allow-ipv6-hosts (TestPluginAnalyzer): each message begins with its
// rule id.
package plugin

import "net/url"

func f() {
	_, _ = url.Parse("http://[::1]:8080/~joe/") // allowed
	_, _ = url.Parse("/a^b")                    // want `^fsegment/char: national character '\^' is not allowed in fsegment; write it as %5E$`
	_, _ = url.Parse("a_b:c")                   // want `^fsegment/colon: the first segment "a_b:c"`
	_, _ = url.Parse("/c^d")                    //relurl:ignore fsegment/char -- suppressed

	//relurl:ignore syntax -- // want `^suppress/unused: this relurl:ignore directive suppressed nothing`
	_, _ = url.Parse("/ok")
}
