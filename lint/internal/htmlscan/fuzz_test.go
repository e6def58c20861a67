package htmlscan

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// seedDir is the directory of the fuzz target's seeds, under
// testdata/fuzz.
const seedDir = "FuzzScanner"

// FuzzScanner holds the scanner to x/net/html's Tokenizer on any input:
// the same start tags (names, attributes, decoded values) and comments
// at the same offsets, with the departures of the decisions of group X
// (see tokenized). Its seeds, in testdata/fuzz/FuzzScanner, are pages of
// the Debian documentation trees (testdata/pages) and the table tests'
// documents (TestFuzzSeeds), and the inputs it found.
func FuzzScanner(f *testing.F) {
	f.Fuzz(func(t *testing.T, doc string) {
		if d := firstDifference(doc); d != "" {
			t.Fatalf("%q: %s", doc, d)
		}
	})
}

// tok is a start tag or a comment as both readers give it: what the
// differential tests compare.
type tok struct {
	Comment bool
	Offset  int
	Name    string // a tag's name, a comment's text
	Attrs   [][2]string
}

func (t tok) String() string {
	if t.Comment {
		return fmt.Sprintf("%d comment %q", t.Offset, t.Name)
	}
	return fmt.Sprintf("%d <%s %q>", t.Offset, t.Name, t.Attrs)
}

// scanned returns the start tags and comments of doc as the Scanner reads
// them.
func scanned(doc string) []tok { return scannedAs(doc, false) }

// scannedAs is scanned, with x/net/html's quirks when quirks is set (see
// Scanner.netHTMLQuirks).
func scannedAs(doc string, quirks bool) []tok {
	var out []tok
	s := New(doc)
	s.netHTMLQuirks = quirks
	for {
		switch s.Next() {
		case EOF:
			return out
		case StartTag:
			start, _ := s.Raw()
			t := tok{Offset: start, Name: s.Name()}
			for _, a := range s.Attrs() {
				t.Attrs = append(t.Attrs, [2]string{a.Name, s.Value(a)})
			}
			out = append(out, t)
		case Comment:
			start, _ := s.Raw()
			out = append(out, tok{Comment: true, Offset: start, Name: s.Text()})
		}
	}
}

// tokenized returns the start tags and comments of doc as x/net/html's
// Tokenizer reads them, with the departures the decisions of group X
// take from it applied: CDATA sections are read in foreign content as
// the scanner reckons it; a "</>" is no comment; of the
// attributes whose names are the same once NUL is read as U+FFFD, the
// first is kept. Character references in a comment are not decoded
// the comparison decodes the scanner's text as the tokenizer does
// (see firstDifference). The scanner is compared with x/net/html's
// quirk in escaped script data reproduced.
func tokenized(doc string) []tok {
	var out []tok
	z := html.NewTokenizer(strings.NewReader(doc))
	off, depth := 0, 0
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			return out
		}
		raw := z.Raw()
		start := off
		off += len(raw)
		switch tt {
		case html.StartTagToken, html.SelfClosingTagToken, html.EndTagToken:
			name := rawTagName(raw)
			depth = ForeignStep(depth, tt == html.EndTagToken, name, tt == html.SelfClosingTagToken)
			z.AllowCDATA(depth > 0)
			if tt == html.EndTagToken {
				continue
			}
			n, more := z.TagName()
			t := tok{Offset: start, Name: string(n)}
			for more {
				var k, v []byte
				k, v, more = z.TagAttr()
				if !hasAttr(t.Attrs, string(k)) {
					t.Attrs = append(t.Attrs, [2]string{string(k), string(v)})
				}
			}
			out = append(out, t)
		case html.CommentToken:
			if bytes.Equal(raw, []byte("</>")) {
				continue
			}
			out = append(out, tok{Comment: true, Offset: start, Name: string(z.Text())})
		}
	}
}

// rawTagName returns the name of a tag as written in its raw text.
func rawTagName(raw []byte) string {
	i := 1
	if len(raw) > 1 && raw[1] == '/' {
		i = 2
	}
	j := i
	for j < len(raw) && !nameEnd[raw[j]] {
		j++
	}
	return string(raw[i:j])
}

func hasAttr(attrs [][2]string, k string) bool {
	for _, a := range attrs {
		if a[0] == k {
			return true
		}
	}
	return false
}

// firstDifference returns the first place where the readers differ, or "".
func firstDifference(doc string) string {
	a, b := scannedAs(doc, true), tokenized(doc)
	for i := range a {
		if a[i].Comment {
			a[i].Name = html.UnescapeString(a[i].Name)
		}
	}
	for i := range max(len(a), len(b)) {
		switch {
		case i >= len(a):
			return fmt.Sprintf("token %d: scanner ends, tokenizer has %v", i, b[i])
		case i >= len(b):
			return fmt.Sprintf("token %d: scanner has %v, tokenizer ends", i, a[i])
		case a[i].String() != b[i].String():
			return fmt.Sprintf("token %d: scanner %v, tokenizer %v", i, a[i], b[i])
		}
	}
	return ""
}
