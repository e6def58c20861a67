package lsp

import (
	"bytes"
	"errors"
	"io"
	"testing"
)

// FuzzFrameReader feeds the message reader arbitrary bytes: it never
// panics, never returns a body past its limit, consumes its input (a call
// that returns no body reads some bytes, so the calls end), and reads back
// exactly the messages WriteFrame writes, after bytes that are no message
// too. Its seeds, in testdata/fuzz, are streams a client sends, and
// malformed ones.
func FuzzFrameReader(f *testing.F) {
	f.Fuzz(func(t *testing.T, stream []byte) {
		const max = 1 << 12
		rd := NewReader(bytes.NewReader(stream), max)
		for calls := 0; ; calls++ {
			if calls > 2*len(stream)+4 {
				t.Fatalf("%d calls of Read on %d bytes", calls, len(stream))
			}
			body, err := rd.Read()
			var fe *FrameError
			if err == io.EOF || err == io.ErrUnexpectedEOF {
				break
			}
			if err != nil && !errors.As(err, &fe) {
				t.Fatalf("Read: %v", err)
			}
			if len(body) > max {
				t.Fatalf("a body of %d bytes, past the limit %d", len(body), max)
			}
		}

		// The input cut in pieces, each written as a message, reads back.
		var buf bytes.Buffer
		var pieces [][]byte
		for rest := stream; len(rest) > 0; {
			n := min(len(rest), 1+int(rest[0])%97)
			pieces = append(pieces, rest[:n])
			rest = rest[n:]
		}
		for _, p := range pieces {
			if err := WriteFrame(&buf, p); err != nil {
				t.Fatal(err)
			}
		}
		rd = NewReader(&buf, max)
		for i, p := range pieces {
			body, err := rd.Read()
			if err != nil || !bytes.Equal(body, p) {
				t.Fatalf("message %d: %q, %v; want %q", i, body, err, p)
			}
		}
		if body, err := rd.Read(); err != io.EOF {
			t.Fatalf("after the messages: %q, %v; want io.EOF", body, err)
		}

		// After a line that is no message, the next message reads back.
		junk := bytes.Map(func(r rune) rune {
			if r == '\n' || r == ':' {
				return ' '
			}
			return r
		}, stream)
		buf.Reset()
		buf.Write(junk)
		buf.WriteString("\r\n")
		if err := WriteFrame(&buf, stream[:min(len(stream), max)]); err != nil {
			t.Fatal(err)
		}
		rd = NewReader(&buf, max)
		var errs int
		for {
			body, err := rd.Read()
			if err == nil {
				if !bytes.Equal(body, stream[:min(len(stream), max)]) {
					t.Fatalf("after junk: %q, want %q", body, stream)
				}
				break
			}
			var fe *FrameError
			if !errors.As(err, &fe) || errs > 0 {
				t.Fatalf("after junk: %v (after %d errors)", err, errs)
			}
			errs++
		}
	})
}
