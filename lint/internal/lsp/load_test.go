package lsp

import (
	"encoding/json"
	"fmt"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/relurl/relurl/lint/internal/extract"
	"github.com/relurl/relurl/lint/internal/lint"
	"github.com/relurl/relurl/lint/internal/target"
)

// allocated is the number of bytes allocated so far, freed or not: over
// a fixed workload it does not depend on when the collector ran, as the
// heap in use at a moment does.
func allocated() uint64 {
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.TotalAlloc
}

// retained is the heap in use after a collection.
func retained() uint64 {
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.HeapAlloc
}

// lastDiagnostics reads the server's messages until the diagnostics of
// uri at version, and returns them and how many diagnostics of other
// versions came before.
func lastDiagnostics(c *client, uri string, version int) (PublishDiagnosticsParams, int) {
	c.t.Helper()
	others := 0
	for {
		m := c.next(diagnosticsOf(uri, -1))
		var v struct {
			Params PublishDiagnosticsParams `json:"params"`
		}
		if err := json.Unmarshal(m, &v); err != nil {
			c.t.Fatal(err)
		}
		if v.Params.Version != nil && int(*v.Params.Version) == version {
			return v.Params, others
		}
		others++
	}
}

// TestBurst: a thousand changes in a burst are linted a few times at
// most, and last at the last text, whose diagnostics are the last
// published; the texts of the burst are not kept: the heap after a
// collection, once the burst is over, holds one text or two, not the
// burst.
func TestBurst(t *testing.T) {
	var lints atomic.Int32
	c := startServer(t, opts, func(s *server) {
		check := s.check
		s.check = func(l *lint.Linter, name, src string, kind extract.Kind, retrieval string, t *target.Scope) lint.Checked {
			lints.Add(1)
			return check(l, name, src, kind, retrieval, t)
		}
	})
	c.initialize(`{}`)
	uri := "file:///nowhere/burst.md"
	body := strings.Repeat("Some text with [a link](https://example.org/a/b) and é𝄞.\n", 700) // 42 KB
	c.open(uri, "markdown", body)
	lastDiagnostics(c, uri, 1)
	lints.Store(0)
	const n = 1000
	// The burst, written as fast as the pipe takes it, as an editor's
	// replay does: the server reads each message while the next waits.
	base := retained()
	go func() {
		// Each message is the JSON of the body, encoded once, between a
		// head and a tail: the writer outpaces the server.
		quoted, _ := json.Marshal(body)
		quoted = quoted[:len(quoted)-1]
		for i := 2; i <= n+1; i++ {
			head := fmt.Sprintf(`{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":%q,"version":%d},"contentChanges":[{"text":`, uri, i)
			tail := fmt.Sprintf(`é𝄞 [last](<v%d x>)\n"}]}}`, i)
			if _, err := fmt.Fprintf(c.in, "Content-Length: %d\r\n\r\n%s%s%s", len(head)+len(quoted)+len(tail), head, quoted, tail); err != nil {
				return
			}
		}
	}()
	got, others := lastDiagnostics(c, uri, n+1)
	kept := retained()
	if len(got.Diagnostics) != 1 || got.Diagnostics[0].Range.Start != (Position{700, 17}) ||
		got.Diagnostics[0].Code != "fsegment/char" {
		t.Errorf("the last diagnostics: %+v", got.Diagnostics)
	}
	t.Logf("%d changes of %d bytes: %d lints, %d diagnostics of earlier versions; %d KB kept after the burst",
		n, len(body), lints.Load(), others, (kept-min(kept, base))>>10)
	// The server lints when it has read all the client sent so far: a
	// writer that falls behind now and then (a loaded machine) costs a lint
	// each time, never one a change.
	if l := lints.Load(); l > n/10 {
		t.Errorf("%d lints for a burst of %d changes", l, n)
	}
	if grown := kept - min(kept, base); grown > 16*uint64(len(body)) {
		t.Errorf("%d KB kept after the burst, for texts of %d KB (the burst's are %d MB)", grown>>10, len(body)>>10, n*len(body)>>20)
	}
}

// TestLargeDocument: a 10 MB document (1 MB with -short) and its change
// keep memory bounded: the bytes allocated to open, lint, change and lint
// it again, and the heap kept after, are within a bound per byte of the
// document, with a margin of about twice what they are; its last
// diagnostics are correct.
func TestLargeDocument(t *testing.T) {
	c := startServer(t, opts, nil)
	c.initialize(`{}`)
	uri := "file:///nowhere/large.md"
	size := 10 << 20
	if testing.Short() {
		size = 1 << 20
	}
	line := "A line of text with [a link](https://example.org/a/b) and é𝄞 in it.\n"
	body := strings.Repeat(line, size/len(line))
	base := retained()
	start := allocated()
	c.open(uri, "markdown", body)
	lastDiagnostics(c, uri, 1)
	c.change(uri, 2, body+"é𝄞 [last](<v2 x>)\n")
	got, _ := lastDiagnostics(c, uri, 2)
	spent := allocated() - start
	kept := retained()
	lineNo := size / len(line)
	if len(got.Diagnostics) != 1 || got.Diagnostics[0].Range.Start != (Position{lineNo, 14}) {
		t.Errorf("the last diagnostics: %+v", got.Diagnostics)
	}
	t.Logf("a document of %d MB: %d MB allocated, %d MB kept", len(body)>>20, spent>>20, (kept-min(kept, base))>>20)
	if spent > uint64(128*size) {
		t.Errorf("%d MB allocated for a document of %d MB", spent>>20, size>>20)
	}
	if grown := kept - min(kept, base); grown > uint64(6*size) {
		t.Errorf("%d MB kept for a document of %d MB", grown>>20, size>>20)
	}
}
