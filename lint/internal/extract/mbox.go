package extract

import (
	"bytes"
	"strconv"
	"strings"

	rbase "github.com/relurl/relurl/lint/internal/base"
)

// looksLikeMbox reports whether data begins as a mailbox does: an mbox
// "From " line (RFC 4155: "From ", the sender, the date), then a message's
// header block.
func looksLikeMbox(data []byte) bool {
	if !bytes.HasPrefix(data, []byte("From ")) {
		return false
	}
	_, rest, ok := bytes.Cut(data, []byte("\n"))
	return ok && looksLikeMessage(rest)
}

// readMbox reads a mailbox in the mbox format (RFC 4155): messages, each
// after a "From " line at the start of the file or after an empty line,
// each read as [KindMessage] reads a message (its own §3 layers, the
// retrieval URL the mailbox's), named "message 1", "message 2", … in
// where a URL is, its positions in the mailbox. Text before the first
// "From " line is read as a message too, not skipped. Body lines that an
// mbox writer quoted (">From ") are read as they are: the quote is not in
// a URL.
func readMbox(src string, ctx rbase.Context, h *Handler) {
	n := 0
	for _, sp := range MboxMessages(src) {
		n++
		off := sp[0]
		shifted := Handler{
			Ref: func(r Ref) {
				r.Map.shift += off
				h.ref(r)
			},
			Directive: func(d Directive) {
				d.Offset, d.End = d.Offset+off, d.End+off
				h.directive(d)
			},
			Note: func(nt Note) {
				nt.Offset += off
				h.note(nt)
			},
			rd: h.rd,
		}
		entity(rbase.ReadMessage(src[sp[0]:sp[1]]), ctx, nil, "message "+strconv.Itoa(n), &shifted)
	}
}

// MboxMessages returns the spans of the messages of a mailbox, as
// [KindMbox] reads it (RFC 4155): each from the line after its "From "
// line (at the start of the mailbox or after an empty line) to the line
// end before the empty line that precedes the next "From " line, or to the
// end of the mailbox. Text before the first "From " line that is not blank
// is a message of its own.
func MboxMessages(src string) [][2]int {
	var spans [][2]int
	start := 0        // the current message's start
	fromLine := false // whether a "From " line began it
	prevEmpty := true // whether the line before was empty
	for i := 0; i < len(src); {
		next := len(src)
		if eol := strings.IndexByte(src[i:], '\n'); eol >= 0 {
			next = i + eol + 1
		}
		line := src[i:next]
		if prevEmpty && strings.HasPrefix(line, "From ") {
			if end := trimSeparator(src, start, i); fromLine || strings.TrimSpace(src[start:end]) != "" {
				spans = append(spans, [2]int{start, end})
			}
			start, fromLine = next, true
		}
		prevEmpty = strings.TrimRight(line, "\r\n") == ""
		i = next
	}
	if fromLine || strings.TrimSpace(src[start:]) != "" {
		spans = append(spans, [2]int{start, len(src)})
	}
	return spans
}

// trimSeparator returns the end of the message src[start:end] without the
// empty line that separates it from the next "From " line, and without the
// line end before that.
func trimSeparator(src string, start, end int) int {
	for k := 0; k < 2 && end > start; k++ {
		if src[end-1] == '\n' {
			end--
			if end > start && src[end-1] == '\r' {
				end--
			}
		}
	}
	return end
}
