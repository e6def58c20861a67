package base_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/relurl/relurl/ast"
	"github.com/relurl/relurl/lint/internal/base"
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
	b, err := base.HTML(rfcHTML, base.Context{Retrieval: "http://elsewhere/"})
	if err != nil {
		t.Fatal(err)
	}
	want := base.URL{URL: "http://www.ics.uci.edu/Test/a/b/c", Layer: base.LayerEmbedded, Source: base.SourceHTML}
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
		ctx       base.Context
		want      base.URL
	}{
		{"case-insensitive names", `<html><head><bAsE HrEf="http://a/b/"></head></html>`, base.Context{},
			base.URL{URL: "http://a/b/", Layer: base.LayerEmbedded, Source: base.SourceHTML}},
		{"first BASE with an href wins", `<head><base target="x"><base href="http://a/1"><base href="http://a/2"></head>`, base.Context{},
			base.URL{URL: "http://a/1", Layer: base.LayerEmbedded, Source: base.SourceHTML}},
		{"implied HEAD", `<title>t</title><base href="http://a/implied">`, base.Context{},
			base.URL{URL: "http://a/implied", Layer: base.LayerEmbedded, Source: base.SourceHTML}},
		{"white space around the href", "<head><base href=\" \n http://a/sp \t\"></head>", base.Context{},
			base.URL{URL: "http://a/sp", Layer: base.LayerEmbedded, Source: base.SourceHTML}},
		{"entities decoded", `<head><base href="http://a/?x=1&amp;y=2"></head>`, base.Context{},
			base.URL{URL: "http://a/?x=1&y=2", Layer: base.LayerEmbedded, Source: base.SourceHTML}},
		{"BASE in BODY is not in HEAD", `<html><head></head><body><p>x</p><base href="http://a/body"></body></html>`, base.Context{Retrieval: "http://r/doc"},
			base.URL{URL: "http://r/doc", Layer: base.LayerRetrieval, Source: "retrieval URL"}},
		{"no BASE: retrieval URL", `<p>hello`, base.Context{Retrieval: "http://r/doc"},
			base.URL{URL: "http://r/doc", Layer: base.LayerRetrieval, Source: "retrieval URL"}},
		{"no BASE: enclosing entity", `<p>hello`, base.Context{Enclosing: &base.URL{URL: "http://e/", Layer: base.LayerEmbedded, Source: "Base header"}, Retrieval: "http://r/"},
			base.URL{URL: "http://e/", Layer: base.LayerEncapsulating, Source: "enclosing entity's Base header"}},
		{"no BASE, nothing around: default", `<p>hello`, base.Context{},
			base.URL{Layer: base.LayerDefault, Source: "no base defined"}},
	}
	for _, c := range cases {
		got, err := base.HTML(c.doc, c.ctx)
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
		ctx       base.Context
		layer     base.Layer
		rule      string
	}{
		{"relative href", `<head><base href="/x/"></head>`, base.Context{Retrieval: "http://r/"}, base.LayerEmbedded, resolve.RuleBaseNotAbsolute},
		{"empty href", `<head><base href=""></head>`, base.Context{Retrieval: "http://r/"}, base.LayerEmbedded, resolve.RuleBaseNotAbsolute},
		{"opaque href", `<head><base href="http://a//b"></head>`, base.Context{}, base.LayerEmbedded, resolve.RuleBaseNotGenericRL},
		{"invalid href", `<head><base href="http://a/b c"></head>`, base.Context{}, base.LayerEmbedded, ast.RuleFsegmentChar},
		{"bad retrieval URL", `<p>x`, base.Context{Retrieval: "http://a/%"}, base.LayerRetrieval, ast.RuleEscapeMalformed},
		{"bad enclosing base", `<p>x`, base.Context{Enclosing: &base.URL{URL: "x", Layer: base.LayerEmbedded, Source: "Base header"}}, base.LayerEncapsulating, resolve.RuleBaseNotAbsolute},
	}
	for _, c := range cases {
		_, err := base.HTML(c.doc, c.ctx)
		var le *base.LayerError
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
		got, err := base.ParseHeader(in)
		if err != nil || got != want {
			t.Errorf("ParseBaseHeader(%q) = %q, %v, want %q", in, got, err, want)
		}
	}
	for _, in := range []string{"http://a/b", "<http://a/b>", "URL:http://a/b", "<URL:http://a/b", ""} {
		if got, err := base.ParseHeader(in); err == nil {
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
	e, err := base.Message(message, base.Context{Retrieval: "http://retrieved/"})
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]base.URL{}
	var walk func(*base.Entity)
	walk = func(e *base.Entity) {
		got[e.Path+" "+e.MediaType] = e.Base
		for _, p := range e.Parts {
			walk(p)
		}
	}
	walk(e)
	msg := base.URL{URL: "http://www.ics.uci.edu/Test/a/b/c", Layer: base.LayerEmbedded, Source: base.SourceHeader}
	inherited := base.URL{URL: msg.URL, Layer: base.LayerEncapsulating, Source: "enclosing entity's Base header"}
	want := map[string]base.URL{
		" multipart/mixed":        msg,
		"1 text/plain":            inherited,
		"2 text/plain":            {URL: "http://own/base", Layer: base.LayerEmbedded, Source: base.SourceHeader},
		"3 text/html":             {URL: "http://html/base", Layer: base.LayerEmbedded, Source: base.SourceHTML},
		"4 text/html":             {URL: "http://b64/base", Layer: base.LayerEmbedded, Source: base.SourceHTML},
		"5 multipart/alternative": {URL: "http://alt/", Layer: base.LayerEmbedded, Source: base.SourceHeader},
		"5.1 text/plain":          {URL: "http://alt/", Layer: base.LayerEncapsulating, Source: "enclosing entity's Base header"},
		"6 message/rfc822":        inherited,
		"6.1 multipart/mixed":     {URL: "http://enclosed/msg", Layer: base.LayerEmbedded, Source: base.SourceHeader},
		"6.1.1 text/plain":        {URL: "http://enclosed/msg", Layer: base.LayerEncapsulating, Source: "enclosing entity's Base header"},
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
		ctx       base.Context
		want      base.URL
	}{
		{"retrieval URL", "Subject: x\r\n\r\nbody", base.Context{Retrieval: "http://r/m"},
			base.URL{URL: "http://r/m", Layer: base.LayerRetrieval, Source: "retrieval URL"}},
		{"default", "Subject: x\r\n\r\nbody", base.Context{},
			base.URL{Layer: base.LayerDefault, Source: "no base defined"}},
		{"header only", "Base: <URL:http://h/>", base.Context{},
			base.URL{URL: "http://h/", Layer: base.LayerEmbedded, Source: base.SourceHeader}},
		{"html body without BASE keeps the header's", "Base: <URL:http://h/>\r\nContent-Type: text/html\r\n\r\n<p>x", base.Context{},
			base.URL{URL: "http://h/", Layer: base.LayerEmbedded, Source: base.SourceHeader}},
		{"quoted-printable html", "Content-Type: text/html\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n<head><base href=3D\"http://qp/\"></head>", base.Context{},
			base.URL{URL: "http://qp/", Layer: base.LayerEmbedded, Source: base.SourceHTML}},
	}
	for _, c := range cases {
		e, err := base.Message(c.msg, c.ctx)
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
		"Base header not <URL:...>": "Base: http://a/\r\n\r\nx",
		"Base header relative":      "Base: <URL:/a/b>\r\n\r\nx",
		"bad Base header in a part": "Content-Type: multipart/mixed; boundary=b\r\n\r\n--b\r\nBase: <URL:g>\r\n\r\nx\r\n--b--\r\n",
		"bad BASE in an HTML part":  "Base: <URL:http://ok/>\r\nContent-Type: text/html\r\n\r\n<base href=\"rel\">",
		"HTML nested too deep":      "Content-Type: text/html\r\n\r\n" + strings.Repeat("<template>", 600) + "<base href=\"http://a/\">",
	}
	for name, msg := range cases {
		if e, err := base.Message(msg, base.Context{}); err == nil {
			t.Errorf("%s: base %+v, want an error", name, e.Base)
		}
	}
}

// nested returns a message whose entities are nested depth deep: a
// multipart/mixed in a multipart/mixed ..., the innermost holding body.
func nested(depth int, body string) string {
	var b strings.Builder
	for i := range depth {
		fmt.Fprintf(&b, "Content-Type: multipart/mixed; boundary=b%d\r\n\r\n--b%d\r\n", i, i)
	}
	b.WriteString("Content-Type: text/html\r\n\r\n")
	b.WriteString(body)
	for i := depth - 1; i >= 0; i-- {
		fmt.Fprintf(&b, "\r\n--b%d--", i)
	}
	return b.String()
}

// TestMaxDepth holds the one depth limit at the limit and one past it: an
// entity at depth MaxDepth is read, one deeper is a note on the entity
// enclosing it and an error from Message, never skipped in silence.
func TestMaxDepth(t *testing.T) {
	doc := `<head><base href="http://deep/"></head>`
	e, err := base.Message(nested(base.MaxDepth, doc), base.Context{})
	if err != nil {
		t.Fatalf("depth %d: %v", base.MaxDepth, err)
	}
	for e.Parts != nil {
		e = e.Parts[0]
	}
	if e.Depth != base.MaxDepth || e.Base.URL != "http://deep/" || e.MediaType != "text/html" {
		t.Errorf("depth %d: the innermost entity is %s at depth %d with base %q", base.MaxDepth, e.MediaType, e.Depth, e.Base.URL)
	}

	msg := nested(base.MaxDepth+1, doc)
	if _, err := base.Message(msg, base.Context{}); !errors.Is(err, base.ErrTooDeep) {
		t.Errorf("depth %d: %v, want ErrTooDeep", base.MaxDepth+1, err)
	}
	e = base.ReadMessage(msg)
	for e.Parts != nil {
		e = e.Parts[0]
	}
	if e.Depth != base.MaxDepth || len(e.Notes) != 1 || e.Notes[0].Kind != base.NoteTooDeep {
		t.Fatalf("depth %d: deepest entity read at depth %d, notes %+v", base.MaxDepth+1, e.Depth, e.Notes)
	}
	if want := strings.LastIndex(msg, "Content-Type: text/html"); e.Notes[0].Offset != want {
		t.Errorf("the note is at %d, want %d, where the part past the limit begins", e.Notes[0].Offset, want)
	}
	deep := strings.Repeat("Content-Type: message/rfc822\r\n\r\n", 200) + "Subject: x\r\n\r\n"
	if _, err := base.Message(deep, base.Context{}); !errors.Is(err, base.ErrTooDeep) || !strings.Contains(err.Error(), "nested deeper than 100") {
		t.Errorf("200 nested messages: %v, want ErrTooDeep", err)
	}
}

// TestNotes: what the walk cannot read as MIME wants it is noted, and
// read as well as it can; nothing is skipped in silence (decision R-18).
func TestNotes(t *testing.T) {
	cases := []struct {
		name, msg string
		kind      base.NoteKind
		offset    int
		base      string // the base of the one part, or of the message
	}{
		{"multipart without boundary", "Content-Type: multipart/mixed\r\n\r\nContent-Type: text/html\r\n\r\n<base href=\"http://nb/\">",
			base.NoteNoBoundary, 33, "http://nb/"},
		{"bad Content-Type", "Content-Type: /\r\nBase: <URL:http://h/>\r\n\r\nx", base.NoteContentType, 13, "http://h/"},
		{"bad parameter", "Content-Type: multipart/mixed; boundary\r\n\r\nx", base.NoteContentType, 13, ""},
		{"not a header", "this is not a header line\r\nBase: <URL:http://h/>\r\n\r\n", base.NoteHeaderLines, 0, "http://h/"},
		{"bad base64", "Content-Type: text/html\r\nContent-Transfer-Encoding: base64\r\n\r\nPGJhc2UgaHJlZj1odHRwOi8vYi8+!!!!",
			base.NoteEncoding, 90, "http://b/"},
		{"data after the padding", "Content-Transfer-Encoding: base64\r\n\r\nYQ==YQ==", base.NoteEncoding, 41, ""},
	}
	for _, c := range cases {
		e, err := base.Message(c.msg, base.Context{})
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		notes := e.Notes
		b := e.Base.URL
		if len(e.Parts) == 1 {
			notes = append(notes, e.Parts[0].Notes...)
			b = e.Parts[0].Base.URL
		}
		if len(notes) == 0 || notes[0].Kind != c.kind || notes[0].Offset != c.offset || notes[0].Message == "" {
			t.Errorf("%s: notes %+v, want one of kind %d at %d", c.name, notes, c.kind, c.offset)
		}
		if b != c.base {
			t.Errorf("%s: base %q, want %q", c.name, b, c.base)
		}
	}
}

// TestQuotedPrintableLongLine: quoted-printable is decoded without a limit
// on the length of a line (a line over 4 KiB is no error).
func TestQuotedPrintableLongLine(t *testing.T) {
	msg := "Content-Type: text/html\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n" +
		"<head><base href=3D\"http://qp/\"></head><p>" + strings.Repeat("x=3D", 1<<20) + "</p>"
	e, err := base.Message(msg, base.Context{})
	if err != nil || e.Base.URL != "http://qp/" {
		t.Fatalf("a 4 MB quoted-printable line: %+v, %v", e.Base, err)
	}
}

// TestOffsets: every header field and body is placed in the input, through
// nesting and quoted-printable decoding.
func TestOffsets(t *testing.T) {
	msg := "Subject: s\r\nContent-Type: multipart/mixed; boundary=b\r\n\r\n" +
		"--b\r\nX-A: one\r\n  two\r\n\r\nbody one\r\n" +
		"--b\r\nContent-Type: message/rfc822\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n" +
		"X-B: =3D=3Dv=\r\nw\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\nab=3D3D=3D\r\ncd\r\n--b--\r\n"
	e := base.ReadMessage(msg)
	p1 := e.Parts[0]
	f := p1.Field("x-a")
	if f == nil || f.Value != " one  two" || p1.Map.At(f.From) != strings.Index(msg, " one") {
		t.Errorf("part 1 field X-A: %+v at %d", f, p1.Map.At(f.From))
	}
	if got := p1.Map.At(p1.BodyStart); got != strings.Index(msg, "body one") || p1.Body() != "body one" {
		t.Errorf("part 1 body %q at %d", p1.Body(), got)
	}
	inner := e.Parts[1].Parts[0]
	f = inner.Field("X-B")
	if f == nil || f.Value != " ==vw" {
		t.Fatalf("enclosed message's field X-B: %+v", f)
	}
	// Each byte of the decoded value maps to the input bytes it came from.
	for i, want := range map[int]string{0: " =3D=3Dv", 1: "=3D=3Dv", 2: "=3Dv=", 3: "v=\r\nw", 4: "w\r\nC"} {
		if got := inner.Map.At(f.From + i); !strings.HasPrefix(msg[got:], want) {
			t.Errorf("byte %d of X-B maps to %d, %q, want %q", i, got, msg[got:min(got+8, len(msg))], want)
		}
	}
	text, m := inner.Decoded()
	if text != "ab=cd" || !m.Exact() {
		t.Fatalf("enclosed body decoded: %q, exact %v", text, m.Exact())
	}
	for i, want := range map[int]string{0: "ab=3D3D", 2: "=3D3D=3D", 3: "cd\r\n--b--", 4: "d\r\n--b--", 5: "\r\n--b--"} {
		if got := m.At(i); !strings.HasPrefix(msg[got:], want) {
			t.Errorf("decoded byte %d maps to %d, %q, want %q", i, got, msg[got:min(got+8, len(msg))], want)
		}
	}
}

func TestLayer(t *testing.T) {
	for l, want := range map[base.Layer]string{
		base.LayerEmbedded: "embedded 3.1", base.LayerEncapsulating: "encapsulating entity 3.2",
		base.LayerRetrieval: "retrieval URL 3.3", base.LayerDefault: "default 3.4", base.Layer(9): "Layer(9) ",
	} {
		if got := l.String() + " " + l.Section(); got != want {
			t.Errorf("Layer %d: %q, want %q", l, got, want)
		}
	}
}

// findWhole is FindInHTML without the head part: it parses the whole
// document.
func findWhole(doc string) (string, bool, error) {
	root, err := html.Parse(strings.NewReader(doc))
	if err != nil {
		return "", false, err
	}
	for n := range root.Descendants() {
		if n.Type == html.ElementNode && n.DataAtom == atom.Head {
			for d := range n.Descendants() {
				if d.Type != html.ElementNode || d.DataAtom != atom.Base {
					continue
				}
				for _, a := range d.Attr {
					if a.Namespace == "" && a.Key == "href" {
						return strings.Trim(a.Val, " \t\n\f\r"), true, nil
					}
				}
			}
			return "", false, nil
		}
	}
	return "", false, nil
}

// TestHeadPart checks that FindInHTML, which parses only the part of a
// document up to the tag that ends its head, finds the BASE element the
// HTML parser finds in the whole document, on documents put together at
// random from pieces that move the parser between its insertion modes.
func TestHeadPart(t *testing.T) {
	pieces := []string{
		"<html>", "<head>", "</head>", "<body>", "<BODY class=x>", "</body>", "<base href=http://a/b/>",
		"<BASE HREF='http://c/d'>", "<base target=_top>", "<template>", "</template>", "<svg>", "</svg>",
		"<math>", "<title>", "</title>", "<script>", "</script>", "<style>", "</style>", "<noscript>",
		"</noscript>", "<!-- <body> -->", "<![CDATA[ <body> ]]>", "<frameset>", "<frame>", "<p>", "text",
		"<table>", "<tr>", "<td>", "<select>", "<textarea>", "</textarea>", "<meta charset=utf-8>",
		"<link href=x>", "<html lang=en>", "<body", ">", "\"", "'", "<!--", "-->", "<plaintext>",
		"<foreignObject>", "<desc>", "<iframe>", "</iframe>", "<noframes>", "</noframes>", "<br>", "</br>",
		"<div>", "</div>", " ", "\n", "<basefont>", "<bgsound>", "</html>", "</p>", "<xmp>", "<b>", "<a href=x>",
	}
	rng := rand.New(rand.NewPCG(1, 2))
	n := 40000
	if testing.Short() {
		n = 4000
	}
	for range n {
		var b strings.Builder
		for range rng.IntN(14) + 1 {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		doc := b.String()
		h1, f1, e1 := findWhole(doc)
		h2, f2, e2 := base.FindInHTML(doc)
		if h1 != h2 || f1 != f2 || (e1 == nil) != (e2 == nil) {
			t.Fatalf("%q: whole document gives %q %v %v, FindInHTML %q %v %v", doc, h1, f1, e1, h2, f2, e2)
		}
	}
}

// TestDeepHTML: valid HTML nested deeper in its body than the HTML
// parser's 512 open elements is read (the relurl base command failed on it
// where the linter found the BASE); a document nested that deep before its
// head ends is an error, the same for every caller.
func TestDeepHTML(t *testing.T) {
	deep := strings.Repeat("<div>", 1000) + "x" + strings.Repeat("</div>", 1000)
	for _, doc := range []string{
		`<html><head><base href="http://a/"></head><body>` + deep + `</body></html>`,
		`<base href="http://a/">` + deep,
		`<title>t</title><base href="http://a/"><p>` + deep,
	} {
		if _, _, err := findWhole(doc); err == nil {
			t.Fatalf("the HTML parser reads %.40q...: the test needs a deeper document", doc)
		}
		b, err := base.HTML(doc, base.Context{})
		if err != nil || b.URL != "http://a/" {
			t.Errorf("HTML(%.40q...) = %+v, %v", doc, b, err)
		}
		e, err := base.Message("Content-Type: text/html\r\n\r\n"+doc, base.Context{})
		if err != nil || e.Base.URL != "http://a/" {
			t.Errorf("Message(text/html %.40q...) = %+v, %v", doc, e, err)
		}
	}
	if _, err := base.HTML("<head>"+strings.Repeat("<template>", 600), base.Context{}); err == nil {
		t.Error("600 nested templates in the head: want the parser's error")
	}
}

// TestMemory: reading a message allocates a small multiple of its size
// however deep it nests: no copy of the body per level, which would cost
// a 10 MB message 95 levels deep a gigabyte.
func TestMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a 10 MB message")
	}
	body := strings.Repeat("<p>x</p>\n", 10<<20/9)
	for _, msg := range []string{nested(95, body), nested(95, "<head><base href=\"http://a/\"></head>"+body)} {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		if _, err := base.Message(msg, base.Context{}); err != nil {
			t.Fatal(err)
		}
		runtime.ReadMemStats(&after)
		if got := after.TotalAlloc - before.TotalAlloc; got > 3*uint64(len(msg)) {
			t.Errorf("Message(%d bytes, 95 deep) allocated %d bytes, more than 3 times the input", len(msg), got)
		}
	}
}

// TestXMLBase: xml:base resolved against the parent's base (XML Base
// §4.2, RFC 1808 §4), the empty value naming the parent's.
func TestXMLBase(t *testing.T) {
	parent := base.URL{URL: "http://a/b/c/d;p?q", Layer: base.LayerRetrieval, Source: "retrieval URL"}
	for _, tt := range []struct {
		value  string
		parent base.URL
		want   string
		err    bool
	}{
		{"http://x/y/", parent, "http://x/y/", false},
		{"g/", parent, "http://a/b/c/g/", false},
		{"../../../g", parent, "http://a/../g", false},
		{"", parent, "http://a/b/c/d;p?q", false},
		{"../..//g/", parent, "", true},       // http://a//g/: not generic-RL
		{"a b/", parent, "", true},            // not a URL
		{"g/", base.URL{}, "", true},          // relative, with nothing to resolve against
		{"http://a//b", base.URL{}, "", true}, // absolute, not generic-RL
		{"mailto:x", base.URL{}, "mailto:x", false},
	} {
		u, err := base.XMLBase(tt.value, tt.parent, "")
		if (err != nil) != tt.err || err == nil && u.URL != tt.want {
			t.Errorf("XMLBase(%q, %q) = %q, %v; want %q (error %v)", tt.value, tt.parent.URL, u.URL, err, tt.want, tt.err)
		}
		if err == nil && tt.value != "" && (u.Layer != base.LayerEmbedded || u.Source != base.SourceXMLBase) {
			t.Errorf("XMLBase(%q): layer %v, source %q", tt.value, u.Layer, u.Source)
		}
	}
}

// TestIsHTMLSpace: IsHTMLSpace is HTMLSpace, byte for byte.
func TestIsHTMLSpace(t *testing.T) {
	for c := 0; c < 256; c++ {
		if got, want := base.IsHTMLSpace(byte(c)), strings.IndexByte(base.HTMLSpace, byte(c)) >= 0; got != want {
			t.Errorf("IsHTMLSpace(%q) = %v, want %v", byte(c), got, want)
		}
	}
}
