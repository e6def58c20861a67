package extract

import (
	"strings"

	rbase "github.com/relurl/relurl/lint/internal/base"
)

// readMessage reads the URLs of a message in the format of RFC 822 and
// MIME, on the one MIME walk of package resolve/base ([rbase.ReadMessage]):
// every entity nested in it by multipart/* and message/* media types, to
// [rbase.MaxDepth]. Each entity's base is settled by the same rules as
// [rbase.Message]: its Base header (§3.1) or, for a text/html part, the
// BASE element of its HTML, then the enclosing entity's base (§3.2), then
// the retrieval URL for the message itself (§3.3). Unlike rbase.Message, a
// bad Base header does not stop the walk: it is a Ref with an Err, and the
// entity's base comes from the next layer.
func readMessage(src string, ctx rbase.Context, h *Handler) {
	entity(rbase.ReadMessage(src), ctx, nil, "", h)
}

// entity reads the URLs of entity e, whose text the file wraps in the
// encodings enc; ctx is what lies around it (§3.2, §3.3). label names the
// message in a mailbox ("message 3"), or is "" for a file of one message.
func entity(e *rbase.Entity, ctx rbase.Context, enc []Encoding, label string, h *Handler) {
	part := rbase.Where(e.Path)
	if label != "" {
		part = label
		if e.Path != "" {
			part += ", part " + e.Path
		}
	}
	where := " in " + part
	if label == "" && e.Path == "" {
		where = " in the message"
	}
	for _, n := range e.Notes {
		h.note(Note{Offset: n.Offset, Kind: n.Kind.String(), Where: part, Message: n.Message})
	}
	t, m := e.Text, e.Map
	bracketed := append([]Encoding{EncodingBracketed}, enc...)

	// §3.1: the Base header, the first field of that name.
	var embedded *rbase.URL
	var baseRef *Ref
	baseField := -1
	for i := range e.Header {
		if strings.EqualFold(e.Header[i].Name, "Base") {
			baseField = i
			break
		}
	}
	if baseField >= 0 {
		f := &e.Header[baseField]
		u, err := rbase.ParseHeader(f.Value)
		if err != nil {
			from := f.From
			for from < f.To && (t[from] == ' ' || t[from] == '\t') {
				from++
			}
			baseRef = &Ref{URL: t[from:f.To], Map: plainMap(m, from), Where: "Base header" + where, Encodings: enc, Err: err}
		} else {
			embedded = &rbase.URL{URL: u, Source: rbase.SourceHeader}
			r := bracketURL(t, f.From, f.To, m, "Base header"+where)
			if r.URL != u {
				r.URL, r.Map = u, spanMap(m, len(u), f.From, f.From)
			}
			r.IsBase, r.Encodings = true, bracketed
			baseRef = &r
		}
	}
	b := establish(embedded, ctx, true)
	if baseRef != nil && baseRef.Err == nil {
		baseRef.Base = b
	}
	// The fields in order, so that URLs come in the order of the file:
	// the Base header where it is written, and relative URLs in the other
	// fields resolved against the entity's base (§3.1): the <URL> lists of
	// the RFC 2369 fields, and "<URL:...>" in any other field.
	for i, f := range e.Header {
		switch {
		case i == baseField:
			h.ref(*baseRef)
		case strings.EqualFold(f.Name, "Base"):
		case isListField(f.Name):
			listURLs(t, f.From, f.To, m, bracketed, b, f.Name+" header"+where, h)
		default:
			urlsInText(t, f.From, f.To, m, bracketed, b, f.Name+" header"+where, h)
		}
	}

	// The body, with its transfer encoding undone.
	benc, note := enc, ""
	switch e.Encoding() {
	case "quoted-printable":
		benc = append([]Encoding{EncodingQuotedPrintable}, enc...)
	case "base64":
		benc, note = append([]Encoding{EncodingBase64}, enc...), " (base64: positions are the body's start)"
	}
	inner := rbase.Context{Enclosing: &b.URL}
	switch mt := e.MediaType; {
	case mt == "text/html":
		s, dm := e.Decoded()
		readHTML(s, dm, benc, ctx, b, where+note, h)
	case strings.HasPrefix(mt, "multipart/"):
		for _, p := range e.Parts {
			entity(p, inner, enc, label, h)
		}
	case strings.HasPrefix(mt, "message/"):
		// The walk undoes a transfer encoding of the enclosed message.
		for _, p := range e.Parts {
			entity(p, inner, benc, label, h)
		}
	case strings.HasPrefix(mt, "text/"):
		s, dm := e.Decoded()
		urlsInText(s, 0, len(s), dm, append([]Encoding{EncodingBracketed}, benc...), b, "<URL:> in the body"+where+note, h)
	}
}

// urlsInText hands on every URL written "<URL:...>" in t[from:to], the
// form RFC 1738 (appendix) recommends for URLs in running text and RFC 1808
// uses for its Base header; white space inside the brackets is ignored.
func urlsInText(t string, from, to int, m rbase.Map, enc []Encoding, b *Base, where string, h *Handler) {
	for i := from; i < to; {
		k := indexFold(t[i:to], "<URL:")
		if k < 0 {
			return
		}
		start := i + k
		end := strings.IndexByte(t[start:to], '>')
		if end < 0 {
			return
		}
		r := bracketURL(t, start, start+end+1, m, where)
		r.Base, r.Encodings = b, enc
		h.ref(r)
		i = start + end + 1
	}
}

// indexFold returns the index of the first sub in s, ASCII letters matched
// without regard to case, or -1.
func indexFold(s, sub string) int {
	for i := 0; i+len(sub) <= len(s); i++ {
		if strings.EqualFold(s[i:i+len(sub)], sub) {
			return i
		}
	}
	return -1
}

// listFields are the header fields of RFC 2369 §3 whose values are lists
// of URLs in angle brackets.
var listFields = []string{"List-Help", "List-Unsubscribe", "List-Subscribe", "List-Post", "List-Owner", "List-Archive"}

func isListField(name string) bool {
	for _, f := range listFields {
		if strings.EqualFold(name, f) {
			return true
		}
	}
	return false
}

// listURLs hands on every URL of the RFC 2369 field value t[from:to]: a
// comma-separated list of URLs in angle brackets, white space inside them
// ignored (§2), with comments in parentheses (RFC 822 §3.4.3) that may
// hold anything, such as List-Post's "(NO)". A "URL:" after the "<" (the
// form of RFC 1738's appendix) is dropped.
func listURLs(t string, from, to int, m rbase.Map, enc []Encoding, b *Base, where string, h *Handler) {
	for i := from; i < to; i++ {
		switch t[i] {
		case '(':
			i = commentEnd(t, i, to)
		case '<':
			end := strings.IndexByte(t[i:to], '>')
			if end < 0 {
				end = to - i - 1 // unterminated: the rest is the URL
			}
			r := bracketURL(t, i, i+end+1, m, where)
			r.Base, r.Encodings = b, enc
			h.ref(r)
			i += end
		}
	}
}

// commentEnd returns the offset of the ")" that closes the RFC 822 comment
// beginning at t[i] (comments nest, and a backslash quotes the next
// character), or to-1 when it is not closed before to.
func commentEnd(t string, i, to int) int {
	depth := 0
	for ; i < to; i++ {
		switch t[i] {
		case '\\':
			i++
		case '(':
			depth++
		case ')':
			if depth--; depth == 0 {
				return i
			}
		}
	}
	return to - 1
}

// bracketURL reads the URL out of "<URL:...>", or "<...>", in t[from:to]
// (with white space around it), white space and line folds inside
// dropped, keeping each byte's offset. When the text is not of that form,
// the URL is what is left of it.
func bracketURL(t string, from, to int, m rbase.Map, where string) Ref {
	var b strings.Builder
	var idx []int
	for i := from; i < to; i++ {
		switch t[i] {
		case ' ', '\t', '\r', '\n':
			continue
		}
		b.WriteByte(t[i])
		idx = append(idx, i)
	}
	s := b.String()
	if len(s) >= 2 && s[0] == '<' && s[len(s)-1] == '>' {
		skip := 1
		if len(s) >= 6 && strings.EqualFold(s[1:5], "URL:") {
			skip = 5
		}
		end := idx[len(s)-1]
		s, idx = s[skip:len(s)-1], append(idx[skip:len(s)-1:len(s)-1], end)
	} else {
		idx = append(idx, to)
	}
	return Ref{URL: s, Map: indexMap(m, idx), Where: where}
}
