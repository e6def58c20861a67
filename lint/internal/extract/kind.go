package extract

import (
	"bytes"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/relurl/relurl/ast"
	rbase "github.com/relurl/relurl/lint/internal/base"
)

// Kind is the kind of a document: how its URLs are found.
type Kind uint8

// The kinds of documents. The zero Kind is none: "tell by the name and
// content" where a Kind is an option, "cannot tell" where one is returned.
const (
	// KindText is a list of URLs, one per line; a "\r" before the "\n"
	// is dropped, and empty lines are skipped.
	KindText Kind = iota + 1
	// KindHTML is an HTML document: its BASE element and every
	// URL-bearing attribute.
	KindHTML
	// KindMessage is a message in the format of RFC 822 and MIME: its Base
	// headers, the <URL:...> of its header fields and text parts, the
	// <URL> lists of its RFC 2369 List-* fields, and the HTML of its
	// text/html parts, each against the base of its entity (RFC 1808 §3.1,
	// §3.2).
	KindMessage
	// KindMarkdown is a Markdown document (CommonMark with GitHub's
	// tables and autolinks): its links, images, link reference
	// definitions and autolinks, and the URLs of its raw HTML.
	KindMarkdown
	// KindCSS is a style sheet: its url() tokens, @import strings and
	// image-set() strings, against the style sheet's own URL.
	KindCSS
	// KindXML is an XML document (Atom, RSS, SVG, sitemaps): its
	// xml:base attributes, element by element (XML Base), and the
	// URL-bearing attributes and elements of those vocabularies.
	KindXML
	// KindMbox is a mailbox of messages in the mbox format (RFC 4155): each
	// message is read as [KindMessage] reads one, its positions in the
	// mailbox's lines.
	KindMbox
)

// kindDef is one row of the table of kinds: how a kind is named, told
// and read.
type kindDef struct {
	kind Kind
	// name is the kind as --type and ParseKind spell it.
	name string
	// exts are the file name extensions that say the kind, in lower case.
	exts []string
	// sniff, when not nil, reports whether data, a file or its first
	// [SniffSize] bytes, is of the kind by its content.
	sniff func(data []byte) bool
	// decides says that the content decides whatever the name says (a
	// message is a message whatever it is called); otherwise the content
	// is read only for a file whose name says nothing, and only by
	// [Detect], not by [DetectStrict].
	decides bool
	// read reads a document of the kind.
	read func(src string, ctx rbase.Context, h *Handler)
}

// kindTable is the one table of kinds, in the order their content is
// tried (a mailbox before a message): what [Kind.String], [ParseKind],
// [KindByName], [Detect] and [Extract] read. A kind added to the package
// is a constant, a row here and a file that reads it. XML comes before
// HTML, whose guess ("<" first) XML meets too: looksLikeXML takes an XML
// declaration whose root element is not "html" (.xhtml is HTML: see
// [KindXML]'s decisions in xml.go).
var kindTable = []kindDef{
	{kind: KindText, name: "text", exts: []string{".urls"}, read: text},
	{kind: KindXML, name: "xml", exts: []string{".xml", ".atom", ".rss", ".svg"},
		sniff: looksLikeXML, read: readXML},
	{kind: KindHTML, name: "html", exts: []string{".html", ".htm", ".xhtml"},
		sniff: rbase.LooksLikeHTML[[]byte], read: readHTMLDocument},
	{kind: KindMarkdown, name: "markdown", exts: []string{".md", ".markdown"}, read: readMarkdown},
	{kind: KindCSS, name: "css", exts: []string{".css"}, read: readCSSFile},
	{kind: KindMbox, name: "mbox", exts: []string{".mbox"}, sniff: looksLikeMbox, decides: true, read: readMbox},
	{kind: KindMessage, name: "message", exts: []string{".eml", ".mht", ".mhtml", ".mime"},
		sniff: looksLikeMessage, decides: true, read: readMessage},
}

// SniffSize is how much of a file's start [Detect] needs to tell its kind
// by its content: a header block longer than this is still taken as one.
const SniffSize = 64 << 10

func (k Kind) def() *kindDef {
	for i := range kindTable {
		if kindTable[i].kind == k {
			return &kindTable[i]
		}
	}
	return nil
}

// Kinds returns every kind, in the order of their constants.
func Kinds() []Kind {
	ks := make([]Kind, len(kindTable))
	for i := range kindTable {
		ks[i] = kindTable[i].kind
	}
	slices.Sort(ks)
	return ks
}

// String returns the kind's name ("text", "xml", "html", "markdown",
// "css", "mbox", "message"); the zero Kind is "none".
func (k Kind) String() string {
	if d := k.def(); d != nil {
		return d.name
	}
	if k == 0 {
		return "none"
	}
	return fmt.Sprintf("Kind(%d)", k)
}

// Extensions returns the file name extensions that say the kind, such as
// ".html", in lower case.
func (k Kind) Extensions() []string {
	if d := k.def(); d != nil {
		return append([]string(nil), d.exts...)
	}
	return nil
}

// MarshalText spells the kind as [Kind.String] does; the zero Kind is "".
func (k Kind) MarshalText() ([]byte, error) {
	if k == 0 {
		return nil, nil
	}
	return []byte(k.String()), nil
}

// UnmarshalText reads a kind as [ParseKind] does; "" is the zero Kind.
func (k *Kind) UnmarshalText(text []byte) error {
	if len(text) == 0 {
		*k = 0
		return nil
	}
	v, err := ParseKind(string(text))
	if err != nil {
		return err
	}
	*k = v
	return nil
}

// ParseKind reads a kind's name as [Kind.String] spells it.
func ParseKind(s string) (Kind, error) {
	var names []string
	for _, k := range Kinds() {
		if s == k.String() {
			return k, nil
		}
		names = append(names, k.String())
	}
	return 0, fmt.Errorf("file type %q: want %s or %s", s, strings.Join(names[:len(names)-1], ", "), names[len(names)-1])
}

// KindByName returns the kind a file name's extension stands for: .html,
// .htm and .xhtml are HTML; .eml, .mht, .mhtml and .mime are messages;
// .mbox is a mailbox; .urls is a list of URLs; .md and .markdown are
// Markdown; .css is CSS; .xml, .atom, .rss and .svg are XML. ok is false
// for any other name: .txt, in particular, is prose more often than a
// list of URLs.
func KindByName(name string) (k Kind, ok bool) {
	ext := strings.ToLower(filepath.Ext(name))
	for _, d := range kindTable {
		for _, e := range d.exts {
			if ext == e {
				return d.kind, true
			}
		}
	}
	return 0, false
}

// Detect returns the kind of a file from its name and data, its content or
// at least its first [SniffSize] bytes, or 0 when it cannot tell:
//
//   - a file whose content begins with an mbox "From " line followed by a
//     header block is a mailbox, and one that begins with an RFC 822 header
//     block (header fields up to an empty line or the end, the first
//     "Name: value" with white space or nothing after the colon, one of them
//     a field messages have: From, Subject, Content-Type, Base, ...) a
//     message, whatever its name;
//   - otherwise the name's extension says the kind ([KindByName]);
//   - otherwise a file that begins with an XML declaration whose root
//     element is not "html" is XML, and one whose first character after a
//     byte order mark and white space is "<" is HTML
//     ([rbase.LooksLikeHTML]).
//
// Nothing makes a list of URLs but its name (.urls): a file of any other
// name that is none of the above is of no kind Detect can tell.
func Detect(name string, data []byte) Kind { return detect(name, data, true) }

// DetectStrict is [Detect] without the guess a file's content only
// suggests (XML or HTML for a file that begins with "<", which
// templates do too): what a directory walk uses, where files of no known
// kind are skipped.
func DetectStrict(name string, data []byte) Kind { return detect(name, data, false) }

func detect(name string, data []byte, guess bool) Kind {
	for _, d := range kindTable {
		if d.decides && d.sniff(data) {
			return d.kind
		}
	}
	if k, ok := KindByName(name); ok {
		return k
	}
	if guess {
		for _, d := range kindTable {
			if !d.decides && d.sniff != nil && d.sniff(data) {
				return d.kind
			}
		}
	}
	return 0
}

// looksLikeMessage reports whether data begins with an RFC 822 header
// block (RFC 822 §3.2, §4.1): header fields, each a name of letters,
// digits and "-" and a colon, with continuation lines beginning with white
// space, up to an empty line or the end of data, one of them a field that
// messages and MIME entities have ([messageFields]). The first field must
// have white space or nothing after its colon, as messages write them, so
// that a list of URLs ("http://a/", "mailto:x", "urn:x") is not taken for
// one; the known field keeps out Makefiles and Debian's copyright files,
// whose first lines look like fields too.
func looksLikeMessage(data []byte) bool {
	first, known := true, false
	for len(data) > 0 {
		line, rest, _ := bytes.Cut(data, []byte("\n"))
		line = bytes.TrimSuffix(line, []byte("\r"))
		if len(line) == 0 {
			break
		}
		switch c := bytes.IndexByte(line, ':'); {
		case line[0] == ' ' || line[0] == '\t':
			if first {
				return false
			}
		case c > 0 && isFieldName(line[:c]):
			if first && c+1 < len(line) && line[c+1] != ' ' && line[c+1] != '\t' {
				return false
			}
			first = false
			known = known || isMessageField(line[:c])
		default:
			return false
		}
		data = rest
	}
	return !first && known
}

// isFieldName reports whether s is a header field name as messages write
// them: letters, digits and "-" (RFC 822 §3.2 allows more, which other
// formats use).
func isFieldName(s []byte) bool {
	for _, c := range s {
		if !ast.Is(c, ast.Alpha|ast.Digit) && c != '-' {
			return false
		}
	}
	return len(s) > 0
}

// messageFields are header fields of messages (RFC 822 §4, RFC 1036 §2),
// of MIME entities (RFC 2045, RFC 2183, RFC 2557), the Base field of RFC
// 1808 §3.1, and the list fields of RFC 2369 (any "List-" field): a header
// block with one of them is a message's.
var messageFields = []string{
	"from", "to", "cc", "bcc", "sender", "reply-to", "subject", "date", "message-id", "in-reply-to",
	"references", "received", "return-path", "resent-from", "resent-to", "resent-date", "keywords",
	"comments", "newsgroups", "path", "followup-to", "delivered-to", "mime-version", "content-type",
	"content-transfer-encoding", "content-disposition", "content-id", "content-location", "content-base",
	"content-description", "base",
}

func isMessageField(name []byte) bool {
	n := string(name)
	if len(n) > len("list-") && strings.EqualFold(n[:len("list-")], "list-") {
		return true
	}
	for _, f := range messageFields {
		if strings.EqualFold(n, f) {
			return true
		}
	}
	return false
}
