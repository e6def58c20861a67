// Package suppress has //relurl:ignore directives, used, unused and
// malformed (TestSuppress). The rule listed before a want comment is the
// Category it expects; a directive's own want comes after its "--".
package suppress

import "net/url"

func f() {
	_, _ = url.Parse("/a^b") //relurl:ignore fsegment/char -- on its own line

	//relurl:ignore -- on the line before, every rule
	_, _ = url.Parse("/a^b")

	//relurl:ignore syntax -- not the rule of the finding // suppress/unused // want `suppressed nothing on line 14 or 15 \(it names syntax\)`
	_, _ = url.Parse("a_b:c") // fsegment/colon // want `first segment`

	//relurl:ignore syntax -- a family
	_, _ = url.Parse("/a b|c")

	//relurl:ignore fsegment/colon, escape/malformed
	_, _ = url.Parse("a_b:c%zz")

	//relurl:ignore fsegment/colon -- two lines above: too far // suppress/unused // want `suppressed nothing on line 23 or 24`

	_, _ = url.Parse("a_b:c") // fsegment/colon // want `first segment`

	//relurl:ignore portability -- nothing here // suppress/unused // want `^this relurl:ignore directive suppressed nothing on line 27 or 28 \(it names portability\); remove it, or name the rule of the finding it is for$`
	_, _ = url.Parse("/ok")

	//relurl:ignore rfc1738 -- names only rules that are off: not stale
	_, _ = url.Parse("/ok")

	//relurl:ignore fsegment/colons -- // suppress/malformed // want `malformed relurl directive.*unknown rule or family "fsegment/colons"`
	_, _ = url.Parse("/a^b") // fsegment/char // want `'\^'`

	//relurl:nope // suppress/malformed // want `unknown directive "relurl:nope"`
	// relurl:ignore // suppress/malformed // want `no space after //`
	_, _ = url.Parse("/a^b") // fsegment/char // want `'\^'`

	//relurl:ignore suppress -- names only the directives' rules, which it cannot suppress: not stale either
	//relurl:bad // suppress/malformed // want `unknown directive`
	_, _ = url.Parse("/ok")

	_, _ = url.Parse("/x^y") /* relurl:ignore is no directive in a block comment */ // fsegment/char // want `'\^'`
}
