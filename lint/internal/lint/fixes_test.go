package lint_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/relurl/relurl/lint/internal/extract"
	"github.com/relurl/relurl/lint/internal/fix"
	"github.com/relurl/relurl/lint/internal/lint"
)

// applyAll makes the edits of findings, each once.
func applyAll(t *testing.T, src string, findings []lint.Finding) string {
	t.Helper()
	var edits []fix.Edit
	for _, f := range findings {
		if f.Edit != nil {
			edits = append(edits, *f.Edit)
		}
	}
	out, err := fix.ApplyEdits([]byte(src), edits)
	if err != nil {
		t.Fatalf("%q: %v", src, err)
	}
	return string(out)
}

// TestFixes holds the fix engine to what docs/fixes.md says, kind by kind: the
// document after every fix is made, and why each finding that has none
// has none.
func TestFixes(t *testing.T) {
	const base = "http://a/b/c/d;p?q"
	tests := []struct {
		name string
		kind extract.Kind
		opts lint.Options
		doc  string
		want string
		// noFix lists, in order, the reasons of the findings without a
		// fix.
		noFix []fix.Reason
	}{
		{name: "IDN host in punycode, with the space", kind: extract.KindHTML,
			doc:  `<a href="http://bücher.example/a b">x</a>`,
			want: `<a href="http://xn--bcher-kva.example/a%20b">x</a>`},
		{name: "IDN: ASCII labels kept as written", kind: extract.KindHTML,
			doc:  `<a href="http://WWW.Bücher.DE/">x</a>`,
			want: `<a href="http://WWW.xn--bcher-kva.DE/">x</a>`},
		{name: "IDN written with a character reference", kind: extract.KindHTML,
			doc:  `<a href="http://b&uuml;cher.example/">x</a>`,
			want: `<a href="http://xn--bcher-kva.example/">x</a>`},
		{name: "non-ASCII userinfo is percent-encoded", kind: extract.KindHTML,
			doc:  `<a href="http://jürgen@example.com/">x</a>`,
			want: `<a href="http://j%C3%BCrgen@example.com/">x</a>`},
		{name: "IPv6 literal: no fix", kind: extract.KindHTML,
			doc:   `<a href="http://[::1]:8080/status">x</a>`,
			want:  `<a href="http://[::1]:8080/status">x</a>`,
			noFix: []fix.Reason{fix.IPv6, fix.IPv6}},
		{name: "IPv6 allowed: the other fault is fixed", kind: extract.KindHTML, opts: lint.Options{AllowIPv6Hosts: true},
			doc:  `<a href="http://[::1]:8080/a b">x</a>`,
			want: `<a href="http://[::1]:8080/a%20b">x</a>`},
		{name: "tilde where it is not allowed", kind: extract.KindHTML,
			doc:  `<a href="/~user/">x</a>`,
			want: `<a href="/%7Euser/">x</a>`},
		{name: "tilde where it is allowed: no finding", kind: extract.KindHTML, opts: lint.Options{AllowChars: "~"},
			doc:  `<a href="/~user/a b">x</a>`,
			want: `<a href="/~user/a%20b">x</a>`},
		{name: "bad percent and second hash", kind: extract.KindHTML,
			doc:  `<a href="100%">x</a><a href="g#a#b">y</a>`,
			want: `<a href="100%25">x</a><a href="g#a%23b">y</a>`},
		{name: "a run of spaces, and an entity kept between two changes", kind: extract.KindHTML,
			doc:  `<a href="?a=1&amp;     b=2|">x</a>`,
			want: `<a href="?a=1&amp;%20%20%20%20%20b=2%7C">x</a>`},
		{name: "colon in the first segment", kind: extract.KindHTML,
			doc:  `<a href="my_notes:v2.html">x</a>`,
			want: `<a href="./my_notes:v2.html">x</a>`},
		{name: "the fix reveals a colon, mended in the same edit", kind: extract.KindHTML,
			doc:  `<a href="a b:c">x</a>`,
			want: `<a href="./a%20b:c">x</a>`},
		{name: "the loophole: suggestions only", kind: extract.KindHTML,
			doc:   `<a href="http:g">x</a>`,
			want:  `<a href="http:g">x</a>`,
			noFix: []fix.Reason{fix.Loophole}},
		{name: "an unfixable fault keeps the other", kind: extract.KindHTML,
			doc:   `<a href="//a//b c">x</a>`,
			want:  `<a href="//a//b c">x</a>`,
			noFix: []fix.Reason{fix.Manual, fix.OtherFaults}},
		{name: "backslash: net/url and browsers part", kind: extract.KindHTML,
			doc:   `<a href="http://a/b\c">x</a>`,
			want:  `<a href="http://a/b\c">x</a>`,
			noFix: []fix.Reason{fix.ReadersDisagree}},
		{name: "a newline browsers drop: the fix would change their target", kind: extract.KindHTML,
			doc:   "<a href=\"http://a/b\nc\">x</a>",
			want:  "<a href=\"http://a/b\nc\">x</a>",
			noFix: []fix.Reason{fix.ChangesTarget}},
		{name: "a byte that is not UTF-8", kind: extract.KindHTML,
			doc:   "<a href=\"http://a/caf\xe9\">x</a>",
			want:  "<a href=\"http://a/caf\xe9\">x</a>",
			noFix: []fix.Reason{fix.ReadersDisagree}},
		{name: "BASE itself", kind: extract.KindHTML,
			doc:  `<head><base href="http://bücher.example/d/"></head><a href="x y">x</a>`,
			want: `<head><base href="http://xn--bcher-kva.example/d/"></head><a href="x%20y">x</a>`},
		{name: "srcset", kind: extract.KindHTML,
			doc:  `<img srcset="a b.png 1x, c|d.png 2x">`,
			want: `<img srcset="a b.png 1x, c%7Cd.png 2x">`},
		{name: "Markdown destination and autolink", kind: extract.KindMarkdown,
			doc:  "[x](<a b.html>) and [y](http://bücher.example/) and <http://a/b|c>\n",
			want: "[x](<a%20b.html>) and [y](http://xn--bcher-kva.example/) and <http://a/b%7Cc>\n"},
		{name: "Markdown backslash escape", kind: extract.KindMarkdown,
			doc:  "[x](a\\|b)\n",
			want: "[x](a%7Cb)\n"},
		{name: "CSS", kind: extract.KindCSS,
			doc:  `a { background: url("a b.png") } @import "c|d.css";`,
			want: `a { background: url("a%20b.png") } @import "c%7Cd.css";`},
		{name: "CSS escape", kind: extract.KindCSS,
			doc:  `a { background: url(a\7C b.png) }`,
			want: `a { background: url(a%7Cb.png) }`},
		{name: "XML", kind: extract.KindXML,
			doc:  `<feed><link href="http://bücher.example/a&amp;b c"/></feed>`,
			want: `<feed><link href="http://xn--bcher-kva.example/a&amp;b%20c"/></feed>`},
		{name: "XML: a fix that would make a reference of a bare \"&\"", kind: extract.KindXML,
			doc:   `<feed xmlns="http://www.w3.org/2005/Atom"><link href="a& b;"/></feed>`,
			want:  `<feed xmlns="http://www.w3.org/2005/Atom"><link href="a& b;"/></feed>`,
			noFix: []fix.Reason{fix.Inexact}},
		{name: "XML across a comment: no fix", kind: extract.KindXML,
			doc:   `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>http://a/<!-- x -->b c</loc></url></urlset>`,
			want:  `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>http://a/<!-- x -->b c</loc></url></urlset>`,
			noFix: []fix.Reason{fix.Pieces}},
		{name: "XML value without its closing quote: no fix (found by fuzzing)", kind: extract.KindXML,
			doc:   `<feed xmlns="http://www.w3.org/2005/Atom"><link href='a">b c/></feed>`,
			want:  `<feed xmlns="http://www.w3.org/2005/Atom"><link href='a">b c/></feed>`,
			noFix: []fix.Reason{fix.Malformed, fix.Malformed, fix.Malformed}},
		{name: "message header and text", kind: extract.KindMessage,
			doc:  "Subject: x\nX-See: <URL:http://a/b|c>\n\nsee <URL:http://a/b c\n |d>\n",
			want: "Subject: x\nX-See: <URL:http://a/b%7Cc>\n\nsee <URL:http://a/b c\n %7Cd>\n"},
		{name: "message in quoted-printable: no fix", kind: extract.KindMessage,
			doc:   "Content-Type: text/plain\nContent-Transfer-Encoding: quoted-printable\n\nsee <URL:http://a/b=7Cc>\n",
			want:  "Content-Type: text/plain\nContent-Transfer-Encoding: quoted-printable\n\nsee <URL:http://a/b=7Cc>\n",
			noFix: []fix.Reason{fix.TransferEncoding}},
		{name: "a rule turned off: its faults are left as they are", kind: extract.KindHTML, opts: lint.Options{Disable: []string{"segment/char"}},
			doc:  `<a href="a b/c|d">x</a>`,
			want: `<a href="a%20b/c|d">x</a>`},
		{name: "suppressed on the line: its faults are left, the others fixed", kind: extract.KindHTML,
			doc:  "<!-- relurl:ignore segment/char -->\n<a href=\"a b/c|d\">x</a>",
			want: "<!-- relurl:ignore segment/char -->\n<a href=\"a%20b/c|d\">x</a>"},
		{name: "suppressed in the file: the URL is not fixed", kind: extract.KindHTML,
			doc:   "<!-- relurl:ignore-file segment/char -->\n<a href=\"a b/c|d\">x</a>",
			want:  "<!-- relurl:ignore-file segment/char -->\n<a href=\"a b/c|d\">x</a>",
			noFix: []fix.Reason{fix.OtherFaults}},
		{name: "a BASE with a space: references checked against it as fixed", kind: extract.KindHTML,
			doc:  `<head><base href="http://a/b c/"></head><a href="x|y">x</a>`,
			want: `<head><base href="http://a/b%20c/"></head><a href="x%7Cy">x</a>`},
		{name: "list of URLs without a base", kind: extract.KindText,
			doc:  "a b\nhttp://a/%zz\n",
			want: "a%20b\nhttp://a/%25zz\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			opts := tt.opts
			opts.Fixes = true
			if tt.kind != extract.KindText {
				opts.Retrieval = base
			}
			l, err := lint.New(opts)
			if err != nil {
				t.Fatal(err)
			}
			fs := l.File("doc", []byte(tt.doc), tt.kind)
			var noFix []fix.Reason
			for _, f := range fs {
				if f.Edit == nil {
					noFix = append(noFix, f.NoFix)
					if f.NoFixDetail == "" || strings.Contains(f.NoFixDetail, "\n") {
						t.Errorf("%s: detail %q is not one line", f.Rule, f.NoFixDetail)
					}
				} else if f.NoFix != "" {
					t.Errorf("%s: an edit and a reason %s", f.Rule, f.NoFix)
				}
			}
			got := applyAll(t, tt.doc, fs)
			if got != tt.want || !slices.Equal(noFix, tt.noFix) {
				for _, f := range fs {
					t.Logf("%s %q: edit %+v, no fix %s: %s", f.Rule, f.Text, f.Edit, f.NoFix, f.NoFixDetail)
				}
				t.Fatalf("fixed:\n%s\nwant:\n%s\nno fix: %v, want %v", got, tt.want, noFix, tt.noFix)
			}
		})
	}
}
