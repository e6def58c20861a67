package extract_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/relurl/relurl/lint/extract"
	rbase "github.com/relurl/relurl/resolve/base"
)

// collect extracts src and returns what the handler got.
func collect(src string, kind extract.Kind, retrieval string) (refs []extract.Ref, dirs []extract.Directive, notes []extract.Note) {
	extract.Extract(src, kind, retrieval, extract.Handler{
		Ref:       func(r extract.Ref) { refs = append(refs, r) },
		Directive: func(d extract.Directive) { dirs = append(dirs, d) },
		Note:      func(n extract.Note) { notes = append(notes, n) },
	})
	return refs, dirs, notes
}

// placed checks the invariants of every Ref: its map stays in the file and
// in order, and an exact map of a URL the file holds as it is places each
// byte on the same byte.
func placed(t *testing.T, src string, refs []extract.Ref) {
	t.Helper()
	for _, r := range refs {
		prev := -1
		for i := 0; i <= len(r.URL); i++ {
			at := r.Map.At(i)
			if at < 0 || at > len(src) || r.Map.Exact() && at < prev {
				t.Fatalf("%q (%s): byte %d placed at %d, after %d, in a file of %d bytes", r.URL, r.Where, i, at, prev, len(src))
			}
			prev = at
		}
		if len(r.Encodings) == 0 && r.Err == nil {
			if got := src[r.Map.At(0):r.Map.At(len(r.URL))]; got != r.URL {
				t.Errorf("%q (%s): the file holds %q there", r.URL, r.Where, got)
			}
		}
	}
}

func TestText(t *testing.T) {
	src := "http://a/b\r\n\nc d\nlast"
	refs, _, _ := collect(src, extract.KindText, "http://x/y")
	var urls []string
	for _, r := range refs {
		urls = append(urls, r.URL)
		if r.Where != "line" || r.Base.URL.URL != "http://x/y" || !r.Base.RelativeAllowed || len(r.Encodings) != 0 {
			t.Errorf("%q: %+v", r.URL, r)
		}
	}
	if !slices.Equal(urls, []string{"http://a/b", "c d", "last"}) {
		t.Errorf("URLs %q", urls)
	}
	placed(t, src, refs)
	refs, _, _ = collect("a\n", extract.KindText, "")
	if refs[0].Base.RelativeAllowed || refs[0].Base.Usable() || refs[0].Base.URL.Layer != rbase.LayerDefault {
		t.Errorf("a list without a base: %+v", refs[0].Base)
	}
}

func TestHTML(t *testing.T) {
	src := `<html><head><base href=" http://h/a/b "><!-- relurl:ignore fsegment/colon -- reason --></head>
<body><a HREF="x&amp;y">1</a> <img srcset="p.png 1x, q.png 2x" ping='u v'>
<a href=plain>2</a><!-- not for us --></body></html>`
	refs, dirs, _ := collect(src, extract.KindHTML, "http://r/")
	type got struct {
		url, where string
		isBase     bool
		enc        string
	}
	var all []got
	for _, r := range refs {
		var enc []string
		for _, e := range r.Encodings {
			enc = append(enc, e.String())
		}
		all = append(all, got{r.URL, r.Where, r.IsBase, strings.Join(enc, ",")})
		if r.Base.URL.URL != "http://h/a/b" || r.Base.URL.Layer != rbase.LayerEmbedded {
			t.Errorf("%q: base %+v, want the BASE element's", r.URL, r.Base.URL)
		}
	}
	want := []got{
		{"http://h/a/b", "<base href>", true, "html-attribute"},
		{"x&y", "<a href>", false, "html-attribute"},
		{"p.png", "<img srcset>", false, "html-attribute"},
		{"q.png", "<img srcset>", false, "html-attribute"},
		{"u", "<img ping>", false, "html-attribute"},
		{"v", "<img ping>", false, "html-attribute"},
		{"plain", "<a href>", false, "html-attribute"},
	}
	if !slices.Equal(all, want) {
		t.Errorf("refs\n%+v\nwant\n%+v", all, want)
	}
	// "x&y" is written "x&amp;y": its "&" is placed on the reference.
	amp := refs[1]
	if at := amp.Map.At(1); src[at:at+5] != "&amp;" || src[amp.Map.At(2)] != 'y' {
		t.Errorf("x&y: & at %d, y at %d", amp.Map.At(1), amp.Map.At(2))
	}
	if len(dirs) != 1 || dirs[0].Text != "relurl:ignore fsegment/colon -- reason" ||
		!strings.HasPrefix(src[dirs[0].Offset:dirs[0].End], "<!--") || !strings.HasSuffix(src[dirs[0].Offset:dirs[0].End], "-->") {
		t.Errorf("directives %+v", dirs)
	}
}

func TestHTMLBaseErrors(t *testing.T) {
	refs, _, _ := collect(`<base href="/rel/"><a href="g">`, extract.KindHTML, "")
	b := refs[1].Base
	if b.Err == nil || b.Usable() || b.URL.URL != "/rel/" || b.URL.Layer != rbase.LayerEmbedded {
		t.Errorf("a relative BASE: %+v", b)
	}
	refs, _, _ = collect(`<a href="g">`, extract.KindHTML, "http://a//b")
	if b := refs[0].Base; b.Err == nil || b.URL.URL != "http://a//b" || b.URL.Layer != rbase.LayerRetrieval {
		t.Errorf("a retrieval URL that is not generic-RL: %+v", b)
	}
}

func TestMessage(t *testing.T) {
	src := strings.Join([]string{
		"Base: <URL:http://a/top/>",
		"Link: <URL:x y>",
		"Content-Type: multipart/mixed; boundary=b",
		"",
		"--b",
		"Content-Type: text/html",
		"Content-Transfer-Encoding: quoted-printable",
		"",
		`<a href=3D"q=3Dp">x</a><!-- relurl:ignore -->`,
		"--b",
		"Content-Type: text/plain",
		"Content-Transfer-Encoding: base64",
		"",
		"PFVSTDpiNjQ+", // <URL:b64>
		"--b",
		"Base: nonsense",
		"",
		"<URL:in-part>",
		"--b--",
		"",
	}, "\n")
	refs, dirs, notes := collect(src, extract.KindMessage, "http://r/")
	placed(t, src, refs)
	type got struct {
		url, where, base, enc string
		exact, bad            bool
	}
	var all []got
	for _, r := range refs {
		var enc []string
		for _, e := range r.Encodings {
			enc = append(enc, e.String())
		}
		b := ""
		if r.Base != nil {
			b = r.Base.URL.URL
		}
		all = append(all, got{r.URL, r.Where, b, strings.Join(enc, ","), r.Mappable(), r.Err != nil})
	}
	want := []got{
		{"http://a/top/", "Base header in the message", "http://a/top/", "bracketed", true, false},
		{"xy", "Link header in the message", "http://a/top/", "bracketed", true, false},
		{"q=p", "<a href> in part 1", "http://a/top/", "html-attribute,quoted-printable", true, false},
		{"b64", "<URL:> in the body in part 2 (base64: positions are the body's start)", "http://a/top/", "bracketed,base64", false, false},
		{"nonsense", "Base header in part 3", "", "", true, true},
		{"in-part", "<URL:> in the body in part 3", "http://a/top/", "bracketed", true, false},
	}
	if !slices.Equal(all, want) {
		t.Errorf("refs\n%+v\nwant\n%+v", all, want)
	}
	// "q=p" is written "q=3Dp" in the quoted-printable body.
	if r := refs[2]; src[r.Map.At(1):r.Map.At(2)] != "=3D" {
		t.Errorf("q=p: = placed on %q", src[r.Map.At(1):r.Map.At(2)])
	}
	if len(dirs) != 1 || dirs[0].Text != "relurl:ignore" || src[dirs[0].Offset:dirs[0].End] != "<!-- relurl:ignore -->" {
		t.Errorf("directives %+v", dirs)
	}
	if len(notes) != 0 {
		t.Errorf("notes %+v", notes)
	}
}

// TestNotes: a part past the MIME walk's depth limit is a Note, not a
// silence.
func TestNotes(t *testing.T) {
	src := strings.Repeat("Content-Type: message/rfc822\n\n", rbase.MaxDepth+2) + "<URL:deep>\n"
	_, _, notes := collect(src, extract.KindMessage, "")
	if len(notes) != 1 || notes[0].Kind != "too-deep" || notes[0].Where != fmt.Sprintf("part %s", strings.TrimSuffix(strings.Repeat("1.", rbase.MaxDepth), ".")) {
		t.Errorf("notes %+v", notes)
	}
}

func TestKind(t *testing.T) {
	for _, k := range []extract.Kind{extract.KindText, extract.KindHTML, extract.KindMessage,
		extract.KindMarkdown, extract.KindCSS, extract.KindXML} {
		got, err := extract.ParseKind(k.String())
		b, _ := k.MarshalText()
		var back extract.Kind
		if err != nil || got != k || back.UnmarshalText(b) != nil || back != k {
			t.Errorf("%v: ParseKind %v %v, round trip %v", k, got, err, back)
		}
	}
	if _, err := extract.ParseKind("pdf"); err == nil {
		t.Error("ParseKind(pdf) succeeded")
	}
	var k extract.Kind = extract.KindHTML
	if err := k.UnmarshalText(nil); err != nil || k != 0 {
		t.Errorf(`UnmarshalText("") = %v, %v`, k, err)
	}
	for _, tt := range []struct {
		name, data string
		want       extract.Kind
	}{
		{"a.HTM", "", extract.KindHTML},
		{"a.eml", "<html>", extract.KindMessage},
		{"a.urls", "Subject: x\n", extract.KindText},
		{"-", "\uFEFF \r\n\t<p>", extract.KindHTML},
		{"-", "Subject: hi\r\nBase: <URL:http://a/>\r\n\r\nbody", extract.KindMessage},
		{"-", "X-Empty:\n\n", extract.KindMessage},
		{"-", "http://a/\n", extract.KindText},
		{"-", "mailto:x\n", extract.KindText},
		{"-", "\uFEFFhttp://a/", extract.KindText},
		{"-", "", extract.KindText},
		{"README.md", "", extract.KindMarkdown},
		{"doc.Markdown", "<html>", extract.KindMarkdown},
		{"site.css", "", extract.KindCSS},
		{"feed.atom", "", extract.KindXML},
		{"news.rss", "", extract.KindXML},
		{"logo.SVG", "", extract.KindXML},
		{"sitemap.xml", "", extract.KindXML},
		{"page.xhtml", `<?xml version="1.0"?><feed/>`, extract.KindHTML},
		{"-", "\uFEFF<?xml version=\"1.0\"?>\n<!-- x -->\n<feed/>", extract.KindXML},
		{"-", `<?xml version="1.0"?><!DOCTYPE html><html/>`, extract.KindHTML},
	} {
		if got := extract.Detect(tt.name, []byte(tt.data)); got != tt.want {
			t.Errorf("Detect(%q, %q) = %v, want %v", tt.name, tt.data, got, tt.want)
		}
	}
}

func TestSingle(t *testing.T) {
	r := extract.Single("a b", "http://x/")
	if r.URL != "a b" || r.Map.At(2) != 2 || r.Where != "URL" || r.Base.URL.URL != "http://x/" || !r.Base.RelativeAllowed {
		t.Errorf("%+v", r)
	}
}
