package lsp

import (
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/relurl/relurl/lint/internal/extract"
	"github.com/relurl/relurl/lint/internal/format"
	"github.com/relurl/relurl/lint/internal/htmlfloor"
	"github.com/relurl/relurl/lint/internal/lint"
	"github.com/relurl/relurl/lint/internal/runner"
)

// benchMarkdown is a Markdown document of about n bytes: prose with a
// link every 150 bytes or so, a few of them bad, and some non-ASCII text.
func benchMarkdown(n int) string {
	links := []string{"/about/team.html", "../b/c.html#s", "https://www.example.com/x?id=1&l=en", "page.html",
		"#top", "//cdn.example.net/app.js", "/docs/guide/intro.html", "images/photo-7.jpg", "../../index.html",
		"https://github.com/relurl/relurl", "/search?q=url&page=2", "style.css", "./local/file.html",
		"<a b.html>", "../../../../up.html", "http://example.org/path/to/page?x=1#frag"}
	words := strings.Fields("lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor café 𝄞")
	rng := rand.New(rand.NewPCG(7, 8))
	text := func() string {
		var w []string
		for range 3 + rng.IntN(10) {
			w = append(w, words[rng.IntN(len(words))])
		}
		return strings.Join(w, " ")
	}
	var b strings.Builder
	b.WriteString("# Title\n\n")
	for b.Len() < n {
		fmt.Fprintf(&b, "%s [%s](%s) %s.\n", text(), text(), links[rng.IntN(len(links))], text())
		if rng.IntN(5) == 0 {
			fmt.Fprintf(&b, "\n## %s\n\n- %s `code`\n\n", text(), text())
		}
	}
	return b.String()
}

// BenchmarkChangeToDiagnostics measures the latency from a didChange of a
// 1 MB Markdown document to its publishDiagnostics, through the pipes and
// the JSON of a client in-process (change-ns/op), beside relurl lint's run
// over the same text in a file (lint/runner with the text format, as
// "relurl lint FILE" does; lint-ns/op), the two taken in turn in each
// iteration; x-lint is the first over the second. The server computes the
// findings' fixes too, for its code actions; relurl lint with the text
// format does not.
func BenchmarkChangeToDiagnostics(b *testing.B) {
	body := benchMarkdown(1 << 20)
	dir := b.TempDir()
	path := filepath.Join(dir, "doc.md")
	c := startServer(b, opts, nil)
	c.initialize(`{}`)
	uri := pathURI(path)
	c.open(uri, "markdown", body)
	lastDiagnostics(c, uri, 1)
	l, err := lint.New(lint.Options{})
	if err != nil {
		b.Fatal(err)
	}
	rep, err := format.New("text", io.Discard, format.Options{})
	if err != nil {
		b.Fatal(err)
	}
	var change, linted time.Duration
	b.SetBytes(int64(len(body)))
	version := 1
	for b.Loop() {
		version++
		text := body + fmt.Sprintf("[last](<v%d x>)\n", version)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			b.Fatal(err)
		}
		start := time.Now()
		c.change(uri, version, text)
		if got, _ := lastDiagnostics(c, uri, version); len(got.Diagnostics) == 0 {
			b.Fatal("no diagnostics")
		}
		change += time.Since(start)
		start = time.Now()
		run := runner.Run{Linter: l, Jobs: 1}
		if _, err := run.Lint([]string{path}, rep); err != nil {
			b.Fatal(err)
		}
		linted += time.Since(start)
	}
	n := float64(version - 1)
	b.ReportMetric(float64(change.Nanoseconds())/n, "change-ns/op")
	b.ReportMetric(float64(linted.Nanoseconds())/n, "lint-ns/op")
	b.ReportMetric(float64(change)/float64(linted), "x-lint")
}

// pythonDocs is the Python documentation as Debian's python3.11-doc
// installs it.
const pythonDocs = "/usr/share/doc/python3.11/html"

// BenchmarkCheckDisk measures what the server's check of the disk costs
// (decision E-10) with library/functions.html of the Python docs open:
// one check of what its tree read (check-ns/op: the directories listed
// and the documents whose anchors were read, seen-paths of them) beside
// one lint of the document (lint-ns/op), the two taken in turn in each
// iteration; x-lint is the first over the second. The server checks four
// times a second: idle, it spends 4 × check-ns/op a second.
func BenchmarkCheckDisk(b *testing.B) {
	path := filepath.Join(pythonDocs, "library", "functions.html")
	data, err := os.ReadFile(path)
	if err != nil {
		b.Skipf("no Python docs (apt-get install python3.11-doc): %v", err)
	}
	o := opts
	var srv *server
	c := startServer(b, o, func(s *server) { srv = s })
	c.send(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"processId":null,"rootUri":"` + pathURI(pythonDocs) + `","capabilities":{}}}`)
	c.next(response("1"))
	c.send(`{"jsonrpc":"2.0","method":"initialized","params":{}}`)
	uri := pathURI(path)
	c.open(uri, "html", string(data))
	c.next(diagnosticsOf(uri, 1))
	set := srv.ws.setupFor(path)
	st := srv.targets.treeFor(set)
	dirs, docs := st.seen.size()
	var check, linted time.Duration
	n := 0
	for b.Loop() {
		n++
		start := time.Now()
		srv.checkDisk()
		check += time.Since(start)
		start = time.Now()
		srv.check(set.linter, path, string(data), extract.KindHTML, set.retrieval, st.targetsOf(path, path))
		linted += time.Since(start)
	}
	b.ReportMetric(float64(dirs+docs), "seen-paths")
	b.ReportMetric(float64(check.Nanoseconds())/float64(n), "check-ns/op")
	b.ReportMetric(float64(linted.Nanoseconds())/float64(n), "lint-ns/op")
	b.ReportMetric(float64(check)/float64(linted), "x-lint")
}

// benchHTML is an HTML page of about n bytes, as a documentation
// generator writes one: sections with a table of contents of links within
// the page and to other sites, paragraphs, non-ASCII text, and one link
// in about 400 bad (a space in a path).
func benchHTML(n int) string {
	rng := rand.New(rand.NewPCG(5, 6))
	var b strings.Builder
	b.WriteString("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Contents</title>\n" +
		"<style>a { color: navy }</style></head>\n<body>\n")
	for i := 0; b.Len() < n; i++ {
		fmt.Fprintf(&b, "<section id=\"s%d\"><h2>Section %d — café<a class=\"headerlink\" href=\"#s%d\" title=\"Link\">¶</a></h2>\n<ul>\n", i, i, i)
		for j := range 6 {
			href := fmt.Sprintf("#s%d", rng.IntN(i+1))
			switch k := rng.IntN(400); {
			case k == 0:
				href = "https://docs.example.org/a b.html"
			case k < 200:
				href = fmt.Sprintf("https://docs.example.org/3/library/m%d.html#x", rng.IntN(1000))
			}
			fmt.Fprintf(&b, "<li class=\"toctree-l%d\"><a class=\"reference internal\" href=\"%s\">Item &amp; %d</a></li>\n", j%3+1, href, j)
		}
		b.WriteString("</ul>\n<p>Some text, <em>emphasis</em>, <code>code</code> and more text.</p></section>\n")
	}
	b.WriteString("</body></html>\n")
	return b.String()
}

// BenchmarkOpenToDiagnostics measures the latency from the didOpen of a
// 5 MB HTML page to its first publishDiagnostics, through the pipes and
// the JSON of a client in-process (open-ns/op), beside the floor of
// internal/htmlfloor over the page: x/net/html's tokenizer alone, the
// server's reader before internal/htmlscan (decision X-1), reading every
// start tag and attribute (tokenizer-ns/op); x-tokenizer is the first
// over the second. The page is on disk, as a page opened in an editor
// is, and closed after each iteration.
func BenchmarkOpenToDiagnostics(b *testing.B) {
	body := benchHTML(5_000_000)
	page := []byte(body)
	path := filepath.Join(b.TempDir(), "contents.html")
	if err := os.WriteFile(path, page, 0o644); err != nil {
		b.Fatal(err)
	}
	uri := pathURI(path)
	c := startServer(b, opts, nil)
	c.initialize(`{}`)
	var open, tokenized time.Duration
	b.SetBytes(int64(len(body)))
	n, diags := 0, 0
	for b.Loop() {
		n++
		start := time.Now()
		c.open(uri, "html", body)
		got, _ := lastDiagnostics(c, uri, 1)
		open += time.Since(start)
		diags = len(got.Diagnostics)
		c.send(`{"jsonrpc":"2.0","method":"textDocument/didClose","params":{"textDocument":{"uri":"` + uri + `"}}}`)
		c.next(diagnosticsOf(uri, -1))
		start = time.Now()
		var floor htmlfloor.Counts
		floor.Tokenize(page)
		tokenized += time.Since(start)
		if floor.Attrs == 0 {
			b.Fatal("the tokenizer read no attribute")
		}
	}
	if diags == 0 {
		b.Fatal("no diagnostics")
	}
	b.ReportMetric(float64(diags), "diagnostics")
	b.ReportMetric(float64(open.Nanoseconds())/float64(n), "open-ns/op")
	b.ReportMetric(float64(tokenized.Nanoseconds())/float64(n), "tokenizer-ns/op")
	b.ReportMetric(float64(open)/float64(tokenized), "x-tokenizer")
}
