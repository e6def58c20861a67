package site_test

// A small client of the Chrome DevTools Protocol over --remote-debugging-pipe:
// Chromium reads commands from its file descriptor 3 and writes answers and
// events to 4, each a JSON message ended by a NUL byte. The pipe needs no
// port, no WebSocket and no origin check, and the browser goes away with
// the test. The test needs a handful of commands (navigate, evaluate, type,
// move the mouse, screenshot) and the events of the Network, Runtime and
// Log domains; for that a client of a hundred lines does, where a library
// (chromedp) would bring its own dependencies into the module.

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/relurl/relurl/internal/testtool"
)

// browserFlags are the flags Chromium runs with here: headless, and quiet
// on the network (nothing but the page under test is fetched).
var browserFlags = []string{
	"--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
	"--disable-background-networking", "--disable-component-update", "--disable-sync",
	"--disable-extensions", "--disable-default-apps", "--mute-audio", "--hide-scrollbars",
	"--remote-debugging-pipe",
}

// findBrowser returns the Chromium to run: $RELURL_CHROMIUM, or the first
// of the usual names on PATH (apt-get install chromium).
func findBrowser(t *testing.T) string {
	t.Helper()
	if p := os.Getenv("RELURL_CHROMIUM"); p != "" {
		return p
	}
	return testtool.LookPath(t, testtool.Browser, "chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
}

type cdpMessage struct {
	ID        int             `json:"id,omitempty"`
	SessionID string          `json:"sessionId,omitempty"`
	Method    string          `json:"method,omitempty"`
	Params    json.RawMessage `json:"params,omitempty"`
	Result    json.RawMessage `json:"result,omitempty"`
	Error     *struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	} `json:"error,omitempty"`
}

// browser is one Chromium and its pipe.
type browser struct {
	cmd     *exec.Cmd
	send    io.WriteCloser
	mu      sync.Mutex
	next    int
	pending map[int]chan cdpMessage
	events  chan cdpMessage
	done    chan struct{}
	stderr  strings.Builder
}

// startBrowser starts Chromium with a new, empty profile under dir; the
// test's cleanup stops it.
func startBrowser(t *testing.T, path, dir string) *browser {
	t.Helper()
	toBrowser, ours, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	theirs, fromBrowser, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	b := &browser{send: ours, pending: map[int]chan cdpMessage{}, events: make(chan cdpMessage, 4096), done: make(chan struct{})}
	b.cmd = exec.Command(path, append(browserFlags, "--user-data-dir="+dir, "about:blank")...)
	b.cmd.ExtraFiles = []*os.File{toBrowser, fromBrowser} // its fd 3 and 4
	b.cmd.Stderr = &b.stderr
	if err := b.cmd.Start(); err != nil {
		t.Fatalf("start %s: %v", path, err)
	}
	toBrowser.Close()
	fromBrowser.Close()
	go b.read(theirs)
	t.Cleanup(func() {
		b.send.Close() // Chromium exits when its pipe closes
		exited := make(chan struct{})
		go func() { b.cmd.Wait(); close(exited) }()
		select {
		case <-exited:
		case <-time.After(10 * time.Second):
			b.cmd.Process.Kill() // the process this test started, by its handle
			<-exited
		}
	})
	return b
}

// read dispatches what the browser writes: answers to their callers,
// events to the events channel (dropped when nobody keeps up).
func (b *browser) read(r io.ReadCloser) {
	defer close(b.done)
	defer r.Close()
	br := bufio.NewReaderSize(r, 1<<20)
	for {
		raw, err := br.ReadBytes(0)
		if err != nil {
			return
		}
		var m cdpMessage
		if json.Unmarshal(raw[:len(raw)-1], &m) != nil {
			continue
		}
		if m.ID != 0 {
			b.mu.Lock()
			ch := b.pending[m.ID]
			delete(b.pending, m.ID)
			b.mu.Unlock()
			if ch != nil {
				ch <- m
			}
			continue
		}
		select {
		case b.events <- m:
		default:
		}
	}
}

// call sends a command (to the session, when not "") and decodes its
// result into result, unless nil.
func (b *browser) call(ctx context.Context, session, method string, params, result any) error {
	if params == nil {
		params = struct{}{}
	}
	p, err := json.Marshal(params)
	if err != nil {
		return err
	}
	ch := make(chan cdpMessage, 1)
	b.mu.Lock()
	b.next++
	id := b.next
	b.pending[id] = ch
	msg, _ := json.Marshal(cdpMessage{ID: id, SessionID: session, Method: method, Params: p})
	_, err = b.send.Write(append(msg, 0))
	b.mu.Unlock()
	if err != nil {
		return fmt.Errorf("%s: %w", method, err)
	}
	select {
	case m := <-ch:
		if m.Error != nil {
			return fmt.Errorf("%s: %s (%d)", method, m.Error.Message, m.Error.Code)
		}
		if result != nil {
			return json.Unmarshal(m.Result, result)
		}
		return nil
	case <-b.done:
		return fmt.Errorf("%s: the browser went away: %s", method, lastLines(b.stderr.String(), 5))
	case <-ctx.Done():
		return fmt.Errorf("%s: %w", method, ctx.Err())
	}
}

// page is one tab, attached in flat mode.
type page struct {
	b       *browser
	session string
}

// newPage opens a tab and attaches to it.
func (b *browser) newPage(ctx context.Context) (*page, error) {
	var target struct{ TargetID string }
	if err := b.call(ctx, "", "Target.createTarget", map[string]any{"url": "about:blank"}, &target); err != nil {
		return nil, err
	}
	var att struct{ SessionID string }
	if err := b.call(ctx, "", "Target.attachToTarget", map[string]any{"targetId": target.TargetID, "flatten": true}, &att); err != nil {
		return nil, err
	}
	return &page{b: b, session: att.SessionID}, nil
}

func (p *page) call(ctx context.Context, method string, params, result any) error {
	return p.b.call(ctx, p.session, method, params, result)
}

// eval evaluates a JavaScript expression in the page (awaiting a promise)
// and decodes its value, which must survive JSON, into out unless nil.
func (p *page) eval(ctx context.Context, expr string, out any) error {
	var r struct {
		Result struct {
			Value json.RawMessage `json:"value"`
		} `json:"result"`
		ExceptionDetails *struct {
			Text      string `json:"text"`
			Exception struct {
				Description string `json:"description"`
			} `json:"exception"`
		} `json:"exceptionDetails"`
	}
	err := p.call(ctx, "Runtime.evaluate", map[string]any{"expression": expr, "returnByValue": true, "awaitPromise": true}, &r)
	if err != nil {
		return err
	}
	if e := r.ExceptionDetails; e != nil {
		return fmt.Errorf("evaluate %.60q: %s %s", expr, e.Text, e.Exception.Description)
	}
	if out == nil {
		return nil
	}
	if len(r.Result.Value) == 0 {
		return errors.New("evaluate: no value")
	}
	return json.Unmarshal(r.Result.Value, out)
}

// waitFor polls a JavaScript condition until it is true, for at most 90
// seconds. A condition that throws (while a page loads, say) is not true
// yet.
func (p *page) waitFor(ctx context.Context, cond string) error {
	// Generous: a loaded 2-core machine took over 40 s to load the module.
	ctx, cancel := context.WithTimeout(ctx, 90*time.Second)
	defer cancel()
	var last error
	for {
		var ok bool
		err := p.eval(ctx, "!!("+cond+")", &ok)
		if err == nil && ok {
			return nil
		}
		if err != nil {
			last = err
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("waiting for %s: %w (last error: %v)", cond, ctx.Err(), last)
		case <-time.After(50 * time.Millisecond):
		}
	}
}

func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}
