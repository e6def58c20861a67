package lsp

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// targetCodes returns the codes and lines of a publishDiagnostics'
// diagnostics, "code@line" each, in order.
func targetCodes(m json.RawMessage) string {
	var v struct {
		Params PublishDiagnosticsParams `json:"params"`
	}
	_ = json.Unmarshal(m, &v)
	var out []string
	for _, d := range v.Params.Diagnostics {
		out = append(out, fmt.Sprintf("%s@%d", d.Code, d.Range.Start.Line))
	}
	return strings.Join(out, " ")
}

// TestTargets: the target rules in the editor, from the workspace's
// tree: a missing file and a fragment no anchor has; a file created
// (told by didChangeWatchedFiles) mends the first; an anchor added to
// an open document, not saved, mends the second in the document that
// links to it; closed again, the document's anchors are the file's on
// disk. The hover says where each link leads. The configuration's
// [targets] check = false turns them off.
func TestTargets(t *testing.T) {
	dir := t.TempDir()
	write := func(name, s string) {
		t.Helper()
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("guide/intro.md", "# Intro\n\n## Usage\n")
	index := filepath.Join(dir, "index.html")
	intro := filepath.Join(dir, "guide", "intro.md")
	indexURI, introURI := pathURI(index), pathURI(intro)
	page := lines(
		`<a href="guide/intro.md#usage">usage</a>`,
		`<a href="guide/intro.md#setup">setup</a>`,
		`<a href="faq.html">faq</a>`,
		`<a href="/guide/intro.md">root-relative</a>`,
		`<a href="../up.html">up</a>`)

	c := startServer(t, opts, nil)
	c.send(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"processId":null,"rootUri":"` + pathURI(dir) + `","capabilities":{}}}`)
	c.next(response("1"))
	c.send(`{"jsonrpc":"2.0","method":"initialized","params":{}}`)
	c.open(indexURI, "html", page)
	if got, want := targetCodes(c.next(diagnosticsOf(indexURI, 1))), "target/fragment@1 target/missing@2 target/outside@4"; got != want {
		t.Fatalf("index.html: %s, want %s", got, want)
	}

	// The hover says where a link leads, and whether its anchor is there.
	for i, tc := range []struct {
		line int
		want string
	}{
		{0, `It leads to "guide/intro.md" under the root, which exists, with the anchor "#usage".`},
		// No base: §4 against the URL the file is served at, as the
		// target rules resolve it, and so the three readings.
		{0, `§4 against "http://site.invalid/index.html" (the URL the file is served at under its root, as the target rules read it; the document has no base, §3.4): "http://site.invalid/guide/intro.md#usage"`},
		{0, `RFC 1808, RFC 3986 (Go's net/url) and the WHATWG URL Standard read it alike.`},
		{4, `§4 against "http://site.invalid/index.html" (the URL the file is served at under its root, as the target rules read it; the document has no base, §3.4): "http://site.invalid/../up.html"`},
		{1, `It leads to "guide/intro.md" under the root, which exists, but has no anchor "#setup".`},
		{2, `It leads to "faq.html" under the root: no such file.`},
		{3, `It leads to "guide/intro.md" under the root, which exists.`},
		{4, "It leads out of the tree"},
	} {
		if got := c.hoverText(t, 10+i, indexURI, Position{tc.line, 12}); !strings.Contains(got, tc.want) {
			t.Errorf("hover on line %d: %q, want it to say %q", tc.line, got, tc.want)
		}
	}

	// faq.html is created; the client's watcher says so.
	write("faq.html", "<h1>FAQ</h1>\n")
	c.send(`{"jsonrpc":"2.0","method":"workspace/didChangeWatchedFiles","params":{"changes":[{"uri":"` + pathURI(filepath.Join(dir, "faq.html")) + `","type":1}]}}`)
	if got, want := targetCodes(c.next(diagnosticsOf(indexURI, 1))), "target/fragment@1 target/outside@4"; got != want {
		t.Errorf("after faq.html is created: %s, want %s", got, want)
	}

	// intro.md, opened and given a heading "Setup" in the editor: the
	// fragment of index.html names it, though the file on disk has none.
	c.open(introURI, "markdown", "# Intro\n\n## Usage\n")
	c.next(diagnosticsOf(introURI, 1))
	c.change(introURI, 2, "# Intro\n\n## Usage\n\n## Setup\n")
	c.next(diagnosticsOf(introURI, 2))
	if got, want := targetCodes(c.next(diagnosticsOf(indexURI, 1))), "target/outside@4"; got != want {
		t.Errorf("after intro.md has a heading Setup: %s, want %s", got, want)
	}
	// Closed without saving: the file on disk has no Setup.
	c.send(`{"jsonrpc":"2.0","method":"textDocument/didClose","params":{"textDocument":{"uri":"` + introURI + `"}}}`)
	c.next(diagnosticsOf(introURI, -1))
	if got, want := targetCodes(c.next(diagnosticsOf(indexURI, 1))), "target/fragment@1 target/outside@4"; got != want {
		t.Errorf("after intro.md is closed: %s, want %s", got, want)
	}

	// [targets] check = false.
	write(configName, lines(`[targets]`, `check = false`))
	c.send(`{"jsonrpc":"2.0","method":"workspace/didChangeWatchedFiles","params":{"changes":[{"uri":"` + pathURI(filepath.Join(dir, configName)) + `","type":1}]}}`)
	if got := targetCodes(c.next(diagnosticsOf(indexURI, 1))); got != "" {
		t.Errorf("with [targets] check = false: %s, want none", got)
	}
	if code := c.shutdown(); code != 0 {
		t.Errorf("exit code %d", code)
	}
}

// TestNoTargets: with NoTargets, as relurl lsp --no-targets, a link to a
// missing file is no finding.
func TestNoTargets(t *testing.T) {
	dir := t.TempDir()
	uri := pathURI(filepath.Join(dir, "index.html"))
	o := opts
	o.NoTargets = true
	c := startServer(t, o, nil)
	c.send(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"processId":null,"rootUri":"` + pathURI(dir) + `","capabilities":{}}}`)
	c.next(response("1"))
	c.send(`{"jsonrpc":"2.0","method":"initialized","params":{}}`)
	c.open(uri, "html", `<a href="faq.html#x">faq</a>`+"\n")
	if got := targetCodes(c.next(diagnosticsOf(uri, 1))); got != "" {
		t.Errorf("with NoTargets: %s, want none", got)
	}
	if code := c.shutdown(); code != 0 {
		t.Errorf("exit code %d", code)
	}
}

// TestHoverAgreesWithDiagnostics: on every link of examples/docs that a
// target rule reports, the hover says what the finding says (decision
// E-11): no file, no anchor, out of the tree.
func TestHoverAgreesWithDiagnostics(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join("..", "..", "..", "examples", "docs")
	var files []string
	err := filepath.WalkDir(src, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		writeFiles(t, dir, map[string]string{filepath.ToSlash(rel): string(data)})
		if strings.HasSuffix(p, ".html") || strings.HasSuffix(p, ".md") {
			files = append(files, filepath.Join(dir, rel))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	says := map[string][]string{
		"target/missing":  {"under the root: "},
		"target/fragment": {", but has no anchor "},
		"target/outside":  {"It leads out of the tree", "which leads out of the tree"},
		"target/case":     {"which exists only as"},
	}
	c := startServer(t, opts, nil)
	c.send(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"processId":null,"rootUri":"` + pathURI(dir) + `","capabilities":{}}}`)
	c.next(response("1"))
	c.send(`{"jsonrpc":"2.0","method":"initialized","params":{}}`)
	id, checked := 100, 0
	for _, f := range files {
		data, _ := os.ReadFile(f)
		uri := pathURI(f)
		c.open(uri, map[bool]string{true: "markdown", false: "html"}[strings.HasSuffix(f, ".md")], string(data))
		var v struct {
			Params PublishDiagnosticsParams `json:"params"`
		}
		if err := json.Unmarshal(c.next(diagnosticsOf(uri, 1)), &v); err != nil {
			t.Fatal(err)
		}
		for _, d := range v.Params.Diagnostics {
			want, ok := says[fmt.Sprint(d.Code)]
			if !ok {
				continue
			}
			id++
			hover := c.hoverText(t, id, uri, d.Range.Start)
			agree := false
			for _, w := range want {
				// "It leads …", or "As browsers read it (…): it leads …".
				agree = agree || strings.Contains(strings.ToLower(hover), strings.ToLower(w))
			}
			if !agree {
				t.Errorf("%s:%d: %s %q; the hover says %q", filepath.Base(f), d.Range.Start.Line+1, d.Code, d.Message, hover)
			}
			checked++
		}
	}
	if checked == 0 {
		t.Fatal("no target finding in examples/docs to hover on")
	}
	t.Logf("%d target findings, each with a hover that says as much", checked)
	if code := c.shutdown(); code != 0 {
		t.Errorf("exit code %d", code)
	}
}

// TestHoverRedirect: the hover on a link to a redirect page says where
// the page sends the reader, with the fragment looked for there, or what
// goes wrong on the way.
func TestHoverRedirect(t *testing.T) {
	dir := t.TempDir()
	for name, s := range map[string]string{
		"old.html":  `<meta http-equiv="refresh" content="0; url=mid.html"><script>location.replace("mid.html" + location.hash)</script>`,
		"mid.html":  `<meta http-equiv="refresh" content="0; url=new.html"><script>location.replace("new.html" + location.hash)</script>`,
		"new.html":  `<h1 id="usage">Usage</h1>`,
		"bare.html": `<meta http-equiv="refresh" content="0; url=new.html">`,
		"loop.html": `<meta http-equiv="refresh" content="0; url=loop.html">`,
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	indexURI := pathURI(filepath.Join(dir, "index.html"))
	page := lines(
		`<a href="old.html#usage">usage</a>`,
		`<a href="old.html">old</a>`,
		`<a href="bare.html#usage">bare</a>`,
		`<a href="loop.html">loop</a>`)
	c := startServer(t, opts, nil)
	c.send(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"processId":null,"rootUri":"` + pathURI(dir) + `","capabilities":{}}}`)
	c.next(response("1"))
	c.send(`{"jsonrpc":"2.0","method":"initialized","params":{}}`)
	c.open(indexURI, "html", page)
	c.next(diagnosticsOf(indexURI, 1))
	for i, tc := range []struct {
		line int
		want string
	}{
		{0, `It leads to "old.html" under the root, a redirect page that sends the reader on to "new.html" (through 2 redirect pages), with the anchor "#usage".`},
		{1, `It leads to "old.html" under the root, a redirect page that sends the reader on to "new.html" (through 2 redirect pages).`},
		{2, `It leads to "bare.html" under the root, which exists; "bare.html" is a redirect page that leads to "new.html", and it drops the fragment`},
		{3, `It leads to "loop.html" under the root, which exists; "loop.html" is a redirect page whose redirects loop`},
	} {
		if got := c.hoverText(t, 10+i, indexURI, Position{tc.line, 12}); !strings.Contains(got, tc.want) {
			t.Errorf("hover on line %d: %q, want it to say %q", tc.line, got, tc.want)
		}
	}
}

// hoverText asks the server, as request id, for the hover at pos in the
// document uri, and returns its text.
func (c *client) hoverText(t *testing.T, id int, uri string, pos Position) string {
	t.Helper()
	c.sendJSON(map[string]any{"jsonrpc": "2.0", "id": id, "method": "textDocument/hover",
		"params": TextDocumentPositionParams{TextDocument: TextDocumentIdentifier{URI: uri}, Position: pos}})
	var resp struct {
		Result Hover `json:"result"`
	}
	if err := json.Unmarshal(c.next(response(fmt.Sprint(id))), &resp); err != nil {
		t.Fatal(err)
	}
	return resp.Result.Contents.Value
}
