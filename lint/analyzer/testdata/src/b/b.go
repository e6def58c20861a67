package b

import (
	"context"
	"net/http"
	"net/http/httptest"
)

// Each line lists the rule of its finding before its want comment;
// TestAnalyzerHTTP checks it against the diagnostic's Category.

func f(c *http.Client, w http.ResponseWriter, r *http.Request) {
	_, _ = http.Get("http:g")                                                          // scheme/relative-form // want `loophole`
	_, _ = http.Head("a_b:c")                                                          // fsegment/colon // want `first segment`
	_, _ = http.Post("/a b", "text/plain", nil)                                        // fsegment/char // want `space`
	_, _ = http.PostForm("/%zz", nil)                                                  // escape/malformed // want `not an escape`
	_, _ = http.NewRequest("GET", "x#c#d", nil)                                        // fragment/hash // want `"#"`
	_, _ = http.NewRequestWithContext(context.Background(), "GET", "http://a:b/", nil) // portability/rfc3986-parse // want `invalid port`
	http.Redirect(w, r, "../../g|", http.StatusFound)                                  // segment/char // want `'\|'`
	_ = http.RedirectHandler("/a^", http.StatusFound)                                  // fsegment/char // want `'\^'`
	_, _ = c.Get("/a^")                                                                // fsegment/char // want `'\^'`
	_, _ = c.Head("/a^")                                                               // fsegment/char // want `'\^'`
	_, _ = c.Post("/a^", "", nil)                                                      // fsegment/char // want `'\^'`
	_, _ = c.PostForm("/a^", nil)                                                      // fsegment/char // want `'\^'`
	_ = httptest.NewRequest("GET", "/a^", nil)                                         // fsegment/char // want `'\^'`
	_ = httptest.NewRequestWithContext(context.Background(), "GET", "/a^", nil)        // fsegment/char // want `'\^'`
	_, _ = http.NewRequest("GET", "/ok?x=1", nil)
}
