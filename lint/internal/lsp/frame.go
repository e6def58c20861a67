package lsp

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"strconv"
)

// The base protocol of LSP: a message is a header of fields, each
// "Name: value" and "\r\n", ended by an empty line, then the number of
// bytes of JSON that its Content-Length field gives.
//
//	Content-Length: 52\r\n
//	\r\n
//	{"jsonrpc":"2.0","id":1,"method":"shutdown"}

// maxHeaderLine is the longest header line kept whole; a longer one is
// bytes that are no header (only its last maxHeaderLine bytes are kept, to
// find a header that follows them on the line).
const maxHeaderLine = 4096

// maxHeaderFields is the most fields a header may have.
const maxHeaderFields = 64

// contentLength is the one field the reader needs, in lower case.
const contentLength = "content-length"

// FrameError is a message the [Reader] could not read: a header without
// Content-Length, a malformed field, a body past the size limit, or bytes
// that are no message. The reader goes on with the next message.
type FrameError struct {
	// Msg says what was wrong, in lower case.
	Msg string
}

func (e *FrameError) Error() string { return "malformed message: " + e.Msg }

// Reader reads the messages of the base protocol from a stream. A
// malformed message is a [*FrameError], after which the reader
// resynchronizes on the next header that holds Content-Length; the memory
// it takes is bounded by the largest body it accepts.
type Reader struct {
	r *bufio.Reader
	// max is the largest body returned; a larger one is skipped.
	max int64
	// pending is a header line found at the end of bytes that are no
	// message, read before the stream's next line.
	pending []byte
	// resync says that a malformed header was reported: the bytes up to
	// the next Content-Length are skipped without another error.
	resync bool
	// eof says that the stream ended after bytes that were reported.
	eof bool
}

// NewReader returns a reader of messages from r whose bodies are at most
// max bytes.
func NewReader(r io.Reader, max int64) *Reader {
	return &Reader{r: bufio.NewReaderSize(r, 64<<10), max: max}
}

// Read returns the body of the next message. It returns io.EOF at the end
// of the stream between messages, io.ErrUnexpectedEOF when it ends inside
// one, a *FrameError for a message it cannot read (call it again for the
// next), and any other error of the stream.
func (r *Reader) Read() ([]byte, error) {
	if r.eof {
		return nil, io.EOF
	}
	length := int64(-1)
	junk, inHeader, fields := false, false, 0
	for {
		line, cut, err := r.line()
		if err == io.EOF {
			switch {
			case inHeader:
				return nil, io.ErrUnexpectedEOF
			case (junk || len(line) > 0) && !r.resync:
				r.eof = true
				return nil, &FrameError{Msg: "the stream ends with bytes that are no message"}
			}
			return nil, io.EOF
		}
		if err != nil {
			return nil, err
		}
		if !inHeader {
			if len(line) == 0 && !junk {
				continue // blank lines between messages
			}
			i := indexFold(line, contentLength+":")
			switch {
			case i == 0 && !cut, !r.resync && i < 0 && !cut && isField(line):
				// A header begins.
			case i >= 0:
				// A header begins inside the line, after bytes that are
				// no message: it is read as the next line.
				r.pending = append(r.pending[:0], line[i:]...)
				junk = true
				continue
			default:
				junk = true
				continue
			}
			if junk && !r.resync {
				r.pending = append(r.pending[:0], line...)
				return nil, &FrameError{Msg: "bytes that are no message before a header"}
			}
			inHeader, r.resync = true, false
		}
		if len(line) == 0 {
			break
		}
		if fields++; cut || fields > maxHeaderFields || !isField(line) {
			r.resync = true
			return nil, &FrameError{Msg: fmt.Sprintf("header line %s is not a field", quoteLine(line))}
		}
		name, value, _ := bytes.Cut(line, []byte(":"))
		if !bytes.EqualFold(name, []byte(contentLength)) {
			continue // Content-Type, or a field of no use here
		}
		n, ok := parseLength(bytes.TrimSpace(value))
		if !ok || length >= 0 && n != length {
			r.resync = true
			return nil, &FrameError{Msg: fmt.Sprintf("Content-Length %s is not a length", quoteLine(bytes.TrimSpace(value)))}
		}
		length = n
	}
	if length < 0 {
		r.resync = true
		return nil, &FrameError{Msg: "a header without Content-Length"}
	}
	if length > r.max {
		if _, err := io.CopyN(io.Discard, r.r, length); err != nil {
			return nil, io.ErrUnexpectedEOF
		}
		return nil, &FrameError{Msg: fmt.Sprintf("a body of %d bytes, past the limit of %d", length, r.max)}
	}
	// The body grows as its bytes come: a header that claims more than
	// the stream holds costs no more memory than the stream.
	var body bytes.Buffer
	body.Grow(int(min(length, 64<<10)))
	if n, err := io.CopyN(&body, r.r, length); n < length {
		if err == nil || err == io.EOF {
			err = io.ErrUnexpectedEOF
		}
		return nil, err
	}
	return body.Bytes(), nil
}

// line returns the next line without its "\n" or "\r\n". A line longer
// than maxHeaderLine comes back cut: its last maxHeaderLine bytes. The
// slice is valid until the next call.
func (r *Reader) line() (line []byte, cut bool, err error) {
	if r.pending != nil {
		line, r.pending = r.pending, nil
		return line, false, nil
	}
	var kept []byte
	for {
		chunk, err := r.r.ReadSlice('\n')
		if err == bufio.ErrBufferFull {
			kept = tail(append(kept, chunk...))
			cut = true
			continue
		}
		if kept != nil {
			chunk = tail(append(kept, chunk...))
		}
		if err != nil {
			// The end of the stream: what is left of a last line without
			// its end, or nothing.
			return chunk, cut, err
		}
		chunk = bytes.TrimSuffix(chunk[:len(chunk)-1], []byte("\r"))
		return chunk, cut || len(chunk) > maxHeaderLine, nil
	}
}

// tail returns the last maxHeaderLine bytes of b, reusing b.
func tail(b []byte) []byte {
	if len(b) <= maxHeaderLine {
		return b
	}
	return append(b[:0], b[len(b)-maxHeaderLine:]...)
}

// isField reports whether line is a header field: a name of RFC 9110
// token characters, ":" and a value.
func isField(line []byte) bool {
	name, _, ok := bytes.Cut(line, []byte(":"))
	if !ok || len(name) == 0 {
		return false
	}
	for _, c := range name {
		if c <= ' ' || c >= 0x7f || bytes.IndexByte([]byte(`"(),/:;<=>?@[\]{}`), c) >= 0 {
			return false
		}
	}
	return true
}

// parseLength reads a Content-Length: decimal digits, no sign.
func parseLength(v []byte) (int64, bool) {
	if len(v) == 0 || len(v) > 18 {
		return 0, false
	}
	for _, c := range v {
		if c < '0' || c > '9' {
			return 0, false
		}
	}
	n, err := strconv.ParseInt(string(v), 10, 64)
	return n, err == nil
}

// indexFold returns the index of the first occurrence of the ASCII string
// lower in s, ignoring case, or -1.
func indexFold(s []byte, lower string) int {
next:
	for i := 0; i+len(lower) <= len(s); i++ {
		for j := 0; j < len(lower); j++ {
			c := s[i+j]
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			if c != lower[j] {
				continue next
			}
		}
		return i
	}
	return -1
}

// quoteLine quotes a header line for an error, at most 40 bytes of it.
func quoteLine(b []byte) string {
	if len(b) > 40 {
		return strconv.Quote(string(b[:40])) + "..."
	}
	return strconv.Quote(string(b))
}

// WriteFrame writes body as one message of the base protocol.
func WriteFrame(w io.Writer, body []byte) error {
	buf := make([]byte, 0, len(body)+32)
	buf = append(buf, "Content-Length: "...)
	buf = strconv.AppendInt(buf, int64(len(body)), 10)
	buf = append(buf, "\r\n\r\n"...)
	buf = append(buf, body...)
	_, err := w.Write(buf)
	return err
}
