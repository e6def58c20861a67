package base_test

import (
	"fmt"

	"github.com/relurl/relurl/lint/internal/base"
	"github.com/relurl/relurl/resolve"
)

func ExampleEstablish() {
	ctx := base.Context{Retrieval: "http://example.org/doc"}
	b, err := base.Establish(nil, ctx)
	if err != nil {
		panic(err)
	}
	fmt.Printf("%s from the %s (§%s)\n", b.URL, b.Layer, b.Layer.Section())
	// Output: http://example.org/doc from the retrieval URL (§3.3)
}

func ExampleHTML() {
	doc := `<HTML><HEAD><BASE href="http://www.ics.uci.edu/Test/a/b/c"></HEAD></HTML>`
	b, err := base.HTML(doc, base.Context{Retrieval: "http://elsewhere/"})
	if err != nil {
		panic(err)
	}
	fmt.Println(b.URL, "|", b.Layer, "|", b.Source)
	u, _ := resolve.Resolve(b.URL, "../x")
	fmt.Println(u)
	// Output:
	// http://www.ics.uci.edu/Test/a/b/c | embedded | HTML BASE element
	// http://www.ics.uci.edu/Test/a/x
}

func ExampleFindInHTML() {
	href, found, _ := base.FindInHTML(`<title>x</title><base href="http://a/">`)
	fmt.Println(href, found)
	// Output: http://a/ true
}

func ExampleParseHeader() {
	u, err := base.ParseHeader("<URL:http://www.ics.uci.edu/\r\n Test/a/b/c>")
	fmt.Println(u, err)
	// Output: http://www.ics.uci.edu/Test/a/b/c <nil>
}

func ExampleMessage() {
	msg := "Base: <URL:http://a/b/>\r\n" +
		"Content-Type: multipart/mixed; boundary=x\r\n\r\n" +
		"--x\r\n\r\ninherits\r\n" +
		"--x\r\nBase: <URL:http://own/>\r\n\r\nits own\r\n" +
		"--x--\r\n"
	e, err := base.Message(msg, base.Context{})
	if err != nil {
		panic(err)
	}
	fmt.Println(e.Base.URL, e.Base.Layer)
	for _, p := range e.Parts {
		fmt.Println(p.Path, p.Base.URL, p.Base.Layer)
	}
	// Output:
	// http://a/b/ embedded
	// 1 http://a/b/ encapsulating entity
	// 2 http://own/ embedded
}

func ExampleReadMessage() {
	msg := "Subject: offsets\r\n" +
		"Content-Type: multipart/mixed; boundary=x\r\n\r\n" +
		"--x\r\nContent-Type: text/plain\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n" +
		"see <URL:http://a/?q=3Dv>\r\n" +
		"--x--\r\n"
	e := base.ReadMessage(msg)
	p := e.Parts[0]
	text, m := p.Decoded()
	i := len("see <URL:http://a/?q")
	fmt.Printf("%s %s: %q\n", p.Path, p.MediaType, text)
	fmt.Printf("decoded byte %d, %q, is input byte %d: %.4s\n", i, text[i], m.At(i), msg[m.At(i):])
	// Output:
	// 1 text/plain: "see <URL:http://a/?q=v>"
	// decoded byte 20, '=', is input byte 161: =3Dv
}
