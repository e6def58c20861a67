package tilde

import "net/url"

// With "~" allowed, it is no finding, and no fix touches it.
func f() {
	_, _ = url.Parse("/~user/a|b") // want `'\|' is not allowed in segment`
	_, _ = url.Parse("/~user/")
}
