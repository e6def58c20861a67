package lsp

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/relurl/relurl/lint/internal/extract"
	"github.com/relurl/relurl/lint/internal/lint"
	"github.com/relurl/relurl/lint/internal/target"
)

// The answer to initialize, for a client that offers nothing.
const initialized16 = `{"jsonrpc":"2.0","id":1,"result":{
	"capabilities":{"positionEncoding":"utf-16",
		"textDocumentSync":{"openClose":true,"change":1,"save":{"includeText":false}},
		"hoverProvider":true,
		"codeActionProvider":{"codeActionKinds":["quickfix","source.fixAll"]}},
	"serverInfo":{"name":"relurl","version":"test"}}}`

// opts are the options of most tests.
var opts = Options{Version: "test", DiskCheck: -1}

func TestLifecycle(t *testing.T) {
	c := startServer(t, opts, nil)
	c.send(`{"jsonrpc":"2.0","id":7,"method":"textDocument/hover","params":{}}`)
	c.expect(response("7"), `{"jsonrpc":"2.0","id":7,"error":{"code":-32002,"message":"the server is not initialized: send initialize first"}}`)
	sameJSON(t, c.initialize(`{}`), initialized16)
	c.send(`{"jsonrpc":"2.0","id":2,"method":"textDocument/definition","params":{}}`)
	c.expect(response("2"), `{"jsonrpc":"2.0","id":2,"error":{"code":-32601,"message":"method \"textDocument/definition\" is not handled by relurl lsp"}}`)
	// Notifications the server has no use for are dropped.
	c.send(`{"jsonrpc":"2.0","method":"$/setTrace","params":{"value":"off"}}`)
	c.send(`{"jsonrpc":"2.0","method":"workspace/didChangeConfiguration","params":{"settings":{}}}`)
	// A request sent as a notification, and the reverse.
	c.send(`{"jsonrpc":"2.0","id":3,"method":"initialized","params":{}}`)
	c.expect(response("3"), `{"jsonrpc":"2.0","id":3,"error":{"code":-32600,"message":"initialized is a notification"}}`)
	c.send(`{"jsonrpc":"2.0","id":"s","method":"shutdown"}`)
	c.expect(response(`"s"`), `{"jsonrpc":"2.0","id":"s","result":null}`)
	c.send(`{"jsonrpc":"2.0","id":4,"method":"textDocument/hover","params":{}}`)
	c.expect(response("4"), `{"jsonrpc":"2.0","id":4,"error":{"code":-32600,"message":"textDocument/hover after shutdown: only exit is expected"}}`)
	c.send(`{"jsonrpc":"2.0","method":"exit"}`)
	if code := c.exitCode(); code != 0 {
		t.Errorf("exit after shutdown: code %d, want 0", code)
	}
	if len(c.held) > 0 {
		t.Errorf("messages no test asked for: %s", c.held)
	}
}

func TestExitWithoutShutdown(t *testing.T) {
	c := startServer(t, opts, nil)
	c.initialize(`{}`)
	c.send(`{"jsonrpc":"2.0","method":"exit"}`)
	if code := c.exitCode(); code != 1 {
		t.Errorf("exit without shutdown: code %d, want 1", code)
	}
}

func TestEndOfInput(t *testing.T) {
	c := startServer(t, opts, nil)
	c.initialize(`{}`)
	c.in.Close()
	if code := c.exitCode(); code != 1 {
		t.Errorf("end of input without shutdown: code %d, want 1", code)
	}
	c = startServer(t, opts, nil)
	c.initialize(`{}`)
	c.send(`{"jsonrpc":"2.0","id":2,"method":"shutdown"}`)
	c.next(response("2"))
	c.in.Close()
	if code := c.exitCode(); code != 0 {
		t.Errorf("end of input after shutdown: code %d, want 0", code)
	}
}

func TestPositionEncodingChosen(t *testing.T) {
	for _, c := range []struct{ offered, want string }{
		{`{}`, "utf-16"},
		{`{"general":{"positionEncodings":["utf-16"]}}`, "utf-16"},
		{`{"general":{"positionEncodings":["utf-32","utf-8","utf-16"]}}`, "utf-8"},
		{`{"general":{"positionEncodings":["utf-32"]}}`, "utf-16"},
	} {
		s := startServer(t, opts, nil)
		var init struct {
			Result InitializeResult `json:"result"`
		}
		if err := json.Unmarshal(s.initialize(c.offered), &init); err != nil {
			t.Fatal(err)
		}
		if got := init.Result.Capabilities.PositionEncoding; got != c.want {
			t.Errorf("offered %s: positionEncoding %q, want %q", c.offered, got, c.want)
		}
	}
}

// page is an HTML document whose first line has a URL with a space after
// "é" (2 bytes, 1 UTF-16 unit) and "𝄞" (4 bytes, 2 units): the space is
// byte 21 and UTF-16 column 18.
const page = "<p>é 𝄞 <a href=\"a b.html\">x</a></p>\n"

const pageURI = "file:///nowhere/page.html"

func TestDiagnosticsUTF16(t *testing.T) {
	c := startServer(t, opts, nil)
	c.initialize(`{}`)
	c.open(pageURI, "html", page)
	c.expect(diagnosticsOf(pageURI, 1), `{"jsonrpc":"2.0","method":"textDocument/publishDiagnostics","params":{
		"uri":"file:///nowhere/page.html","version":1,"diagnostics":[{
			"range":{"start":{"line":0,"character":18},"end":{"line":0,"character":19}},
			"severity":1,"code":"fsegment/char",
			"codeDescription":{"href":"https://github.com/relurl/relurl/blob/main/docs/rules.md#fsegment-char"},
			"source":"relurl","message":"space is not allowed in fsegment; write it as %20"}]}}`)
}

func TestDiagnosticsUTF8(t *testing.T) {
	c := startServer(t, opts, nil)
	c.initialize(`{"general":{"positionEncodings":["utf-8","utf-16"]}}`)
	c.open(pageURI, "html", page)
	c.expect(diagnosticsOf(pageURI, 1), `{"jsonrpc":"2.0","method":"textDocument/publishDiagnostics","params":{
		"uri":"file:///nowhere/page.html","version":1,"diagnostics":[{
			"range":{"start":{"line":0,"character":21},"end":{"line":0,"character":22}},
			"severity":1,"code":"fsegment/char",
			"codeDescription":{"href":"https://github.com/relurl/relurl/blob/main/docs/rules.md#fsegment-char"},
			"source":"relurl","message":"space is not allowed in fsegment; write it as %20"}]}}`)
}

// kindsDocs are documents of every kind the linter reads, each with
// findings after multi-byte characters, and a line ending of each sort.
var kindsDocs = []struct {
	name, lang, text string
	kind             extract.Kind
}{
	{"page.html", "html", "<p>é\r\n<a href=\"𝄞 x\">a</a> <img src=\"http://a/%zz\"></p>\n", extract.KindHTML},
	{"notes.md", "markdown", "# Café 𝄞\n\nSee [a](<a b.html>) and <http://a/b|c>.\r\n", extract.KindMarkdown},
	{"style.css", "css", "/* é */ body { background: url(\"𝄞 a.png\") }\n@import 'http://x/%g';\n", extract.KindCSS},
	{"feed.xml", "xml", "<?xml version=\"1.0\"?>\n<feed xmlns=\"http://www.w3.org/2005/Atom\"><title>é</title><link href=\"a b\"/>\r\n<link href=\"𝄞\"/></feed>\n", extract.KindXML},
	{"mail.eml", "mail", "From: é <a@b>\nSubject: 𝄞\nBase: http://a/b\nContent-Type: text/plain\n\nSee <URL:http://a/%zz>.\n", extract.KindMessage},
	{"links.urls", "", "http://é/\nhttp://a/%zz\n\nmy:x y\n", extract.KindText},
}

// TestEveryKind: each kind's diagnostics are relurl lint's findings, the
// same rule ids, severities, messages and rule pages, at the UTF-16
// columns package lint computes for SARIF.
func TestEveryKind(t *testing.T) {
	l, err := lint.New(lint.Options{})
	if err != nil {
		t.Fatal(err)
	}
	c := startServer(t, opts, nil)
	c.initialize(`{}`)
	for _, d := range kindsDocs {
		uri := "file:///nowhere/" + d.name
		if k := kindOf(uriPath(uri), d.lang, d.text); k != d.kind {
			t.Errorf("%s: kind %v, want %v", d.name, k, d.kind)
		}
		c.open(uri, d.lang, d.text)
		want := []Diagnostic{}
		for _, f := range l.File(d.name, []byte(d.text), d.kind) {
			col, end := f.ColumnsUTF16()
			diag := Diagnostic{Range: Range{Start: Position{f.Line - 1, col - 1}, End: Position{f.EndLine - 1, end - 1}},
				Severity: severity(f.Severity), Code: f.Rule, Source: "relurl", Message: f.Message}
			r, _ := lint.Lookup(f.Rule)
			diag.CodeDescription = &CodeDescription{Href: r.DocURL()}
			want = append(want, diag)
		}
		if len(want) < 2 {
			t.Errorf("%s: %d findings; the test wants documents with at least 2", d.name, len(want))
		}
		b, _ := json.Marshal(PublishDiagnosticsParams{URI: uri, Version: ptr(int32(1)), Diagnostics: want})
		c.expect(diagnosticsOf(uri, 1), `{"jsonrpc":"2.0","method":"textDocument/publishDiagnostics","params":`+string(b)+`}`)
	}
}

func ptr[T any](v T) *T { return &v }

func TestChangeAndClose(t *testing.T) {
	c := startServer(t, opts, nil)
	c.initialize(`{}`)
	uri := "file:///nowhere/list.urls"
	c.open(uri, "", "http://a/b\n")
	c.expect(diagnosticsOf(uri, 1), `{"jsonrpc":"2.0","method":"textDocument/publishDiagnostics","params":{"uri":"file:///nowhere/list.urls","version":1,"diagnostics":[]}}`)
	c.change(uri, 2, "é\nhttp://a/%\n")
	c.expect(diagnosticsOf(uri, 2), `{"jsonrpc":"2.0","method":"textDocument/publishDiagnostics","params":{"uri":"file:///nowhere/list.urls","version":2,"diagnostics":[
		{"range":{"start":{"line":0,"character":0},"end":{"line":0,"character":1}},"severity":1,"code":"fsegment/char",
		 "codeDescription":{"href":"https://github.com/relurl/relurl/blob/main/docs/rules.md#fsegment-char"},"source":"relurl",
		 "message":"non-ASCII character 'é' (U+00E9) is not allowed in fsegment; write it as %C3%A9"},
		{"range":{"start":{"line":1,"character":9},"end":{"line":1,"character":10}},"severity":1,"code":"escape/malformed",
		 "codeDescription":{"href":"https://github.com/relurl/relurl/blob/main/docs/rules.md#escape-malformed"},"source":"relurl",
		 "message":"\"%\" is not an escape: escape = \"%\" hex hex; write a literal \"%\" as %25"}]}}`)
	// A change of a range (UTF-16 columns): "%" becomes "%41".
	c.sendJSON(map[string]any{"jsonrpc": "2.0", "method": "textDocument/didChange", "params": map[string]any{
		"textDocument":   map[string]any{"uri": uri, "version": 3},
		"contentChanges": []any{map[string]any{"range": Range{Start: Position{1, 10}, End: Position{1, 10}}, "text": "41"}}}})
	c.expect(diagnosticsOf(uri, 3), `{"jsonrpc":"2.0","method":"textDocument/publishDiagnostics","params":{"uri":"file:///nowhere/list.urls","version":3,"diagnostics":[
		{"range":{"start":{"line":0,"character":0},"end":{"line":0,"character":1}},"severity":1,"code":"fsegment/char",
		 "codeDescription":{"href":"https://github.com/relurl/relurl/blob/main/docs/rules.md#fsegment-char"},"source":"relurl",
		 "message":"non-ASCII character 'é' (U+00E9) is not allowed in fsegment; write it as %C3%A9"}]}}`)
	c.send(`{"jsonrpc":"2.0","method":"textDocument/didClose","params":{"textDocument":{"uri":"file:///nowhere/list.urls"}}}`)
	c.expect(diagnosticsOf(uri, -1), `{"jsonrpc":"2.0","method":"textDocument/publishDiagnostics","params":{"uri":"file:///nowhere/list.urls","diagnostics":[]}}`)
	// A change of a document that is not open is reported, and costs
	// nothing else.
	c.change(uri, 4, "x")
	c.expect(method("window/logMessage", nil), `{"jsonrpc":"2.0","method":"window/logMessage","params":{"type":1,"message":"relurl: textDocument/didChange: file:///nowhere/list.urls is not open"}}`)
}

// TestMalformedMessages: a malformed frame or JSON gets a JSON-RPC error,
// and the server goes on.
func TestMalformedMessages(t *testing.T) {
	c := startServer(t, opts, nil)
	c.initialize(`{}`)
	// A header without Content-Length: the bytes up to the next one are
	// skipped.
	c.sendRaw([]byte("Content-Type: text/plain\r\n\r\n{}"))
	c.expect(response("null"), `{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"malformed message: a header without Content-Length"}}`)
	c.sendRaw([]byte("Content-Length: x\r\n\r\n{}"))
	c.expect(response("null"), `{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"malformed message: Content-Length \"x\" is not a length"}}`)
	c.sendRaw([]byte("Content-Length: 2\r\n\r\n{}\r\nsome bytes\r\n"))
	c.expect(response("null"), `{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"not a JSON-RPC 2.0 request, notification or response: jsonrpc2: unable to determine message type (request or response)"}}`)
	c.sendRaw([]byte("Content-Length: 2\r\n\r\n{}"))
	c.expect(response("null"), `{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"malformed message: bytes that are no message before a header"}}`)
	c.expect(response("null"), `{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"not a JSON-RPC 2.0 request, notification or response: jsonrpc2: unable to determine message type (request or response)"}}`)
	c.send(`{"jsonrpc":"2.0","id":5,"method":`)
	c.expect(response("null"), `{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"the message is not JSON"}}`)
	c.send(`{"jsonrpc":"2.0","id":6}`)
	c.expect(response("6"), `{"jsonrpc":"2.0","id":6,"error":{"code":-32600,"message":"not a JSON-RPC 2.0 request, notification or response: jsonrpc2: unable to determine message type (request or response)"}}`)
	c.send(`[]`)
	c.expect(response("null"), `{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"not a JSON-RPC 2.0 request, notification or response: jsonrpc2: invalid empty batch"}}`)
	c.send(`{"jsonrpc":"2.0","id":8,"method":"textDocument/hover","params":"x"}`)
	c.expect(response("8"), `{"jsonrpc":"2.0","id":8,"error":{"code":-32602,"message":"invalid params: json: cannot unmarshal string into Go value of type lsp.TextDocumentPositionParams"}}`)
	c.send(`{"jsonrpc":"2.0","id":9,"method":"textDocument/hover","params":{"textDocument":{"uri":"file:///x.html"},"position":{"line":0,"character":0}}}`)
	c.expect(response("9"), `{"jsonrpc":"2.0","id":9,"error":{"code":-32803,"message":"file:///x.html is not open"}}`)
	// And the server still works.
	c.open(pageURI, "html", page)
	c.next(diagnosticsOf(pageURI, 1))
	if code := c.shutdown(); code != 0 {
		t.Errorf("exit code %d, want 0", code)
	}
}

// TestPanicCostsOneDocument: a panic while linting a document is reported
// in window/logMessage, the document gets no diagnostics, and the others
// are linted as ever.
func TestPanicCostsOneDocument(t *testing.T) {
	c := startServer(t, opts, func(s *server) {
		check := s.check
		s.check = func(l *lint.Linter, name, src string, kind extract.Kind, retrieval string, t *target.Scope) lint.Checked {
			if strings.Contains(src, "PANIC") {
				panic("a bug in the linter")
			}
			return check(l, name, src, kind, retrieval, t)
		}
	})
	c.initialize(`{}`)
	bad := "file:///nowhere/bad.urls"
	c.open(bad, "", "PANIC\n")
	m := c.next(method("window/logMessage", nil))
	var log struct {
		Params LogMessageParams `json:"params"`
	}
	if err := json.Unmarshal(m, &log); err != nil {
		t.Fatal(err)
	}
	if log.Params.Type != messageError || !strings.HasPrefix(log.Params.Message,
		"relurl: linting file:///nowhere/bad.urls (version 1) failed (a bug of relurl: please report it): a bug in the linter\ngoroutine ") {
		t.Errorf("window/logMessage: %+v", log.Params)
	}
	c.expect(diagnosticsOf(bad, 1), `{"jsonrpc":"2.0","method":"textDocument/publishDiagnostics","params":{"uri":"file:///nowhere/bad.urls","version":1,"diagnostics":[]}}`)
	c.open(pageURI, "html", page)
	got := c.next(diagnosticsOf(pageURI, 1))
	if !strings.Contains(string(got), "fsegment/char") {
		t.Errorf("the other document: %s", got)
	}
	c.change(bad, 2, "a b\n")
	got = c.next(diagnosticsOf(bad, 2))
	if !strings.Contains(string(got), "fsegment/char") {
		t.Errorf("the document, mended: %s", got)
	}
}

// TestRegisterWatcher: a client that can register file watchers
// dynamically is asked to watch every file (the target rules read the
// tree), or with NoTargets the configuration files alone.
func TestRegisterWatcher(t *testing.T) {
	for _, tc := range []struct {
		noTargets bool
		glob      string
	}{{false, "**/*"}, {true, "**/.relurl.toml"}} {
		o := opts
		o.NoTargets = tc.noTargets
		c := startServer(t, o, nil)
		c.initialize(`{"workspace":{"didChangeWatchedFiles":{"dynamicRegistration":true}}}`)
		m := c.expect(method("client/registerCapability", nil), `{"jsonrpc":"2.0","id":0,"method":"client/registerCapability","params":{"registrations":[
		{"id":"relurl-watch","method":"workspace/didChangeWatchedFiles","registerOptions":{"watchers":[{"globPattern":"`+tc.glob+`"}]}}]}}`)
		var req struct {
			ID json.RawMessage `json:"id"`
		}
		_ = json.Unmarshal(m, &req)
		c.send(`{"jsonrpc":"2.0","id":` + string(req.ID) + `,"result":null}`)
		if code := c.shutdown(); code != 0 {
			t.Errorf("exit code %d", code)
		}
	}
}

// TestConfiguration: the workspace's .relurl.toml sets the rules, its
// overrides apply by path, its base resolves, and a change of it on disk
// relints the open documents, told by didChangeWatchedFiles or didSave;
// one that does not load is reported and the last one that did is kept.
// The configuration file open in the editor shows its errors.
func TestConfiguration(t *testing.T) {
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	cfgPath := filepath.Join(dir, configName)
	write := func(s string) {
		if err := os.WriteFile(cfgPath, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(lines(`[rules]`, `"fsegment/char" = "warning"`, `[[override]]`, `paths = ["legacy/**"]`, `rules = { syntax = "off" }`))
	doc := filepath.Join(dir, "docs", "a.urls")
	legacy := filepath.Join(dir, "legacy", "b.urls")
	docURI, legacyURI, cfgURI := pathURI(doc), pathURI(legacy), pathURI(cfgPath)

	c := startServer(t, opts, nil)
	c.send(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"processId":null,"rootUri":"` + pathURI(dir) + `","capabilities":{}}}`)
	c.next(response("1"))
	c.send(`{"jsonrpc":"2.0","method":"initialized","params":{}}`)
	c.open(docURI, "", "a b\n")
	c.open(legacyURI, "", "a b\n")
	codes := func(m json.RawMessage) string {
		var v struct {
			Params PublishDiagnosticsParams `json:"params"`
		}
		_ = json.Unmarshal(m, &v)
		var out []string
		for _, d := range v.Params.Diagnostics {
			out = append(out, fmt.Sprintf("%s:%d", d.Code, d.Severity))
		}
		return strings.Join(out, " ")
	}
	if got := codes(c.next(diagnosticsOf(docURI, 1))); got != "fsegment/char:2" {
		t.Errorf("docs/a.urls: %s, want fsegment/char:2 (a warning, as [rules] says)", got)
	}
	if got := codes(c.next(diagnosticsOf(legacyURI, 1))); got != "" {
		t.Errorf("legacy/b.urls: %s, want none (the override turns syntax off)", got)
	}
	// The file changes; the client's watcher says so.
	write(lines(`base = "http://example.org/"`, `[rules]`, `"fsegment/char" = "info"`))
	c.send(`{"jsonrpc":"2.0","method":"workspace/didChangeWatchedFiles","params":{"changes":[{"uri":"` + cfgURI + `","type":2}]}}`)
	if got := codes(c.next(diagnosticsOf(docURI, 1))); got != "fsegment/char:3" {
		t.Errorf("after the change: %s, want fsegment/char:3", got)
	}
	if got := codes(c.next(diagnosticsOf(legacyURI, 1))); got != "fsegment/char:3" {
		t.Errorf("legacy/b.urls after the change: %s, want fsegment/char:3 (no override)", got)
	}
	// The base: a hover resolves against the document's place under it.
	c.send(`{"jsonrpc":"2.0","id":2,"method":"textDocument/hover","params":{"textDocument":{"uri":"` + docURI + `"},"position":{"line":0,"character":0}}}`)
	if m := c.next(response("2")); !strings.Contains(string(m), `§4 against \"http://example.org/docs/a.urls\"`) {
		t.Errorf("hover: %s", m)
	}
	// A file that does not load: reported once, the last one kept.
	write(lines(`[rules]`, `"fsegment/char" = "loud"`))
	c.send(`{"jsonrpc":"2.0","method":"textDocument/didSave","params":{"textDocument":{"uri":"` + cfgURI + `"}}}`)
	c.expect(method("window/showMessage", nil), `{"jsonrpc":"2.0","method":"window/showMessage","params":{"type":1,"message":"relurl: `+
		jsonEscape(cfgPath)+`:2: rules.fsegment/char: \"loud\" is not off, error, warning or info (the documents are linted as the last configuration that loaded says, or without one)"}}`)
	if got := codes(c.next(diagnosticsOf(docURI, 1))); got != "fsegment/char:3" {
		t.Errorf("after a bad change: %s, want fsegment/char:3 (the last good configuration)", got)
	}
	c.next(diagnosticsOf(legacyURI, 1))
	// The configuration open in the editor shows its errors as it is typed.
	c.open(cfgURI, "toml", lines(`[rules]`, `"fsegment/char" = "loud"`))
	c.expect(diagnosticsOf(cfgURI, 1), `{"jsonrpc":"2.0","method":"textDocument/publishDiagnostics","params":{"uri":"`+cfgURI+`","version":1,"diagnostics":[
		{"range":{"start":{"line":1,"character":0},"end":{"line":1,"character":24}},"severity":1,"source":"relurl",
		 "message":"rules.fsegment/char: \"loud\" is not off, error, warning or info"}]}}`)
	c.change(cfgURI, 2, lines(`[rules]`, `"fsegment/char" = "off"`))
	c.expect(diagnosticsOf(cfgURI, 2), `{"jsonrpc":"2.0","method":"textDocument/publishDiagnostics","params":{"uri":"`+cfgURI+`","version":2,"diagnostics":[]}}`)
	if len(c.held) > 0 {
		t.Errorf("messages no test asked for: %s", c.held)
	}
}

func jsonEscape(s string) string {
	b, _ := json.Marshal(s)
	return string(b[1 : len(b)-1])
}

// TestSizeLimitAndExclude: a document past the configuration's max-size
// is not linted, which the user is told once; one its exclude leaves out
// has no diagnostics.
func TestSizeLimitAndExclude(t *testing.T) {
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, configName), []byte(lines(`max-size = 8`, `exclude = ["vendor/"]`)), 0o644); err != nil {
		t.Fatal(err)
	}
	big, vendored := pathURI(filepath.Join(dir, "big.urls")), pathURI(filepath.Join(dir, "vendor", "v.urls"))
	c := startServer(t, opts, nil)
	c.initialize(`{}`)
	c.open(big, "", "a b c d e\n")
	c.expect(method("window/showMessage", nil), `{"jsonrpc":"2.0","method":"window/showMessage","params":{"type":2,
		"message":"relurl: `+big+` is not linted: 10 bytes, past the limit of 8 bytes (max-size in .relurl.toml)"}}`)
	c.expect(diagnosticsOf(big, 1), `{"jsonrpc":"2.0","method":"textDocument/publishDiagnostics","params":{"uri":"`+big+`","version":1,"diagnostics":[]}}`)
	c.change(big, 2, "a b c d e f\n")
	c.expect(diagnosticsOf(big, 2), `{"jsonrpc":"2.0","method":"textDocument/publishDiagnostics","params":{"uri":"`+big+`","version":2,"diagnostics":[]}}`)
	c.open(vendored, "", "a b\n")
	c.expect(diagnosticsOf(vendored, 1), `{"jsonrpc":"2.0","method":"textDocument/publishDiagnostics","params":{"uri":"`+vendored+`","version":1,"diagnostics":[]}}`)
	if len(c.held) > 0 {
		t.Errorf("messages no test asked for (a second warning?): %s", c.held)
	}
}

// TestConfigurationLinkedOut: a .relurl.toml that a symbolic link leads
// out of the project to is not read (decision L-51); the server says so,
// once, and lints the documents without configuration.
func TestConfigurationLinkedOut(t *testing.T) {
	dir := t.TempDir()
	repo := filepath.Join(dir, "repo")
	for _, d := range []string{filepath.Join(repo, ".git"), filepath.Join(repo, "docs")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	secret := filepath.Join(dir, "secret.toml")
	if err := os.WriteFile(secret, []byte("token = \"SECRET\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(secret, filepath.Join(repo, "docs", configName)); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	docURI := pathURI(filepath.Join(repo, "docs", "a.urls"))
	c := startServer(t, opts, nil)
	c.initialize(`{}`)
	c.open(docURI, "", "a b\n")
	m := c.next(method("window/showMessage", nil))
	if !strings.Contains(string(m), "relurl.toml") || strings.Contains(string(m), "SECRET") {
		t.Errorf("the message: %s", m)
	}
	if got := string(c.next(diagnosticsOf(docURI, 1))); !strings.Contains(got, "fsegment/char") {
		t.Errorf("diagnostics without configuration: %s", got)
	}
	c.change(docURI, 2, "a  b\n")
	if got := string(c.next(diagnosticsOf(docURI, 2))); !strings.Contains(got, "fsegment/char") {
		t.Errorf("diagnostics after a change: %s", got)
	}
}
