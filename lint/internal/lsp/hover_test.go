package lsp

import (
	"encoding/json"
	"testing"
)

// hoverDoc has a BASE element and, after "é" and "𝄞", a URL of the §5.2
// loophole, which the readings take apart, and one of §5.1.
const hoverDoc = "<base href=\"http://a/b/c/d;p?q\">\n<p>é 𝄞 <a href=\"http:g\">x</a> <a href=\"../g;x?y#s\">y</a>\n"

const hoverURI = "file:///nowhere/hover.html"

func hoverRequest(id string, line, char int) string {
	b, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": json.RawMessage(id), "method": "textDocument/hover",
		"params": TextDocumentPositionParams{TextDocument: TextDocumentIdentifier{URI: hoverURI}, Position: Position{line, char}}})
	return string(b)
}

func hoverAnswer(id string, rng Range, kind, value string) string {
	b, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": json.RawMessage(id),
		"result": Hover{Range: &rng, Contents: MarkupContent{Kind: kind, Value: value}}})
	return string(b)
}

func TestHover(t *testing.T) {
	// A client that takes plain text only.
	c := startServer(t, opts, nil)
	c.initialize(`{}`)
	c.open(hoverURI, "html", hoverDoc)
	c.next(diagnosticsOf(hoverURI, 1))
	c.send(hoverRequest("2", 1, 18))
	c.expect(response("2"), hoverAnswer("2", Range{Position{1, 17}, Position{1, 23}}, "plaintext", `relurl: "http:g" in <a href>: valid generic-RL (RFC 1808 §2.2)

scheme    "http"
net_loc   (absent)
path      "g"
params    (absent)
query     (absent)
fragment  (absent)

§4 against "http://a/b/c/d;p?q" (HTML BASE element, embedded, §3.1): "http:g"

The readings differ (RFC 1808; RFC 3986 as Go's net/url reads it; the WHATWG URL Standard):

         rfc1808   rfc3986   whatwg
net_loc  (absent)  (absent)  "a"
path     "g"       "g"       "/b/c/g"

- http-g-loophole (the http:g loophole); RFC 1808: §4 step 2b; §5.2

Open in the relurl playground: http://127.0.0.1:8080/#url=http:g&base=http://a/b/c/d;p?q`))
	// Not on a URL.
	c.send(hoverRequest("3", 1, 2))
	c.expect(response("3"), `{"jsonrpc":"2.0","id":3,"result":null}`)

	// A client that takes Markdown, and a playground of its own.
	c = startServer(t, opts, nil)
	c.send(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"processId":null,"rootUri":null,
		"initializationOptions":{"playground":"https://play.example/"},
		"capabilities":{"textDocument":{"hover":{"contentFormat":["markdown","plaintext"]}}}}}`)
	c.next(response("1"))
	c.open(hoverURI, "html", hoverDoc)
	c.next(diagnosticsOf(hoverURI, 1))
	// At the URL's end: still the URL.
	c.send(hoverRequest(`"h"`, 1, 50))
	c.expect(response(`"h"`), hoverAnswer(`"h"`, Range{Position{1, 40}, Position{1, 50}}, "markdown", "**relurl:** `\"../g;x?y#s\"` in \\<a href\\>: valid relativeURL (RFC 1808 §2.2)\n\n"+
		"```text\nscheme    (absent)\nnet_loc   (absent)\npath      \"../g\"\nparams    \"x\"\nquery     \"y\"\nfragment  \"s\"\n```\n\n"+
		"§4 against `\"http://a/b/c/d;p?q\"` (HTML BASE element, embedded, §3.1): **`\"http://a/b/g;x?y#s\"`**\n\n"+
		"RFC 1808, RFC 3986 (Go's net/url) and the WHATWG URL Standard read it alike.\n\n"+
		"[Open in the relurl playground](https://play.example/#url=../g;x?y%23s&base=http://a/b/c/d;p?q)"))
	// The base itself.
	c.send(hoverRequest("4", 0, 12))
	var got struct {
		Result Hover `json:"result"`
	}
	if err := json.Unmarshal(c.next(response("4")), &got); err != nil {
		t.Fatal(err)
	}
	if want := "**relurl:** `\"http://a/b/c/d;p?q\"` in \\<base href\\>: valid generic-RL (RFC 1808 §2.2)"; !hasPrefix(got.Result.Contents.Value, want) {
		t.Errorf("hover on the base: %q, want it to begin %q", got.Result.Contents.Value, want)
	}
}

func hasPrefix(s, p string) bool { return len(s) >= len(p) && s[:len(p)] == p }
