package lsp

import (
	"encoding/json"
	"fmt"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/relurl/relurl/lint"
	"github.com/relurl/relurl/lint/extract"
)

// heapWatch samples the heap in use every few milliseconds until stopped,
// and returns the most it saw.
func heapWatch() (stop func() uint64) {
	var peak atomic.Uint64
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		var ms runtime.MemStats
		for {
			runtime.ReadMemStats(&ms)
			if ms.HeapInuse > peak.Load() {
				peak.Store(ms.HeapInuse)
			}
			select {
			case <-done:
				return
			case <-time.After(5 * time.Millisecond):
			}
		}
	}()
	return func() uint64 {
		close(done)
		wg.Wait()
		return peak.Load()
	}
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
// published; the texts of the burst are not kept.
func TestBurst(t *testing.T) {
	var lints atomic.Int32
	c := startServer(t, opts, func(s *server) {
		check := s.check
		s.check = func(l *lint.Linter, name, src string, kind extract.Kind, retrieval string, t *lint.Targets) lint.Checked {
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
	stop := heapWatch()
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
	peak := stop()
	if len(got.Diagnostics) != 1 || got.Diagnostics[0].Range.Start != (Position{700, 17}) ||
		got.Diagnostics[0].Code != "fsegment/char" {
		t.Errorf("the last diagnostics: %+v", got.Diagnostics)
	}
	t.Logf("%d changes of %d bytes: %d lints, %d diagnostics of earlier versions; heap in use at most %d MB above the start",
		n, len(body), lints.Load(), others, (peak-min(peak, base))>>20)
	// The server lints when it has read all the client sent so far: a
	// writer that falls behind now and then (a loaded machine) costs a lint
	// each time, never one a change.
	if l := lints.Load(); l > n/10 {
		t.Errorf("%d lints for a burst of %d changes", l, n)
	}
	if grown := peak - min(peak, base); grown > 24<<20 {
		t.Errorf("the heap in use grew by %d MB during the burst (the texts of the burst are %d MB)", grown>>20, n*len(body)>>20)
	}
}

// TestLargeDocument: a 10 MB document (1 MB with -short) and its change
// keep memory bounded, and its last diagnostics are correct.
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
	stop := heapWatch()
	c.open(uri, "markdown", body)
	lastDiagnostics(c, uri, 1)
	c.change(uri, 2, body+"é𝄞 [last](<v2 x>)\n")
	got, _ := lastDiagnostics(c, uri, 2)
	peak := stop()
	kept := retained()
	lineNo := size / len(line)
	if len(got.Diagnostics) != 1 || got.Diagnostics[0].Range.Start != (Position{lineNo, 14}) {
		t.Errorf("the last diagnostics: %+v", got.Diagnostics)
	}
	t.Logf("a document of %d MB: heap in use at most %d MB above the start, %d MB kept", len(body)>>20,
		(peak-min(peak, base))>>20, (kept-min(kept, base))>>20)
	if grown := peak - min(peak, base); grown > uint64(40*size) {
		t.Errorf("the heap in use grew by %d MB for a document of %d MB", grown>>20, size>>20)
	}
	if grown := kept - min(kept, base); grown > uint64(6*size) {
		t.Errorf("%d MB kept for a document of %d MB", grown>>20, size>>20)
	}
}
