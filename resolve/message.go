package resolve

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net/textproto"
	"strconv"
	"strings"
)

// SourceBaseHeader is the [Base.Source] of a base found in a message's
// Base header.
const SourceBaseHeader = "Base header"

// maxDepth bounds the nesting of multipart/* and message/* entities
// [MessageBase] follows, so that a hostile message cannot exhaust the
// stack.
const maxDepth = 100

// Entity is a message or one part of it, with the base URL of its content.
type Entity struct {
	// Path numbers the entity as IMAP does: "" for the message, "1", "2"
	// for its parts, "1.2" for the second part of the first, and so on.
	Path string
	// Header is the entity's header.
	Header textproto.MIMEHeader
	// MediaType is the entity's media type, lower case, from its
	// Content-Type header or the MIME default.
	MediaType string
	// Base is the base URL of the entity's content: of its header and text
	// and, for a composite entity, the base its parts inherit (§3.2).
	Base Base
	// Parts are the parts of a multipart/* entity, or the one message a
	// message/* entity encloses.
	Parts []*Entity
}

// ParseBaseHeader reads the value of a Base header field of RFC 1808 §3.1,
//
//	base-header = "Base" ":" "<URL:" absoluteURL ">"
//
// where white space inside the angle brackets, line folding included, is
// ignored; "URL:" is matched without regard to case, as RFC 822 does for
// literals. It returns the URL, unchecked.
func ParseBaseHeader(value string) (string, error) {
	v := strings.TrimSpace(value)
	if !strings.HasPrefix(v, "<") || !strings.HasSuffix(v, ">") || len(v) < 2 {
		return "", fmt.Errorf("Base header %q is not of the form <URL:absoluteURL> (§3.1)", value)
	}
	inner := strings.Map(func(r rune) rune {
		if r == ' ' || r == '\t' || r == '\r' || r == '\n' {
			return -1
		}
		return r
	}, v[1:len(v)-1])
	if len(inner) < 4 || !strings.EqualFold(inner[:4], "URL:") {
		return "", fmt.Errorf(`Base header %q does not begin "<URL:" (§3.1)`, value)
	}
	return inner[4:], nil
}

// MessageBase reads a message in the format of RFC 822 and MIME, from r,
// and establishes the base URL of it and of every entity nested in it by
// multipart/* and message/* media types (§3.1, §3.2). An entity's base is
// the first of:
//
//   - for a text/html entity, the BASE element in the HEAD of its HTML
//     (§10), transfer encoding undone;
//   - its own Base header (§3.1);
//   - the base of the entity enclosing it (§3.2);
//   - for the message itself, ctx: its enclosing entity, if any, then its
//     retrieval URL (§3.3);
//   - the empty default (§3.4).
//
// A Base header or BASE element that does not hold a valid base URL is an
// error ([*LayerError]), as is a message that cannot be read.
func MessageBase(r io.Reader, ctx Context) (*Entity, error) {
	br := bufio.NewReader(r)
	header, err := textproto.NewReader(br).ReadMIMEHeader()
	if err != nil && !(errors.Is(err, io.EOF) && len(header) > 0) {
		return nil, fmt.Errorf("reading the message header: %w", err)
	}
	body, err := io.ReadAll(br)
	if err != nil {
		return nil, fmt.Errorf("reading the message body: %w", err)
	}
	return entity("", header, body, ctx, "text/plain", 0)
}

func entity(path string, header textproto.MIMEHeader, body []byte, ctx Context, defaultType string, depth int) (*Entity, error) {
	if depth > maxDepth {
		return nil, fmt.Errorf("entity %s: nested more than %d deep", where(path), maxDepth)
	}
	e := &Entity{Path: path, Header: header, MediaType: defaultType}
	var params map[string]string
	if ct := header.Get("Content-Type"); ct != "" {
		mt, p, err := mime.ParseMediaType(ct)
		if err != nil {
			return nil, fmt.Errorf("entity %s: Content-Type %q: %w", where(path), ct, err)
		}
		e.MediaType, params = mt, p
	}

	// §3.1: a Base header is embedded in the entity; for its content it
	// comes before the enclosing entity's base.
	var headerBase *Base
	if values := header.Values("Base"); len(values) > 0 {
		u, err := ParseBaseHeader(values[0])
		if err != nil {
			return nil, fmt.Errorf("entity %s: %w", where(path), &LayerError{Layer: LayerEmbedded, Source: SourceBaseHeader, Err: err})
		}
		headerBase = &Base{URL: u, Source: SourceBaseHeader}
	}
	b, err := Establish(headerBase, ctx)
	if err != nil {
		return nil, fmt.Errorf("entity %s: %w", where(path), err)
	}
	e.Base = b

	inner := Context{Enclosing: &e.Base}
	switch {
	case e.MediaType == "text/html":
		// The HTML document's own BASE element wins over the entity's.
		text, err := decodeBody(header, body)
		if err != nil {
			return nil, fmt.Errorf("entity %s: %w", where(path), err)
		}
		href, found, err := FindHTMLBase(bytes.NewReader(text))
		if err != nil {
			return nil, fmt.Errorf("entity %s: %w", where(path), err)
		}
		if found {
			if e.Base, err = Establish(&Base{URL: href, Source: SourceHTMLBase}, ctx); err != nil {
				return nil, fmt.Errorf("entity %s: %w", where(path), err)
			}
		}
	case strings.HasPrefix(e.MediaType, "multipart/"):
		boundary := params["boundary"]
		if boundary == "" {
			return nil, fmt.Errorf("entity %s: %s without a boundary", where(path), e.MediaType)
		}
		partDefault := "text/plain"
		if e.MediaType == "multipart/digest" {
			partDefault = "message/rfc822"
		}
		mr := multipart.NewReader(bytes.NewReader(body), boundary)
		for i := 1; ; i++ {
			p, err := mr.NextRawPart()
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				return nil, fmt.Errorf("entity %s: part %d: %w", where(path), i, err)
			}
			pb, err := io.ReadAll(p)
			if err != nil {
				return nil, fmt.Errorf("entity %s: part %d: %w", where(path), i, err)
			}
			child, err := entity(join(path, i), p.Header, pb, inner, partDefault, depth+1)
			if err != nil {
				return nil, err
			}
			e.Parts = append(e.Parts, child)
		}
	case strings.HasPrefix(e.MediaType, "message/"):
		text, err := decodeBody(header, body)
		if err != nil {
			return nil, fmt.Errorf("entity %s: %w", where(path), err)
		}
		br := bufio.NewReader(bytes.NewReader(text))
		h, err := textproto.NewReader(br).ReadMIMEHeader()
		if err != nil && !(errors.Is(err, io.EOF) && len(h) > 0) {
			return nil, fmt.Errorf("entity %s: reading the enclosed message's header: %w", where(path), err)
		}
		rest, _ := io.ReadAll(br)
		child, err := entity(join(path, 1), h, rest, inner, "text/plain", depth+1)
		if err != nil {
			return nil, err
		}
		e.Parts = append(e.Parts, child)
	}
	return e, nil
}

// decodeBody undoes a base64 or quoted-printable Content-Transfer-Encoding.
func decodeBody(header textproto.MIMEHeader, body []byte) ([]byte, error) {
	switch strings.ToLower(strings.TrimSpace(header.Get("Content-Transfer-Encoding"))) {
	case "base64":
		b, err := io.ReadAll(base64.NewDecoder(base64.StdEncoding, bytes.NewReader(body)))
		if err != nil {
			return nil, fmt.Errorf("decoding base64: %w", err)
		}
		return b, nil
	case "quoted-printable":
		b, err := io.ReadAll(quotedprintable.NewReader(bytes.NewReader(body)))
		if err != nil {
			return nil, fmt.Errorf("decoding quoted-printable: %w", err)
		}
		return b, nil
	}
	return body, nil
}

func join(path string, i int) string {
	if path == "" {
		return strconv.Itoa(i)
	}
	return path + "." + strconv.Itoa(i)
}

func where(path string) string {
	if path == "" {
		return "message"
	}
	return "part " + path
}
