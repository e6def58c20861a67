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
// too. Its seeds are in testdata/fuzz.
func FuzzFrameReader(f *testing.F) {
	f.Fuzz(func(t *testing.T, data []byte) {
		const max = 1 << 12
		rd := NewReader(bytes.NewReader(data), max)
		for calls := 0; ; calls++ {
			if calls > 2*len(data)+4 {
				t.Fatalf("%d calls of Read on %d bytes", calls, len(data))
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
		var stream bytes.Buffer
		var pieces [][]byte
		for rest := data; len(rest) > 0; {
			n := min(len(rest), 1+int(rest[0])%97)
			pieces = append(pieces, rest[:n])
			rest = rest[n:]
		}
		for _, p := range pieces {
			if err := WriteFrame(&stream, p); err != nil {
				t.Fatal(err)
			}
		}
		rd = NewReader(&stream, max)
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
		}, data)
		stream.Reset()
		stream.Write(junk)
		stream.WriteString("\r\n")
		if err := WriteFrame(&stream, data[:min(len(data), max)]); err != nil {
			t.Fatal(err)
		}
		rd = NewReader(&stream, max)
		var errs int
		for {
			body, err := rd.Read()
			if err == nil {
				if !bytes.Equal(body, data[:min(len(data), max)]) {
					t.Fatalf("after junk: %q, want %q", body, data)
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
