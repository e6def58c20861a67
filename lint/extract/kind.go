package extract

import (
	"bytes"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/relurl/relurl/ast"
	rbase "github.com/relurl/relurl/resolve/base"
)

// Kind is the kind of a document: how its URLs are found.
type Kind uint8

// The kinds of documents. The zero Kind is none: "tell by the name and
// content" where a Kind is an option.
const (
	// KindText is a list of URLs, one per line; a "\r" before the "\n"
	// is dropped, and empty lines are skipped.
	KindText Kind = iota + 1
	// KindHTML is an HTML document: its BASE element and every
	// URL-bearing attribute.
	KindHTML
	// KindMessage is a message in the format of RFC 822 and MIME: its Base
	// headers, the <URL:...> of its header fields and text parts, and the
	// HTML of its text/html parts, each against the base of its entity
	// (RFC 1808 §3.1, §3.2).
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
)

// kinds are the kinds, in the order they are documented.
var kinds = [...]Kind{KindText, KindHTML, KindMessage, KindMarkdown, KindCSS, KindXML}

// String returns "text", "html", "message", "markdown", "css" or "xml".
func (k Kind) String() string {
	switch k {
	case KindText:
		return "text"
	case KindHTML:
		return "html"
	case KindMessage:
		return "message"
	case KindMarkdown:
		return "markdown"
	case KindCSS:
		return "css"
	case KindXML:
		return "xml"
	}
	return fmt.Sprintf("Kind(%d)", k)
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

// ParseKind reads a kind as [Kind.String] spells it.
func ParseKind(s string) (Kind, error) {
	for _, k := range kinds {
		if s == k.String() {
			return k, nil
		}
	}
	names := make([]string, len(kinds))
	for i, k := range kinds {
		names[i] = k.String()
	}
	return 0, fmt.Errorf("file type %q: want one of %s", s, strings.Join(names, ", "))
}

// KindByName returns the kind a file name's extension stands for: .html,
// .htm and .xhtml are HTML; .eml, .mht, .mhtml and .mime are messages;
// .urls and .txt are lists of URLs; .md and .markdown are Markdown; .css
// is CSS; .xml, .atom, .rss and .svg are XML (.xhtml stays HTML: see
// [KindXML]'s decisions in xml.go). ok is false for any other name.
func KindByName(name string) (k Kind, ok bool) {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".html", ".htm", ".xhtml":
		return KindHTML, true
	case ".eml", ".mht", ".mhtml", ".mime":
		return KindMessage, true
	case ".urls", ".txt":
		return KindText, true
	case ".md", ".markdown":
		return KindMarkdown, true
	case ".css":
		return KindCSS, true
	case ".xml", ".atom", ".rss", ".svg":
		return KindXML, true
	}
	return 0, false
}

// Detect returns the kind of a file: by its name ([KindByName]) or, when
// the name says nothing, by its content: XML when it begins with an XML
// declaration and its root element is not "html" ([KindXML]); HTML when its first character
// after a byte order mark and white space is "<" ([rbase.LooksLikeHTML]),
// a message when its first line is a header field ("Name: value", with
// white space or nothing after the colon), a list of URLs otherwise.
func Detect(name string, data []byte) Kind {
	if k, ok := KindByName(name); ok {
		return k
	}
	if looksLikeXML(data) {
		return KindXML
	}
	if rbase.LooksLikeHTML(data) {
		return KindHTML
	}
	// A header field "Name: value", with white space after the colon as
	// messages write it (a URL such as "http://a/" or "mailto:x" has none).
	first, _, _ := bytes.Cut(data, []byte("\n"))
	first = bytes.TrimSuffix(first, []byte("\r"))
	if c := bytes.IndexByte(first, ':'); c > 0 && isHeaderName(first[:c]) &&
		(c+1 == len(first) || first[c+1] == ' ' || first[c+1] == '\t') {
		return KindMessage
	}
	return KindText
}

// isHeaderName reports whether s is a header field name as messages write
// them: letters, digits and "-".
func isHeaderName(s []byte) bool {
	for _, c := range s {
		if !ast.Is(c, ast.Alpha|ast.Digit) && c != '-' {
			return false
		}
	}
	return len(s) > 0
}
