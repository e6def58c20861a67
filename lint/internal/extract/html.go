package extract

import (
	"strings"

	"github.com/relurl/relurl/ast"
	rbase "github.com/relurl/relurl/lint/internal/base"
	"github.com/relurl/relurl/lint/internal/htmlscan"
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

// rawAttr is an attribute of a start tag, as the scanner reads it.
type rawAttr struct {
	key      string // lower case
	valStart int    // offsets of the value, as written, in the tag's raw text
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
//
// The base is settled where the head can no longer change, at the first
// start tag that ends it (as FindInHTML reads it): the HTML parser is
// asked for the BASE element only when a BASE start tag came before, and
// the URLs before that tag (the head's) wait for the base in order. Until
// then the document is read once, by the scanner the URLs are found with
// (a search of the whole document for "<base" would be a second pass,
// which BenchmarkLintHTML measures).
func readHTML(doc string, m rbase.Map, enc []Encoding, ctx rbase.Context, fallback *Base, whereSuffix string, h *Handler) {
	hd := &htmlHead{ctx: ctx, fallback: fallback, h: h, events: h.takeEvents()}
	hd.buffer = Handler{
		Ref:       func(r Ref) { hd.events = append(hd.events, htmlEvent{ref: r}) },
		Directive: func(d Directive) { hd.events = append(hd.events, htmlEvent{dir: d, isDir: true}) },
	}
	scanHTMLHead(doc, m, enc, nil, whereSuffix, &hd.buffer, hd)
	h.giveEvents(hd.events)
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
	// Emptied of the document's URLs, the buffer may serve the next
	// document (Reader).
	clear(hd.events)
	hd.events = hd.events[:0]
}

// headTag says what a start tag named name does to a head that has not
// ended, as FindInHTML's reading of the head (headPart in package
// resolve/base) has it: BASE and the other elements the "in head" and
// "after head" modes take into the head (and HTML and HEAD) keep it open;
// TEMPLATE makes the parser read the whole document; any other ends it.
func headTag(name string) (keeps, isBase, template bool) {
	switch name {
	case "base":
		return true, true, false
	case "template":
		return false, false, true
	case "html", "head", "basefont", "bgsound", "link", "meta", "noframes", "noscript", "script", "style", "title":
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

	// The scanner of the document's reader, which a document read within
	// this one (none is) would not share.
	rd := h.rd
	if hd != nil {
		rd = hd.h.rd // h is the head's buffer
	}
	sc := rd.takeScanner(doc)
	defer rd.giveScanner(sc)
	// inStyle says that the token before was a STYLE start tag: the text
	// that follows is its CSS.
	inStyle := false
	// inScript says the same of a SCRIPT start tag: the text is its
	// script, which the anchors look into (redirect pages).
	inScript := false
	for {
		k := sc.Next()
		if k == htmlscan.EOF {
			if r.head != nil {
				r.head.settle(&r, r.head.sawBase)
			}
			return
		}
		tagStart, off := sc.Raw()
		if inStyle && k == htmlscan.Text {
			r.styleElement(tagStart, off, enc)
		}
		if inScript && k == htmlscan.Text {
			r.script(sc.Data())
		}
		inStyle, inScript = false, false
		if k == htmlscan.Comment {
			r.comment(sc.Text(), tagStart, off)
			continue
		}
		if k != htmlscan.StartTag {
			continue
		}
		tag := sc.Name()
		if r.head != nil {
			switch keeps, isBase, template := headTag(tag); {
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
		if tag == "style" && !sc.SelfClosing() {
			inStyle = true
		}
		if tag == "script" && !sc.SelfClosing() && r.anchor != nil {
			inScript = true
		}
		scanned := sc.Attrs()
		for i := range scanned {
			sa := &scanned[i]
			d, ok := htmlAttrDef(sa.Name)
			if !ok {
				if r.anchor != nil && (sa.Name == "id" || sa.Name == "name") {
					r.anchorOf(tag, sa)
				}
				continue
			}
			a := rawAttr{key: sa.Name, valStart: sa.ValStart - tagStart, valEnd: sa.ValEnd - tagStart, hasValue: sa.HasValue}
			switch {
			case d.kind == attrStyle:
				r.styleAttr(tag, a, tagStart)
			case d.kind == attrContent:
				if tag == d.only && isRefresh(sc) {
					r.refresh(a, tagStart)
					r.redirect(a, tagStart)
				}
			case d.only == "" || d.only == tag:
				r.attr(tag, a, d.kind, tagStart)
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
	// wheres are the Wheres made so far (see where).
	wheres []whereOf
	// head, when not nil, is the head of a document whose base is not
	// settled yet: base is nil, and h buffers (see readHTML).
	head *htmlHead
	// anchor, when not nil, receives the document's anchors.
	anchor func(Anchor)
	// refreshed says that a refresh pragma took effect: the others are
	// ignored, as the HTML standard ignores them (redirect.go).
	refreshed bool
}

// anchorOf hands on the anchor that a, an id or a name attribute of a
// start tag named tag, is: an id, or the name of an a element (the HTML
// standard's "find a potential indicated element"); nothing for another
// element's name or an attribute with no value. Its value is decoded:
// character references replaced, a carriage return read as a line feed,
// NUL as U+FFFD. A tag's anchors come in the order of its attributes,
// with its URLs.
func (r *htmlReader) anchorOf(tag string, a *htmlscan.Attr) {
	var kind AnchorKind
	switch {
	case a.Name == "id":
		kind = AnchorID
	case a.Name == "name" && tag == "a":
		kind = AnchorName
	default:
		return
	}
	if !a.HasValue {
		return
	}
	v, _ := htmlscan.DecodeValue(r.doc[a.ValStart:a.ValEnd], -1)
	r.anchor(Anchor{Kind: kind, Value: v, Offset: r.m.At(a.ValStart)})
}

// comment hands on a comment addressed to relurl, whose text is data and
// which is doc[from:to].
func (r *htmlReader) comment(data string, from, to int) {
	t := strings.Trim(data, rbase.HTMLSpace)
	if strings.HasPrefix(t, "relurl:") {
		r.h.directive(Directive{Offset: r.m.At(from), End: r.m.At(to), Text: t})
	}
}

// htmlAttrDef returns what the attribute key holds, and false when it is
// no name of htmlAttrs, telling most names apart by their first byte and
// length before comparing (the map would hash every name of every tag:
// class, id, title).
func htmlAttrDef(key string) (attrDef, bool) {
	if key == "" || len(key) >= 64 || htmlAttrLengths[key[0]]&(1<<len(key)) == 0 {
		return attrDef{}, false
	}
	for _, e := range htmlAttrNames[key[0]] {
		if e.name == key {
			return e.def, true
		}
	}
	return attrDef{}, false
}

// htmlAttrLengths holds, for each byte, the lengths of the names of
// htmlAttrs that begin with it, a bit each: "class", "id", "title" are
// told apart by their length without a comparison.
var htmlAttrLengths = func() (t [256]uint64) {
	for k := range htmlAttrs {
		t[k[0]] |= 1 << len(k)
	}
	return t
}()

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

// value returns the value of attribute a of a start tag at tagStart in the
// document, decoded (character references, CR, NUL), with the place of
// each byte. A value that needs no decoding is a piece of the document,
// not a copy.
func (r *htmlReader) value(a rawAttr, tagStart int) decoded {
	valStart, valEnd := tagStart+a.valStart, tagStart+a.valEnd
	val, idx := htmlscan.DecodeValue(r.doc[valStart:valEnd], valStart)
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
// of a start tag at tagStart in the document.
func (r *htmlReader) attr(tag string, a rawAttr, kind attrKind, tagStart int) {
	if !a.hasValue {
		return
	}
	t := r.value(a, tagStart)
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
// at tagStart. Its character references are decoded first, then its CSS
// escapes.
func (r *htmlReader) styleAttr(tag string, a rawAttr, tagStart int) {
	if !a.hasValue {
		return
	}
	t := r.value(a, tagStart)
	if !mayHoldCSSURL(t.s) {
		return
	}
	readCSS(t, r.m, append([]Encoding{EncodingCSS}, r.enc...), r.base,
		"in <"+tag+" style>"+r.whereSuffix, r.h)
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

// trimSpan trims HTML white space from both ends of s[from:to].
func trimSpan(s string, from, to int) (int, int) {
	for from < to && rbase.IsHTMLSpace(s[from]) {
		from++
	}
	for to > from && rbase.IsHTMLSpace(s[to-1]) {
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
		for i < len(v) && (rbase.IsHTMLSpace(v[i]) || v[i] == ',') {
			i++
		}
		if i >= len(v) {
			break
		}
		start := i
		for i < len(v) && !rbase.IsHTMLSpace(v[i]) {
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

func isAlnum(c byte) bool { return ast.Is(c, ast.Alpha|ast.Digit) }
