package fixes

import "net/url"

// The fixes of relurl lint --fix: each is safe (valid, and every reader goes where it
// went), or there is none.
func f(host string) {
	_, _ = url.Parse("http://[::1]:8080/status")    // want `'\[' is not allowed in net_loc` `'\]' is not allowed in net_loc`
	_, _ = url.Parse("http://bücher.example/a b")   // want `non-ASCII character 'ü'` `space is not allowed`
	_, _ = url.Parse("http://b\u00fccher.example/") // want `non-ASCII character 'ü'`
	_, _ = url.Parse("http://b\xfccher.example/")   // want `byte 0xFC \(not UTF-8\) is not allowed in net_loc`
	_, _ = url.Parse("/~user/a|b")                  // want `'~' is not allowed in fsegment` `'\|' is not allowed in segment`
	_, _ = url.Parse(`/~user/`)                     // want `'~' is not allowed in fsegment`
	_, _ = url.Parse("http://a/b\\c")               // want `national character '.*' is not allowed in fsegment`
	_, _ = url.Parse("http:g")                      // want `the loophole of §5.2`
	_, _ = url.Parse("my_notes:v2.html")            // want `first segment "my_notes:v2.html" of a relative path holds ":"`
	_, _ = url.Parse("http://a/" + "b c")           // want `space is not allowed in fsegment`
	_, _ = url.Parse("HTTP://a/x y")                // want `space is not allowed in fsegment`
}
