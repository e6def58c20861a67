package b

import (
	"context"
	"net/http"
	"net/http/httptest"
)

func f(c *http.Client, w http.ResponseWriter, r *http.Request) {
	_, _ = http.Get("http:g")                                                          // want `\[scheme/relative-form\]`
	_, _ = http.Head("a_b:c")                                                          // want `\[fsegment/colon\]`
	_, _ = http.Post("/a b", "text/plain", nil)                                        // want `\[fsegment/char\]`
	_, _ = http.PostForm("/%zz", nil)                                                  // want `\[escape/malformed\]`
	_, _ = http.NewRequest("GET", "x#c#d", nil)                                        // want `\[fragment/hash\]`
	_, _ = http.NewRequestWithContext(context.Background(), "GET", "http://a:b/", nil) // want `\[portability/rfc3986-parse\]`
	http.Redirect(w, r, "../../g|", http.StatusFound)                                  // want `\[segment/char\]`
	_, _ = c.Get("/a^")                                                                // want `\[fsegment/char\]`
	_, _ = c.Head("/a^")                                                               // want `\[fsegment/char\]`
	_, _ = c.Post("/a^", "", nil)                                                      // want `\[fsegment/char\]`
	_, _ = c.PostForm("/a^", nil)                                                      // want `\[fsegment/char\]`
	_ = httptest.NewRequest("GET", "/a^", nil)                                         // want `\[fsegment/char\]`
	_ = httptest.NewRequestWithContext(context.Background(), "GET", "/a^", nil)        // want `\[fsegment/char\]`
	_, _ = http.NewRequest("GET", "/ok?x=1", nil)
}
