// Package reach is the analyzer's "looks like a URL" rule at work
// (TestReach): what reaches a URL argument is checked, whatever it looks
// like; what reaches none is checked only when it is unmistakably a URL.
package reach

import (
	"fmt"
	"net/http"
	"net/url"
)

// What reaches no URL argument.

var (
	_ = "http://foo.com|http|"            // net/http's proxy cache key: "|" joins a URL to other text
	_ = `<a href="http://a/b">b</a>`      // markup
	_ = `^https?://[a-z]+\.example\.com/` // a regular expression
	_ = "http://a/{id}/b"                 // a URI template
	_ = "http://a/%s/b"                   // a printf format
	_ = "http:g"                          // no "//": not unmistakable
	_ = "http://"                         // a prefix
	_ = "mailto:"                         // a prefix
	_ = "see http://a/b c"                // prose
	_ = "http://a/b c"                    // white space
	_ = "gopher+x://a/%zz"                // an unknown scheme
	_ = "http://a/b^c"                    // "^", like "|"
	_ = "file:///etc/hosts"               // a URL, and valid
	_ = "mailto:joe@example.com"          // a URL, and valid
	_ = "news:comp.lang.go"               // a URL, and valid
	_ = "http://a/%zz"                    // want `"%zz" is not an escape`
	_ = "HTTP://A/Ü"                      // want `non-ASCII character 'Ü'`
	_ = "https://a/b#c#d"                 // want `"#" is not allowed in a fragment`
	_ = "http://[::1]/"                   // want `'\['` `'\]'`
	_ = "ws://a/~b"                       // want `'~'`
	_ = "mailto:a%2"                      // want `"%2" is not an escape`
)

// What reaches one.

// home is checked where it is declared: it reaches url.Parse below.
const home = "http://a/b|c" // want `'\|'`

// tests is a table whose field in reaches url.Parse; out does not.
var tests = []struct {
	in, out string
}{
	{"http://foo.com|http|", "http://x/|"},   // want `'\|'` `'\|'`
	{in: "/a b", out: "/a b"},                // want `space`
	{out: "/c d", in: "g#c#d"},               // want `"#"`
	{"http://a/%s", "%zz"},                   // a printf format, reached through a field: not checked
	{"http://a/{id}", "http://a/{id}"},       // a URI template, likewise
	{in: "http://[fe80::1%25en0]/", out: ""}, // want `'\['` `'\]'`
}

// urls is ranged over below.
var urls = []string{"/ok", "/not ok"} // want `space`

// byName is indexed below.
var byName = map[string]string{"a": "/a^", "b": "/b"} // want `'\^'`

// mustParse passes its argument on to url.Parse: its callers' arguments
// reach it.
func mustParse(s string) *url.URL {
	u, err := url.Parse(s)
	if err != nil {
		panic(err)
	}
	return u
}

// get passes its second argument on to http.Get, through a variable.
func get(_ int, u string) {
	target := u
	_, _ = http.Get(target)
}

func f(name string, w http.ResponseWriter, r *http.Request) {
	_, _ = url.Parse(home)
	for _, tt := range tests {
		_, _ = url.Parse(tt.in)
		_ = tt.out
	}
	for _, u := range urls {
		_, _ = url.Parse(u)
	}
	for _, u := range []string{"/x", "/y|"} { // want `'\|'`
		_, _ = http.Get(u)
	}
	_, _ = url.Parse(byName[name])
	_ = mustParse("a_b:c")            // want `first segment "a_b:c"`
	_ = mustParse("http://a/%zz")     // want `"%zz" is not an escape`
	get(1, "http:g")                  // want `the loophole of §5.2`
	_ = mustParse("http://a/%s")      // want `"%s" is not an escape`
	_ = fmt.Sprint("http://a/b|c", 1) // reaches nothing
	var loc string
	loc = "/a^b" // want `'\^'`
	if name == "" {
		loc = "/ok"
	}
	http.Redirect(w, r, loc, http.StatusFound)
	_, _ = url.JoinPath("http://a/b^c", "d") // want `'\^'`
	_ = http.RedirectHandler("/x|y", 302)    // want `'\|'`
	_, _ = url.Parse(http.MethodGet)         // a constant of another package: checked where it is used
	mustGet := func(u string) { _, _ = http.Get(u) }
	mustGet("/c|d") // want `'\|'`
}
