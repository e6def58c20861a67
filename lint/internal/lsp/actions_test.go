package lsp

import (
	"encoding/json"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/relurl/relurl/lint/internal/extract"
	"github.com/relurl/relurl/lint/internal/lint"
	"github.com/relurl/relurl/lint/internal/target"
)

// actionsDoc has a URL with a safe fix after "𝄞", the §5.2 loophole
// (suggestions), and a URL with no fix, under a BASE element.
const actionsDoc = "<base href=\"http://a/b/c/d\">\n<p>𝄞 <a href=\"x y\">1</a>\n<a href=\"http:g\">2</a></p>\n"

const actionsURI = "file:///nowhere/actions.html"

func TestCodeActions(t *testing.T) {
	c := startServer(t, opts, nil)
	c.initialize(`{}`)
	c.open(actionsURI, "html", actionsDoc)
	c.next(diagnosticsOf(actionsURI, 1))
	// Line 1: the fix, "suppress here", and the fixes of the file.
	c.send(`{"jsonrpc":"2.0","id":2,"method":"textDocument/codeAction","params":{"textDocument":{"uri":"` + actionsURI + `"},
		"range":{"start":{"line":1,"character":16},"end":{"line":1,"character":16}},"context":{"diagnostics":[]}}}`)
	diag := `{"range":{"start":{"line":1,"character":16},"end":{"line":1,"character":17}},"severity":1,"code":"fsegment/char",
		"codeDescription":{"href":"https://github.com/relurl/relurl/blob/main/docs/rules.md#fsegment-char"},"source":"relurl",
		"message":"space is not allowed in fsegment; write it as %20"}`
	fixAll := `{"title":"Make relurl's safe fixes in the file (1 finding)","kind":"source.fixAll","edit":{"changes":{"` + actionsURI + `":[
		{"range":{"start":{"line":1,"character":16},"end":{"line":1,"character":17}},"newText":"%20"}]}}}`
	c.expect(response("2"), `{"jsonrpc":"2.0","id":2,"result":[
		{"title":"Replace \" \" with \"%20\" (relurl's safe fix)","kind":"quickfix","isPreferred":true,"diagnostics":[`+diag+`],
		 "edit":{"changes":{"`+actionsURI+`":[{"range":{"start":{"line":1,"character":16},"end":{"line":1,"character":17}},"newText":"%20"}]}}},
		{"title":"Suppress fsegment/char here (relurl:ignore)","kind":"quickfix","diagnostics":[`+diag+`],
		 "edit":{"changes":{"`+actionsURI+`":[{"range":{"start":{"line":1,"character":0},"end":{"line":1,"character":0}},
		 "newText":"<!-- relurl:ignore fsegment/char -->\n"}]}}},
		`+fixAll+`]}`)
	// Only the fixes of the file.
	c.send(`{"jsonrpc":"2.0","id":3,"method":"textDocument/codeAction","params":{"textDocument":{"uri":"` + actionsURI + `"},
		"range":{"start":{"line":0,"character":0},"end":{"line":0,"character":0}},"context":{"diagnostics":[],"only":["source"]}}}`)
	c.expect(response("3"), `{"jsonrpc":"2.0","id":3,"result":[`+fixAll+`]}`)
	// Line 2: the loophole's two suggestions, neither preferred.
	c.send(`{"jsonrpc":"2.0","id":4,"method":"textDocument/codeAction","params":{"textDocument":{"uri":"` + actionsURI + `"},
		"range":{"start":{"line":2,"character":10},"end":{"line":2,"character":10}},"context":{"diagnostics":[],"only":["quickfix"]}}}`)
	var got struct {
		Result []CodeAction `json:"result"`
	}
	if err := json.Unmarshal(c.next(response("4")), &got); err != nil {
		t.Fatal(err)
	}
	var titles []string
	for _, a := range got.Result {
		titles = append(titles, a.Title)
		if a.IsPreferred || a.Kind != KindQuickFix {
			t.Errorf("%q: kind %s, preferred %v; want a quickfix not preferred", a.Title, a.Kind, a.IsPreferred)
		}
	}
	want := []string{
		`Suggestion: write the absolute URL "http://a/b/c/g", where browsers go (RFC 1808 reads "http:g" as a URL of its own)`,
		`Suggestion: drop the scheme: "g", which every reader resolves to "http://a/b/c/g"`,
		`Suppress scheme/relative-form here (relurl:ignore)`,
	}
	if strings.Join(titles, "\n") != strings.Join(want, "\n") {
		t.Errorf("actions on line 2:\n%s\nwant\n%s", strings.Join(titles, "\n"), strings.Join(want, "\n"))
	}
	// Nowhere near a finding: none but the file's.
	c.send(`{"jsonrpc":"2.0","id":5,"method":"textDocument/codeAction","params":{"textDocument":{"uri":"` + actionsURI + `"},
		"range":{"start":{"line":0,"character":0},"end":{"line":0,"character":3}},"context":{"diagnostics":[],"only":["quickfix"]}}}`)
	c.expect(response("5"), `{"jsonrpc":"2.0","id":5,"result":[]}`)
}

// TestCodeActionsBeforeLint: asked before the worker has linted the text,
// the server lints it for the answer. The document and the request come
// in one write, read together: the worker is kicked only once both are
// handled.
func TestCodeActionsBeforeLint(t *testing.T) {
	var lints atomic.Int32
	c := startServer(t, opts, func(s *server) {
		check := s.check
		s.check = func(l *lint.Linter, name, src string, kind extract.Kind, retrieval string, t *target.Scope) lint.Checked {
			lints.Add(1)
			return check(l, name, src, kind, retrieval, t)
		}
	})
	c.initialize(`{}`)
	open, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "method": "textDocument/didOpen",
		"params": map[string]any{"textDocument": map[string]any{"uri": actionsURI, "languageId": "html", "version": 1, "text": actionsDoc}}})
	ask := `{"jsonrpc":"2.0","id":2,"method":"textDocument/codeAction","params":{"textDocument":{"uri":"` + actionsURI + `"},
		"range":{"start":{"line":1,"character":16},"end":{"line":1,"character":16}},"context":{"diagnostics":[],"only":["quickfix"]}}}`
	c.sendRaw([]byte(fmt.Sprintf("Content-Length: %d\r\n\r\n%sContent-Length: %d\r\n\r\n%s", len(open), open, len(ask), ask)))
	if m := c.next(response("2")); !strings.Contains(string(m), `"isPreferred":true`) {
		t.Errorf("no fix: %s", m)
	}
	c.next(diagnosticsOf(actionsURI, 1))
	if n := lints.Load(); n != 2 {
		t.Errorf("%d lints, want 2: the answer's and the worker's", n)
	}
}

// TestSuppressHere: the directive "suppress here" inserts suppresses the
// finding, and is not reported as unused, for every rule whose example is
// a document of a kind with an inline directive, and in the layouts where
// a directive is hard to place.
func TestSuppressHere(t *testing.T) {
	type doc struct {
		name, text string
		kind       extract.Kind
		base, rule string
	}
	var docs []doc
	for _, r := range lint.Rules() {
		k := r.Bad.Kind
		if k == 0 {
			k = extract.Detect("", []byte(r.Bad.Text))
		}
		docs = append(docs, doc{"example of " + r.ID, r.Bad.Text, k, r.Bad.Base, r.ID})
	}
	for _, d := range []struct{ name, text string }{
		{"html first line", "<a href=\"a b\">x</a>\n"},
		{"html indented", "<ul>\n\t<li><a href=\"a b\">x</a></li>\n</ul>\n"},
		{"html tag over lines", "<p>\n  <a class=\"x\"\n     href=\"a b\">x</a>\n</p>\n"},
		{"html tag begun mid-line", "<p>See <a class=\"x\"\n  href=\"a b\">x</a>\n"},
		{"html crlf", "<p>\r\n<a href=\"a b\">x</a>\r\n</p>\r\n"},
		{"html two urls on the line", "<a href=\"ok\">1</a> <a href=\"a b\">2</a>\n"},
	} {
		docs = append(docs, doc{d.name, d.text, extract.KindHTML, "", "fsegment/char"})
	}
	for _, d := range []struct{ name, text string }{
		{"xml", "<?xml version=\"1.0\"?>\n<feed xmlns=\"http://www.w3.org/2005/Atom\">\n  <link href=\"a b\"/>\n</feed>\n"},
		{"xml tag over lines", "<?xml version=\"1.0\"?>\n<feed xmlns=\"http://www.w3.org/2005/Atom\">\n  <link rel=\"alternate\"\n        href=\"a b\"/>\n</feed>\n"},
	} {
		docs = append(docs, doc{d.name, d.text, extract.KindXML, "", "fsegment/char"})
	}
	for _, d := range []struct{ name, text string }{
		{"markdown paragraph", "Some text\nand [a link](<a b>) here.\n"},
		{"markdown first line", "[a link](<a b>)\n"},
		{"markdown heading", "# About [this](<a b>)\n"},
		{"markdown block quote", "> quoted\n> and [a link](<a b>)\n"},
		{"markdown list", "- one\n- two [a link](<a b>)\n  - three [b](<c d>)\n"},
		{"markdown definition", "[x]\n\n[x]: <a b>\n"},
		{"markdown raw html", "<div>\n<a href=\"a b\">x</a>\n</div>\n"},
		{"markdown crlf", "text\r\n[a](<a b>)\r\n"},
	} {
		docs = append(docs, doc{d.name, d.text, extract.KindMarkdown, "", "fsegment/char"})
	}
	tried := 0
	for _, d := range docs {
		l, err := lint.New(lint.Options{Enable: []string{d.rule}, Retrieval: d.base})
		if err != nil {
			t.Fatal(err)
		}
		findings := l.File("doc", []byte(d.text), d.kind)
		for i := range findings {
			f := &findings[i]
			if f.Rule != d.rule {
				continue
			}
			at, directive, ok := suppression(d.text, d.kind, f)
			if !ok {
				continue
			}
			tried++
			text := d.text[:at] + directive + d.text[at:]
			count := func(findings []lint.Finding) (n int) {
				for _, g := range findings {
					if g.Rule == f.Rule && g.URL == f.URL {
						n++
					}
				}
				return n
			}
			after := l.File("doc", []byte(text), d.kind)
			if count(after) >= count(findings) {
				t.Errorf("%s: %s still reported after the directive:\n%s", d.name, f.Rule, text)
			}
			for _, g := range after {
				if g.Rule == lint.RuleSuppressUnused || g.Rule == lint.RuleSuppressMalformed {
					t.Errorf("%s: %s: %s:\n%s", d.name, g.Rule, g.Message, text)
				}
			}
		}
	}
	if tried < 20 {
		t.Errorf("only %d suppressions tried", tried)
	}
	// No directive where a kind has none, nor for the rules of directives
	// and of the input.
	for _, c := range []struct {
		kind extract.Kind
		rule string
	}{{extract.KindText, "fsegment/char"}, {extract.KindCSS, "fsegment/char"}, {extract.KindMessage, "fsegment/char"},
		{extract.KindHTML, lint.RuleSuppressUnused}, {extract.KindHTML, "input/html-too-deep"}} {
		if _, _, ok := suppression("x", c.kind, &lint.Finding{Rule: c.rule}); ok {
			t.Errorf("%v, %s: a directive offered", c.kind, c.rule)
		}
	}
	// Nor inside an element whose text is not HTML.
	for _, text := range []string{"<style>\np { background: url('a b') }\n</style>\n", "<STYLE type=text/css>\n\n@import 'a b';</style>"} {
		l, _ := lint.New(lint.Options{})
		findings := l.File("doc", []byte(text), extract.KindHTML)
		if len(findings) == 0 {
			t.Fatalf("%q: no finding", text)
		}
		if _, _, ok := suppression(text, extract.KindHTML, &findings[0]); ok {
			t.Errorf("%q: a directive offered inside the style element", text)
		}
	}
}

// TestSuppressHereKeepsThePage: "suppress here" writes its directive
// where the page does not change (decision E-12); ‸ marks where it goes,
// and a document without ‸ gets none. Before, it wrote a line of its own
// above the finding's line everywhere: a blank line inside <pre>, a
// numbered list split in two, a table ended, a paragraph split.
func TestSuppressHereKeepsThePage(t *testing.T) {
	const d = "<!-- relurl:ignore fsegment/char -->"
	for _, c := range []struct {
		name string
		kind extract.Kind
		doc  string // ‸ marks the place
		ins  string // what is inserted there
	}{
		// Markdown.
		{"md first paragraph line", extract.KindMarkdown, "Text.\n\n‸[a](<a b>) here.\n", d + "\n"},
		{"md paragraph continuation", extract.KindMarkdown, "Some text‸\nand [a link](<a b>) here.\n", " " + d},
		{"md hard break", extract.KindMarkdown, "Some text‸  \nand [a link](<a b>) here.\n", " " + d},
		{"md backslash break", extract.KindMarkdown, "Some text‸\\\nand [a link](<a b>) here.\n", " " + d + " "},
		{"md numbered list", extract.KindMarkdown, "1. one‸\n2. two [a](<a b>)\n3. three\n", " " + d},
		{"md nested list", extract.KindMarkdown, "- one\n‸  - two [a](<a b>)\n", "  " + d + "\n"},
		{"md block quote", extract.KindMarkdown, "> quoted‸\n> and [a link](<a b>)\n", " " + d},
		{"md alert", extract.KindMarkdown, "> [!NOTE]\n> See ‸[a](<a b>)\n", d},
		{"md table row", extract.KindMarkdown, "| a | b |\n|---|---|\n| ‸[x](<a b>) | y |\n", d},
		{"md table second row", extract.KindMarkdown, "| a | b |\n|---|---|\n| c | d‸ |\n| [x](<a b>) | y |\n", " " + d + " "},
		{"md raw pre", extract.KindMarkdown, "<pre>\nline one‸\n<a href=\"a b\">x</a>\n</pre>\n", d},
		{"md raw pre first line", extract.KindMarkdown, "‸<pre><a href=\"a b\">x</a>\n</pre>\n", d + "\n"},
		{"md raw pre second line", extract.KindMarkdown, "<pre>x‸\n<a href=\"a b\">x</a>\n</pre>\n", d},
		{"md heading", extract.KindMarkdown, "‸# About [this](<a b>)\n", d + "\n"},
		{"md setext heading", extract.KindMarkdown, "Intro.\n\n‸About [this](<a b>)\n=====\n", d + "\n"},
		{"md task", extract.KindMarkdown, "- [ ] one‸\n- [ ] two [a](<a b>)\n", " " + d},
		// HTML.
		{"html line", extract.KindHTML, "<p>\n‸<a href=\"a b\">x</a>\n</p>\n", d + "\n"},
		{"html pre", extract.KindHTML, "<pre>\nline one\n‸<a href=\"a b\">x</a>\n</pre>\n", d},
		{"html pre indented", extract.KindHTML, "<PRE>\n  ‸<a href=\"a b\">x</a>\n</PRE>\n", d},
		{"html listing", extract.KindHTML, "<listing>\n‸<a href=\"a b\">x</a></listing>\n", d},
		{"html after textarea", extract.KindHTML, "<textarea>\nx\n</textarea>‸<a href=\"a b\">x</a>\n", d},
		{"html after pre", extract.KindHTML, "<pre>x</pre>\n‸<a href=\"a b\">x</a>\n", d + "\n"},
	} {
		at := strings.Index(c.doc, "‸")
		text := strings.Replace(c.doc, "‸", "", 1)
		l, err := lint.New(lint.Options{})
		if err != nil {
			t.Fatal(err)
		}
		var f *lint.Finding
		findings := l.File("doc", []byte(text), c.kind)
		for i := range findings {
			if findings[i].Rule == "fsegment/char" {
				f = &findings[i]
				break
			}
		}
		if f == nil {
			t.Errorf("%s: no fsegment/char finding in %q: %v", c.name, text, findings)
			continue
		}
		got, ins, ok := suppression(text, c.kind, f)
		switch {
		case at < 0 && ok:
			t.Errorf("%s: a directive offered at %d: %q", c.name, got, text[:got]+ins+text[got:])
		case at >= 0 && !ok:
			t.Errorf("%s: no directive offered", c.name)
		case at >= 0 && (got != at || ins != c.ins):
			t.Errorf("%s: %q, want %q", c.name, text[:got]+ins+text[got:], text[:at]+c.ins+text[at:])
		}
	}
}
