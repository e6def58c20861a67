package fuzz

import (
	"encoding/json"
	"encoding/xml"
	"flag"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/leanovate/gopter"
	"github.com/relurl/relurl/ast"
	"github.com/relurl/relurl/internal/cases"
	"github.com/relurl/relurl/internal/fuzzseed"
	"github.com/relurl/relurl/internal/gen"
)

var writeCorpus = flag.Bool("write-corpus", false, "rewrite the generated seed corpora of every fuzz target in the module")

// corpusSize is the number of generated seeds per target.
const corpusSize = 64

// generatedPrefixes are the names of the seed files the corpus writer
// owns; others in a corpus directory (crashers, named by Go after their
// hash) are left alone.
var generatedPrefixes = []string{"rfc5-", "table-", "gen-", "doc-", "bytes-"}

// TestSeedCorpora checks that every fuzz target of the module has its
// seed corpus in testdata/fuzz/<target> beside it, as "make corpus"
// writes it (with -write-corpus it writes them). The seeds are chosen by
// the fuzz function's arguments, the one place that says what a target
// reads:
//
//	(s string)                    a URL: the §5 examples, every case of
//	                              testdata/urls.txt, generated URLs, a third
//	                              of them with a known violation
//	(base, ref string) and other  a base and a reference: the §5 pairs and
//	pairs of strings              generated generic-RL bases and URLs
//	(doc string)                  an HTML document or a message around
//	                              generated URLs
//	(html string), (markdown      a document of that kind around generated
//	string), (css string), (xml   URLs (the argument's name says what the
//	string)                       target reads; see documentArgs)
//	(data []byte, kind uint8)     a URL list, an HTML document or a message
//	                              (kind 0, 1, 2) around generated URLs
//	(stream []byte)               what a language server reads: messages of
//	                              the base protocol of LSP opening a
//	                              document around generated URLs
//	(data []byte)                 the choices of package gen's productions:
//	                              random bytes, any of which build a URL
//
// The generators run with a fixed seed, so the files change only when the
// generators, the case table or §5's list do; OSS-Fuzz's seed corpus zips
// are made of these same files (internal/seedzip).
func TestSeedCorpora(t *testing.T) {
	table, err := cases.Load("../testdata/urls.txt")
	if err != nil {
		t.Fatal(err)
	}
	var inputs []string
	for _, c := range table {
		inputs = append(inputs, c.Input)
	}
	for _, tg := range findTargets(t) {
		want, err := seedsFor(tg, inputs)
		if err != nil {
			t.Errorf("%s: %v", tg.name, err)
			continue
		}
		fuzzseed.Sync(t, filepath.Join(moduleRoot, tg.dir, "testdata", "fuzz", tg.name), fuzzseed.Prefixed(generatedPrefixes...), want, *writeCorpus,
			"run make corpus")
	}
}

// seedsFor returns the generated seed files of a target, by name.
func seedsFor(tg target, table []string) (map[string]string, error) {
	p := gopter.DefaultGenParameters().WithSize(20).CloneWithSeed(1808)
	urls, bases, invalid := gen.URL(), gen.GenericRL(), gen.Invalid()
	url := func(i int) string {
		if i%3 == 2 {
			return invalid(p).Result.(gen.Violation).Input
		}
		return urls(p).Result.(ast.URL).String()
	}
	out := map[string]string{}
	add := func(name string, args ...any) { out[name] = fuzzseed.File(args...) }
	switch sig := tg.signature(); {
	case sig == "string" && documentArgs[tg.params[0]] != nil:
		kinds := documentArgs[tg.params[0]]
		for i := range corpusSize / 2 {
			add(fmt.Sprintf("doc-%02d", i), document(kinds[i%len(kinds)], bases(p).Result.(ast.URL).String(), url, i))
		}
	case sig == "string":
		for i, s := range section5 {
			add(fmt.Sprintf("rfc5-%02d", i), s)
		}
		for i, s := range table {
			add(fmt.Sprintf("table-%03d", i), s)
		}
		for i := range corpusSize {
			add(fmt.Sprintf("gen-%02d", i), url(i))
		}
	case sig == "string, string":
		for i, r := range section5[1:] {
			add(fmt.Sprintf("rfc5-%02d", i), section5[0], r)
		}
		for i := range corpusSize {
			add(fmt.Sprintf("gen-%02d", i), bases(p).Result.(ast.URL).String(), url(i))
		}
	case sig == "[]byte, uint8":
		for i := range corpusSize {
			kind := uint8(i % 3)
			add(fmt.Sprintf("doc-%02d", i), []byte(document(fileKinds[kind], bases(p).Result.(ast.URL).String(), url, i)), kind)
		}
	case sig == "[]byte" && tg.params[0] == "stream []byte":
		for i := range corpusSize {
			add(fmt.Sprintf("doc-%02d", i), []byte(lspStream(document(lspKinds[i%len(lspKinds)], bases(p).Result.(ast.URL).String(), url, i), i)))
		}
	case sig == "[]byte":
		r := rand.New(rand.NewPCG(1808, 13))
		for i := range corpusSize {
			b := make([]byte, 1+r.IntN(64))
			for j := range b {
				b[j] = byte(r.IntN(256))
			}
			add(fmt.Sprintf("bytes-%02d", i), b)
		}
	default:
		return nil, fmt.Errorf("no seeds for arguments (%s)", sig)
	}
	return out, nil
}

// documentArgs are the string arguments that name a kind of document,
// with the kinds of the seeds written for them, in turn.
var documentArgs = map[string][]string{
	"doc string":      {"html", "message"},
	"html string":     {"html"},
	"markdown string": {"markdown"},
	"css string":      {"css"},
	"xml string":      {"xml"},
}

// lspKinds are the kinds of the documents a (stream []byte) target's
// seeds open, in turn.
var lspKinds = []string{"html", "markdown", "css", "xml", "text", "message"}

// lspStream writes what a language server's client sends: initialize,
// the document doc opened, a hover and shutdown, framed by the base
// protocol of LSP, each i-th seed with its headers written otherwise (in
// lower case, lines ended by "\n" alone, a Content-Type) or bytes that are
// no message between two messages.
func lspStream(doc string, i int) string {
	text, _ := json.Marshal(doc)
	msgs := []string{
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"processId":null,"rootUri":null,"capabilities":{}}}`,
		`{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///doc","languageId":"","version":1,"text":` + string(text) + `}}}`,
		`{"jsonrpc":"2.0","id":2,"method":"textDocument/hover","params":{"textDocument":{"uri":"file:///doc"},"position":{"line":0,"character":` + strconv.Itoa(i) + `}}}`,
		`{"jsonrpc":"2.0","id":3,"method":"shutdown"}`,
	}
	var b strings.Builder
	for j, m := range msgs {
		switch (i + j) % 5 {
		case 1:
			fmt.Fprintf(&b, "content-length:%d\n\n%s", len(m), m)
		case 2:
			fmt.Fprintf(&b, "Content-Length: %d\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n%s", len(m), m)
		case 3:
			fmt.Fprintf(&b, "{\"no\":\"header\"}\r\nContent-Length: %d\r\n\r\n%s", len(m), m)
		default:
			fmt.Fprintf(&b, "Content-Length: %d\r\n\r\n%s", len(m), m)
		}
	}
	return b.String()
}

// fileKinds are the kinds of a (data []byte, kind uint8) target's kind
// argument, by its value modulo 3, as the linter's targets read it.
var fileKinds = []string{"text", "html", "message"}

// document writes a document of a kind around a few generated references
// url(i), url(i+1), url(i+2), with base as its base where the kind has
// one: a URL list ("text", the base first), an HTML document with a BASE
// element ("html"), a message with a Base header around one ("message"),
// Markdown links, an image, an autolink and a definition ("markdown"), a
// style sheet's url() and @import ("css"), or an XML document under an
// xml:base, in turn an Atom feed, a sitemap and SVG ("xml").
func document(kind, base string, url func(int) string, i int) string {
	refs := []string{url(i), url(i + 1), url(i + 2)}
	switch kind {
	case "text":
		return base + "\n" + strings.Join(refs, "\n") + "\n"
	case "markdown":
		return "# Links\n\nA [link](" + refs[0] + "), an ![image](<" + refs[1] + "> \"title\") and <" + refs[2] + ">.\n\n[ref]: " + refs[0] + "\n"
	case "css":
		q := strings.NewReplacer(`\`, `\\`, `"`, `\"`)
		return "@import \"" + q.Replace(refs[0]) + "\";\na { background: url(" + refs[1] + ") }\nb { cursor: url(\"" + q.Replace(refs[2]) + "\"), auto }\n"
	case "xml":
		var e [3]strings.Builder
		for j, r := range refs {
			_ = xml.EscapeText(&e[j], []byte(r))
		}
		var b strings.Builder
		_ = xml.EscapeText(&b, []byte(base))
		switch i % 3 {
		case 0:
			return `<?xml version="1.0" encoding="utf-8"?>` + "\n" + `<feed xmlns="http://www.w3.org/2005/Atom" xml:base="` + b.String() + `"><link href="` + e[0].String() +
				`"/><icon>` + e[1].String() + `</icon><entry xml:base="` + e[2].String() + `"><link href="` + e[0].String() + `"/></entry></feed>` + "\n"
		case 1:
			return `<?xml version="1.0" encoding="UTF-8"?>` + "\n" + `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>` + e[0].String() +
				`</loc></url><url><loc><![CDATA[` + refs[1] + `]]></loc></url></urlset>` + "\n"
		default:
			return `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" xml:base="` + b.String() + `"><a xlink:href="` + e[0].String() +
				`"><image href="` + e[1].String() + `"/></a><style>.a { background: url(` + e[2].String() + `) }</style></svg>` + "\n"
		}
	}
	var b strings.Builder
	b.WriteString(`<html><head><base href="` + base + `"></head><body>`)
	for _, r := range refs {
		b.WriteString(`<a href="` + r + `">x</a><img src='` + r + `'>`)
	}
	b.WriteString("</body></html>\n")
	if kind == "html" {
		return b.String()
	}
	return "Base: <URL:" + base + ">\nContent-Type: text/html\n\n" + b.String()
}
