package suppress

//relurl:ignore-file portability -- the whole file

import "net/url"

func g() {
	_, _ = url.Parse("http://a:b/")
	_, _ = url.Parse("1a:b")
	_, _ = url.Parse("/a^b") // fsegment/char // want `'\^'`
}
