package extract

import (
	"strings"

	"golang.org/x/net/html"

	"github.com/relurl/relurl/ast"
	rbase "github.com/relurl/relurl/resolve/base"
)

// urlAttrs are the HTML attributes that hold one URL, and the element each
// is limited to ("" for any element).
var urlAttrs = map[string]string{
	"href": "", "src": "", "action": "", "formaction": "", "cite": "", "poster": "",
	"background": "", "longdesc": "", "usemap": "", "manifest": "html", "icon": "",
	"lowsrc": "", "dynsrc": "", "xlink:href": "",
	"data": "object", "codebase": "", "classid": "object",
}

// urlListAttrs hold a list of URLs separated by white space (archive also
// by commas).
var urlListAttrs = map[string]string{"ping": "", "archive": "", "profile": "head"}

// srcsetAttrs hold image candidate strings: URLs, each followed by
// optional descriptors, separated by commas.
var srcsetAttrs = map[string]bool{"srcset": true, "imagesrcset": true}

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
		// The tokenizer's attribute names are the raw text's, in lower
		// case: a tag whose text names no URL attribute has none, and
		// needs no more work.
		if !mayHaveURLAttr(raw) {
			continue
		}
		name, hasAttr := z.TagName()
		if tt == html.StartTagToken && string(name) == "style" {
			inStyle = true
		}
		if !hasAttr {
			continue
		}
		tag := string(name)
		// The tokenizer's values are the reference: the raw scan only
		// locates them.
		keys, values = keys[:0], values[:0]
		any := false
		for {
			k, v, more := z.TagAttr()
			keys, values = append(keys, k), append(values, v)
			if isURLAttr(string(k)) {
				any = true
			}
			if !more {
				break
			}
		}
		if !any {
			continue
		}
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
			switch {
			case a.key == "style":
				r.styleAttr(tag, a, tagStart, string(values[i]))
			case a.key == "content":
				if tag == "meta" && isRefresh(keys, values) {
					r.refresh(a, tagStart, string(values[i]))
				}
			case isURLAttr(a.key):
				r.attr(tag, a, tagStart, string(values[i]))
			}
		}
	}
}

// htmlReader hands the URLs of one HTML document to a Handler.
type htmlReader struct {
	doc         string
	m           rbase.Map
	enc         []Encoding
	base        *Base
	whereSuffix string
	h           *Handler
}

// comment hands on a comment addressed to relurl, whose text is data and
// which is doc[from:to].
func (r *htmlReader) comment(data []byte, from, to int) {
	t := strings.Trim(string(data), rbase.HTMLSpace)
	if strings.HasPrefix(t, "relurl:") {
		r.h.directive(Directive{Offset: r.m.At(from), End: r.m.At(to), Text: t})
	}
}

// isURLAttr reports whether key names an attribute that may hold URLs
// (on some element).
func isURLAttr(key string) bool { return anyURLAttr[key] }

// otherURLAttrs hold URLs in a syntax of their own: style (CSS, on any
// element) and content (meta http-equiv=refresh).
var otherURLAttrs = []string{"style", "content"}

// anyURLAttr holds the names of urlAttrs, urlListAttrs, srcsetAttrs and
// otherURLAttrs.
var anyURLAttr = func() map[string]bool {
	all := make(map[string]bool)
	for _, k := range otherURLAttrs {
		all[k] = true
	}
	for _, m := range []map[string]string{urlAttrs, urlListAttrs} {
		for k := range m {
			all[k] = true
		}
	}
	for k := range srcsetAttrs {
		all[k] = true
	}
	return all
}()

// urlAttrNames holds, for each lower case ASCII letter, the names of the
// attributes that may hold URLs that begin with it.
var urlAttrNames = func() (t [256][]string) {
	for _, k := range otherURLAttrs {
		t[k[0]] = append(t[k[0]], k)
	}
	for _, m := range []map[string]string{urlAttrs, urlListAttrs} {
		for k := range m {
			t[k[0]] = append(t[k[0]], k)
		}
	}
	for k := range srcsetAttrs {
		t[k[0]] = append(t[k[0]], k)
	}
	return t
}()

// mayHaveURLAttr reports whether the raw text of a tag holds, in any case,
// the name of an attribute that may hold URLs. When it does not, the
// tokenizer (whose attribute names are pieces of the raw text, in ASCII
// lower case) finds none there.
func mayHaveURLAttr(raw string) bool {
	for i := 1; i < len(raw); i++ {
		for _, k := range urlAttrNames[raw[i]|0x20] {
			if len(raw)-i >= len(k) && foldsTo(raw[i:i+len(k)], k) {
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
func (r *htmlReader) value(a rawAttr, tagStart int, want string) decoded {
	valStart, valEnd := tagStart+a.valStart, tagStart+a.valEnd
	val, idx := decodeAttr(r.doc[valStart:valEnd], valStart)
	if val != want {
		// An entity decoded differently from the tokenizer: keep its value,
		// and place every byte at the value's start.
		return decoded{s: want, off: valStart, inexact: true, end: valEnd}
	}
	return decoded{s: val, off: valStart, idx: idx}
}

// attr hands on the URLs of attribute a of a start tag at tagStart in the
// document; want is the tokenizer's value.
func (r *htmlReader) attr(tag string, a rawAttr, tagStart int, want string) {
	only, single := urlAttrs[a.key]
	onlyList, list := urlListAttrs[a.key]
	srcset := srcsetAttrs[a.key]
	switch {
	case single && (only == "" || only == tag), list && (onlyList == "" || onlyList == tag), srcset:
	default:
		return
	}
	if !a.hasValue {
		return
	}
	t := r.value(a, tagStart, want)
	val := t.s
	where := "<" + tag + " " + a.key + ">" + r.whereSuffix
	emit := func(from, to int, isBase bool) {
		r.h.ref(Ref{URL: val[from:to], Map: t.mapOf(r.m, from, to, nil), Where: where, IsBase: isBase, Base: r.base, Encodings: r.enc})
	}
	switch {
	case single:
		from, to := trimSpan(val, 0, len(val))
		emit(from, to, tag == "base" && a.key == "href")
	case list:
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
	case srcset:
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
func (r *htmlReader) styleAttr(tag string, a rawAttr, tagStart int, want string) {
	if !a.hasValue || !mayHoldCSSURL(want) {
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
