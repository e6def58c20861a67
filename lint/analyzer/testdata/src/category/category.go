// Package category has one finding of each family the analyzer reports,
// the rule listed before each want comment: TestCategory checks it
// against the diagnostic's Category, and that messages carry neither the
// rule nor the severity.
package category

import "net/url"

func f() {
	_, _ = url.Parse("/a^b")         // fsegment/char // want `national character '\^' is not allowed in fsegment; write it as %5E$`
	_, _ = url.Parse("a%zz")         // escape/malformed // want `"%zz" is not an escape`
	_, _ = url.Parse("http:g")       // scheme/relative-form // want `^"http:g" has the scheme "http" but no "//" net_loc`
	_, _ = url.Parse("a_b:c")        // fsegment/colon // want `first segment`
	_, _ = url.Parse("http://a:b/")  // portability/rfc3986-parse // want `invalid port`
	_, _ = url.Parse("http://a/b c") // fsegment/char // want `space`
	_, _ = url.Parse("g#c#d")        // fragment/hash // want `"#"`
}
