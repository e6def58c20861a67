package extract

import (
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/relurl/relurl/ast"
	rbase "github.com/relurl/relurl/resolve/base"
)

// attrKind is what an HTML attribute holds.
type attrKind uint8

const (
	attrNone    attrKind = iota
	attrURL              // one URL
	attrURLList          // URLs separated by white space (archive: also by commas)
	attrSrcset           // image candidate strings: URLs, each followed by optional descriptors, separated by commas
	attrStyle            // CSS (on any element)
	attrContent          // meta http-equiv=refresh's URL, in its own syntax
)

// attrDef is what an attribute holds, and the element it does so on ("" for
// any element).
type attrDef struct {
	kind attrKind
	only string
}

// htmlAttrs are the HTML attributes that may hold URLs, by name: the one
// table the reader and its fast test of a tag (mayHaveURLAttr) derive from.
var htmlAttrs = map[string]attrDef{
	"href": {attrURL, ""}, "src": {attrURL, ""}, "action": {attrURL, ""}, "formaction": {attrURL, ""},
	"cite": {attrURL, ""}, "poster": {attrURL, ""}, "background": {attrURL, ""}, "longdesc": {attrURL, ""},
	"usemap": {attrURL, ""}, "manifest": {attrURL, "html"}, "icon": {attrURL, ""}, "lowsrc": {attrURL, ""},
	"dynsrc": {attrURL, ""}, "xlink:href": {attrURL, ""}, "data": {attrURL, "object"}, "codebase": {attrURL, ""},
	"classid": {attrURL, "object"},
	"ping":    {attrURLList, ""}, "archive": {attrURLList, ""}, "profile": {attrURLList, "head"},
	"srcset": {attrSrcset, ""}, "imagesrcset": {attrSrcset, ""},
	"style":   {attrStyle, ""},
	"content": {attrContent, "meta"},
}

// rawAttr is an attribute located in the raw text of a start tag.
type rawAttr struct {
	key      string // lower case
	valStart int    // offsets of the value in the tag's raw text
	valEnd   int
	hasValue bool
}

// readHTMLDocument reads the URLs of an HTML document that is a file of
// its own: its base is its BASE element, else what ctx says (§3.3, §3.4).
func readHTMLDocument(src string, ctx rbase.Context, h *Handler) {
	readHTML(src, rbase.Map{}, nil, ctx, establish(nil, ctx, true), "", h)
}

// readHTML reads the URLs of the HTML document doc, whose text maps to the
// file by m and which the file wraps in the encodings enc. fallback is the
// base the document has when it embeds none (for a document at the top
// level, from ctx; for a part of a message, the part's); ctx is the
// context its BASE element is established in (§10, §3.1). whereSuffix
// names the part of a message the document is, or is "".
func readHTML(doc string, m rbase.Map, enc []Encoding, ctx rbase.Context, fallback *Base, whereSuffix string, h *Handler) {
	b, err := htmlBase(doc, ctx, fallback)
	if err != nil {
		where := strings.TrimPrefix(whereSuffix, " in ")
		if where == "" {
			where = "document"
		}
		h.note(Note{Offset: m.At(0), Kind: NoteHTMLTooDeep, Where: where,
			Message: "the HTML parser could not read the head (" + err.Error() + "): its BASE element is not known, " +
				"and its references are checked against the base of the next layer (RFC 1808 §3)"})
	}
	scanHTML(doc, m, enc, b, whereSuffix, h)
}

// htmlBase returns the base of the HTML document doc: its BASE element's
// (§10, §3.1) established in ctx, or fallback when it has none or when the
// HTML parser's limit (512 open elements) comes before the head ends, with
// the parser's error: the BASE element cannot be told then, as relurl base
// cannot tell it.
func htmlBase(doc string, ctx rbase.Context, fallback *Base) (*Base, error) {
	// Only a document with a BASE tag needs the HTML parser's reading of
	// where its BASE element is (§10); the others keep their fallback.
	if hasBaseTag(doc) {
		switch href, found, err := rbase.FindInHTML(doc); {
		case err != nil:
			return fallback, err
		case found:
			return establish(&rbase.URL{URL: href, Source: rbase.SourceHTML}, ctx, true), nil
		}
	}
	return fallback, nil
}

// scanHTML reads the URLs of the HTML document doc, as readHTML does,
// against the base b.
func scanHTML(doc string, m rbase.Map, enc []Encoding, b *Base, whereSuffix string, h *Handler) {
	r := htmlReader{doc: doc, m: m, base: b, whereSuffix: whereSuffix, h: h,
		enc: append([]Encoding{EncodingHTMLAttribute}, enc...)}

	z := html.NewTokenizer(strings.NewReader(doc))
	off := 0
	// Reused from tag to tag: the tokenizer's keys and values stay valid
	// until its next call of Next.
	var keys, values [][]byte
	var defs []attrDef
	var attrs []rawAttr
	// inStyle says that the token before was a STYLE start tag: the text
	// that follows is its CSS.
	inStyle := false
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			return
		}
		n := len(z.Raw())
		tagStart := off
		off += n
		if inStyle && tt == html.TextToken {
			r.styleElement(tagStart, off, enc)
		}
		inStyle = false
		if tt == html.CommentToken {
			r.comment(z.Text(), tagStart, off)
			continue
		}
		if tt != html.StartTagToken && tt != html.SelfClosingTagToken {
			continue
		}
		raw := doc[tagStart:off]
		if tt == html.StartTagToken && isStyleTag(raw) {
			inStyle = true
		}
		// The tokenizer's attribute names are pieces of the raw text, in
		// lower case: a tag whose text names no attribute that may hold
		// URLs has none, and needs no more work.
		if !mayHaveURLAttr(raw) {
			continue
		}
		name, hasAttr := z.TagName()
		if !hasAttr {
			continue
		}
		// The tokenizer's values are the reference: the raw scan only
		// locates them.
		keys, values, defs = keys[:0], values[:0], defs[:0]
		any := false
		for {
			k, v, more := z.TagAttr()
			d := htmlAttrs[string(k)]
			keys, values, defs = append(keys, k), append(values, v), append(defs, d)
			any = any || d.kind != attrNone
			if !more {
				break
			}
		}
		if !any {
			continue
		}
		tag := tagName(name)
		attrs = scanAttrs(attrs[:0], raw)
		if !sameKeys(attrs, keys) {
			// The scan disagrees with the tokenizer: take the tokenizer's
			// attributes, located at the start of the tag.
			attrs = attrs[:0]
			for _, k := range keys {
				attrs = append(attrs, rawAttr{key: string(k), hasValue: true})
			}
		}
		for i, a := range attrs {
			switch d := defs[i]; d.kind {
			case attrNone:
			case attrStyle:
				r.styleAttr(tag, a, tagStart, values[i])
			case attrContent:
				if tag == d.only && isRefresh(keys, values) {
					r.refresh(a, tagStart, values[i])
				}
			default:
				if d.only == "" || d.only == tag {
					r.attr(tag, a, d.kind, tagStart, values[i])
				}
			}
		}
	}
}

// tagName returns the tokenizer's name of a tag as a string: the atom's,
// which costs no allocation, for the names HTML knows.
func tagName(name []byte) string {
	if a := atom.Lookup(name); a != 0 {
		return a.String()
	}
	return string(name)
}

// isStyleTag reports whether raw, the raw text of a start tag, is a STYLE
// start tag: its name, which runs to white space, "/" or ">", is "style"
// in any case, as the tokenizer reads it.
func isStyleTag(raw string) bool {
	return len(raw) >= 6 && foldsTo(raw[1:6], "style") && (len(raw) == 6 || attrBound[raw[6]] && raw[6] != '=')
}

// htmlReader hands the URLs of one HTML document to a Handler.
type htmlReader struct {
	doc         string
	m           rbase.Map
	enc         []Encoding
	base        *Base
	whereSuffix string
	h           *Handler
	// wheres are the Wheres made so far (see where).
	wheres []whereOf
}

// comment hands on a comment addressed to relurl, whose text is data and
// which is doc[from:to].
func (r *htmlReader) comment(data []byte, from, to int) {
	t := strings.Trim(string(data), rbase.HTMLSpace)
	if strings.HasPrefix(t, "relurl:") {
		r.h.directive(Directive{Offset: r.m.At(from), End: r.m.At(to), Text: t})
	}
}

// urlAttrNames holds, for each lower case ASCII letter, the names of
// htmlAttrs that begin with it.
var urlAttrNames = func() (t [256][]string) {
	for k := range htmlAttrs {
		t[k[0]] = append(t[k[0]], k)
	}
	return t
}()

// attrBefore holds the bytes an attribute name of the tokenizer follows
// in the raw text of a tag: HTML white space, "/" (after the tag name or
// between attributes) and the quote that ends a quoted value
// (x/net/html's readTag, readTagAttrKey, readTagAttrVal). attrBound holds
// those that end a name: white space, "/", ">" and "=".
var attrBefore, attrBound = func() (before, bound [256]bool) {
	for _, c := range []byte(rbase.HTMLSpace + "/\"'") {
		before[c] = true
	}
	for _, c := range []byte(rbase.HTMLSpace + "/>=") {
		bound[c] = true
	}
	return
}()

// mayHaveURLAttr reports whether the raw text of a start tag holds the
// name of an attribute of htmlAttrs, in any case, where the tokenizer could
// read an attribute name: after a byte of attrBefore and up to one of
// attrBound or the end. When it does not, the tokenizer (whose attribute
// names are those pieces of the raw text, in ASCII lower case) finds no
// such attribute there. Testing only those places keeps names inside
// others ("hreflang", "data-src") and inside values from making the tag
// look like one that holds URLs.
func mayHaveURLAttr(raw string) bool {
	for i := 2; i < len(raw); i++ {
		if !attrBefore[raw[i-1]] {
			continue
		}
		for _, k := range urlAttrNames[raw[i]|0x20] {
			if e := i + len(k); e <= len(raw) && foldsTo(raw[i:e], k) && (e == len(raw) || attrBound[raw[e]]) {
				return true
			}
		}
	}
	return false
}

// value returns the value of attribute a of a start tag at tagStart in the
// document, decoded, with the place of each byte; want is the
// tokenizer's value. When the scan's decoding differs from the
// tokenizer's, the value is the tokenizer's, placed at its start: inexact.
// A value without character references is a piece of the document, not a
// copy.
func (r *htmlReader) value(a rawAttr, tagStart int, want []byte) decoded {
	valStart, valEnd := tagStart+a.valStart, tagStart+a.valEnd
	val, idx := decodeAttr(r.doc[valStart:valEnd], valStart)
	if val != string(want) {
		// An entity decoded differently from the tokenizer: keep its value,
		// and place every byte at the value's start.
		return decoded{s: string(want), off: valStart, inexact: true, end: valEnd}
	}
	return decoded{s: val, off: valStart, idx: idx}
}

// where returns "<tag key>" and the part of the message the document is:
// what Ref.Where says of a URL in that attribute. The few of a document
// are made once.
func (r *htmlReader) where(tag, key string) string {
	for _, w := range r.wheres {
		if w.tag == tag && w.key == key {
			return w.where
		}
	}
	w := "<" + tag + " " + key + ">" + r.whereSuffix
	if len(r.wheres) < 16 {
		r.wheres = append(r.wheres, whereOf{tag, key, w})
	}
	return w
}

// whereOf is a Where made for an attribute of a tag.
type whereOf struct{ tag, key, where string }

// attr hands on the URLs of attribute a, which holds URLs as kind says,
// of a start tag at tagStart in the document; want is the tokenizer's
// value.
func (r *htmlReader) attr(tag string, a rawAttr, kind attrKind, tagStart int, want []byte) {
	if !a.hasValue {
		return
	}
	t := r.value(a, tagStart, want)
	val := t.s
	where := r.where(tag, a.key)
	emit := func(from, to int, isBase bool) {
		r.h.ref(Ref{URL: val[from:to], Map: t.mapOf(r.m, from, to, nil), Where: where, IsBase: isBase, Base: r.base, Encodings: r.enc})
	}
	switch kind {
	case attrURL:
		from, to := trimSpan(val, 0, len(val))
		emit(from, to, tag == "base" && a.key == "href")
	case attrURLList:
		sep := rbase.HTMLSpace
		if a.key == "archive" {
			sep += ","
		}
		for i := 0; i < len(val); {
			for i < len(val) && strings.IndexByte(sep, val[i]) >= 0 {
				i++
			}
			j := i
			for j < len(val) && strings.IndexByte(sep, val[j]) < 0 {
				j++
			}
			if j > i {
				emit(i, j, false)
			}
			i = j
		}
	case attrSrcset:
		for _, sp := range srcsetURLs(val) {
			emit(sp[0], sp[1], false)
		}
	}
}

// styleElement hands on the URLs of the CSS of a STYLE element, the
// document's text doc[from:to] (raw text: no character references).
func (r *htmlReader) styleElement(from, to int, enc []Encoding) {
	readCSS(plain(r.doc, from, to), r.m, append([]Encoding{EncodingCSS}, enc...), r.base, "in <style>"+r.whereSuffix, r.h)
}

// styleAttr hands on the URLs of the CSS of a style attribute a of a tag
// at tagStart; want is the tokenizer's value. Its character references
// are decoded first, then its CSS escapes.
func (r *htmlReader) styleAttr(tag string, a rawAttr, tagStart int, want []byte) {
	if !a.hasValue || !mayHoldCSSURL(string(want)) {
		return
	}
	readCSS(r.value(a, tagStart, want), r.m, append([]Encoding{EncodingCSS}, r.enc...), r.base,
		"in <"+tag+" style>"+r.whereSuffix, r.h)
}

// foldsTo reports whether s is k, a name in lower case, with some ASCII
// letters in upper case (or, for a non-letter of k, a byte that differs
// from it in bit 0x20 only: a false positive mayHaveURLAttr allows).
func foldsTo(s, k string) bool {
	for j := 0; j < len(k); j++ {
		if s[j]|0x20 != k[j] {
			return false
		}
	}
	return true
}

// hasBaseTag reports whether doc holds "<base", in any case.
func hasBaseTag(doc string) bool {
	for i := 0; ; i++ {
		j := strings.IndexByte(doc[i:], '<')
		if j < 0 {
			return false
		}
		i += j
		if i+5 <= len(doc) && strings.EqualFold(doc[i+1:i+5], "base") {
			return true
		}
	}
}

func sameKeys(attrs []rawAttr, keys [][]byte) bool {
	if len(attrs) != len(keys) {
		return false
	}
	for i := range attrs {
		if attrs[i].key != string(keys[i]) {
			return false
		}
	}
	return true
}

// trimSpan trims HTML white space from both ends of s[from:to].
func trimSpan(s string, from, to int) (int, int) {
	for from < to && strings.IndexByte(rbase.HTMLSpace, s[from]) >= 0 {
		from++
	}
	for to > from && strings.IndexByte(rbase.HTMLSpace, s[to-1]) >= 0 {
		to--
	}
	return from, to
}

// srcsetURLs returns the spans of the URLs of a srcset value, as the HTML
// standard's parsing of a srcset attribute finds them: candidates are
// separated by commas, a URL runs to the next white space (commas at its
// end are not part of it), descriptors follow it up to the next comma
// outside parentheses.
func srcsetURLs(v string) [][2]int {
	var spans [][2]int
	i := 0
	for i < len(v) {
		for i < len(v) && (strings.IndexByte(rbase.HTMLSpace, v[i]) >= 0 || v[i] == ',') {
			i++
		}
		if i >= len(v) {
			break
		}
		start := i
		for i < len(v) && strings.IndexByte(rbase.HTMLSpace, v[i]) < 0 {
			i++
		}
		end := i
		if v[end-1] == ',' {
			for end > start && v[end-1] == ',' {
				end--
			}
			if end > start {
				spans = append(spans, [2]int{start, end})
			}
			continue
		}
		spans = append(spans, [2]int{start, end})
		// Descriptors, up to a comma outside parentheses.
		depth := 0
		for i < len(v) {
			c := v[i]
			if c == '(' {
				depth++
			} else if c == ')' && depth > 0 {
				depth--
			} else if c == ',' && depth == 0 {
				i++
				break
			}
			i++
		}
	}
	return spans
}

// scanAttrs appends to attrs the attributes of a start tag found in its raw text, by the
// rules of the HTML tokenizer: after the tag name, white space and "/"
// separate attributes; a name runs to white space, "/", ">" or "=" (a
// leading "=" is part of it); a value follows "=", quoted by '"' or "'"
// or unquoted up to white space or ">".
func scanAttrs(attrs []rawAttr, raw string) []rawAttr {
	i := 1 // past "<"
	for i < len(raw) && strings.IndexByte(rbase.HTMLSpace+"/>", raw[i]) < 0 {
		i++
	}
	for i < len(raw) {
		for i < len(raw) && (strings.IndexByte(rbase.HTMLSpace, raw[i]) >= 0 || raw[i] == '/') {
			i++
		}
		if i >= len(raw) || raw[i] == '>' {
			break
		}
		ks := i
		i++ // the first character, "=" included
		for i < len(raw) && strings.IndexByte(rbase.HTMLSpace+"/>=", raw[i]) < 0 {
			i++
		}
		a := rawAttr{key: strings.ToLower(raw[ks:i])}
		j := i
		for j < len(raw) && strings.IndexByte(rbase.HTMLSpace, raw[j]) >= 0 {
			j++
		}
		if j < len(raw) && raw[j] == '=' {
			j++
			for j < len(raw) && strings.IndexByte(rbase.HTMLSpace, raw[j]) >= 0 {
				j++
			}
			a.hasValue = true
			if j < len(raw) && (raw[j] == '"' || raw[j] == '\'') {
				q := raw[j]
				k := strings.IndexByte(raw[j+1:], q)
				a.valStart = j + 1
				if k < 0 {
					a.valEnd = len(raw)
					// An unterminated quote runs to the end of the token,
					// whose last byte is its ">".
					if a.valEnd > a.valStart && raw[a.valEnd-1] == '>' {
						a.valEnd--
					}
					i = len(raw)
				} else {
					a.valEnd = j + 1 + k
					i = a.valEnd + 1
				}
			} else {
				a.valStart = j
				for j < len(raw) && strings.IndexByte(rbase.HTMLSpace+">", raw[j]) < 0 {
					j++
				}
				a.valEnd = j
				i = j
			}
		}
		attrs = append(attrs, a)
	}
	return attrs
}

// decodeAttr decodes the character references of an attribute value the
// way HTML does in attributes, and returns, for each decoded byte (and one
// past the end), its offset in the document (the value begins at
// valStart); nil when raw holds no "&" and is its own decoding. A named
// reference without ";" is left as it is; when that differs from the
// tokenizer's reading, the caller falls back to its value.
func decodeAttr(raw string, valStart int) (string, []int) {
	if strings.IndexByte(raw, '&') < 0 {
		return raw, nil // nil: byte i is at valStart+i
	}
	var b strings.Builder
	idx := make([]int, 0, len(raw)+1)
	for i := 0; i < len(raw); {
		if raw[i] != '&' {
			b.WriteByte(raw[i])
			idx = append(idx, valStart+i)
			i++
			continue
		}
		j := i + 1
		if j < len(raw) && raw[j] == '#' {
			j++
			if j < len(raw) && (raw[j] == 'x' || raw[j] == 'X') {
				j++
			}
			for j < len(raw) && isAlnum(raw[j]) {
				j++
			}
		} else {
			for j < len(raw) && isAlnum(raw[j]) {
				j++
			}
		}
		semi := j < len(raw) && raw[j] == ';'
		if semi {
			j++
		}
		chunk := raw[i:j]
		dec := chunk
		if semi || raw[i+1:min(i+2, len(raw))] == "#" {
			dec = html.UnescapeString(chunk)
		}
		if dec == chunk {
			b.WriteByte('&')
			idx = append(idx, valStart+i)
			i++
			continue
		}
		b.WriteString(dec)
		for range len(dec) {
			idx = append(idx, valStart+i)
		}
		i = j
	}
	idx = append(idx, valStart+len(raw))
	return b.String(), idx
}

func isAlnum(c byte) bool { return ast.Is(c, ast.Alpha|ast.Digit) }
