package lint

import (
	"bytes"
	"fmt"
	"path/filepath"
	"sort"
	"strings"

	rbase "github.com/relurl/relurl/resolve/base"
)

// Kind is how a file is read.
type Kind uint8

const (
	// KindText is a list of URLs, one per line; a "\r" before the "\n"
	// is dropped.
	KindText Kind = iota + 1
	// KindHTML is an HTML document: its BASE element and every
	// URL-bearing attribute.
	KindHTML
	// KindMessage is a message in the format of RFC 822 and MIME: its Base
	// headers, the <URL:...> of its header fields and text parts, and the
	// HTML of its text/html parts, each against the base of its entity
	// (RFC 1808 §3.1, §3.2).
	KindMessage
)

// String returns "text", "html" or "message".
func (k Kind) String() string {
	switch k {
	case KindText:
		return "text"
	case KindHTML:
		return "html"
	case KindMessage:
		return "message"
	}
	return fmt.Sprintf("Kind(%d)", k)
}

// ParseKind reads "text", "html" or "message".
func ParseKind(s string) (Kind, error) {
	for _, k := range []Kind{KindText, KindHTML, KindMessage} {
		if s == k.String() {
			return k, nil
		}
	}
	return 0, fmt.Errorf("file type %q: want text, html or message", s)
}

// KindByName returns the kind a file name's extension stands for: .html,
// .htm and .xhtml are HTML; .eml, .mht, .mhtml and .mime are messages;
// .urls and .txt are lists of URLs. ok is false for any other name.
func KindByName(name string) (k Kind, ok bool) {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".html", ".htm", ".xhtml":
		return KindHTML, true
	case ".eml", ".mht", ".mhtml", ".mime":
		return KindMessage, true
	case ".urls", ".txt":
		return KindText, true
	}
	return 0, false
}

// DetectKind returns the kind of a file: by its name ([KindByName]) or,
// when the name says nothing, by its content: HTML when its first
// non-blank character is "<", a message when its first line is a header
// field ("Name: value", with white space or nothing after the colon), a
// list of URLs otherwise.
func DetectKind(name string, data []byte) Kind {
	if k, ok := KindByName(name); ok {
		return k
	}
	t := bytes.TrimLeft(bytes.TrimPrefix(data, []byte("\uFEFF")), " \t\r\n\f")
	if len(t) > 0 && t[0] == '<' {
		return KindHTML
	}
	// A header field "Name: value", with white space after the colon as
	// messages write it (a URL such as "http://a/" or "mailto:x" has none).
	first, _, _ := bytes.Cut(data, []byte("\n"))
	first = bytes.TrimSuffix(first, []byte("\r"))
	if c := bytes.IndexByte(first, ':'); c > 0 && isHeaderName(string(first[:c])) &&
		(c+1 == len(first) || first[c+1] == ' ' || first[c+1] == '\t') {
		return KindMessage
	}
	return KindText
}

func isHeaderName(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !isAlnum(c) && c != '-' {
			return false
		}
	}
	return s != ""
}

// IsBinary reports whether data looks like a binary file (it holds a NUL
// byte in its first 8 KiB), which the command skips when walking a
// directory.
func IsBinary(data []byte) bool {
	return bytes.IndexByte(data[:min(len(data), 8<<10)], 0) >= 0
}

// File lints the file called name, whose content is data, read as kind.
// The findings are in order of position. It never fails: a part of a
// message or document it cannot read is skipped.
func (l *Linter) File(name string, data []byte, kind Kind) []Finding {
	src := string(data)
	c := &collector{l: l, file: name, lines: newLines(src)}
	retrieval := rbase.Context{Retrieval: l.retrieval}
	switch kind {
	case KindHTML:
		c.lintHTML(src, docMap{}, retrieval, establish(nil, retrieval, true), "")
	case KindMessage:
		c.lintEntity("", src, docMap{}, retrieval, "text/plain", 0)
	default:
		// A list of URLs allows relative URLs when it has a base.
		b := establish(nil, retrieval, l.retrieval != "")
		for i := 0; i < len(src); {
			eol := strings.IndexByte(src[i:], '\n')
			next := len(src)
			end := next
			if eol >= 0 {
				end, next = i+eol, i+eol+1
			}
			line := src[i:end]
			line = strings.TrimSuffix(line, "\r")
			if line != "" {
				c.check(source{url: line, start: i, where: "line"}, &b)
			}
			i = next
		}
	}
	sort.SliceStable(c.findings, func(i, j int) bool { return c.findings[i].Offset < c.findings[j].Offset })
	return c.findings
}

// URL lints one URL, against the linter's retrieval URL as its base. The
// findings' positions are in the URL: line 1, column = byte offset + 1.
// A URL list allows relative URLs when it has a base, so the §5.3 rule on
// ";type=d" applies only then.
func (l *Linter) URL(ref string) []Finding {
	c := &collector{l: l, lines: newLines(ref)}
	retrieval := rbase.Context{Retrieval: l.retrieval}
	b := establish(nil, retrieval, l.retrieval != "")
	c.check(source{url: ref, where: "URL"}, &b)
	return c.findings
}
