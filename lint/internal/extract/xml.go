package extract

import (
	"bytes"
	"slices"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/relurl/relurl/ast"
	rbase "github.com/relurl/relurl/lint/internal/base"
)

// XML is read by a scanner of its own, after the lexical rules of XML 1.0
// (§2.4 to §2.8, §3.1, §4.1), rather than with encoding/xml: that decoder
// gives no offset for an attribute value or a run of text (only the end of
// each token), decodes what it reads so that a value's bytes cannot be
// placed, and allocates for every token. The scanner reads each construct
// once, keeps byte offsets, and decodes only the values that hold URLs.
// TestXMLAgainstEncodingXML holds its reading of names, attribute values
// and text to encoding/xml's on well-formed documents.
//
// Decisions:
//   - Entities: the five predefined entity references and character
//     references are decoded (§4.1, §4.6). No other entity is expanded,
//     internal or external, and no DTD is fetched: a URL whose value
//     refers to one is not checked, and a Note says so (kind "entity").
//     So a billion-laughs declaration costs the time to scan it, once.
//   - Malformed XML is read leniently, in linear time: an end tag closes
//     the innermost open element whatever its name; a tag or comment left
//     open runs to the end of the file; a "<" that begins no markup is
//     text.
//   - .xhtml files are HTML (KindByName): their vocabulary is HTML's
//     (BASE, srcset, style, meta refresh), the XHTML 1.x DTDs declare
//     exactly HTML's named character references, which the HTML reader
//     decodes and this one does not expand, and browsers no longer honour
//     xml:base in them. --type xml reads one as XML.
//   - A file is XML by its content when it begins (after a byte order mark
//     and white space) with an XML declaration "<?xml " and its root
//     element is not "html" ([looksLikeXML]).

// XML namespaces the reader knows.
const (
	nsXLink       = "http://www.w3.org/1999/xlink"
	nsSVG         = "http://www.w3.org/2000/svg"
	nsXHTML       = "http://www.w3.org/1999/xhtml"
	nsAtom        = "http://www.w3.org/2005/Atom"
	nsRSSContent  = "http://purl.org/rss/1.0/modules/content/"
	nsSitemap     = "http://www.sitemaps.org/schemas/sitemap/0.9"
	nsSitemap084  = "http://www.google.com/schemas/sitemap/0.84"
	nsImageMap    = "http://www.google.com/schemas/sitemap-image/1.1"
	nsRSS10       = "http://purl.org/rss/1.0/"
	xmlSpaceChars = " \t\r\n"
)

// readXML reads the URLs of an XML document: each element's xml:base (XML
// Base §4.2), which sets the base of the element and its content, resolved
// against its parent's (rbase.XMLBase), the document's own base being the
// retrieval URL (§3.3); the href and src attributes of any element and
// XLink's href; Atom's icon, logo and uri; RSS's link, comments, docs,
// image url and the url of enclosure and source (in a document whose root
// is rss or rdf:RDF); the loc of sitemaps (and of image sitemaps); the CSS
// of style elements and style attributes, and of SVG attributes that hold
// url(); the href of an xml-stylesheet processing instruction; and the
// system identifier of the document type declaration. A comment addressed
// to relurl is a Directive.
func readXML(src string, ctx rbase.Context, h *Handler) {
	x := newXMLReader(src, establish(nil, ctx, true), h)
	x.run()
}

// xmlOpen is an open element on the reader's stack: offsets and
// indexes only, so that a stack 100 000 deep holds no pointer for the
// garbage collector to scan, and copies cheaply as it grows.
type xmlOpen struct {
	// The name is src[nameStart:nameEnd], its local part from localStart.
	nameStart, nameEnd, localStart int32
	// base indexes xmlReader.bases; text is 1 + the index of the text it
	// gathers in xmlReader.texts, or 0.
	base, text int32
	// nsMark is len(xmlReader.bound) when the element began: the
	// prefixes bound on it are those after.
	nsMark int32
}

// xmlElem is the element whose start tag is being read.
type xmlElem struct {
	// local and ns are its local name and namespace name.
	local, ns string
	base      *Base
	// nsMark is len(xmlReader.bound) when the element began: the
	// prefixes bound on it are those after.
	nsMark int
	// text, when not nil, gathers the element's text: its URL, or its CSS.
	text *xmlText
}

// xmlText is the text of an element, gathered piece by piece: character
// data (decoded) and CDATA sections, each byte with its place.
type xmlText struct {
	where string
	css   bool // the text is CSS (a style element), not a URL
	html  bool // the text is escaped HTML (Atom, RSS), not a URL
	b     strings.Builder
	idx   []int
	// run numbers each byte's piece of source text; a URL whose bytes
	// come from more than one cannot be written back in place.
	run  []int32
	runs int32
	// cdataRun[r] says whether run r is a CDATA section (it may be
	// shorter than runs: the rest are not).
	cdataRun []bool
	entity   string // a reference to an entity not expanded
	entityAt int
}

// xmlAttr is an attribute of a start tag: its name as written and the
// span of its value in the document, quotes excluded.
type xmlAttr struct {
	name             string
	valStart, valEnd int
	// open says that the value is not closed by its quote, or has none:
	// the tag is not XML, and where it ends depends on the quotes the
	// value holds, so its bytes are not rewritten (Ref.Unwritable).
	open bool
}

// openValue is why a URL in an attribute value that is open (xmlAttr.open)
// is not rewritten by a fix.
const openValue = "the attribute value has no closing quote, so the tag is not XML: where it ends depends on the characters a fix would encode"

// xmlReader reads one XML document.
type xmlReader struct {
	src     string
	h       *Handler
	docBase *Base
	stack   []xmlOpen
	// bases are the bases of open elements (the document's first), and
	// texts the texts open elements gather.
	bases []*Base
	texts []*xmlText
	// ns holds, for each prefix ("" for the default namespace), the
	// namespace names bound to it, innermost last; bound lists the
	// prefixes bound, in order, so that an element's end unbinds its own.
	ns    map[string][]string
	bound []string
	attrs []xmlAttr
	// baseBytes counts the bytes of the bases established, and
	// unknownBase is the base of elements past that budget.
	baseBytes   int
	unknownBase *Base
	// rss is set when the root element is rss or rdf:RDF.
	rss      bool
	rootSeen bool
	// at, when not negative, stops the reading at the element that holds
	// that offset, whose base is then found (see [BaseAt]).
	at int
	// atRoot, when set, stops the reading at the root element instead.
	atRoot    bool
	foundBase *Base
	foundName string
	foundOK   bool
	// onStart, when not nil, sees each start tag's name and attributes
	// (for tests that hold the scanner to encoding/xml).
	onStart func(name string, attrs []xmlAttr)
}

func newXMLReader(src string, docBase *Base, h *Handler) *xmlReader {
	return &xmlReader{src: src, h: h, docBase: docBase, at: -1, bases: []*Base{docBase},
		ns: map[string][]string{"xml": {"http://www.w3.org/XML/1998/namespace"}}}
}

// base returns the base of the innermost open element, or the document's.
func (x *xmlReader) base() *Base {
	if n := len(x.stack); n > 0 {
		return x.bases[x.stack[n-1].base]
	}
	return x.docBase
}

// topText returns the text the innermost open element gathers, or nil.
func (x *xmlReader) topText() *xmlText {
	if n := len(x.stack); n > 0 && x.stack[n-1].text > 0 {
		return x.texts[x.stack[n-1].text-1]
	}
	return nil
}

// run reads the document.
func (x *xmlReader) run() {
	s := x.src
	i := 0
	if strings.HasPrefix(s, "\uFEFF") {
		i = 3
	} else if strings.HasPrefix(s, "\xFE\xFF") || strings.HasPrefix(s, "\xFF\xFE") {
		x.h.note(Note{Offset: 0, Kind: NoteXMLEncoding, Where: "the document",
			Message: "the document is in UTF-16, which relurl does not read: its URLs are not checked"})
		return
	}
	for i < len(s) {
		if x.at >= 0 && i > x.at || x.foundOK {
			x.stop()
			return
		}
		lt := strings.IndexByte(s[i:], '<')
		if lt < 0 {
			x.textRun(i, len(s))
			break
		}
		if lt > 0 {
			x.textRun(i, i+lt)
			i += lt
			continue
		}
		rest := s[i:]
		switch {
		case strings.HasPrefix(rest, "<!--"):
			end := indexFrom(s, i+4, "-->", 3)
			x.comment(i, end)
			i = end
		case strings.HasPrefix(rest, "<![CDATA["):
			end := indexFrom(s, i+9, "]]>", 3)
			x.cdata(i+9, max(i+9, min(end, len(s))-3*boolInt(strings.HasSuffix(s[:end], "]]>"))))
			i = end
		case strings.HasPrefix(rest, "<!"):
			i = x.declaration(i)
		case strings.HasPrefix(rest, "<?"):
			end := indexFrom(s, i+2, "?>", 2)
			x.pi(i, end)
			i = end
		case strings.HasPrefix(rest, "</"):
			end := indexFrom(s, i+2, ">", 1)
			x.endTag()
			i = end
		case len(rest) > 1 && isXMLNameStart(rest[1]):
			i = x.startTag(i)
		default:
			x.textRun(i, i+1)
			i++
		}
	}
	x.stop()
	// Elements left open at the end: their text is what they have.
	for len(x.stack) > 0 {
		x.endTag()
	}
}

// stop records, for [BaseAt], the innermost open element when the
// reading passes the offset sought.
func (x *xmlReader) stop() {
	if (x.at >= 0 || x.atRoot) && !x.foundOK {
		x.foundOK = true
		if n := len(x.stack); n > 0 {
			e := x.stack[n-1]
			x.foundBase, x.foundName = x.bases[e.base], x.src[e.nameStart:e.nameEnd]
		}
	}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// indexFrom returns the offset just past the first sub in s at or after
// from, or len(s) when there is none (a construct left open runs to the
// end of the document).
func indexFrom(s string, from int, sub string, n int) int {
	if from > len(s) {
		return len(s)
	}
	k := strings.Index(s[from:], sub)
	if k < 0 {
		return len(s)
	}
	return from + k + n
}

// isXMLNameStart reports whether c may begin an XML name (§2.3), by its
// first byte: a letter, "_", ":" or a byte of a non-ASCII character.
func isXMLNameStart(c byte) bool {
	return ast.Is(c, ast.Alpha) || c == '_' || c == ':' || c >= 0x80
}

// isXMLNameEnd reports whether c ends a name in a tag.
func isXMLNameEnd(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '/' || c == '>' || c == '=' || c == '?'
}

// comment hands on a comment s[from:to] addressed to relurl.
func (x *xmlReader) comment(from, to int) {
	body := x.src[from+4 : max(from+4, to-3*boolInt(strings.HasSuffix(x.src[:to], "-->")))]
	if t := strings.Trim(body, xmlSpaceChars); strings.HasPrefix(t, "relurl:") {
		x.h.directive(Directive{Offset: from, End: to, Text: t})
	}
	x.breakText()
}

// breakText marks that the text of the open element, if it gathers one,
// is interrupted (by a comment, a processing instruction, an element).
func (x *xmlReader) breakText() {
	if t := x.topText(); t != nil {
		t.runs++
	}
}

// textRun reads the character data s[from:to].
func (x *xmlReader) textRun(from, to int) {
	t := x.topText()
	if t == nil {
		return
	}
	d := xmlDecode(x.src, from, to, false)
	if d.entity != "" && t.entity == "" {
		t.entity, t.entityAt = d.entity, d.entityAt
	}
	t.b.WriteString(d.s)
	for k := range len(d.s) {
		t.idx = append(t.idx, d.at(k))
		t.run = append(t.run, t.runs)
	}
}

// cdata reads the text of a CDATA section, s[from:to].
func (x *xmlReader) cdata(from, to int) {
	t := x.topText()
	if t == nil {
		return
	}
	t.runs++
	for int32(len(t.cdataRun)) <= t.runs {
		t.cdataRun = append(t.cdataRun, false)
	}
	t.cdataRun[t.runs] = true
	t.b.WriteString(x.src[from:to])
	for k := from; k < to; k++ {
		t.idx = append(t.idx, k)
		t.run = append(t.run, t.runs)
	}
	t.runs++
}

// declaration reads a "<!" declaration at s[i:], the document type
// declaration (with its internal subset) among them, and returns the
// offset past it. The system identifier of a document type declaration
// is a URL; its entity declarations are not read.
func (x *xmlReader) declaration(i int) int {
	x.breakText()
	s := x.src
	doctype := len(s)-i >= 9 && strings.EqualFold(s[i+2:i+9], "DOCTYPE")
	j := i + 2
	var lits [][2]int // the quoted literals before the internal subset
	for j < len(s) {
		switch c := s[j]; c {
		case '"', '\'':
			end := strings.IndexByte(s[j+1:], c)
			if end < 0 {
				return len(s)
			}
			lits = append(lits, [2]int{j + 1, j + 1 + end})
			j += end + 2
		case '[':
			j = x.internalSubset(j + 1)
		case '>':
			if doctype {
				x.doctype(i, lits)
			}
			return j + 1
		default:
			j++
		}
	}
	return len(s)
}

// internalSubset skips a document type declaration's internal subset that
// begins at s[i:], and returns the offset of its closing "]" (or the end):
// quoted literals, comments and processing instructions in it may hold "]".
func (x *xmlReader) internalSubset(i int) int {
	s := x.src
	for i < len(s) {
		switch {
		case s[i] == ']':
			return i + 1
		case s[i] == '"' || s[i] == '\'':
			end := strings.IndexByte(s[i+1:], s[i])
			if end < 0 {
				return len(s)
			}
			i += end + 2
		case strings.HasPrefix(s[i:], "<!--"):
			i = indexFrom(s, i+4, "-->", 3)
		case strings.HasPrefix(s[i:], "<?"):
			i = indexFrom(s, i+2, "?>", 2)
		default:
			i++
		}
	}
	return len(s)
}

// doctype hands on the system identifier of the document type declaration
// at s[i:], whose quoted literals are lits: after SYSTEM the first, after
// PUBLIC the second. A system literal holds no references: it is the
// file's bytes as they are. It resolves against the document's base.
func (x *xmlReader) doctype(i int, lits [][2]int) {
	s := x.src
	head := s[i+9:]
	if len(lits) > 0 {
		head = s[i+9 : lits[0][0]]
	}
	fields := strings.Fields(head)
	want := -1
	if len(fields) >= 2 {
		switch strings.ToUpper(fields[1]) {
		case "SYSTEM":
			want = 0
		case "PUBLIC":
			want = 1
		}
	}
	if want < 0 || want >= len(lits) {
		return
	}
	l := lits[want]
	x.h.ref(Ref{URL: s[l[0]:l[1]], Map: plainMap(rbase.Map{}, l[0]), Where: "<!DOCTYPE> system identifier", Base: x.docBase})
}

// pi reads a processing instruction s[from:to]: the href of
// xml-stylesheet, a pseudo-attribute written as attributes are.
func (x *xmlReader) pi(from, to int) {
	x.breakText()
	s := x.src
	const target = "<?xml-stylesheet"
	if to-from < len(target)+1 || s[from:from+len(target)] != target || !isXMLSpace(s[from+len(target)]) {
		return
	}
	end := to - 2*boolInt(strings.HasSuffix(s[:to], "?>"))
	x.attrs = x.scanXMLAttrs(x.attrs[:0], from+len(target), end)
	for _, a := range x.attrs {
		if a.name == "href" {
			x.attrURL("<?xml-stylesheet href?>", a, x.base(), false)
		}
	}
}

func isXMLSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\n' }

// scanXMLAttrs appends to attrs the attributes written in s[i:end]:
// names, "=" and quoted values, white space between (leniently: a value
// without quotes runs to white space).
func (x *xmlReader) scanXMLAttrs(attrs []xmlAttr, i, end int) []xmlAttr {
	s := x.src
	for i < end {
		for i < end && (isXMLSpace(s[i]) || s[i] == '/') {
			i++
		}
		if i >= end {
			break
		}
		ns := i
		for i < end && !isXMLNameEnd(s[i]) {
			i++
		}
		if i == ns {
			i++ // a stray "=" or "?"
			continue
		}
		a := xmlAttr{name: s[ns:i]}
		j := i
		for j < end && isXMLSpace(s[j]) {
			j++
		}
		if j >= end || s[j] != '=' {
			i = j
			continue // an attribute without a value: not XML
		}
		j++
		for j < end && isXMLSpace(s[j]) {
			j++
		}
		if j < end && (s[j] == '"' || s[j] == '\'') {
			k := strings.IndexByte(s[j+1:end], s[j])
			a.valStart = j + 1
			if k < 0 {
				a.valEnd, i, a.open = end, end, true
			} else {
				a.valEnd, i = j+1+k, j+2+k
			}
		} else {
			a.valStart, a.open = j, true
			for j < end && !isXMLSpace(s[j]) {
				j++
			}
			a.valEnd, i = j, j
		}
		attrs = append(attrs, a)
	}
	return attrs
}

// tagEnd returns the offset just past the start tag that begins at s[i],
// and whether it ends with "/>": the first ">" outside quoted values.
func (x *xmlReader) tagEnd(i int) (int, bool) {
	s := x.src
	var quote byte
	for j := i + 1; j < len(s); j++ {
		c := s[j]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'':
			quote = c
		case c == '>':
			return j + 1, s[j-1] == '/'
		}
	}
	return len(s), false
}

// startTag reads the start tag at s[i:] and returns the offset past it.
func (x *xmlReader) startTag(i int) int {
	s := x.src
	end, empty := x.tagEnd(i)
	ne := i + 1
	for ne < end && !isXMLNameEnd(s[ne]) {
		ne++
	}
	name := s[i+1 : ne]
	attrEnd := end
	if attrEnd > ne && s[attrEnd-1] == '>' {
		attrEnd--
	}
	x.attrs = x.scanXMLAttrs(x.attrs[:0], ne, attrEnd)
	x.breakText()
	if x.onStart != nil {
		x.onStart(name, x.attrs)
	}

	e := xmlElem{nsMark: len(x.bound)}
	// Namespace declarations first: they apply to the element's own name
	// and attributes.
	for _, a := range x.attrs {
		var prefix string
		switch {
		case a.name == "xmlns":
		case strings.HasPrefix(a.name, "xmlns:"):
			prefix = a.name[6:]
		default:
			continue
		}
		d := xmlDecode(s, a.valStart, a.valEnd, true)
		x.ns[prefix] = append(x.ns[prefix], d.s)
		x.bound = append(x.bound, prefix)
	}
	e.local, e.ns = x.resolveName(name, true)
	if !x.rootSeen {
		x.rootSeen = true
		x.rss = e.local == "rss" && e.ns == "" || e.local == "RDF"
	}

	// xml:base sets the base of the element, its attributes and content.
	e.base = x.base()
	for _, a := range x.attrs {
		if a.name == "xml:base" {
			e.base = x.xmlBase(name, a, e.base)
			break
		}
	}
	parent := ""
	if n := len(x.stack); n > 0 {
		parent = x.src[x.stack[n-1].localStart:x.stack[n-1].nameEnd]
	}
	for _, a := range x.attrs {
		switch {
		case a.name == "xml:base", a.name == "xmlns", strings.HasPrefix(a.name, "xmlns:"):
		case a.name == "href", a.name == "src":
			x.attrURL("<"+name+" "+a.name+">", a, e.base, false)
		case a.name == "url" && x.rss && e.ns == "" && (e.local == "enclosure" || e.local == "source"):
			x.attrURL("<"+name+" url>", a, e.base, false)
		case a.name == "style" && (e.ns == nsSVG || e.ns == nsXHTML):
			x.attrCSS(name, a, e.base)
		case e.ns == nsSVG && strings.Contains(s[a.valStart:a.valEnd], "url("):
			// SVG's presentation attributes (fill, clip-path, mask, filter,
			// marker-*) hold CSS values.
			x.attrCSS(name, a, e.base)
		default:
			if local, ns := x.resolveName(a.name, false); local == "href" && ns == nsXLink {
				x.attrURL("<"+name+" "+a.name+">", a, e.base, false)
			}
		}
	}
	if x.at >= 0 && x.at < end || x.atRoot {
		x.stop()
		x.foundOK, x.foundBase, x.foundName = true, e.base, name
		return end
	}
	if empty {
		x.unbind(e.nsMark)
		return end
	}
	switch {
	case e.local == "loc" && (e.ns == nsSitemap || e.ns == nsSitemap084 || e.ns == nsImageMap),
		e.ns == nsAtom && (e.local == "icon" || e.local == "logo" || e.local == "uri"),
		x.rss && (e.ns == "" || e.ns == nsRSS10) &&
			(e.local == "link" || e.local == "comments" || e.local == "docs" || e.local == "url" && parent == "image"):
		e.text = &xmlText{where: "<" + name + ">"}
	case e.local == "style" && (e.ns == nsSVG || e.ns == nsXHTML):
		e.text = &xmlText{where: "in <" + name + ">", css: true}
	case e.ns == nsAtom && atomTextConstruct(e.local) && x.attrValue("type") == "html",
		x.rss && e.ns == "" && e.local == "description",
		e.ns == nsRSSContent && e.local == "encoded":
		// Escaped HTML: Atom's text constructs of type "html" (RFC 4287
		// §3.1.1.2), RSS's description and content:encoded.
		e.text = &xmlText{where: "in <" + name + ">", html: true}
	}
	open := xmlOpen{nameStart: int32(i + 1), nameEnd: int32(ne), localStart: int32(ne - len(e.local)), nsMark: int32(e.nsMark)}
	if top := len(x.stack) - 1; top >= 0 && x.bases[x.stack[top].base] == e.base {
		open.base = x.stack[top].base
	} else if top < 0 && e.base == x.docBase {
		open.base = 0
	} else {
		x.bases = append(x.bases, e.base)
		open.base = int32(len(x.bases) - 1)
	}
	if e.text != nil {
		x.texts = append(x.texts, e.text)
		open.text = int32(len(x.texts))
	}
	x.stack = append(x.stack, open)
	return end
}

// resolveName returns the local name and namespace name of a qualified
// name (XML Namespaces §6); an attribute without a prefix has no
// namespace, an element takes the default one.
func (x *xmlReader) resolveName(qname string, element bool) (local, ns string) {
	prefix, local, ok := strings.Cut(qname, ":")
	if !ok {
		local, prefix = qname, ""
		if !element {
			return local, ""
		}
	}
	if b := x.ns[prefix]; len(b) > 0 {
		ns = b[len(b)-1]
	}
	return local, ns
}

// unbind removes the namespace bindings made since mark.
func (x *xmlReader) unbind(mark int) {
	for k := len(x.bound) - 1; k >= mark; k-- {
		p := x.bound[k]
		b := x.ns[p]
		x.ns[p] = b[:len(b)-1]
	}
	x.bound = x.bound[:mark]
}

// endTag closes the innermost open element (whatever the end tag names:
// see the decisions above), handing on the URL or CSS of its text.
func (x *xmlReader) endTag() {
	n := len(x.stack)
	if n == 0 {
		return
	}
	e := x.stack[n-1]
	if e.text > 0 {
		x.elementText(x.texts[e.text-1], x.bases[e.base])
		x.texts = x.texts[:e.text-1]
	}
	if e.base > 0 && (n == 1 || x.stack[n-2].base != e.base) {
		// The element's own base is no one else's: drop it.
		x.bases = x.bases[:e.base]
	}
	x.unbind(int(e.nsMark))
	x.stack = x.stack[:n-1]
	x.breakText()
}

// elementText hands on the URL (or the CSS's URLs) of an element's text.
func (x *xmlReader) elementText(t *xmlText, b *Base) {
	s := t.b.String()
	if t.css {
		idx := append(t.idx, x.textEnd(t))
		d := decoded{s: s, idx: idx}
		if len(idx) > 0 {
			d.off = idx[0]
		}
		enc := []Encoding{EncodingCSS, EncodingXML}
		if allCDATA(t, s) {
			enc = []Encoding{EncodingCSS, EncodingCDATA}
		}
		h := *x.h
		h.Ref = func(r Ref) { x.textRef(t, r) }
		readCSS(d, rbase.Map{}, enc, b, t.where, &h)
		return
	}
	if t.html {
		x.escapedHTML(t, s, b)
		return
	}
	if t.entity != "" {
		x.entityNote(t.entityAt, t.where, t.entity)
		return
	}
	from, to := 0, len(s)
	for from < to && isXMLSpace(s[from]) {
		from++
	}
	for to > from && isXMLSpace(s[to-1]) {
		to--
	}
	idx := make([]int, 0, to-from+1)
	idx = append(idx, t.idx[from:to]...)
	switch {
	case to < len(t.idx) && to > from && t.run[to] == t.run[to-1]:
		idx = append(idx, t.idx[to])
	case to > from:
		idx = append(idx, x.byteEnd(t.idx[to-1]))
	case to < len(t.idx):
		idx = append(idx, t.idx[to])
	default:
		idx = append(idx, x.textEnd(t))
	}
	r := Ref{URL: s[from:to], Map: indexMap(rbase.Map{}, idx), Where: t.where, Base: b, Encodings: []Encoding{EncodingXML}}
	if to > from {
		if t.run[from] != t.run[to-1] {
			r.Unwritable = "the URL is built from pieces of text the file writes apart (around a comment, a processing instruction or a CDATA section)"
		}
		if isCDATARun(t, t.run[from]) {
			r.Encodings = []Encoding{EncodingCDATA}
		}
	}
	x.h.ref(r)
}

// escapedHTML hands on the URLs of the HTML an element's text s holds
// (escaped as character data or in CDATA sections), read by the HTML
// reader against b: an Atom or RSS entry's content, whose base is the
// element's (RFC 4287 §3.1.1.2 and XML Base; a BASE element inside is a
// URL to check, not a base). Each URL's encodings end with the XML
// layer it was read through: its character data's, or its CDATA
// section's.
func (x *xmlReader) escapedHTML(t *xmlText, s string, b *Base) {
	idx := append(t.idx[:len(t.idx):len(t.idx)], x.textEnd(t))
	h := *x.h
	h.Ref = func(r Ref) { x.textRef(t, r) }
	scanHTML(s, rbase.IndexMap(idx), []Encoding{EncodingXML}, b, " "+t.where, &h)
}

// textRef hands on the URL r, read from CSS or HTML in the element text
// t: noted instead when it is written, outside CDATA, with an entity
// relurl does not expand (xmlEntity); unwritable when its bytes come from more than one
// piece of the text; its outer encoding the CDATA section's when it lies
// in one (the text's is character data's unless all of it is CDATA); its
// end where its last byte ends (endInRun).
func (x *xmlReader) textRef(t *xmlText, r Ref) {
	k1 := sort.SearchInts(t.idx, r.Map.At(0))
	k2 := sort.SearchInts(t.idx, r.Map.At(len(r.URL))) - 1
	pieces := k1 < len(t.run) && k2 >= k1 && k2 < len(t.run) && t.run[k1] != t.run[k2]
	cdata := !pieces && k1 < len(t.run) && isCDATARun(t, t.run[k1])
	if !cdata && x.xmlEntity(r, false) {
		return
	}
	switch last := len(r.Encodings) - 1; {
	case pieces:
		r.Unwritable = "the URL is built from pieces of text the file writes apart (around a comment, a processing instruction or a CDATA section)"
	case cdata && last >= 0 && r.Encodings[last] == EncodingXML:
		enc := slices.Clone(r.Encodings)
		enc[last] = EncodingCDATA
		r.Encodings = enc
	}
	x.endInRun(t, &r)
	x.h.ref(r)
}

// endInRun places the end of the URL r, read from the element text t,
// where its last byte's source ends when the text is interrupted right
// after it (by a comment, a processing instruction, a CDATA section's
// end): the text's map places the end at the next piece's first byte,
// past the interruption, which the URL does not hold.
func (x *xmlReader) endInRun(t *xmlText, r *Ref) {
	n := len(r.URL)
	if n == 0 || !r.Mappable() {
		return
	}
	end := r.Map.At(n)
	e := sort.SearchInts(t.idx, end)
	if e <= 0 || e >= len(t.idx) || t.idx[e] != end || t.run[e] == t.run[e-1] {
		return
	}
	idx := make([]int, n+1)
	for i := range n {
		idx[i] = r.Map.At(i)
	}
	idx[n] = x.byteEnd(t.idx[e-1])
	r.Map = indexMap(rbase.Map{}, idx)
}

// atomTextConstruct reports whether an Atom element of that local name is
// a text construct or content, which may hold escaped HTML (RFC 4287
// §3.1, §4.1.3).
func atomTextConstruct(local string) bool {
	switch local {
	case "content", "summary", "title", "subtitle", "rights":
		return true
	}
	return false
}

// attrValue returns the value of the attribute of the start tag being
// read (x.attrs) whose name is name, decoded, or "".
func (x *xmlReader) attrValue(name string) string {
	for _, a := range x.attrs {
		if a.name == name {
			d := xmlDecode(x.src, a.valStart, a.valEnd, true)
			from, to := trimXML(d.s)
			return d.s[from:to]
		}
	}
	return ""
}

// isCDATARun reports whether the text's run r is a CDATA section.
func isCDATARun(t *xmlText, r int32) bool {
	return int(r) < len(t.cdataRun) && t.cdataRun[r]
}

// allCDATA reports whether every byte of the text s but white space came
// from CDATA sections.
func allCDATA(t *xmlText, s string) bool {
	if len(t.cdataRun) == 0 {
		return false
	}
	for k := 0; k < len(s); k++ {
		if !isXMLSpace(s[k]) && !isCDATARun(t, t.run[k]) {
			return false
		}
	}
	return true
}

// textEnd is the place of the end of an element's text: just past its
// last byte, or nowhere better than that.
func (x *xmlReader) textEnd(t *xmlText) int {
	if len(t.idx) == 0 {
		return 0
	}
	return x.byteEnd(t.idx[len(t.idx)-1])
}

// byteEnd returns the end of the source of a decoded byte placed at p: a
// reference runs to its ";", "\r\n" is two bytes, anything else one.
func (x *xmlReader) byteEnd(p int) int {
	switch s := x.src; {
	case s[p] == '&':
		if _, n, _ := xmlReference(s[p:]); n > 0 {
			return p + n
		}
	case s[p] == '\r' && p+1 < len(s) && s[p+1] == '\n':
		return p + 2
	}
	return p + 1
}

// entityNote notes a value not checked because it refers to an entity
// relurl does not expand.
func (x *xmlReader) entityNote(at int, where, name string) {
	x.h.note(Note{Offset: at, Kind: NoteXMLEntity, Where: where,
		Message: "the value refers to the entity &" + name + "; of the document type, which relurl does not expand: its URL is not checked"})
}

// xmlBaseSlack is what the bases nested xml:base attributes establish may
// add up to beyond four times the document's size (decision S-7): with a
// fixed bound alone, a document of a few KiB could spend a megabyte of
// bases, every URL in it checked against its own, and the time would grow
// faster than the document (make scale's deep-nesting row for XML). 64 KiB
// is still many times what real documents nest (a feed nests two or three
// bases).
const xmlBaseSlack = 64 << 10

// xmlBase reads the xml:base attribute a of the element name, whose
// parent's base is parent, hands it on and returns the element's base.
// A value with a scheme is checked as a base (the rules of the base
// family apply); a relative one as a reference against the parent's base.
func (x *xmlReader) xmlBase(name string, a xmlAttr, parent *Base) *Base {
	where := "<" + name + " xml:base>"
	d := xmlDecode(x.src, a.valStart, a.valEnd, true)
	if d.entity != "" {
		x.entityNote(d.entityAt, where, d.entity)
		return parent
	}
	from, to := trimXML(d.s)
	v := d.s[from:to]
	// Nested relative bases make longer and longer URLs, each as long as
	// its nesting is deep: past a budget of the document's own size, no
	// more are established (a Note says so), so that time and memory stay
	// linear in the document.
	x.baseBytes += len(parent.URL.URL) + len(v)
	if x.baseBytes > 4*len(x.src)+xmlBaseSlack {
		if x.unknownBase == nil {
			x.h.note(Note{Offset: a.valStart, Kind: NoteXMLBaseBudget, Where: where,
				Message: "the xml:base attributes nested here make base URLs longer, together, than relurl establishes " +
					"for a document of this size: the elements from here on have no base, and their relative URLs are not resolved"})
			x.unknownBase = &Base{URL: rbase.URL{Layer: rbase.LayerDefault, Source: "xml:base past relurl's bound"}, RelativeAllowed: true}
		}
		x.h.ref(Ref{URL: v, Map: d.mapOf(rbase.Map{}, from, to, nil), Where: where, Base: parent, Encodings: []Encoding{EncodingXML},
			Unwritable: unwritable(a), Malformed: a.open})
		return x.unknownBase
	}
	u, err := rbase.XMLBase(v, parent.URL, rbase.SourceXMLBase+" of <"+name+">")
	b := &Base{URL: u, Err: err, RelativeAllowed: true}
	if v == "" {
		b = parent
	} else if err != nil {
		b.URL = rbase.URL{URL: v, Layer: rbase.LayerEmbedded, Source: rbase.SourceXMLBase + " of <" + name + ">"}
	}
	isBase := ast.SchemeLen(v) > 0
	refBase := parent
	if isBase {
		refBase = b
	}
	x.h.ref(Ref{URL: v, Map: d.mapOf(rbase.Map{}, from, to, nil), Where: where, IsBase: isBase, Base: refBase,
		Encodings: []Encoding{EncodingXML}, Unwritable: unwritable(a), Malformed: a.open})
	return b
}

// attrURL hands on the URL of the attribute a, found at where, against b.
func (x *xmlReader) attrURL(where string, a xmlAttr, b *Base, isBase bool) {
	d := xmlDecode(x.src, a.valStart, a.valEnd, true)
	if d.entity != "" {
		x.entityNote(d.entityAt, where, d.entity)
		return
	}
	from, to := trimXML(d.s)
	x.h.ref(Ref{URL: d.s[from:to], Map: d.mapOf(rbase.Map{}, from, to, nil), Where: where, IsBase: isBase, Base: b,
		Encodings: []Encoding{EncodingXML}, Unwritable: unwritable(a), Malformed: a.open})
}

// unwritable is the Ref.Unwritable of a URL in the value of a.
func unwritable(a xmlAttr) string {
	if a.open {
		return openValue
	}
	return ""
}

// attrCSS hands on the URLs of the CSS of attribute a of element name.
func (x *xmlReader) attrCSS(name string, a xmlAttr, b *Base) {
	d := xmlDecode(x.src, a.valStart, a.valEnd, true)
	h := *x.h
	h.Ref = func(r Ref) {
		if !x.xmlEntity(r, true) {
			if r.Unwritable == "" && a.open {
				r.Unwritable, r.Malformed = openValue, true
			}
			x.h.ref(r)
		}
	}
	readCSS(d.decoded, rbase.Map{}, []Encoding{EncodingCSS, EncodingXML}, b, "in <"+name+" "+a.name+">", &h)
}

// xmlEntity reports whether the URL r, read from CSS or HTML in an XML
// document (attr: in an attribute value), is written with a reference to
// an entity relurl does not expand, and notes it if so. The CSS or HTML
// around it is read as written, the reference as its own characters; only
// a URL whose bytes hold one is left unchecked (the entity could expand
// to anything).
func (x *xmlReader) xmlEntity(r Ref, attr bool) bool {
	from, to := r.Map.At(0), r.Map.At(len(r.URL))
	if from < 0 || to > len(x.src) || from > to {
		return false
	}
	d := xmlDecode(x.src, from, to, attr)
	if d.entity == "" {
		return false
	}
	x.entityNote(d.entityAt, r.Where, d.entity)
	return true
}

// trimXML returns the span of s without XML white space at its ends.
func trimXML(s string) (int, int) {
	from, to := 0, len(s)
	for from < to && isXMLSpace(s[from]) {
		from++
	}
	for to > from && isXMLSpace(s[to-1]) {
		to--
	}
	return from, to
}

// xmlDecoded is a text decoded from XML, and the first reference it holds
// to an entity not expanded ("" when none).
type xmlDecoded struct {
	decoded
	entity   string
	entityAt int
}

// xmlDecode decodes s[from:to], character data or (attr) an attribute
// value: the predefined entity references and character references
// (§4.1, §4.6), line ends normalized to "\n" (§2.11) and, in an attribute
// value, each white space character normalized to a space (§3.3.3). A
// reference to any other entity is not expanded: it is left as written,
// and named in the result. An "&" that begins no reference is itself.
func xmlDecode(s string, from, to int, attr bool) xmlDecoded {
	k := from
	same := true // only same-length substitutions so far
	for ; k < to; k++ {
		c := s[k]
		if c == '&' || c == '\r' {
			break
		}
		if attr && (c == '\t' || c == '\n') {
			same = false
		}
	}
	if k == to {
		if same {
			return xmlDecoded{decoded: decoded{s: s[from:to], off: from}}
		}
		// Tabs and line feeds read as spaces, in place.
		b := []byte(s[from:to])
		for i, c := range b {
			if c == '\t' || c == '\n' {
				b[i] = ' '
			}
		}
		return xmlDecoded{decoded: decoded{s: string(b), off: from}}
	}
	var b strings.Builder
	b.Grow(to - from)
	idx := make([]int, 0, to-from+1)
	var r xmlDecoded
	for i := from; i < to; {
		c := s[i]
		switch {
		case c == '\r':
			// "\r\n" and a lone "\r" are a line feed (§2.11).
			if attr {
				b.WriteByte(' ')
			} else {
				b.WriteByte('\n')
			}
			idx = append(idx, i)
			i++
			if i < to && s[i] == '\n' {
				i++
			}
			continue
		case attr && (c == '\t' || c == '\n'):
			b.WriteByte(' ')
			idx = append(idx, i)
			i++
			continue
		case c != '&':
			b.WriteByte(c)
			idx = append(idx, i)
			i++
			continue
		}
		text, n, entity := xmlReference(s[i:to])
		if entity != "" && r.entity == "" {
			r.entity, r.entityAt = entity, i
		}
		if n == 0 {
			b.WriteByte('&')
			idx = append(idx, i)
			i++
			continue
		}
		b.WriteString(text)
		for range len(text) {
			idx = append(idx, i)
		}
		i += n
	}
	idx = append(idx, to)
	r.decoded = decoded{s: b.String(), off: from, idx: idx}
	return r
}

// xmlReference reads the reference at the start of s ("&amp;", "&#38;",
// "&#x26;"): the text it stands for and its length. n is 0 when s begins
// no reference this reader decodes; entity is then the name of an entity
// referred to, if s begins a reference to one. It reads only the name or
// digits after "&", so that a run of "&" costs linear time.
func xmlReference(s string) (text string, n int, entity string) {
	j := 1
	if j < len(s) && s[j] == '#' {
		j++
		if j < len(s) && s[j] == 'x' {
			j++
		}
		for j < len(s) && ast.IsHex(s[j]) {
			j++
		}
		if j >= len(s) || s[j] != ';' {
			return "", 0, ""
		}
		if v, ok := charRef(s[2:j]); ok {
			return v, j + 1, ""
		}
		return "", 0, ""
	}
	for j < len(s) && !isXMLNameEnd(s[j]) && s[j] != ';' && s[j] != '&' && s[j] != '<' && s[j] != '"' && s[j] != '\'' {
		j++
	}
	if j == 1 || j >= len(s) || s[j] != ';' {
		return "", 0, ""
	}
	switch body := s[1:j]; body {
	case "amp":
		return "&", j + 1, ""
	case "lt":
		return "<", j + 1, ""
	case "gt":
		return ">", j + 1, ""
	case "apos":
		return "'", j + 1, ""
	case "quot":
		return `"`, j + 1, ""
	default:
		return "", 0, body
	}
}

// charRef decodes the digits of a character reference: decimal, or hex
// after "x". A code point XML does not allow (§2.2: NUL, surrogates, past
// U+10FFFF) is U+FFFD.
func charRef(d string) (string, bool) {
	hex := len(d) > 0 && d[0] == 'x'
	if hex {
		d = d[1:]
	}
	if d == "" {
		return "", false
	}
	var v rune
	for k := 0; k < len(d); k++ {
		c := d[k]
		var digit rune
		switch {
		case c >= '0' && c <= '9':
			digit = rune(c - '0')
		case hex && ast.IsHex(c):
			digit = rune(c|0x20-'a') + 10
		default:
			return "", false
		}
		if v <= utf8.MaxRune {
			if hex {
				v = v<<4 | digit
			} else {
				v = v*10 + digit
			}
		}
	}
	if v == 0 || v > utf8.MaxRune || v >= 0xD800 && v <= 0xDFFF {
		v = utf8.RuneError
	}
	return string(v), true
}

// looksLikeXML reports whether data, after a UTF-8 byte order mark and
// white space, begins with an XML declaration and its root element is not
// "html" (an XHTML page is HTML: see the decisions above).
func looksLikeXML(data []byte) bool {
	d := bytes.TrimPrefix(data, []byte("\uFEFF"))
	d = bytes.TrimLeft(d, xmlSpaceChars)
	if !bytes.HasPrefix(d, []byte("<?xml")) || len(d) < 6 || !isXMLSpace(d[5]) {
		return false
	}
	// The root element: the first "<" followed by a name start, past
	// the prolog's declarations, comments and processing instructions;
	// a look at the first 8 KiB is enough.
	d = d[:min(len(d), 8<<10)]
	for i := 0; i+1 < len(d); i++ {
		if d[i] == '<' && isXMLNameStart(d[i+1]) {
			j := i + 1
			for j < len(d) && !isXMLNameEnd(d[j]) {
				j++
			}
			name := string(d[i+1 : j])
			if _, local, ok := strings.Cut(name, ":"); ok {
				name = local
			}
			return !strings.EqualFold(name, "html")
		}
	}
	return true
}
