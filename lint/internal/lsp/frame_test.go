package lsp

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"
)

// TestReader: what the reader makes of streams, each result a body, "!"
// and the message of a *FrameError, or "EOF" / "unexpected EOF".
func TestReader(t *testing.T) {
	for _, c := range []struct {
		name, in string
		want     []string
	}{
		{"one", "Content-Length: 2\r\n\r\n{}", []string{"{}", "EOF"}},
		{"two, a field of no use", "Content-Length: 1\r\n\r\n1Content-Length: 1\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n2",
			[]string{"1", "2", "EOF"}},
		{"any case, LF alone, no space", "content-LENGTH:1\n\nx", []string{"x", "EOF"}},
		{"blank lines between", "\r\n\r\nContent-Length: 1\r\n\r\nx\r\n", []string{"x", "EOF"}},
		{"empty body", "Content-Length: 0\r\n\r\n", []string{"", "EOF"}},
		{"no Content-Length", "Content-Type: x\r\n\r\n{\"a\":1}\r\nContent-Length: 1\r\n\r\nx",
			[]string{"!a header without Content-Length", "x", "EOF"}},
		{"junk before", "garbage{\"a\":1}Content-Length: 1\r\n\r\nx", []string{"!bytes that are no message before a header", "x", "EOF"}},
		{"junk lines before", "a\r\nb\r\nContent-Length: 1\r\n\r\nx", []string{"!bytes that are no message before a header", "x", "EOF"}},
		{"junk at the end", "Content-Length: 1\r\n\r\nxyz", []string{"x", "!the stream ends with bytes that are no message", "EOF"}},
		{"bad length", "Content-Length: -1\r\n\r\n{}Content-Length: 1\r\n\r\nx", []string{"!Content-Length \"-1\" is not a length", "x", "EOF"}},
		{"two lengths", "Content-Length: 1\r\nContent-Length: 2\r\n\r\nxy", []string{"!Content-Length \"2\" is not a length", "EOF"}},
		{"same length twice", "Content-Length: 1\r\ncontent-length: 1\r\n\r\nx", []string{"x", "EOF"}},
		{"not a field", "Content-Length: 1\r\nnonsense\r\n\r\nxContent-Length: 1\r\n\r\ny", []string{"!header line \"nonsense\" is not a field", "y", "EOF"}},
		{"too large", "Content-Length: 20\r\n\r\n01234567890123456789Content-Length: 1\r\n\r\nx",
			[]string{"!a body of 20 bytes, past the limit of 16", "x", "EOF"}},
		{"too large, and no more", "Content-Length: 999999999999\r\n\r\n{}", []string{"unexpected EOF"}},
		{"truncated body", "Content-Length: 5\r\n\r\nab", []string{"unexpected EOF"}},
		{"truncated header", "Content-Length: 5\r\n", []string{"unexpected EOF"}},
		{"a long line", strings.Repeat("x", 100000) + "Content-Length: 1\r\n\r\nx", []string{"!bytes that are no message before a header", "x", "EOF"}},
		{"a long header line", "Content-Length: 1\r\nX: " + strings.Repeat("y", 5000) + "\r\n\r\nxContent-Length: 1\r\n\r\nz",
			[]string{"!header line \"X: yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy\"... is not a field", "z", "EOF"}},
	} {
		rd := NewReader(strings.NewReader(c.in), 16)
		var got []string
		for len(got) < 10 {
			body, err := rd.Read()
			var fe *FrameError
			switch {
			case err == nil:
				got = append(got, string(body))
				continue
			case errors.As(err, &fe):
				got = append(got, "!"+fe.Msg)
				continue
			case err == io.EOF, err == io.ErrUnexpectedEOF:
				got = append(got, err.Error())
			default:
				got = append(got, "error "+err.Error())
			}
			break
		}
		if strings.Join(got, "|") != strings.Join(c.want, "|") {
			t.Errorf("%s:\n got %q\nwant %q", c.name, got, c.want)
		}
	}
}

// TestWriteFrame: a message as the base protocol frames it.
func TestWriteFrame(t *testing.T) {
	var b bytes.Buffer
	if err := WriteFrame(&b, []byte(`{"é":1}`)); err != nil {
		t.Fatal(err)
	}
	if got, want := b.String(), "Content-Length: 8\r\n\r\n{\"é\":1}"; got != want {
		t.Errorf("%q, want %q", got, want)
	}
}
