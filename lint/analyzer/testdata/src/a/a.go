package a

import (
	"fmt"
	"log"
	"net/url"
)

type config struct {
	Endpoint string `json:"endpoint" doc:"http://a/b c"` // a struct tag is not a URL
}

const home = "http://www.example.com/"

const bad = "http://www.example.com/a|b" // want `national character '\|' is not allowed in fsegment; write it as %7C`

const joined = "http://www.example.com/" + "a|b" // want `national character '\|' is not allowed in fsegment`

func f(host, id string, base *url.URL) {
	_, _ = url.Parse("a_b:c")             // want `first segment "a_b:c" of a relative path holds ":"`
	_, _ = url.Parse("../g")              // a relative reference: fine
	_, _ = url.Parse("/a/%zz")            // want `"%zz" is not an escape`
	_, _ = url.ParseRequestURI("http:g")  // want `the loophole of §5.2`
	_, _ = base.Parse("g#c#d")            // want `"#" is not allowed in a fragment`
	_, _ = url.Parse("http://a:b/")       // want `Go's net/url says invalid port`
	_, _ = url.Parse("http://a/" + "b^c") // want `national character '\^' is not allowed in fsegment`
	_, _ = url.Parse("/a b")              // want `space is not allowed in fsegment`
	_, _ = url.Parse(home)
	_, _ = url.Parse(bad) // checked where bad is declared
	_, _ = url.Parse(joined)
	_, _ = url.Parse("http://" + host + "/x y")     // built at run time: not checked
	_ = fmt.Sprintf("http://%s/items/%d", host, 3)  // a format string
	log.Printf("fetching https://%s/ failed", host) // a format string, and not a URL
	_ = "https://api.example.com/v1/{id}"           // a URI template
	_ = "http://www.example.com/ok?x=1&y=2#frag"    // valid
	_ = "see http://a b for details"                // prose, not a URL
	_ = "mailto:joe@example.com"                    // valid
	_ = "ftp://ftp.example.com/pub/%7Euser/"        // valid
	_ = "HTTPS://EXAMPLE.COM/Ü"                     // want `non-ASCII character 'Ü'`
	_ = "http://a/" + id                            // part of a URL
	_, _ = url.Parse(`https://a/b"c`)               // want `punctuation character '"' is not allowed in fsegment`
	_, _ = url.Parse("https://a/b\"c")              // want `punctuation character '"' is not allowed in fsegment`
	var _ = config{Endpoint: "http://a/{x}"}
}
