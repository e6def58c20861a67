package resolve_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/relurl/relurl/ast"
	"github.com/relurl/relurl/resolve"
)

// The example document of RFC 1808 §10.
const rfcHTML = `<!doctype html public "-//IETF//DTD HTML//EN">
<HTML><HEAD>
<TITLE>An example HTML document</TITLE>
<BASE href="http://www.ics.uci.edu/Test/a/b/c">
</HEAD><BODY>
... <A href="../x">a hypertext anchor</A> ...
</BODY></HTML>
`

func TestHTMLBase(t *testing.T) {
	b, err := resolve.HTMLBase(strings.NewReader(rfcHTML), resolve.Context{Retrieval: "http://elsewhere/"})
	if err != nil {
		t.Fatal(err)
	}
	want := resolve.Base{URL: "http://www.ics.uci.edu/Test/a/b/c", Layer: resolve.LayerEmbedded, Source: resolve.SourceHTMLBase}
	if b != want {
		t.Fatalf("HTMLBase(§10 example) = %+v, want %+v", b, want)
	}
	// §10: "../x" is "http://www.ics.uci.edu/Test/a/x", "regardless of the
	// context in which the example document was obtained".
	if got, err := resolve.Resolve(b.URL, "../x"); err != nil || got.String() != "http://www.ics.uci.edu/Test/a/x" {
		t.Errorf("../x against the §10 base: %v, %v", got, err)
	}

	cases := []struct {
		name, doc string
		ctx       resolve.Context
		want      resolve.Base
	}{
		{"case-insensitive names", `<html><head><bAsE HrEf="http://a/b/"></head></html>`, resolve.Context{},
			resolve.Base{URL: "http://a/b/", Layer: resolve.LayerEmbedded, Source: resolve.SourceHTMLBase}},
		{"first BASE with an href wins", `<head><base target="x"><base href="http://a/1"><base href="http://a/2"></head>`, resolve.Context{},
			resolve.Base{URL: "http://a/1", Layer: resolve.LayerEmbedded, Source: resolve.SourceHTMLBase}},
		{"implied HEAD", `<title>t</title><base href="http://a/implied">`, resolve.Context{},
			resolve.Base{URL: "http://a/implied", Layer: resolve.LayerEmbedded, Source: resolve.SourceHTMLBase}},
		{"white space around the href", "<head><base href=\" \n http://a/sp \t\"></head>", resolve.Context{},
			resolve.Base{URL: "http://a/sp", Layer: resolve.LayerEmbedded, Source: resolve.SourceHTMLBase}},
		{"entities decoded", `<head><base href="http://a/?x=1&amp;y=2"></head>`, resolve.Context{},
			resolve.Base{URL: "http://a/?x=1&y=2", Layer: resolve.LayerEmbedded, Source: resolve.SourceHTMLBase}},
		{"BASE in BODY is not in HEAD", `<html><head></head><body><p>x</p><base href="http://a/body"></body></html>`, resolve.Context{Retrieval: "http://r/doc"},
			resolve.Base{URL: "http://r/doc", Layer: resolve.LayerRetrieval, Source: "retrieval URL"}},
		{"no BASE: retrieval URL", `<p>hello`, resolve.Context{Retrieval: "http://r/doc"},
			resolve.Base{URL: "http://r/doc", Layer: resolve.LayerRetrieval, Source: "retrieval URL"}},
		{"no BASE: enclosing entity", `<p>hello`, resolve.Context{Enclosing: &resolve.Base{URL: "http://e/", Layer: resolve.LayerEmbedded, Source: "Base header"}, Retrieval: "http://r/"},
			resolve.Base{URL: "http://e/", Layer: resolve.LayerEncapsulating, Source: "enclosing entity's Base header"}},
		{"no BASE, nothing around: default", `<p>hello`, resolve.Context{},
			resolve.Base{Layer: resolve.LayerDefault, Source: "no base defined"}},
	}
	for _, c := range cases {
		got, err := resolve.HTMLBase(strings.NewReader(c.doc), c.ctx)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if got != c.want {
			t.Errorf("%s: got %+v, want %+v", c.name, got, c.want)
		}
	}
}

// TestBadBaseIsAnError: a layer that defines a bad base is an error, not a
// fall-through to the next layer.
func TestBadBaseIsAnError(t *testing.T) {
	cases := []struct {
		name, doc string
		ctx       resolve.Context
		layer     resolve.Layer
		rule      string
	}{
		{"relative href", `<head><base href="/x/"></head>`, resolve.Context{Retrieval: "http://r/"}, resolve.LayerEmbedded, resolve.RuleBaseNotAbsolute},
		{"empty href", `<head><base href=""></head>`, resolve.Context{Retrieval: "http://r/"}, resolve.LayerEmbedded, resolve.RuleBaseNotAbsolute},
		{"opaque href", `<head><base href="http://a//b"></head>`, resolve.Context{}, resolve.LayerEmbedded, resolve.RuleBaseNotGenericRL},
		{"invalid href", `<head><base href="http://a/b c"></head>`, resolve.Context{}, resolve.LayerEmbedded, ast.RuleFsegmentChar},
		{"bad retrieval URL", `<p>x`, resolve.Context{Retrieval: "http://a/%"}, resolve.LayerRetrieval, ast.RuleEscapeMalformed},
		{"bad enclosing base", `<p>x`, resolve.Context{Enclosing: &resolve.Base{URL: "x", Layer: resolve.LayerEmbedded, Source: "Base header"}}, resolve.LayerEncapsulating, resolve.RuleBaseNotAbsolute},
	}
	for _, c := range cases {
		_, err := resolve.HTMLBase(strings.NewReader(c.doc), c.ctx)
		var le *resolve.LayerError
		if !errors.As(err, &le) || le.Layer != c.layer {
			t.Errorf("%s: %v, want a *LayerError at layer %v", c.name, err, c.layer)
			continue
		}
		var d *ast.Diagnostic
		if !errors.As(err, &d) || d.Rule != c.rule {
			t.Errorf("%s: diagnostic %+v, want rule %s", c.name, d, c.rule)
		}
	}
}

func TestParseBaseHeader(t *testing.T) {
	good := map[string]string{
		"<URL:http://www.ics.uci.edu/Test/a/b/c>":     "http://www.ics.uci.edu/Test/a/b/c",
		" <url:http://a/b> ":                          "http://a/b",
		"<URL: http://a/b/ c/d >":                     "http://a/b/c/d",
		"<URL:http://a/\r\n b/c>":                     "http://a/b/c",
		"<\tURL:http://a/b\t>":                        "http://a/b",
		"<URL:>":                                      "",
		"<URL:http://a/very/long/\r\n\tpath/folded/>": "http://a/very/long/path/folded/",
	}
	for in, want := range good {
		got, err := resolve.ParseBaseHeader(in)
		if err != nil || got != want {
			t.Errorf("ParseBaseHeader(%q) = %q, %v, want %q", in, got, err, want)
		}
	}
	for _, in := range []string{"http://a/b", "<http://a/b>", "URL:http://a/b", "<URL:http://a/b", ""} {
		if got, err := resolve.ParseBaseHeader(in); err == nil {
			t.Errorf("ParseBaseHeader(%q) = %q, want an error", in, got)
		}
	}
}

const message = "From: a@example.org\r\n" +
	"bAsE: <URL:http://www.ics.uci.edu/Test/\r\n" +
	"  a/b/c>\r\n" +
	"MIME-Version: 1.0\r\n" +
	"Content-Type: multipart/mixed; boundary=outer\r\n" +
	"\r\n" +
	"preamble\r\n" +
	"--outer\r\n" +
	"Content-Type: text/plain\r\n" +
	"\r\n" +
	"inherits the message's base\r\n" +
	"--outer\r\n" +
	"Content-Type: text/plain\r\n" +
	"Base: <URL:http://own/base>\r\n" +
	"\r\n" +
	"has its own\r\n" +
	"--outer\r\n" +
	"Content-Type: text/html\r\n" +
	"\r\n" +
	"<head><base href=\"http://html/base\"></head>\r\n" +
	"--outer\r\n" +
	"Content-Type: text/html\r\n" +
	"Content-Transfer-Encoding: base64\r\n" +
	"\r\n" +
	"PGhlYWQ+PGJhc2UgaHJlZj0iaHR0cDovL2I2NC9iYXNlIj48L2hlYWQ+\r\n" +
	"--outer\r\n" +
	"Content-Type: multipart/alternative; boundary=inner\r\n" +
	"Base: <URL:http://alt/>\r\n" +
	"\r\n" +
	"--inner\r\n" +
	"\r\n" +
	"inherits from the multipart/alternative\r\n" +
	"--inner--\r\n" +
	"--outer\r\n" +
	"Content-Type: message/rfc822\r\n" +
	"\r\n" +
	"Subject: enclosed\r\n" +
	"Base: <URL:http://enclosed/msg>\r\n" +
	"Content-Type: multipart/mixed; boundary=deep\r\n" +
	"\r\n" +
	"--deep\r\n" +
	"\r\n" +
	"inherits from the enclosed message\r\n" +
	"--deep--\r\n" +
	"--outer--\r\n"

func TestMessageBase(t *testing.T) {
	e, err := resolve.MessageBase(strings.NewReader(message), resolve.Context{Retrieval: "http://retrieved/"})
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]resolve.Base{}
	var walk func(*resolve.Entity)
	walk = func(e *resolve.Entity) {
		got[e.Path+" "+e.MediaType] = e.Base
		for _, p := range e.Parts {
			walk(p)
		}
	}
	walk(e)
	msg := resolve.Base{URL: "http://www.ics.uci.edu/Test/a/b/c", Layer: resolve.LayerEmbedded, Source: resolve.SourceBaseHeader}
	inherited := resolve.Base{URL: msg.URL, Layer: resolve.LayerEncapsulating, Source: "enclosing entity's Base header"}
	want := map[string]resolve.Base{
		" multipart/mixed":        msg,
		"1 text/plain":            inherited,
		"2 text/plain":            {URL: "http://own/base", Layer: resolve.LayerEmbedded, Source: resolve.SourceBaseHeader},
		"3 text/html":             {URL: "http://html/base", Layer: resolve.LayerEmbedded, Source: resolve.SourceHTMLBase},
		"4 text/html":             {URL: "http://b64/base", Layer: resolve.LayerEmbedded, Source: resolve.SourceHTMLBase},
		"5 multipart/alternative": {URL: "http://alt/", Layer: resolve.LayerEmbedded, Source: resolve.SourceBaseHeader},
		"5.1 text/plain":          {URL: "http://alt/", Layer: resolve.LayerEncapsulating, Source: "enclosing entity's Base header"},
		"6 message/rfc822":        inherited,
		"6.1 multipart/mixed":     {URL: "http://enclosed/msg", Layer: resolve.LayerEmbedded, Source: resolve.SourceBaseHeader},
		"6.1.1 text/plain":        {URL: "http://enclosed/msg", Layer: resolve.LayerEncapsulating, Source: "enclosing entity's Base header"},
	}
	for k, w := range want {
		if got[k] != w {
			t.Errorf("entity %q: base %+v, want %+v", k, got[k], w)
		}
	}
	if len(got) != len(want) {
		t.Errorf("entities %v, want %d", got, len(want))
	}
}

func TestMessageBaseLayers(t *testing.T) {
	cases := []struct {
		name, msg string
		ctx       resolve.Context
		want      resolve.Base
	}{
		{"retrieval URL", "Subject: x\r\n\r\nbody", resolve.Context{Retrieval: "http://r/m"},
			resolve.Base{URL: "http://r/m", Layer: resolve.LayerRetrieval, Source: "retrieval URL"}},
		{"default", "Subject: x\r\n\r\nbody", resolve.Context{},
			resolve.Base{Layer: resolve.LayerDefault, Source: "no base defined"}},
		{"header only", "Base: <URL:http://h/>", resolve.Context{},
			resolve.Base{URL: "http://h/", Layer: resolve.LayerEmbedded, Source: resolve.SourceBaseHeader}},
		{"html body without BASE keeps the header's", "Base: <URL:http://h/>\r\nContent-Type: text/html\r\n\r\n<p>x", resolve.Context{},
			resolve.Base{URL: "http://h/", Layer: resolve.LayerEmbedded, Source: resolve.SourceBaseHeader}},
		{"quoted-printable html", "Content-Type: text/html\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n<head><base href=3D\"http://qp/\"></head>", resolve.Context{},
			resolve.Base{URL: "http://qp/", Layer: resolve.LayerEmbedded, Source: resolve.SourceHTMLBase}},
	}
	for _, c := range cases {
		e, err := resolve.MessageBase(strings.NewReader(c.msg), c.ctx)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if e.Base != c.want {
			t.Errorf("%s: %+v, want %+v", c.name, e.Base, c.want)
		}
	}
}

func TestMessageBaseErrors(t *testing.T) {
	cases := map[string]string{
		"Base header not <URL:...>":  "Base: http://a/\r\n\r\nx",
		"Base header relative":       "Base: <URL:/a/b>\r\n\r\nx",
		"bad Base header in a part":  "Content-Type: multipart/mixed; boundary=b\r\n\r\n--b\r\nBase: <URL:g>\r\n\r\nx\r\n--b--\r\n",
		"bad BASE in an HTML part":   "Base: <URL:http://ok/>\r\nContent-Type: text/html\r\n\r\n<base href=\"rel\">",
		"multipart without boundary": "Content-Type: multipart/mixed\r\n\r\nx",
		"bad Content-Type":           "Content-Type: /\r\n\r\nx",
		"not a header":               "this is not a header line\r\n\r\n",
		"bad base64":                 "Content-Type: text/html\r\nContent-Transfer-Encoding: base64\r\n\r\n!!!!",
	}
	for name, msg := range cases {
		if e, err := resolve.MessageBase(strings.NewReader(msg), resolve.Context{}); err == nil {
			t.Errorf("%s: base %+v, want an error", name, e.Base)
		}
	}
	deep := strings.Repeat("Content-Type: message/rfc822\r\n\r\n", 200) + "Subject: x\r\n\r\n"
	if _, err := resolve.MessageBase(strings.NewReader(deep), resolve.Context{}); err == nil || !strings.Contains(err.Error(), "nested") {
		t.Errorf("200 nested messages: %v, want a nesting error", err)
	}
}

func TestLayer(t *testing.T) {
	for l, want := range map[resolve.Layer]string{
		resolve.LayerEmbedded: "embedded 3.1", resolve.LayerEncapsulating: "encapsulating entity 3.2",
		resolve.LayerRetrieval: "retrieval URL 3.3", resolve.LayerDefault: "default 3.4", resolve.Layer(9): "Layer(9) ",
	} {
		if got := l.String() + " " + l.Section(); got != want {
			t.Errorf("Layer %d: %q, want %q", l, got, want)
		}
	}
}
