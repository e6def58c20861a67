package extract_test

import (
	"fmt"

	"github.com/relurl/relurl/lint/internal/extract"
)

func ExampleExtract() {
	page := `<html><head><base href="http://www.example.com/a/"></head>
<body><a href="b&amp;c">x</a> <img srcset="one.png 1x, two.png 2x"></body></html>`
	extract.Extract(page, extract.KindHTML, "", extract.Handler{
		Ref: func(r extract.Ref) {
			fmt.Printf("%-22q %-14s at %3d, base %s, encoded %v\n", r.URL, r.Where, r.Map.At(0), r.Base.URL.URL, r.Encodings)
		},
	})
	// Output:
	// "http://www.example.com/a/" <base href>    at  24, base http://www.example.com/a/, encoded [html-attribute]
	// "b&c"                  <a href>       at  74, base http://www.example.com/a/, encoded [html-attribute]
	// "one.png"              <img srcset>   at 102, base http://www.example.com/a/, encoded [html-attribute]
	// "two.png"              <img srcset>   at 114, base http://www.example.com/a/, encoded [html-attribute]
}

func ExampleDetect() {
	fmt.Println(extract.Detect("index.htm", nil))
	fmt.Println(extract.Detect("test_email/msg_01.txt", []byte("Subject: hi\nBase: <URL:http://a/>\n\nbody")))
	fmt.Println(extract.Detect("inbox", []byte("From a@b Mon Jan  1 00:00:00 2001\nSubject: hi\n\nbody\n")))
	fmt.Println(extract.Detect("links.urls", []byte("http://a/\n")))
	fmt.Println(extract.Detect("notes.txt", []byte("http://a/\n")))
	fmt.Println(extract.Detect("page", []byte("<p>")), extract.DetectStrict("page", []byte("<p>")))
	// Output:
	// html
	// message
	// mbox
	// text
	// none
	// html none
}

func ExampleKindByName() {
	k, ok := extract.KindByName("mail/digest.eml")
	fmt.Println(k, ok)
	k, ok = extract.KindByName("notes.md")
	fmt.Println(k, ok)
	_, ok = extract.KindByName("notes.pdf")
	fmt.Println(ok)
	// Output:
	// message true
	// markdown true
	// false
}

func ExampleParseKind() {
	k, err := extract.ParseKind("html")
	fmt.Println(k, err)
	// Output: html <nil>
}

func ExampleSingle() {
	r := extract.Single("../g", "http://a/b/c/d;p?q")
	fmt.Println(r.URL, r.Base.URL.URL, r.Base.URL.Layer, r.Base.RelativeAllowed)
	// Output: ../g http://a/b/c/d;p?q retrieval URL true
}
