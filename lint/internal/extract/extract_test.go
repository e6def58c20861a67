package extract_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	rbase "github.com/relurl/relurl/lint/internal/base"
	"github.com/relurl/relurl/lint/internal/extract"
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

// TestListFields: the <URL> lists of RFC 2369's fields are read like the
// Base header, located byte for byte through white space and folds, and
// comments are skipped.
func TestListFields(t *testing.T) {
	src := strings.Join([]string{
		"List-Help: <mailto:list@host.com?subject=help> (List Instructions <not-a-url>),",
		"   <http://www.host.com/list/ help>",
		"List-Post: NO (posting not allowed on this list)",
		"list-archive: <URL:http://a/arch>, <ftp://b/(x)>",
		"List-Unsubscribe: <http://a/un",
		"Subject: <not read, no URL:> <URL:http://a/subj>",
		"",
		"body <URL:http://a/body>",
	}, "\r\n")
	refs, _, _ := collect(src, extract.KindMessage, "")
	placed(t, src, refs)
	var got []string
	for _, r := range refs {
		got = append(got, r.URL+" | "+r.Where+" | "+src[r.Map.At(0):r.Map.At(len(r.URL))])
	}
	want := []string{
		"mailto:list@host.com?subject=help | List-Help header in the message | mailto:list@host.com?subject=help",
		"http://www.host.com/list/help | List-Help header in the message | http://www.host.com/list/ help",
		"http://a/arch | list-archive header in the message | http://a/arch",
		"ftp://b/(x) | list-archive header in the message | ftp://b/(x)",
		"<http://a/un | List-Unsubscribe header in the message | <http://a/un",
		"http://a/subj | Subject header in the message | http://a/subj",
		"http://a/body | <URL:> in the body in the message | http://a/body",
	}
	if !slices.Equal(got, want) {
		t.Errorf("refs\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestMbox: every message of a mailbox is read, each named, its positions
// in the mailbox; a "From " line only separates messages after an empty
// line, and text before the first is read too.
func TestMbox(t *testing.T) {
	src := strings.Join([]string{
		"Subject: preamble, no From line",
		"",
		"<URL:p0>",
		"",
		"From a@b Mon Jan  1 00:00:00 2001",
		"Subject: one",
		"List-Help: <http://a/help>",
		"",
		"<URL:p1>",
		"From here on, not a separator: no empty line before it",
		">From quoted <URL:p1b>",
		"",
		"From c@d Mon Jan  1 00:00:00 2001",
		"Base: <URL:http://two/>",
		"Content-Type: multipart/mixed; boundary=z",
		"",
		"--z",
		"Content-Type: text/html",
		"",
		`<a href="p2">`,
		"--z--",
		"",
		"From e@f Mon Jan  1 00:00:00 2001",
		"Content-Type: multipart/mixed",
		"",
		"",
		"<URL:p3>",
	}, "\n")
	refs, _, notes := collect(src, extract.KindMbox, "http://r/")
	placed(t, src, refs)
	var got []string
	for _, r := range refs {
		got = append(got, r.URL+" | "+r.Where+" | "+r.Base.URL.URL)
	}
	want := []string{
		"p0 | <URL:> in the body in message 1 | http://r/",
		"http://a/help | List-Help header in message 2 | http://r/",
		"p1 | <URL:> in the body in message 2 | http://r/",
		"p1b | <URL:> in the body in message 2 | http://r/",
		"http://two/ | Base header in message 3 | http://two/",
		"p2 | <a href> in message 3, part 1 | http://two/",
		"p3 | <URL:> in the body in message 4, part 1 | http://r/",
	}
	if !slices.Equal(got, want) {
		t.Errorf("refs\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if len(notes) != 1 || notes[0].Kind != "no-boundary" || notes[0].Where != "message 4" ||
		!strings.HasPrefix(src[notes[0].Offset:], "\n<URL:p3>") {
		t.Errorf("notes %+v", notes)
	}
	// An mbox of one message and no From line, and an empty one.
	if refs, _, _ := collect("Subject: x\n\n<URL:x>", extract.KindMbox, ""); len(refs) != 1 || refs[0].Where != "<URL:> in the body in message 1" {
		t.Errorf("one message: %+v", refs)
	}
	if refs, _, notes := collect("", extract.KindMbox, ""); len(refs)+len(notes) != 0 {
		t.Errorf("empty: %+v %+v", refs, notes)
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
	for _, k := range extract.Kinds() {
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
		name, data   string
		want, strict extract.Kind
	}{
		{"a.HTM", "", extract.KindHTML, extract.KindHTML},
		{"a.eml", "<html>", extract.KindMessage, extract.KindMessage},
		{"a.mbox", "", extract.KindMbox, extract.KindMbox},
		{"a.urls", "http://a/\n", extract.KindText, extract.KindText},
		// .txt is prose more often than not.
		{"a.txt", "http://a/\n", 0, 0},
		{"a.txt", "<p>", extract.KindHTML, 0},
		// A header block makes a message whatever the name.
		{"a.urls", "Subject: x\n", extract.KindMessage, extract.KindMessage},
		{"msg_01.txt", "Return-Path: <b@z.org>\nReceived: by x\n\tid y;\nX-Odd:value\n\nbody", extract.KindMessage, extract.KindMessage},
		{"a.html", "Content-Type: text/html\r\n\r\n<p>", extract.KindMessage, extract.KindMessage},
		{"-", "Subject: hi\r\nBase: <URL:http://a/>\r\n\r\nbody", extract.KindMessage, extract.KindMessage},
		{"-", "Subject:\n\n", extract.KindMessage, extract.KindMessage},
		// Header blocks of other formats: Makefiles, Debian copyright files,
		// JSON and JavaScript on one line.
		{"Makefile", "all: x.exe\n\tcc -o x.exe x.c\n\nclean:\n", 0, 0},
		{"copyright", "Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/\nUpstream-Name: git\n\n", 0, 0},
		{"g.json", `{"term": "a definition"}`, 0, 0},
		{"searchindex.js", `Search.setIndex({"docnames": ["about"]})`, 0, 0},
		{"-", "X-Empty:\n\n", 0, 0},
		{"-", "List-Unsubscribe: <mailto:x>\n\n", extract.KindMessage, extract.KindMessage},
		// Not a header block: prose after a first line that looks like a field,
		// a continuation first, URLs.
		{"a.txt", "Note: this\nis prose\n", 0, 0},
		{"a.txt", " Note: x\n\n", 0, 0},
		{"-", "http://a/\n", 0, 0},
		{"-", "mailto:x\n", 0, 0},
		{"-", "\n", 0, 0},
		{"-", "", 0, 0},
		// An mbox: a "From " line, then a header block.
		{"inbox", "From a@b Mon Jan  1 00:00:00 2001\nSubject: x\n\nbody\n", extract.KindMbox, extract.KindMbox},
		{"x.eml", "From a@b Mon Jan  1 00:00:00 2001\r\nSubject: x\r\n\r\n", extract.KindMbox, extract.KindMbox},
		{"x.txt", "From the start, a story.\nIt goes on.\n", 0, 0},
		// "<" is a guess, for named files only.
		{"-", "\uFEFF \r\n\t<p>", extract.KindHTML, 0},
		{"-", "\uFEFFhttp://a/", 0, 0},
		{"README.md", "", extract.KindMarkdown, extract.KindMarkdown},
		{"doc.Markdown", "<html>", extract.KindMarkdown, extract.KindMarkdown},
		{"site.css", "", extract.KindCSS, extract.KindCSS},
		{"feed.atom", "", extract.KindXML, extract.KindXML},
		{"news.rss", "", extract.KindXML, extract.KindXML},
		{"logo.SVG", "", extract.KindXML, extract.KindXML},
		{"sitemap.xml", "", extract.KindXML, extract.KindXML},
		{"page.xhtml", `<?xml version="1.0"?><feed/>`, extract.KindHTML, extract.KindHTML},
		{"-", "\uFEFF<?xml version=\"1.0\"?>\n<!-- x -->\n<feed/>", extract.KindXML, 0},
		{"-", `<?xml version="1.0"?><!DOCTYPE html><html/>`, extract.KindHTML, 0},
	} {
		if got := extract.Detect(tt.name, []byte(tt.data)); got != tt.want {
			t.Errorf("Detect(%q, %q) = %v, want %v", tt.name, tt.data, got, tt.want)
		}
		if got := extract.DetectStrict(tt.name, []byte(tt.data)); got != tt.strict {
			t.Errorf("DetectStrict(%q, %q) = %v, want %v", tt.name, tt.data, got, tt.strict)
		}
	}
}

func TestSingle(t *testing.T) {
	r := extract.Single("a b", "http://x/")
	if r.URL != "a b" || r.Map.At(2) != 2 || r.Where != "URL" || r.Base.URL.URL != "http://x/" || !r.Base.RelativeAllowed {
		t.Errorf("%+v", r)
	}
}
