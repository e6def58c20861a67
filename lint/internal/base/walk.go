package base

import (
	"mime"
	"strconv"
	"strings"

	"github.com/relurl/relurl/ast"
)

// MaxDepth is how deep [ReadMessage] follows the nesting of multipart/*
// and message/* entities: the message is at depth 0, its parts at depth 1,
// and an entity deeper than MaxDepth is not read. It is reported instead:
// a [Note] of kind [NoteTooDeep] on the entity that encloses it, and an
// error from [Message]. The limit keeps the walk's stack bounded on
// hostile input; no real message comes near it.
const MaxDepth = 100

// Entity is a message or one entity nested in it by multipart/* and
// message/* media types, as [ReadMessage] reads it: its header fields and
// its body are slices of the input, and Map places them in it.
type Entity struct {
	// Path numbers the entity as IMAP does: "" for the message, "1", "2"
	// for its parts, "1.2" for the second part of the first, and so on.
	Path string
	// Depth is the entity's nesting depth: 0 for the message.
	Depth int
	// Text is the entity, header and body: a slice of the input or, inside
	// a message/* entity with a transfer encoding, of that body decoded.
	Text string
	// Map maps offsets of Text to offsets in the input.
	Map Map
	// Header holds the entity's header fields, in order.
	Header []Field
	// BodyStart is the offset in Text where the body begins, past the
	// empty line that ends the header (len(Text) when there is none).
	BodyStart int
	// MediaType is the entity's media type, lower case, from its
	// Content-Type field or the MIME default: text/plain, or
	// message/rfc822 for a part of a multipart/digest.
	MediaType string
	// Params are the Content-Type parameters, keys in lower case.
	Params map[string]string
	// Parts are the parts of a multipart/* entity, or the one message a
	// message/* entity encloses.
	Parts []*Entity
	// Notes say what in the entity the walk could not read as MIME wants
	// it, and what it did instead.
	Notes []Note
	// Base is the base URL of the entity's content, set by [Message]: of
	// its header and text and, for a composite entity, the base its parts
	// inherit (§3.2).
	Base URL
}

// Field is one header field of an entity.
type Field struct {
	// Name is the field's name as written.
	Name string
	// Value is the field's value with its line ends removed (unfolded),
	// as written otherwise: leading white space is kept.
	Value string
	// From and To delimit the raw value, after the ":", folds included,
	// in the entity's Text.
	From, To int
}

// NoteKind says what a [Note] is about.
type NoteKind uint8

// The kinds of notes.
const (
	// NoteTooDeep: parts nested deeper than MaxDepth, not read.
	NoteTooDeep NoteKind = iota + 1
	// NoteNoBoundary: a multipart/* entity without a boundary parameter,
	// read as one part.
	NoteNoBoundary
	// NoteContentType: a Content-Type field that does not parse; the MIME
	// default is used.
	NoteContentType
	// NoteHeaderLines: header lines that are neither a field nor the
	// continuation of one, skipped.
	NoteHeaderLines
	// NoteEncoding: a base64 body with a byte outside the alphabet; it is
	// decoded up to that byte.
	NoteEncoding
	// NoteNotDecoded: a message/* body with a transfer encoding past the
	// walk's budget of decoded bytes (the length of the input), not read.
	NoteNotDecoded
)

// String names the kind: "too-deep", "no-boundary", "content-type",
// "header-lines", "encoding" or "not-decoded".
func (k NoteKind) String() string {
	switch k {
	case NoteTooDeep:
		return "too-deep"
	case NoteNoBoundary:
		return "no-boundary"
	case NoteContentType:
		return "content-type"
	case NoteHeaderLines:
		return "header-lines"
	case NoteEncoding:
		return "encoding"
	case NoteNotDecoded:
		return "not-decoded"
	}
	return "NoteKind(" + strconv.Itoa(int(k)) + ")"
}

// Note is something in an entity that the walk could not read as MIME
// wants it, and what it did instead. Nothing is skipped in silence.
type Note struct {
	Kind NoteKind
	// Offset is where in the input the note applies.
	Offset int
	// Message says what was found and what was done, in lower case.
	Message string
}

// Field returns the first header field named name (without regard to
// case), or nil.
func (e *Entity) Field(name string) *Field {
	for i := range e.Header {
		if strings.EqualFold(e.Header[i].Name, name) {
			return &e.Header[i]
		}
	}
	return nil
}

// Get returns the value of the first header field named name, or "".
func (e *Entity) Get(name string) string {
	if f := e.Field(name); f != nil {
		return f.Value
	}
	return ""
}

// Body returns the entity's body as written, its transfer encoding not
// undone; e.Map.Sub(e.BodyStart) maps it to the input.
func (e *Entity) Body() string { return e.Text[e.BodyStart:] }

// Encoding returns the entity's Content-Transfer-Encoding, in lower case
// and trimmed ("" when there is none).
func (e *Entity) Encoding() string {
	return strings.ToLower(strings.TrimSpace(e.Get("Content-Transfer-Encoding")))
}

// Decoded returns the body with its transfer encoding undone
// (quoted-printable or base64; any other encoding is the body as it is),
// and the Map of the decoded text to the input. The map of a
// quoted-printable body is exact; that of a base64 body is not
// ([Map.Exact]): every offset gives the start of the body. Each call
// decodes again; a body that needs no decoding is not copied.
func (e *Entity) Decoded() (string, Map) {
	body, m := e.Body(), e.Map.Sub(e.BodyStart)
	switch e.Encoding() {
	case "quoted-printable":
		return decodeQuotedPrintable(body, m)
	case "base64":
		return decodeBase64(body, m)
	}
	return body, m
}

// ReadMessage reads msg, a message in the format of RFC 822 and MIME, into
// the tree of its entities: the message and every entity nested in it by
// multipart/* (RFC 2046 §5.1) and message/* media types, to [MaxDepth]. It
// is relurl's one MIME walk, used by [Message] and by the linter. It never
// fails: what it cannot read as MIME wants it is noted ([Entity.Notes])
// and read as well as it can. It copies no body: entities are slices of
// msg, except inside a message/* entity with a transfer encoding, whose
// body is decoded (within a budget of len(msg) bytes for the whole walk).
func ReadMessage(msg string) *Entity {
	w := walker{budget: len(msg)}
	return w.entity("", 0, msg, Map{}, "text/plain")
}

type walker struct {
	budget int // bytes that may still be decoded for message/* bodies
}

func (w *walker) entity(path string, depth int, text string, m Map, defaultType string) *Entity {
	e := &Entity{Path: path, Depth: depth, Text: text, Map: m, MediaType: defaultType}
	var skipped, firstSkipped int
	e.Header, e.BodyStart, skipped, firstSkipped = readHeader(text)
	if skipped > 0 {
		e.note(NoteHeaderLines, m.At(firstSkipped), strconv.Itoa(skipped)+" header lines are neither a field nor a continuation, and were skipped")
	}

	if e.Encoding() == "base64" {
		if bad := badBase64(e.Body()); bad >= 0 {
			e.note(NoteEncoding, m.At(e.BodyStart+bad), "the base64 body has "+ast.Quote(e.Body()[bad:bad+1], 0)+
				", a byte outside the alphabet or after the padding; it is decoded up to there")
		}
	}
	if f := e.Field("Content-Type"); f != nil {
		mt, params, err := mime.ParseMediaType(strings.TrimSpace(f.Value))
		switch {
		case err == nil:
			e.MediaType, e.Params = mt, params
		case err == mime.ErrInvalidMediaParameter:
			e.MediaType = mt
			e.note(NoteContentType, m.At(f.From), "Content-Type "+ast.Quote(f.Value, 0)+
				" has a parameter that does not parse; read as "+mt+" without parameters")
		default:
			e.note(NoteContentType, m.At(f.From), "Content-Type "+ast.Quote(f.Value, 0)+
				" does not parse ("+err.Error()+"); read as "+defaultType)
		}
	}

	switch {
	case strings.HasPrefix(e.MediaType, "multipart/"):
		partType := "text/plain"
		if e.MediaType == "multipart/digest" {
			partType = "message/rfc822"
		}
		body, bm := e.Body(), m.Sub(e.BodyStart)
		boundary := e.Params["boundary"]
		var spans [][2]int
		if boundary == "" {
			e.note(NoteNoBoundary, bm.At(0), e.MediaType+" has no boundary parameter; its body is read as one part")
			spans = [][2]int{{0, len(body)}}
		} else {
			spans = splitMultipart(body, boundary)
		}
		if depth == MaxDepth && len(spans) > 0 {
			e.tooDeep(len(spans), bm.At(spans[0][0]))
			break
		}
		for i, sp := range spans {
			e.Parts = append(e.Parts, w.entity(join(path, i+1), depth+1, body[sp[0]:sp[1]], bm.Sub(sp[0]), partType))
		}
	case strings.HasPrefix(e.MediaType, "message/"):
		if depth == MaxDepth {
			e.tooDeep(1, m.At(e.BodyStart))
			break
		}
		text, tm := e.Body(), m.Sub(e.BodyStart)
		enc := e.Encoding()
		if enc == "base64" || enc == "quoted-printable" && strings.IndexByte(text, '=') >= 0 {
			// A copy: within the budget, so that nesting cannot multiply
			// the input.
			if len(text) > w.budget {
				e.note(NoteNotDecoded, tm.At(0), "the "+enc+" body of "+e.MediaType+
					" is not read: decoding it would pass the walk's budget of decoded bytes, the length of the input")
				break
			}
			text, tm = e.Decoded()
			w.budget -= len(text)
		}
		e.Parts = append(e.Parts, w.entity(join(path, 1), depth+1, text, tm, "text/plain"))
	}
	return e
}

func (e *Entity) note(kind NoteKind, offset int, message string) {
	e.Notes = append(e.Notes, Note{Kind: kind, Offset: offset, Message: message})
}

func (e *Entity) tooDeep(n, offset int) {
	what := "its part is"
	if n > 1 {
		what = "its " + strconv.Itoa(n) + " parts are"
	}
	e.note(NoteTooDeep, offset, what+" nested deeper than "+strconv.Itoa(MaxDepth)+" entities (the limit) and not read")
}

// readHeader reads the header fields at the start of t (RFC 822 §3.1,
// leniently: a line that is neither a field nor a continuation is
// skipped) and returns them, the offset of the body, past the empty line,
// and how many lines were skipped and where the first one was.
func readHeader(t string) (fields []Field, body, skipped, first int) {
	i := 0
	for i < len(t) {
		next := len(t)
		if eol := strings.IndexByte(t[i:], '\n'); eol >= 0 {
			next = i + eol + 1
		}
		line := strings.TrimRight(t[i:next], "\r\n")
		if line == "" {
			return unfold(t, fields), next, skipped, first
		}
		switch c := strings.IndexByte(line, ':'); {
		case (line[0] == ' ' || line[0] == '\t') && len(fields) > 0:
			fields[len(fields)-1].To = i + len(line)
		case c > 0 && !strings.ContainsAny(line[:c], " \t"):
			fields = append(fields, Field{Name: line[:c], From: i + c + 1, To: i + len(line)})
		default:
			if skipped == 0 {
				first = i
			}
			skipped++
		}
		i = next
	}
	return unfold(t, fields), len(t), skipped, first
}

// unfold sets each field's value: its raw text without line ends.
func unfold(t string, fields []Field) []Field {
	for i := range fields {
		raw := t[fields[i].From:fields[i].To]
		if strings.ContainsAny(raw, "\r\n") {
			raw = strings.NewReplacer("\r\n", "", "\n", "", "\r", "").Replace(raw)
		}
		fields[i].Value = raw
	}
	return fields
}

// splitMultipart returns the spans of the parts of a multipart body (RFC
// 2046 §5.1.1): each between the line end after a delimiter line
// "--boundary" (white space may follow it) and the line end before the
// next, until the close delimiter "--boundary--" or the end of the body.
func splitMultipart(body, boundary string) [][2]int {
	delim := "--" + boundary
	var parts [][2]int
	start := -1
	for i := 0; i < len(body); {
		next := len(body)
		if eol := strings.IndexByte(body[i:], '\n'); eol >= 0 {
			next = i + eol + 1
		}
		line := strings.TrimRight(body[i:next], " \t\r\n")
		if strings.HasPrefix(line, delim) {
			if rest := line[len(delim):]; rest == "" || rest == "--" {
				if start >= 0 {
					end := i
					// The line end before the delimiter belongs to it.
					if end > start && body[end-1] == '\n' {
						end--
						if end > start && body[end-1] == '\r' {
							end--
						}
					}
					parts = append(parts, [2]int{start, end})
				}
				if rest == "--" {
					return parts
				}
				start = next
			}
		}
		i = next
	}
	if start >= 0 && start < len(body) {
		parts = append(parts, [2]int{start, len(body)})
	}
	return parts
}

func join(path string, i int) string {
	if path == "" {
		return strconv.Itoa(i)
	}
	return path + "." + strconv.Itoa(i)
}
