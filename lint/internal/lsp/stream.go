package lsp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sync"
)

// stream is the JSON-RPC object stream of the connection: messages read
// by a [Reader] and written by [WriteFrame]. It answers what it cannot
// hand to the connection itself, and goes on: a malformed message with a
// parse error (-32700), JSON that is no request or response with an
// invalid request (-32600), both with a null id when the message's own
// cannot be read. The connection of sourcegraph/jsonrpc2 closes on any
// error of ReadObject, so none but the end of the stream reaches it.
//
// The parameters of a request or notification are kept apart, in params,
// and the connection gets the message without them: sourcegraph/jsonrpc2
// reads a request's parameters into a map[string]any and writes them again
// as JSON, four passes over a document's text that the server's own
// decoding of the parameters makes needless (BenchmarkChangeToDiagnostics
// measures the difference). The connection hands each request to the
// server before it reads the next, on the same goroutine, so params is
// the handled message's.
type stream struct {
	rd  *Reader
	src *pump
	w   io.Writer
	c   io.Closer
	mu  sync.Mutex
	// bad, when not nil, is told of each message answered here.
	bad func(error)
	// idle, when not nil, is called before a read that waits for the
	// client: every message it has sent so far has been handled.
	idle func()
	// params are the parameters of the request or notification read last,
	// nil when it has none.
	params json.RawMessage
}

func newStream(ctx context.Context, in io.Reader, out io.Writer, max int64) *stream {
	src := newPump(ctx, in)
	s := &stream{rd: NewReader(src, max), src: src, w: out}
	if c, ok := in.(io.Closer); ok {
		s.c = c
	}
	return s
}

// ReadObject reads the next message that v, a JSON-RPC message of
// sourcegraph/jsonrpc2, can hold.
func (s *stream) ReadObject(v any) error {
	for {
		if s.idle != nil && s.rd.r.Buffered() == 0 && s.src.empty() {
			s.idle()
		}
		body, err := s.rd.Read()
		var fe *FrameError
		switch {
		case errors.As(err, &fe):
			s.answer(nil, codeParseError, err)
			continue
		case err != nil:
			return err
		}
		var head struct {
			ID     json.RawMessage `json:"id"`
			Method json.RawMessage `json:"method"`
			Params json.RawMessage `json:"params"`
		}
		s.params = nil
		switch err := json.Unmarshal(body, &head); {
		case err == nil && head.Method != nil && head.Params != nil:
			s.params = head.Params
			msg := append([]byte(`{"jsonrpc":"2.0","method":`), head.Method...)
			if head.ID != nil {
				msg = append(append(msg, `,"id":`...), head.ID...)
			}
			body = append(msg, '}')
		case err != nil && errors.As(err, new(*json.SyntaxError)):
			s.answer(nil, codeParseError, errors.New("the message is not JSON"))
			continue
		}
		if err := json.Unmarshal(body, v); err != nil {
			var se *json.SyntaxError
			if errors.As(err, &se) {
				s.answer(nil, codeParseError, errors.New("the message is not JSON"))
				continue
			}
			s.answer(idOf(body), codeInvalidRequest, fmt.Errorf("not a JSON-RPC 2.0 request, notification or response: %w", err))
			continue
		}
		return nil
	}
}

// idOf returns the id of a message whose JSON is valid, when it is a
// number or a string; otherwise nil (JSON null).
func idOf(body []byte) json.RawMessage {
	var m struct {
		ID json.RawMessage `json:"id"`
	}
	if json.Unmarshal(body, &m) != nil || len(m.ID) == 0 {
		return nil
	}
	switch m.ID[0] {
	case '"', '-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
		return m.ID
	}
	return nil
}

// answer writes an error response with id (nil: null) for a message the
// connection never sees.
func (s *stream) answer(id json.RawMessage, code int, err error) {
	if s.bad != nil {
		s.bad(err)
	}
	if id == nil {
		id = json.RawMessage("null")
	}
	msg := struct {
		JSONRPC string          `json:"jsonrpc"`
		ID      json.RawMessage `json:"id"`
		Error   struct {
			Code    int    `json:"code"`
			Message string `json:"message"`
		} `json:"error"`
	}{JSONRPC: "2.0", ID: id}
	msg.Error.Code, msg.Error.Message = code, err.Error()
	_ = s.WriteObject(msg) // a client that reads nothing is the connection's end, seen on the next read
}

// WriteObject writes obj as one message.
func (s *stream) WriteObject(obj any) error {
	body, err := json.Marshal(obj)
	if err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return WriteFrame(s.w, body)
}

// Close closes the input, when it can be closed.
func (s *stream) Close() error {
	if s.c != nil {
		return s.c.Close()
	}
	return nil
}

// pump reads its source on a goroutine of its own, a few chunks ahead of
// its reader, so that the reader can tell whether the client has sent more
// than it has read (empty): a pipe cannot say so.
type pump struct {
	ch  chan []byte
	cur []byte
	// err is the source's error, set before ch is closed.
	err error
}

// pumpAhead is how many chunks of pumpChunk bytes the pump reads ahead.
const (
	pumpAhead = 16
	pumpChunk = 64 << 10
)

func newPump(ctx context.Context, r io.Reader) *pump {
	p := &pump{ch: make(chan []byte, pumpAhead)}
	go func() {
		defer close(p.ch)
		var slab []byte
		for {
			// Chunks are cut from slabs, so that many small reads do not
			// each cost a chunk's memory.
			if len(slab) < pumpChunk/16 {
				slab = make([]byte, pumpChunk)
			}
			n, err := r.Read(slab)
			if n > 0 {
				select {
				case p.ch <- slab[:n:n]:
				case <-ctx.Done():
					return
				}
				slab = slab[n:]
			}
			if err != nil {
				p.err = err
				return
			}
		}
	}()
	return p
}

// Read reads what the pump has read.
func (p *pump) Read(b []byte) (int, error) {
	if len(p.cur) == 0 {
		chunk, ok := <-p.ch
		if !ok {
			return 0, p.err
		}
		p.cur = chunk
	}
	n := copy(b, p.cur)
	p.cur = p.cur[n:]
	return n, nil
}

// empty reports whether a Read would wait for the source.
func (p *pump) empty() bool { return len(p.cur) == 0 && len(p.ch) == 0 }
