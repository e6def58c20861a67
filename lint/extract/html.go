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
	// exact says that the value ends where the tokenizer's does: it is
	// unquoted, or its quote is closed.
	exact bool
	// clean says that the value is the tokenizer's as it is written (see
	// rawTag): it needs no comparing with the tokenizer's.
	clean bool
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
//
// The base is settled where the head can no longer change, at the first
// start tag that ends it (as FindInHTML reads it): the HTML parser is
// asked for the BASE element only when a BASE start tag came before, and
// the URLs before that tag (the head's) wait for the base in order. Until
// then the document is read once, by the tokenizer the URLs are found
// with (a search of the whole document for "<base" would be a second
// pass, which BenchmarkLintHTML measures).
func readHTML(doc string, m rbase.Map, enc []Encoding, ctx rbase.Context, fallback *Base, whereSuffix string, h *Handler) {
	hd := &htmlHead{ctx: ctx, fallback: fallback, h: h}
	hd.buffer = Handler{
		Ref:       func(r Ref) { hd.events = append(hd.events, htmlEvent{ref: r}) },
		Directive: func(d Directive) { hd.events = append(hd.events, htmlEvent{dir: d, isDir: true}) },
	}
	scanHTMLHead(doc, m, enc, nil, whereSuffix, &hd.buffer, hd)
}

// htmlHead is the state of an HTML document's head while its base is not
// settled (see readHTML).
type htmlHead struct {
	ctx      rbase.Context
	fallback *Base
	// h is the document's handler; buffer holds what the reader finds
	// until the base is settled, in events.
	h      *Handler
	buffer Handler
	events []htmlEvent
	// sawBase says that a BASE start tag came before the head ended.
	sawBase bool
}

// htmlEvent is a URL or a directive found before the base was settled.
type htmlEvent struct {
	ref   Ref
	dir   Directive
	isDir bool
}

// settle settles the base of the document read by r, whose head has
// ended, and hands on what waited for it: the BASE element the HTML
// parser finds in its head if a BASE tag may be there (anyBase), else the
// fallback; a note first when the parser cannot read the head.
func (hd *htmlHead) settle(r *htmlReader, anyBase bool) {
	b := hd.fallback
	if anyBase {
		switch href, found, err := rbase.FindInHTML(r.doc); {
		case err != nil:
			where := strings.TrimPrefix(r.whereSuffix, " in ")
			if where == "" {
				where = "document"
			}
			hd.h.note(Note{Offset: r.m.At(0), Kind: NoteHTMLTooDeep, Where: where,
				Message: "the HTML parser could not read the head (" + err.Error() + "): its BASE element is not known, " +
					"and its references are checked against the base of the next layer (RFC 1808 §3)"})
		case found:
			b = establish(&rbase.URL{URL: href, Source: rbase.SourceHTML}, hd.ctx, true)
		}
	}
	r.base, r.h, r.head = b, hd.h, nil
	for _, e := range hd.events {
		if e.isDir {
			hd.h.directive(e.dir)
			continue
		}
		if e.ref.Base == nil {
			e.ref.Base = b
		}
		hd.h.ref(e.ref)
	}
	hd.events = nil
}

// headTag says what a start tag, whose raw text is raw, does to a head
// that has not ended, as FindInHTML's reading of the head (headPart in
// package resolve/base) has it: BASE and the other elements the "in head"
// and "after head" modes take into the head (and HTML and HEAD) keep it
// open; TEMPLATE makes the parser read the whole document; any other
// ends it. The name is the tokenizer's: the raw text's up to white space,
// "/" or ">", in ASCII lower case.
func headTag(raw string) (keeps, isBase, template bool) {
	k := 1
	for k < len(raw) && !nameEnd[raw[k]] {
		k++
	}
	var buf [8]byte
	name := raw[1:k]
	if len(name) > len(buf) {
		return false, false, false
	}
	for i := 0; i < len(name); i++ {
		buf[i] = name[i]
		if 'A' <= name[i] && name[i] <= 'Z' {
			buf[i] += 'a' - 'A'
		}
	}
	switch atom.Lookup(buf[:len(name)]) {
	case atom.Base:
		return true, true, false
	case atom.Template:
		return false, false, true
	case atom.Html, atom.Head, atom.Basefont, atom.Bgsound, atom.Link, atom.Meta, atom.Noframes,
		atom.Noscript, atom.Script, atom.Style, atom.Title:
		return true, false, false
	}
	return false, false, false
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
	scanHTMLHead(doc, m, enc, b, whereSuffix, h, nil)
}

// scanHTMLHead is scanHTML, and when hd is not nil it settles the base
// where the head ends (see readHTML); h is then hd's buffer.
func scanHTMLHead(doc string, m rbase.Map, enc []Encoding, b *Base, whereSuffix string, h *Handler, hd *htmlHead) {
	r := htmlReader{doc: doc, m: m, base: b, whereSuffix: whereSuffix, h: h, head: hd,
		enc: append([]Encoding{EncodingHTMLAttribute}, enc...), anchor: h.Anchor}
	if hd != nil {
		// Anchors need no base: they go to the document's handler at
		// once.
		r.anchor = hd.h.Anchor
	}

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
			if r.head != nil {
				r.head.settle(&r, r.head.sawBase)
			}
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
		if r.head != nil {
			switch keeps, isBase, template := headTag(raw); {
			case template:
				// The parser reads the whole document: a BASE tag anywhere
				// may be in the head.
				r.head.settle(&r, r.head.sawBase || hasBaseTag(doc))
			case keeps:
				r.head.sawBase = r.head.sawBase || isBase
			default:
				r.head.settle(&r, r.head.sawBase)
			}
		}
		if tt == html.StartTagToken && isStyleTag(raw) {
			inStyle = true
		}
		// The raw scan finds the attributes the tokenizer finds (and the
		// duplicates it drops): a tag without an attribute that may hold
		// URLs needs no more work.
		attrs = scanAttrs(attrs[:0], raw)
		if r.anchor != nil {
			r.anchors(raw, attrs, tagStart)
		}
		if !anyURLAttr(attrs) {
			continue
		}
		if tag, ok := rawTag(raw, attrs); ok {
			// The raw text is the tokenizer's reading: no copy of its
			// names and values is asked for.
			for i, a := range attrs {
				if d, ok := htmlAttrDef(a.key); ok && !repeated(attrs, i) {
					a.clean = true
					if d.kind == attrStyle {
						r.styleAttr(tag, a, tagStart, nil)
					} else if d.only == "" || d.only == tag {
						r.attr(tag, a, d.kind, tagStart, nil)
					}
				}
			}
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

// rawTag returns the name of a start tag whose raw text, raw, is read by
// scanAttrs into attrs, when the raw text says what the tokenizer would:
// its name holds no NUL (which the tokenizer reads as U+FFFD), and the
// value of each attribute that may hold URLs ends where the tokenizer's
// does and holds no "&" (a character reference, which the tokenizer
// decodes by its own rules), "\r" (which it reads as "\n") or NUL. A
// META tag with a content attribute is left to the tokenizer, whose
// reading of http-equiv the refresh test takes. TestTagFilter holds the
// raw values to the tokenizer's.
func rawTag(raw string, attrs []rawAttr) (string, bool) {
	k := 1
	for k < len(raw) && !nameEnd[raw[k]] {
		k++
	}
	name := lowerASCII(raw[1:k])
	if strings.IndexByte(name, 0) >= 0 {
		return "", false
	}
	tag := name
	if a := atom.Lookup([]byte(name)); a != 0 {
		tag = a.String()
	}
	for _, a := range attrs {
		d, ok := htmlAttrDef(a.key)
		switch {
		case !ok:
		case d.kind == attrContent && tag == d.only,
			a.hasValue && (!a.exact || strings.ContainsAny(raw[a.valStart:a.valEnd], "&\r\x00")):
			return "", false
		}
	}
	return tag, true
}

// repeated reports whether attrs[i]'s name is that of an attribute
// before it: the tokenizer keeps the first.
func repeated(attrs []rawAttr, i int) bool {
	for _, a := range attrs[:i] {
		if a.key == attrs[i].key {
			return true
		}
	}
	return false
}

// isStyleTag reports whether raw, the raw text of a start tag, is a STYLE
// start tag: its name, which runs to white space, "/" or ">", is "style"
// in any case, as the tokenizer reads it.
func isStyleTag(raw string) bool {
	return len(raw) >= 6 && foldsTo(raw[1:6], "style") && (len(raw) == 6 || nameEnd[raw[6]])
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
	// head, when not nil, is the head of a document whose base is not
	// settled yet: base is nil, and h buffers (see readHTML).
	head *htmlHead
	// anchor, when not nil, receives the document's anchors.
	anchor func(Anchor)
}

// tokenizerText reads text as the tokenizer does: a carriage return (and
// a CRLF) as a line feed, NUL as U+FFFD.
var tokenizerText = strings.NewReplacer("\r\n", "\n", "\r", "\n", "\x00", "\uFFFD")

// anchors hands on the anchors of a start tag whose raw text is raw, at
// tagStart in the document, read by scanAttrs into attrs: its id, and
// the name of an a element (the HTML standard's "find a potential
// indicated element"). A value is the tokenizer's: character references
// decoded, a carriage return read as a line feed, NUL as U+FFFD; of a
// repeated attribute, the first.
func (r *htmlReader) anchors(raw string, attrs []rawAttr, tagStart int) {
	isA := len(raw) > 2 && raw[1]|0x20 == 'a' && nameEnd[raw[2]]
	for i, a := range attrs {
		var kind AnchorKind
		switch {
		case !a.hasValue:
			continue
		case a.key == "id":
			kind = AnchorID
		case a.key == "name" && isA:
			kind = AnchorName
		default:
			continue
		}
		if repeated(attrs, i) {
			continue
		}
		v := raw[a.valStart:a.valEnd]
		if strings.ContainsAny(v, "&\r\x00") {
			v, _ = decodeAttr(v, 0)
			v = tokenizerText.Replace(v)
		}
		r.anchor(Anchor{Kind: kind, Value: v, Offset: r.m.At(tagStart + a.valStart)})
	}
}

// comment hands on a comment addressed to relurl, whose text is data and
// which is doc[from:to].
func (r *htmlReader) comment(data []byte, from, to int) {
	t := strings.Trim(string(data), rbase.HTMLSpace)
	if strings.HasPrefix(t, "relurl:") {
		r.h.directive(Directive{Offset: r.m.At(from), End: r.m.At(to), Text: t})
	}
}

// anyURLAttr reports whether one of attrs is an attribute of htmlAttrs.
func anyURLAttr(attrs []rawAttr) bool {
	for _, a := range attrs {
		if isHTMLAttr(a.key) {
			return true
		}
	}
	return false
}

// isHTMLAttr reports whether key is a name of htmlAttrs.
func isHTMLAttr(key string) bool {
	_, ok := htmlAttrDef(key)
	return ok
}

// htmlAttrDef returns what the attribute key holds, and false when it is
// no name of htmlAttrs, telling most names apart by their first byte and
// length before comparing (the map would hash every name of every tag:
// class, id, title).
func htmlAttrDef(key string) (attrDef, bool) {
	if key == "" {
		return attrDef{}, false
	}
	for _, e := range htmlAttrNames[key[0]] {
		if e.name == key {
			return e.def, true
		}
	}
	return attrDef{}, false
}

// htmlAttrNames holds, for each byte, the attributes of htmlAttrs whose
// names begin with it.
var htmlAttrNames = func() (t [256][]struct {
	name string
	def  attrDef
}) {
	for k, d := range htmlAttrs {
		t[k[0]] = append(t[k[0]], struct {
			name string
			def  attrDef
		}{k, d})
	}
	return t
}()

// htmlSpace, nameEnd and keyEnd classify the bytes of a start tag as
// x/net/html's tokenizer does (readTagName, readTagAttrKey,
// readTagAttrVal): HTML white space; the bytes that end a tag name (white
// space, "/", ">"); those that end an attribute name (and "=").
var htmlSpace, nameEnd, keyEnd = func() (space, name, key [256]bool) {
	for _, c := range []byte(rbase.HTMLSpace) {
		space[c], name[c], key[c] = true, true, true
	}
	for _, c := range []byte("/>") {
		name[c], key[c] = true, true
	}
	key['='] = true
	return
}()

// value returns the value of attribute a of a start tag at tagStart in the
// document, decoded, with the place of each byte; want is the
// tokenizer's value. When the scan's decoding differs from the
// tokenizer's, the value is the tokenizer's, placed at its start: inexact.
// A value without character references is a piece of the document, not a
// copy.
func (r *htmlReader) value(a rawAttr, tagStart int, want []byte) decoded {
	valStart, valEnd := tagStart+a.valStart, tagStart+a.valEnd
	val, idx := decodeAttr(r.doc[valStart:valEnd], valStart)
	if !a.clean && val != string(want) {
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
	v := r.doc[tagStart+a.valStart : tagStart+a.valEnd]
	if !a.clean {
		v = string(want)
	}
	if !a.hasValue || !mayHoldCSSURL(v) {
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

// scanAttrs appends to attrs the attributes of a start tag found in its
// raw text, by the rules of x/net/html's tokenizer: after the tag name,
// white space and "/" separate attributes; a name runs to white space,
// "/", ">" or "=" (a leading "=" is part of it); a value follows "=",
// quoted by '"' or "'" or unquoted up to white space or ">". Its names are
// the tokenizer's, in order, with the repeated ones the tokenizer drops
// (TestTagFilter): scanHTML reads no further a tag none of whose names may
// hold URLs, and locates the values of the others.
func scanAttrs(attrs []rawAttr, raw string) []rawAttr {
	i := 1 // past "<"
	for i < len(raw) && !nameEnd[raw[i]] {
		i++
	}
	for i < len(raw) {
		for i < len(raw) && (htmlSpace[raw[i]] || raw[i] == '/') {
			i++
		}
		if i >= len(raw) || raw[i] == '>' {
			break
		}
		ks := i
		i++ // the first character, "=" included
		for i < len(raw) && !keyEnd[raw[i]] {
			i++
		}
		a := rawAttr{key: lowerASCII(raw[ks:i])}
		j := i
		for j < len(raw) && htmlSpace[raw[j]] {
			j++
		}
		if j < len(raw) && raw[j] == '=' {
			j++
			for j < len(raw) && htmlSpace[raw[j]] {
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
					a.exact = true
					i = a.valEnd + 1
				}
			} else {
				a.valStart = j
				for j < len(raw) && !htmlSpace[raw[j]] && raw[j] != '>' {
					j++
				}
				a.valEnd = j
				a.exact = true
				i = j
			}
		}
		attrs = append(attrs, a)
	}
	return attrs
}

// lowerASCII returns s with its ASCII letters in lower case, as the
// tokenizer lowers attribute names; s itself when it has no upper case
// letter.
func lowerASCII(s string) string {
	for i := 0; i < len(s); i++ {
		if c := s[i]; 'A' <= c && c <= 'Z' {
			b := []byte(s)
			for j := i; j < len(b); j++ {
				if c := b[j]; 'A' <= c && c <= 'Z' {
					b[j] = c + 'a' - 'A'
				}
			}
			return string(b)
		}
	}
	return s
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
