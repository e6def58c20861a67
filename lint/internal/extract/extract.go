package extract

import (
	"errors"
	"strconv"

	rbase "github.com/relurl/relurl/lint/internal/base"
	"github.com/relurl/relurl/lint/internal/htmlscan"
	"github.com/relurl/relurl/resolve"
)

// Ref is one URL found in a document.
type Ref struct {
	// URL is the URL as the document means it: HTML character references
	// and transfer encodings undone, white space inside "<URL:...>"
	// dropped.
	URL string
	// Map places each byte of URL in the file.
	Map Map
	// Where says where in the document the URL is: "line", "<a href>",
	// "<img srcset> in part 1.2", "Base header in the message".
	Where string
	// IsBase reports whether the URL is the base of its part of the
	// document, as written in it (an HTML BASE element's HREF, a Base
	// header): it is to be checked as a base, not as a reference.
	IsBase bool
	// Base is the base the URL resolves against. Refs of one part of a
	// document share it. It is nil only for a Ref with an Err.
	Base *Base
	// Encodings are the layers the file wraps the URL's bytes in, the
	// innermost first: an HTML attribute inside a quoted-printable body is
	// {EncodingHTMLAttribute, EncodingQuotedPrintable}. Empty: the URL is
	// the file's bytes as they are. Refs share the slice; do not modify it.
	Encodings []Encoding
	// Err, when not nil, says that the text at this place should hold a
	// URL in a form it does not have (a Base header not of the form
	// <URL:absoluteURL>); URL is then the text as written.
	Err error
	// Unwritable, when not "", says why a fix of the URL cannot be
	// written back in place: the URL is built from pieces the file writes
	// apart (XML text around a comment or a CDATA section), so that no
	// one span of the file holds it; or the markup around it is not
	// well-formed (Malformed).
	Unwritable string
	// Malformed says that Unwritable is because the markup that holds the
	// URL is not well-formed (an XML attribute value without its closing
	// quote), so that where the URL ends depends on characters a fix
	// would encode.
	Malformed bool
}

// Mappable reports whether every byte of the URL is placed exactly in the
// file: false inside a base64 body, or where a decoding could not be
// reproduced ([Map.Exact]).
func (r *Ref) Mappable() bool { return r.Map.Exact() }

// Base is the base URL a part of a document establishes by the layers of
// RFC 1808 §3 (package resolve/base): its embedded base (§3.1), the
// enclosing entity's (§3.2), the retrieval URL (§3.3), or none (§3.4).
type Base struct {
	// URL is the base URL, with the layer and source that supplied it.
	// URL.URL is "" when no layer defines one (§3.4), or when Err says
	// that the layer that does cannot be read as a URL.
	URL rbase.URL
	// Err, when not nil, is the [*rbase.LayerError] of a layer that
	// defines a base relative URLs cannot be resolved against (§2): URL
	// then names that layer, its source and, when it is one, the bad base
	// URL. Relative references cannot be resolved.
	Err error
	// RelativeAllowed reports whether the context allows relative URLs
	// (§5.3): a document does; a list of URLs does when it has a base.
	RelativeAllowed bool
}

// Usable reports whether relative references can be resolved against
// the base: there is one, and it can serve (§2).
func (b *Base) Usable() bool { return b.Err == nil && b.URL.URL != "" }

// establish settles a base by the layers of §3, with rbase.Establish.
func establish(embedded *rbase.URL, ctx rbase.Context, relAllowed bool) *Base {
	u, err := rbase.Establish(embedded, ctx)
	b := &Base{URL: u, Err: err, RelativeAllowed: relAllowed}
	var le *rbase.LayerError
	if errors.As(err, &le) {
		b.URL = rbase.URL{Layer: le.Layer, Source: le.Source}
		var be *resolve.BaseError
		switch {
		case embedded != nil && le.Layer == rbase.LayerEmbedded:
			b.URL.URL = embedded.URL
		case errors.As(le.Err, &be):
			b.URL.URL = be.Base
		}
	}
	return b
}

// Encoding is one layer in which a file wraps the bytes of a URL.
type Encoding uint8

// The encodings.
const (
	// EncodingHTMLAttribute: the value of an HTML attribute, in which
	// character references ("&amp;") stand for characters.
	EncodingHTMLAttribute Encoding = iota + 1
	// EncodingBracketed: "<URL:...>" in a message's header or text
	// (RFC 1738's appendix, RFC 1808 §3.1), in which white space and line
	// folds are ignored.
	EncodingBracketed
	// EncodingQuotedPrintable: a body in the quoted-printable transfer
	// encoding (RFC 2045 §6.7).
	EncodingQuotedPrintable
	// EncodingBase64: a body in the base64 transfer encoding (RFC 2045
	// §6.8), whose bytes cannot be placed one by one.
	EncodingBase64
	// EncodingMarkdown: a link destination in Markdown (an inline link or
	// image, a link reference definition), in which backslash escapes of
	// ASCII punctuation and entity and numeric character references stand
	// for characters (CommonMark §2.4, §2.5, §6.3); a destination written
	// in "<…>" may hold spaces but no "<", ">" or line ending, one written
	// bare may hold no space and only balanced parentheses.
	EncodingMarkdown
	// EncodingMarkdownAutolink: a Markdown autolink, "<…>" or a bare URL
	// that GitHub's autolink extension links, written as it is (no
	// escapes). A bare "www." link implies "http://": the URL's first
	// seven bytes are not in the file, and map to where the link begins.
	EncodingMarkdownAutolink
	// EncodingCSS: a url() token or a string in CSS, in which escapes
	// ("\" and 1 to 6 hex digits, or "\" and a character) stand for
	// characters (CSS Syntax Level 3 §4.3.7); an unquoted url() may hold
	// no white space, quotes, parentheses or "\" unescaped.
	EncodingCSS
	// EncodingXML: XML character data or an attribute value, in which the
	// five predefined entity references and character references stand
	// for characters (XML 1.0 §4.1, §4.6); in an attribute value a literal
	// tab or line end is read as a space (§3.3.3).
	EncodingXML
	// EncodingCDATA: an XML CDATA section (XML 1.0 §2.7), whose text is
	// as written; it may not hold "]]>".
	EncodingCDATA
)

// String returns "html-attribute", "bracketed", "quoted-printable",
// "base64", "markdown", "markdown-autolink", "css", "xml" or "cdata".
func (e Encoding) String() string {
	switch e {
	case EncodingHTMLAttribute:
		return "html-attribute"
	case EncodingBracketed:
		return "bracketed"
	case EncodingQuotedPrintable:
		return "quoted-printable"
	case EncodingBase64:
		return "base64"
	case EncodingMarkdown:
		return "markdown"
	case EncodingMarkdownAutolink:
		return "markdown-autolink"
	case EncodingCSS:
		return "css"
	case EncodingXML:
		return "xml"
	case EncodingCDATA:
		return "cdata"
	}
	return "Encoding(" + strconv.Itoa(int(e)) + ")"
}

// Directive is a comment addressed to relurl: one whose text begins with
// "relurl:", such as <!-- relurl:ignore fsegment/colon -- a reason -->.
type Directive struct {
	// Offset and End delimit the whole comment in the file.
	Offset, End int
	// Text is the comment's text without its delimiters and surrounding
	// white space, from "relurl:" on.
	Text string
}

// The kinds of [Note] the readers of documents give; the others are those
// of [rbase.NoteKind], which messages give.
const (
	// NoteHTMLTooDeep: an HTML document nested deeper, before its head
	// ends, than the HTML parser's limit of 512 open elements
	// (golang.org/x/net/html): its BASE element cannot be told.
	NoteHTMLTooDeep = "html-too-deep"
	// NoteMarkdownTooCostly: a Markdown document whose structure would
	// cost the Markdown parser more than linear time; it is not read.
	NoteMarkdownTooCostly = "markdown-too-costly"
	// NoteMarkdownUndefinedLabel: a Markdown reference link or image, full
	// ("[text][label]") or collapsed ("[label][]"), whose label no link
	// reference definition defines, so that it is text (decision L-52).
	NoteMarkdownUndefinedLabel = "markdown-undefined-label"
	// NoteXMLEncoding: an XML document in UTF-16, which is not read.
	NoteXMLEncoding = "xml-encoding"
	// NoteXMLEntity: an XML value that refers to an entity of the
	// document type, which is not expanded; the value is not checked.
	NoteXMLEntity = "xml-entity"
	// NoteXMLBaseBudget: nested xml:base attributes whose URLs together
	// pass relurl's bound; the elements past it have no base.
	NoteXMLBaseBudget = "xml-base-budget"
)

// Note says that a part of a document was not read, or not as its format
// wants it, and why: nothing is skipped in silence.
type Note struct {
	// Offset is where in the file the note applies.
	Offset int
	// End, when greater than Offset, is where the text the note is about
	// ends.
	End int
	// Kind names what happened, such as "too-deep" (the kinds of
	// [rbase.NoteKind]).
	Kind string
	// Where names the part of the document, such as "part 1.2".
	Where string
	// Message says what was found and what was done, in lower case.
	Message string
}

// AnchorKind says what names an [Anchor].
type AnchorKind uint8

// The kinds of anchors.
const (
	// AnchorID: the id attribute of an element of HTML (of a document, or
	// of Markdown's raw HTML).
	AnchorID AnchorKind = iota + 1
	// AnchorName: the name attribute of an HTML a element.
	AnchorName
	// AnchorHeading: a Markdown heading, whose anchor a slug algorithm
	// makes of its text (package lint/target).
	AnchorHeading
	// AnchorRefresh: not a place but what makes an HTML document a
	// redirect page: the URL (Value) of its declarative refresh, when the
	// refresh that takes effect has a delay of 0 and a URL (see
	// [RefreshPragma]).
	AnchorRefresh
	// AnchorCarry: a script of an HTML document reads location.hash: a
	// redirect it makes carries the fragment on (decision T-19).
	AnchorCarry
)

// Anchor is a place in a document that a fragment can name: what the
// target rules check a reference's fragment against.
type Anchor struct {
	Kind AnchorKind
	// Value is the id or the name as the document means it (character
	// references decoded), or a heading's text as it renders: the text
	// of its inlines without their markup, backslash escapes and entity
	// references decoded, code spans as written, images left out.
	Value string
	// Source, for a heading, is the raw text of its last line, markup and
	// all, which goldmark's automatic heading ids are made from.
	Source string
	// Offset is where the attribute or the heading is in the file; End,
	// for an [AnchorRefresh], where its content attribute's value ends.
	Offset, End int
}

// Handler receives what [Extract] finds, in document order. A nil
// function ignores what it would receive; when Anchor is nil, the readers
// do not look for anchors.
type Handler struct {
	Ref       func(Ref)
	Directive func(Directive)
	Note      func(Note)
	// Anchor receives the anchors of an HTML document or of a Markdown
	// document (its headings, and its raw HTML's), in document order.
	Anchor func(Anchor)

	// rd, when not nil, is the Reader whose memory the readers reuse.
	rd *Reader
}

func (h *Handler) ref(r Ref) {
	if h.Ref != nil {
		h.Ref(r)
	}
}

func (h *Handler) directive(d Directive) {
	if h.Directive != nil {
		h.Directive(d)
	}
}

func (h *Handler) note(n Note) {
	if h.Note != nil {
		h.Note(n)
	}
}

// Extract reads src, a document of the given kind, and hands h each URL,
// directive and note it finds, in document order. retrieval is the URL the
// document was retrieved by (§3.3), "" for none; a kind that is none (0)
// is read as a list of URLs. It never fails: what it cannot read is a
// Note, or read as well as it can.
func Extract(src string, kind Kind, retrieval string, h Handler) {
	h.rd = nil
	extract(src, kind, retrieval, &h)
}

// Reader reads documents as [Extract] does, and keeps the memory a
// document's reading buffers in (the URLs of an HTML head, which wait for
// its base) for the next: a caller that reads many documents in turn
// reuses one Reader rather than allocate that memory again for each. The
// zero Reader is ready to use. A Reader reads one document at a time,
// and keeps nothing of a document once it has read it: what it holds
// between documents is empty (decision S-23).
type Reader struct {
	// events is the buffer of readHTML, empty.
	events []htmlEvent
	// scanner is the HTML scanner of the document before, nil when none
	// was kept.
	scanner *htmlscan.Scanner
}

// maxKeptEvents is the most URLs and directives of an HTML head whose
// buffer a [Reader] keeps for the next document: a head of more is rare,
// and its buffer, as large as the head's URLs, is not held past it.
const maxKeptEvents = 1024

// Extract is [Extract] with the reader's memory.
func (rd *Reader) Extract(src string, kind Kind, retrieval string, h Handler) {
	h.rd = rd
	extract(src, kind, retrieval, &h)
}

// takeEvents returns the reader's buffer of events, empty, and holds none
// until giveEvents gives it back, so that a document read while another
// one's head waits (none does) would not share it; nil without a reader.
func (h *Handler) takeEvents() []htmlEvent {
	if h.rd == nil {
		return nil
	}
	ev := h.rd.events
	h.rd.events = nil
	return ev
}

// giveEvents gives the reader back its buffer of events, ev, emptied of
// the document's URLs so that it keeps nothing of them, unless it is
// larger than maxKeptEvents. Past len(ev) the buffer holds nothing: it
// was emptied of each document's URLs as they were handed on
// (htmlHead.settle), and an append that grew it left its new room zero.
func (h *Handler) giveEvents(ev []htmlEvent) {
	if h.rd == nil || cap(ev) > maxKeptEvents {
		return
	}
	clear(ev)
	h.rd.events = ev[:0]
}

// takeScanner returns a scanner of doc: the reader's, which it holds
// none of until giveScanner gives it back, or a new one.
func (rd *Reader) takeScanner(doc string) *htmlscan.Scanner {
	if rd == nil || rd.scanner == nil {
		return htmlscan.New(doc)
	}
	sc := rd.scanner
	rd.scanner = nil
	sc.Reset(doc)
	return sc
}

// giveScanner gives the reader back sc, once its document is read,
// keeping nothing of the document.
func (rd *Reader) giveScanner(sc *htmlscan.Scanner) {
	if rd != nil {
		sc.Reset("")
		rd.scanner = sc
	}
}

func extract(src string, kind Kind, retrieval string, h *Handler) {
	ctx := rbase.Context{Retrieval: retrieval}
	d := kind.def()
	if d == nil {
		d = KindText.def()
	}
	d.read(src, ctx, h)
}

// Single returns the Ref of url standing alone, as a list of one URL
// retrieved by retrieval ("" for none) reads it: its base is the retrieval
// URL, and relative URLs are allowed when there is one. Its positions are
// offsets in url.
func Single(url, retrieval string) Ref {
	ctx := rbase.Context{Retrieval: retrieval}
	return Ref{URL: url, Where: "URL", Base: establish(nil, ctx, retrieval != "")}
}
