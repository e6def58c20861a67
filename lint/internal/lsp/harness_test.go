package lsp

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"reflect"
	"strings"
	"testing"
	"time"
)

// client is the other end of a server run in-process over a pair of
// pipes, as typos-lsp tests its server: it writes messages as an editor
// does and reads each of the server's, which the tests hold to exact JSON.
type client struct {
	t    testing.TB
	in   *io.PipeWriter // the server's input
	msgs chan json.RawMessage
	code chan int
	// held are messages read while waiting for another.
	held []json.RawMessage
}

// timeout bounds each wait for a message: it finds a server that hangs,
// and is generous, for a burst of a thousand changes read under -race on
// a loaded machine takes more than 20 s.
const timeout = 60 * time.Second

// startServer runs a server with opts; prepare, when not nil, changes it
// before it reads its first message.
func startServer(t testing.TB, opts Options, prepare func(*server)) *client {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	c := &client{t: t, in: inW, msgs: make(chan json.RawMessage, 1<<12), code: make(chan int, 1)}
	go func() {
		c.code <- serve(context.Background(), inR, outW, opts, prepare)
		outW.Close()
	}()
	go func() {
		rd := NewReader(outR, 1<<30)
		for {
			body, err := rd.Read()
			if err != nil {
				close(c.msgs)
				return
			}
			c.msgs <- json.RawMessage(body)
		}
	}()
	t.Cleanup(func() {
		inW.Close()
		select {
		case <-c.code:
		case <-time.After(timeout):
			t.Errorf("the server did not end")
		}
		for range c.msgs {
		}
	})
	return c
}

// send writes a message given as JSON, framed.
func (c *client) send(msg string) {
	c.t.Helper()
	c.sendRaw([]byte(fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(msg), msg)))
}

// sendRaw writes bytes as they are.
func (c *client) sendRaw(b []byte) {
	c.t.Helper()
	if _, err := c.in.Write(b); err != nil {
		c.t.Fatalf("writing to the server: %v", err)
	}
}

// sendJSON writes a message, marshalled.
func (c *client) sendJSON(v any) {
	c.t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		c.t.Fatal(err)
	}
	c.send(string(b))
}

// next returns the next message of the server that match accepts, keeping
// the others for later calls.
func (c *client) next(match func(json.RawMessage) bool) json.RawMessage {
	c.t.Helper()
	for i, m := range c.held {
		if match(m) {
			c.held = append(c.held[:i], c.held[i+1:]...)
			return m
		}
	}
	deadline := time.After(timeout)
	for {
		select {
		case m, ok := <-c.msgs:
			if !ok {
				c.t.Fatalf("the server ended its output")
			}
			if match(m) {
				return m
			}
			c.held = append(c.held, m)
		case <-deadline:
			c.t.Fatalf("no message of the server within %v; held: %s", timeout, c.held)
		}
	}
}

// method returns a match of messages with the method, and params that
// satisfy cond when it is not nil.
func method(name string, cond func(params json.RawMessage) bool) func(json.RawMessage) bool {
	return func(m json.RawMessage) bool {
		var v struct {
			Method string          `json:"method"`
			Params json.RawMessage `json:"params"`
		}
		return json.Unmarshal(m, &v) == nil && v.Method == name && (cond == nil || cond(v.Params))
	}
}

// response matches the response to the request with the id, given as
// JSON ("1", `"a"`, "null").
func response(id string) func(json.RawMessage) bool {
	return func(m json.RawMessage) bool {
		var v struct {
			ID     *json.RawMessage `json:"id"`
			Method *string          `json:"method"`
		}
		if json.Unmarshal(m, &v) != nil || v.Method != nil {
			return false
		}
		got := "null"
		if v.ID != nil {
			got = string(*v.ID)
		}
		return got == id
	}
}

// diagnosticsOf matches the diagnostics published for uri at version
// (any version when version < 0).
func diagnosticsOf(uri string, version int) func(json.RawMessage) bool {
	return method("textDocument/publishDiagnostics", func(p json.RawMessage) bool {
		var v struct {
			URI     string `json:"uri"`
			Version *int   `json:"version"`
		}
		return json.Unmarshal(p, &v) == nil && v.URI == uri &&
			(version < 0 || v.Version != nil && *v.Version == version)
	})
}

// expect reads the next message match accepts and holds it to want, JSON
// compared as values (the order of an object's members aside).
func (c *client) expect(match func(json.RawMessage) bool, want string) json.RawMessage {
	c.t.Helper()
	got := c.next(match)
	sameJSON(c.t, got, want)
	return got
}

// sameJSON fails unless got and want are the same JSON value.
func sameJSON(t testing.TB, got json.RawMessage, want string) {
	t.Helper()
	var g, w any
	if err := json.Unmarshal(got, &g); err != nil {
		t.Fatalf("the server's message is not JSON: %v: %s", err, got)
	}
	if err := json.Unmarshal([]byte(want), &w); err != nil {
		t.Fatalf("the test's expectation is not JSON: %v: %s", err, want)
	}
	if !reflect.DeepEqual(g, w) {
		t.Errorf("message:\n got %s\nwant %s", compact(got), compact([]byte(want)))
	}
}

func compact(b []byte) string {
	var buf bytes.Buffer
	if json.Compact(&buf, b) != nil {
		return string(b)
	}
	return buf.String()
}

// initialize sends initialize with the capabilities given as JSON ("{}"
// for none), expects its answer, and sends initialized.
func (c *client) initialize(capabilities string) json.RawMessage {
	c.t.Helper()
	c.send(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"processId":null,"rootUri":null,"capabilities":` + capabilities + `}}`)
	m := c.next(response("1"))
	c.send(`{"jsonrpc":"2.0","method":"initialized","params":{}}`)
	return m
}

// open opens a document.
func (c *client) open(uri, lang, text string) {
	c.t.Helper()
	c.sendJSON(map[string]any{"jsonrpc": "2.0", "method": "textDocument/didOpen",
		"params": map[string]any{"textDocument": map[string]any{"uri": uri, "languageId": lang, "version": 1, "text": text}}})
}

// change sends the whole new text of a document.
func (c *client) change(uri string, version int, text string) {
	c.t.Helper()
	c.sendJSON(map[string]any{"jsonrpc": "2.0", "method": "textDocument/didChange",
		"params": map[string]any{"textDocument": map[string]any{"uri": uri, "version": version},
			"contentChanges": []any{map[string]any{"text": text}}}})
}

// shutdown sends shutdown and exit, and returns the exit code.
func (c *client) shutdown() int {
	c.t.Helper()
	c.send(`{"jsonrpc":"2.0","id":"bye","method":"shutdown"}`)
	c.expect(response(`"bye"`), `{"jsonrpc":"2.0","id":"bye","result":null}`)
	c.send(`{"jsonrpc":"2.0","method":"exit"}`)
	return c.exitCode()
}

func (c *client) exitCode() int {
	c.t.Helper()
	select {
	case code := <-c.code:
		c.code <- code // for Cleanup
		return code
	case <-time.After(timeout):
		c.t.Fatalf("the server did not exit")
	}
	return -1
}

// lines joins lines with "\n", and one at the end.
func lines(ls ...string) string { return strings.Join(ls, "\n") + "\n" }
