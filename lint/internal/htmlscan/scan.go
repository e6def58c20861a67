// Package htmlscan reads the tokens of an HTML document that decide what
// a tag is: start and end tags with their attributes, comments, DOCTYPEs
// and text, after the WHATWG HTML standard's tokenizer (§13.2.5), with the
// byte offsets of every name and value in the document.
//
// It reads what golang.org/x/net/html's Tokenizer reads, token for token
// on start tags (names, attributes, decoded values) and comments (the
// fuzz target and the whole-tree tests hold it to that), without copying:
// a [Scanner] over a string jumps to the next "<" with
// strings.IndexByte, reuses one slice of attributes from tag to tag, and
// gives names and values as pieces of the document. Where the two
// differ, the standard is followed (docs/decisions.md, group X).
//
// Like x/net/html's Tokenizer, and unlike the standard's, which its tree
// builder switches, the scanner switches itself to the RCDATA, RAWTEXT,
// script data and PLAINTEXT states after a start tag of their elements,
// in any namespace ([decision X-2]); it reads CDATA sections inside SVG
// and MathML elements ([decision X-3]). Bytes are read as they are: a byte
// that is not UTF-8 is part of the name, value or text it is in ([decision
// X-1]).
//
// [decision X-1]: https://github.com/relurl/relurl/blob/main/docs/decisions.md#x-1
// [decision X-2]: https://github.com/relurl/relurl/blob/main/docs/decisions.md#x-2
// [decision X-3]: https://github.com/relurl/relurl/blob/main/docs/decisions.md#x-3
package htmlscan

import (
	"strings"

	"golang.org/x/net/html/atom"
)

// Kind is the kind of a token.
type Kind uint8

// The kinds of token.
const (
	// EOF ends the document: no token.
	EOF Kind = iota
	// Text is character data: between tags, an element's raw text or
	// RCDATA, or a CDATA section.
	Text
	// StartTag is a start tag, self-closing or not.
	StartTag
	// EndTag is an end tag; its attributes are not kept.
	EndTag
	// Comment is a comment or a bogus comment ("<?...>", "<!...>",
	// "</ ...>").
	Comment
	// Doctype is a DOCTYPE.
	Doctype
)

// Attr is an attribute of a start tag.
type Attr struct {
	// Name is the attribute's name in ASCII lower case, NUL read as
	// U+FFFD: a piece of the document when it is already so.
	Name string
	// NameStart is the offset of the name in the document.
	NameStart int
	// ValStart and ValEnd are the offsets of the value as it is written,
	// inside its quotes; both are the end of the name when the attribute
	// has no value.
	ValStart, ValEnd int
	// HasValue says that "=" and a value (perhaps empty) follow the name.
	HasValue bool
}

// textMode is what the scanner reads before its next tag.
type textMode uint8

const (
	modeData textMode = iota
	modeRCDATA
	modeRawText
	modeScript
	modePlaintext
	// modeCDATA is inside a CDATA section, which "]]>" ends.
	modeCDATA
)

// Scanner reads the tokens of one HTML document. The zero Scanner reads
// an empty document; [Scanner.Reset] gives it another.
type Scanner struct {
	doc string
	pos int

	kind        Kind
	start, end  int // the token's raw text
	dStart      int // its data: a tag's name, a comment's or text's text
	dEnd        int
	selfClosing bool
	// nameNorm says that the tag's name as written needs lowering (or
	// NUL replacing).
	nameNorm bool
	attrs    []Attr
	// seen holds the names of a tag's attributes when it has more than
	// dedupLinear of them, to drop a repeated name in constant time.
	seen map[string]struct{}
	// lowered holds the names in lower case of the names written
	// otherwise that no atom has (SVG's viewBox), by their writing: made
	// once per scanner, at most maxLowered of them.
	lowered map[string]string

	mode textMode
	// rawName is the element whose end tag ends raw text or RCDATA.
	rawName string
	// foreign counts the SVG and MathML elements open (see foreignStep).
	foreign int
	// netHTMLQuirks makes the scanner read as x/net/html's tokenizer
	// does where the two differ inside a tag's states, for the tests
	// that hold one to the other: a "<" in escaped script data followed
	// by neither "/" nor a letter leaves the escape (decision X-9).
	netHTMLQuirks bool
}

// New returns a Scanner of doc.
func New(doc string) *Scanner {
	s := &Scanner{}
	s.Reset(doc)
	return s
}

// Reset makes s read doc from its start, keeping its buffers but nothing
// of the document before: the attributes it read are let go (a name may
// be a piece of that document), and the names it keeps in lower case
// are copies.
func (s *Scanner) Reset(doc string) {
	clear(s.attrs[:cap(s.attrs)])
	clear(s.seen)
	attrs, seen, lowered := s.attrs[:0], s.seen, s.lowered
	*s = Scanner{doc: doc, attrs: attrs, seen: seen, lowered: lowered}
}

// startIn makes s read its document from the state mode, as though
// after a start tag named last (for raw text, RCDATA and script data,
// whose end tag it names): the tokenizer's initial states that the tree
// builder chooses.
func (s *Scanner) startIn(mode textMode, last string) {
	s.mode, s.rawName = mode, last
}

// Kind returns the kind of the current token.
func (s *Scanner) Kind() Kind { return s.kind }

// Raw returns the offsets of the current token's text in the document.
// Tokens do not overlap; the bytes of a "</>", which is no token, and of
// a tag cut by the end of the document belong to none.
func (s *Scanner) Raw() (start, end int) { return s.start, s.end }

// Data returns the offsets of the current token's data as written: a
// tag's name, a comment's text (without "<!--" and "-->"), a DOCTYPE's
// text after "<!DOCTYPE", a text's characters.
func (s *Scanner) Data() (start, end int) { return s.dStart, s.dEnd }

// Name returns the name of the current tag in ASCII lower case, NUL read
// as U+FFFD: a piece of the document when it is already so, else a
// string of the atom table for the names HTML knows; "" for another
// kind of token.
func (s *Scanner) Name() string {
	switch {
	case s.kind != StartTag && s.kind != EndTag:
		return ""
	case !s.nameNorm:
		return s.doc[s.dStart:s.dEnd]
	}
	return s.normName(s.doc[s.dStart:s.dEnd])
}

// SelfClosing reports whether the current start tag ends in "/>".
func (s *Scanner) SelfClosing() bool { return s.selfClosing }

// Attrs returns the attributes of the current start tag, in order, of
// a repeated name the first (as the standard drops the others). The
// slice is reused by the next call of Next.
func (s *Scanner) Attrs() []Attr {
	if s.kind != StartTag {
		return nil
	}
	return s.attrs
}

// Text returns the current comment's, DOCTYPE's or text's data as the
// standard reads it: a CR LF pair and a CR as a line feed, NUL as U+FFFD
// (character references are not decoded: a comment has none). It is a
// piece of the document when it holds neither.
func (s *Scanner) Text() string {
	return NormalizeText(s.doc[s.dStart:s.dEnd])
}

// Value returns the value of a, an attribute of the current document,
// decoded: character references replaced, a CR LF pair and a CR read as
// a line feed, NUL as U+FFFD. A value that holds none of "&", CR and NUL
// is a piece of the document, not a copy.
func (s *Scanner) Value(a Attr) string {
	raw := s.doc[a.ValStart:a.ValEnd]
	if !NeedsDecoding(raw) {
		return raw
	}
	v, _ := DecodeValue(raw, -1)
	return v
}

// isSpace is HTML's ASCII white space: tab, line feed, form feed,
// carriage return, space.
var isSpace = [256]bool{'\t': true, '\n': true, '\f': true, '\r': true, ' ': true}

// nameEnd holds the bytes that end a tag's name: white space, "/", ">".
var nameEnd = func() (t [256]bool) {
	t = isSpace
	t['/'], t['>'] = true, true
	return t
}()

// attrNameEnd holds the bytes that end an attribute's name: those that
// end a tag's name, and "=".
var attrNameEnd = func() (t [256]bool) {
	t = nameEnd
	t['='] = true
	return t
}()

// unquotedEnd holds the bytes that end an unquoted value: white space
// and ">".
var unquotedEnd = func() (t [256]bool) {
	t = isSpace
	t['>'] = true
	return t
}()

func isAlpha(c byte) bool { return 'a' <= c|0x20 && c|0x20 <= 'z' }

// Next reads the next token and returns its kind; EOF at the end of the
// document, and then for ever.
func (s *Scanner) Next() Kind {
	s.selfClosing = false
	s.attrs = s.attrs[:0]
	if s.pos >= len(s.doc) {
		return s.set(EOF, s.pos, s.pos, s.pos, s.pos)
	}
	if s.mode != modeData {
		start := s.pos
		end := len(s.doc)
		switch s.mode {
		case modeRCDATA, modeRawText:
			end = s.rawTextEnd(start)
		case modeScript:
			end = s.scriptEnd(start)
		case modeCDATA:
			next := len(s.doc)
			if j := strings.Index(s.doc[start:], "]]>"); j >= 0 {
				end, next = start+j, start+j+3
			}
			s.mode, s.pos = modeData, next
			return s.set(Text, start, next, start, end)
		}
		s.mode, s.rawName = modeData, ""
		if end > start {
			s.pos = end
			return s.set(Text, start, end, start, end)
		}
	}
	start := s.pos
	for i := s.pos; ; {
		j := strings.IndexByte(s.doc[i:], '<')
		if j < 0 {
			s.pos = len(s.doc)
			return s.set(Text, start, len(s.doc), start, len(s.doc))
		}
		i += j
		if i+1 >= len(s.doc) {
			s.pos = len(s.doc)
			return s.set(Text, start, len(s.doc), start, len(s.doc))
		}
		c := s.doc[i+1]
		if !isAlpha(c) && c != '/' && c != '!' && c != '?' {
			i++
			continue
		}
		if i > start {
			// The text before the markup first.
			s.pos = i
			return s.set(Text, start, i, start, i)
		}
		if k, ok := s.markup(i); ok {
			return k
		}
		// A "</>": no token; what follows is text.
		start = s.pos
		i = s.pos
		if i >= len(s.doc) {
			return s.set(EOF, i, i, i, i)
		}
	}
}

// set makes the current token one of kind k.
func (s *Scanner) set(k Kind, start, end, dStart, dEnd int) Kind {
	s.kind, s.start, s.end, s.dStart, s.dEnd = k, start, end, dStart, dEnd
	return k
}

// markup reads the markup at i, a "<" followed by a letter, "/", "!" or
// "?". ok is false for a "</>", which the standard drops.
func (s *Scanner) markup(i int) (Kind, bool) {
	doc := s.doc
	switch c := doc[i+1]; {
	case isAlpha(c):
		return s.tag(i, i+1, StartTag), true
	case c == '?':
		// A bogus comment, the "?" its first character.
		return s.bogus(i, i+1), true
	case c == '!':
		return s.declaration(i), true
	}
	// "</": end tag open.
	if i+2 >= len(doc) {
		s.pos = len(doc)
		return s.set(Text, i, len(doc), i, len(doc)), true
	}
	switch c := doc[i+2]; {
	case isAlpha(c):
		return s.tag(i, i+2, EndTag), true
	case c == '>':
		s.pos = i + 3
		return 0, false
	}
	return s.bogus(i, i+2), true
}

// bogus reads a bogus comment, doc[start:] whose text begins at d: up to
// the next ">" or the end.
func (s *Scanner) bogus(start, d int) Kind {
	j := strings.IndexByte(s.doc[d:], '>')
	if j < 0 {
		s.pos = len(s.doc)
		return s.set(Comment, start, len(s.doc), d, len(s.doc))
	}
	s.pos = d + j + 1
	return s.set(Comment, start, s.pos, d, d+j)
}

// declaration reads the markup declaration at i ("<!"): a comment, a
// DOCTYPE, a CDATA section in foreign content, or a bogus comment.
func (s *Scanner) declaration(i int) Kind {
	doc := s.doc
	d := i + 2
	switch rest := doc[d:]; {
	case strings.HasPrefix(rest, "--"):
		return s.comment(i, d+2)
	case len(rest) >= 7 && foldsTo(rest[:7], "doctype"):
		// Up to the next ">": a quoted identifier does not hide it.
		j := strings.IndexByte(doc[d+7:], '>')
		ds := d + 7
		for ds < len(doc) && isSpace[doc[ds]] {
			ds++
		}
		if j < 0 {
			s.pos = len(doc)
			return s.set(Doctype, i, len(doc), ds, len(doc))
		}
		end := d + 7 + j
		s.pos = end + 1
		return s.set(Doctype, i, s.pos, min(ds, end), end)
	case s.foreign > 0 && strings.HasPrefix(rest, "[CDATA["):
		ds := d + 7
		j := strings.Index(doc[ds:], "]]>")
		if j < 0 {
			s.pos = len(doc)
			return s.set(Text, i, len(doc), ds, len(doc))
		}
		s.pos = ds + j + 3
		return s.set(Text, i, s.pos, ds, ds+j)
	}
	return s.bogus(i, d)
}

// comment reads a comment whose "<!--" is at start and whose text begins
// at d: up to the first ">" that the comment states end it at — right
// after "<!--" or "<!---" (an abrupt end), after "--" or "--!" — or to the
// end of the document, where the "-", "--" or "--!" the comment end states
// hold back are not its text.
func (s *Scanner) comment(start, d int) Kind {
	doc := s.doc
	for i := d; ; {
		j := strings.IndexByte(doc[i:], '>')
		if j < 0 {
			end := len(doc)
			switch t := doc[d:]; {
			case strings.HasSuffix(t, "--!"):
				end -= 3
			case strings.HasSuffix(t, "--"):
				end -= 2
			case strings.HasSuffix(t, "-"):
				end--
			}
			s.pos = len(doc)
			return s.set(Comment, start, len(doc), d, end)
		}
		p := i + j
		dEnd := -1
		switch {
		case p == d, p == d+1 && doc[d] == '-':
			dEnd = d
		case p-2 >= d && doc[p-2] == '-' && doc[p-1] == '-':
			dEnd = p - 2
		case p-3 >= d && doc[p-3] == '-' && doc[p-2] == '-' && doc[p-1] == '!':
			dEnd = p - 3
		}
		if dEnd >= 0 {
			s.pos = p + 1
			return s.set(Comment, start, p+1, d, dEnd)
		}
		i = p + 1
	}
}

// tag reads the tag whose "<" is at start and whose name begins at n (a
// letter): its name, and its attributes when it is a start tag. A tag
// cut by the end of the document is no token: then the document ends.
func (s *Scanner) tag(start, n int, k Kind) Kind {
	doc := s.doc
	i := n + 1
	norm := needsNormByte[doc[n]]
	for i < len(doc) && !nameEnd[doc[i]] {
		norm = norm || needsNormByte[doc[i]]
		i++
	}
	nameEndAt := i
	s.nameNorm = norm
	selfClosing := false
	for {
		// Before attribute name (and after a quoted value).
		for i < len(doc) && isSpace[doc[i]] {
			i++
		}
		if i >= len(doc) {
			return s.cut()
		}
		switch doc[i] {
		case '>':
			return s.endTag(start, n, nameEndAt, i, k, selfClosing)
		case '/':
			// Self-closing start tag: "/>" ends the tag, any other
			// character is read again as before an attribute's name.
			i++
			if i >= len(doc) {
				return s.cut()
			}
			if doc[i] == '>' {
				selfClosing = true
				return s.endTag(start, n, nameEndAt, i, k, selfClosing)
			}
			continue
		}
		// Attribute name: its first character may be "=".
		a := Attr{NameStart: i}
		norm := needsNormByte[doc[i]]
		i++
		for i < len(doc) && !attrNameEnd[doc[i]] {
			norm = norm || needsNormByte[doc[i]]
			i++
		}
		nameAt := i
		// After attribute name.
		for i < len(doc) && isSpace[doc[i]] {
			i++
		}
		if i >= len(doc) {
			return s.cut()
		}
		a.ValStart, a.ValEnd = nameAt, nameAt
		if doc[i] == '=' {
			// Before attribute value.
			i++
			for i < len(doc) && isSpace[doc[i]] {
				i++
			}
			if i >= len(doc) {
				return s.cut()
			}
			a.HasValue = true
			switch q := doc[i]; q {
			case '"', '\'':
				j := strings.IndexByte(doc[i+1:], q)
				if j < 0 {
					return s.cut()
				}
				a.ValStart, a.ValEnd = i+1, i+1+j
				i += j + 2
			case '>':
				// A missing value: empty, and the tag ends.
				a.ValStart, a.ValEnd = i, i
			default:
				a.ValStart = i
				for i < len(doc) && !unquotedEnd[doc[i]] {
					i++
				}
				if i >= len(doc) {
					return s.cut()
				}
				a.ValEnd = i
			}
		}
		if k == StartTag {
			a.Name = s.doc[a.NameStart:nameAt]
			if norm {
				a.Name = s.normName(a.Name)
			}
			s.addAttr(a)
		}
	}
}

// cut ends the document at a tag the end of the document cuts: the
// standard's eof-in-tag, which emits nothing.
func (s *Scanner) cut() Kind {
	s.pos = len(s.doc)
	s.attrs = s.attrs[:0]
	return s.set(EOF, len(s.doc), len(s.doc), len(s.doc), len(s.doc))
}

// endTag makes the tag at start, whose ">" is at gt, the current token,
// and switches the text mode after the start tag of an element of raw
// text, RCDATA, script or plain text.
func (s *Scanner) endTag(start, n, nameEndAt, gt int, k Kind, selfClosing bool) Kind {
	s.pos = gt + 1
	s.selfClosing = selfClosing && k == StartTag
	s.set(k, start, gt+1, n, nameEndAt)
	name := s.doc[n:nameEndAt]
	if k == StartTag {
		s.mode, s.rawName = textModeOf(name)
	}
	s.foreignStep(k, name, selfClosing)
	return k
}

// textModeOf returns the text mode after a start tag named name (in any
// case), and the name of the element in lower case.
func textModeOf(name string) (textMode, string) {
	if len(name) < 3 || len(name) > 9 {
		return modeData, ""
	}
	switch name[0] | 0x20 {
	case 'i', 'n', 'p', 's', 't', 'x':
	default:
		return modeData, ""
	}
	if len(name) == 4 || len(name) == 7 && name[0]|0x20 != 'n' {
		// No such element: "span", "section", "summary".
		return modeData, ""
	}
	for _, e := range textElements {
		if len(e.name) == len(name) && foldsTo(name, e.name) {
			return e.mode, e.name
		}
	}
	return modeData, ""
}

// textElements are the elements whose start tag switches the text mode.
var textElements = [...]struct {
	name string
	mode textMode
}{
	{"title", modeRCDATA}, {"textarea", modeRCDATA},
	{"style", modeRawText}, {"xmp", modeRawText}, {"iframe", modeRawText}, {"noembed", modeRawText},
	{"noframes", modeRawText}, {"noscript", modeRawText},
	{"script", modeScript}, {"plaintext", modePlaintext},
}

// foldsTo reports whether s is lower, a name in ASCII lower case letters,
// in any ASCII case; s and lower have the same length.
func foldsTo(s, lower string) bool {
	for i := 0; i < len(lower); i++ {
		c := s[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != lower[i] {
			return false
		}
	}
	return true
}

// breakout holds the HTML start tags that end foreign content (the "in
// foreign content" insertion mode's list; FONT only with color, face or
// size, which foreignStep does not look at: it counts FONT in).
var breakout = map[string]bool{
	"b": true, "big": true, "blockquote": true, "body": true, "br": true, "center": true, "code": true,
	"dd": true, "div": true, "dl": true, "dt": true, "em": true, "embed": true, "h1": true, "h2": true,
	"h3": true, "h4": true, "h5": true, "h6": true, "head": true, "hr": true, "i": true, "img": true,
	"li": true, "listing": true, "menu": true, "meta": true, "nobr": true, "ol": true, "p": true,
	"pre": true, "ruby": true, "s": true, "small": true, "span": true, "strong": true, "strike": true,
	"sub": true, "sup": true, "table": true, "tt": true, "u": true, "ul": true, "var": true,
}

// foreignStep follows the SVG and MathML elements open, for the CDATA
// sections only foreign content has ([decision X-3]): an svg or math start
// tag that does not close itself opens one, its end tag closes one, and
// a start tag that breaks out of foreign content closes them all.
func (s *Scanner) foreignStep(k Kind, name string, selfClosing bool) {
	if s.foreign == 0 {
		// Only an svg or math start tag matters outside foreign content.
		if k == StartTag && !selfClosing && (len(name) == 3 && foldsTo(name, "svg") || len(name) == 4 && foldsTo(name, "math")) {
			s.foreign = 1
		}
		return
	}
	if len(name) > 10 {
		return
	}
	var buf [10]byte
	for i := 0; i < len(name); i++ {
		c := name[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		buf[i] = c
	}
	l := buf[:len(name)]
	switch {
	case string(l) == "svg" || string(l) == "math":
		if k == EndTag {
			s.foreign = max(s.foreign-1, 0)
		} else if !selfClosing {
			s.foreign++
		}
	case k == StartTag && s.foreign > 0 && breakout[string(l)]:
		s.foreign = 0
	}
}

// ForeignStep is the scanner's reckoning of foreign content, for a
// reader of the same document by another tokenizer: given the SVG and
// MathML elements open (depth) before a tag named name (as written), it
// returns those open after it.
func ForeignStep(depth int, endTag bool, name string, selfClosing bool) int {
	s := Scanner{foreign: depth}
	k := StartTag
	if endTag {
		k = EndTag
	}
	s.foreignStep(k, name, selfClosing)
	return s.foreign
}

// addAttr keeps a unless an attribute before it in the tag has its name.
func (s *Scanner) addAttr(a Attr) {
	if len(s.attrs) < dedupLinear {
		for _, b := range s.attrs {
			if b.Name == a.Name {
				return
			}
		}
		s.attrs = append(s.attrs, a)
		return
	}
	if len(s.attrs) == dedupLinear {
		if s.seen == nil {
			s.seen = map[string]struct{}{}
		}
		clear(s.seen)
		for _, b := range s.attrs {
			s.seen[b.Name] = struct{}{}
		}
	}
	if _, ok := s.seen[a.Name]; ok {
		return
	}
	s.seen[a.Name] = struct{}{}
	s.attrs = append(s.attrs, a)
}

// dedupLinear is the number of attributes of a tag up to which a
// repeated name is found by comparing with each; beyond, by a map.
const dedupLinear = 16

// maxLowered bounds the names a Scanner keeps in lower case.
const maxLowered = 256

// normName returns a tag's or attribute's name as written, raw, in ASCII
// lower case and with NUL as U+FFFD: raw itself, a string of the atom
// table, or one made once for the scanner.
func (s *Scanner) normName(raw string) string {
	if !needsNorm(raw) {
		return raw
	}
	if n, ok := s.lowered[raw]; ok {
		return n
	}
	n := normName(raw)
	if len(s.lowered) < maxLowered {
		if s.lowered == nil {
			s.lowered = map[string]string{}
		}
		// The key is a copy: the map outlives the document.
		s.lowered[strings.Clone(raw)] = n
	}
	return n
}

// needsNorm reports whether a name as written, raw, holds an ASCII
// upper case letter or NUL.
func needsNorm(raw string) bool {
	for i := 0; i < len(raw); i++ {
		if needsNormByte[raw[i]] {
			return true
		}
	}
	return false
}

// needsNormByte holds the bytes a name's normal form changes: ASCII upper
// case letters, NUL.
var needsNormByte = func() (t [256]bool) {
	for c := 'A'; c <= 'Z'; c++ {
		t[c] = true
	}
	t[0] = true
	return t
}()

// normName returns a tag's or attribute's name as written, raw, in ASCII
// lower case and with NUL as U+FFFD.
func normName(raw string) string {
	if !needsNorm(raw) {
		return raw
	}
	var small [32]byte
	b := small[:0]
	if len(raw) > len(small) {
		b = make([]byte, 0, len(raw)+8)
	}
	for i := 0; i < len(raw); i++ {
		switch c := raw[i]; {
		case 'A' <= c && c <= 'Z':
			b = append(b, c+'a'-'A')
		case c == 0:
			b = append(b, "\uFFFD"...)
		default:
			b = append(b, c)
		}
	}
	if a := atom.Lookup(b); a != 0 {
		return a.String()
	}
	return string(b)
}

// rawTextEnd returns where the raw text or RCDATA that begins at from
// ends: at the "</" of the end tag of s.rawName (any case) followed by
// white space, "/" or ">", or at the end of the document.
func (s *Scanner) rawTextEnd(from int) int {
	return endTagAt(s.doc, from, s.rawName)
}

// endTagAt returns the offset of the first "</name" at or after from, in
// any case, followed by white space, "/" or ">"; len(doc) when there is
// none.
func endTagAt(doc string, from int, name string) int {
	for i := from; ; {
		j := strings.IndexByte(doc[i:], '<')
		if j < 0 {
			return len(doc)
		}
		i += j
		if isEndTagOf(doc, i, name) {
			return i
		}
		i++
	}
}

// isEndTagOf reports whether doc[i:] begins with "</name" in any case
// followed by white space, "/" or ">".
func isEndTagOf(doc string, i int, name string) bool {
	k := i + 2 + len(name)
	return k < len(doc) && doc[i+1] == '/' && foldsTo(doc[i+2:k], name) && nameEnd[doc[k]]
}

// The script data states that matter after a "<" or a "-" (§13.2.5.4,
// 13.2.5.15 to 13.2.5.31).
const (
	scriptData = iota
	scriptEscaped
	scriptEscapedDash
	scriptEscapedDashDash
	scriptDoubleEscaped
	scriptDoubleEscapedDash
	scriptDoubleEscapedDashDash
)

// scriptEnd returns where the script data that begins at from ends: at the
// "</script" (followed by white space, "/" or ">") that the script data
// states read as its end tag — not one inside an escaped "<!--" in which a
// "<script" opened a double-escaped part — or at the end of the document.
func (s *Scanner) scriptEnd(from int) int {
	doc := s.doc
	state := scriptData
	i := from
	for i < len(doc) {
		c := doc[i]
		switch state {
		case scriptData:
			j := strings.IndexByte(doc[i:], '<')
			if j < 0 {
				return len(doc)
			}
			i += j
			if isEndTagOf(doc, i, "script") {
				return i
			}
			if strings.HasPrefix(doc[i:], "<!--") {
				// Script data escape start dash, then escaped dash dash.
				i += 4
				state = scriptEscapedDashDash
				continue
			}
			i++
		case scriptEscaped, scriptEscapedDash, scriptEscapedDashDash:
			switch c {
			case '-':
				if state == scriptEscaped {
					state = scriptEscapedDash
				} else {
					state = scriptEscapedDashDash
				}
				i++
			case '<':
				if isEndTagOf(doc, i, "script") {
					return i
				}
				// Script data escaped less-than sign: a letter begins the
				// double escape start's name; anything else is escaped
				// text (decision X-9).
				state = scriptEscaped
				if i+1 < len(doc) && isAlpha(doc[i+1]) {
					if k, ok := scriptWord(doc, i+1); ok {
						state = scriptDoubleEscaped
						i = k
						continue
					}
				} else if s.netHTMLQuirks && i+1 < len(doc) && doc[i+1] != '/' {
					state = scriptData
				}
				i++
			case '>':
				if state == scriptEscapedDashDash {
					state = scriptData
				} else {
					state = scriptEscaped
				}
				i++
			default:
				state = scriptEscaped
				i++
			}
		default: // the double-escaped states
			switch c {
			case '-':
				if state == scriptDoubleEscaped {
					state = scriptDoubleEscapedDash
				} else {
					state = scriptDoubleEscapedDashDash
				}
				i++
			case '<':
				// Script data double escaped less-than sign, then double
				// escape end: "/script" and a delimiter go back to escaped.
				state = scriptDoubleEscaped
				if i+1 < len(doc) && doc[i+1] == '/' {
					if k, ok := scriptWord(doc, i+2); ok {
						state = scriptEscaped
						i = k
						continue
					}
				}
				i++
			case '>':
				if state == scriptDoubleEscapedDashDash {
					state = scriptData
				} else {
					state = scriptDoubleEscaped
				}
				i++
			default:
				state = scriptDoubleEscaped
				i++
			}
		}
	}
	return len(doc)
}

// scriptWord reports whether doc[i:] begins with "script" in any case
// followed by white space, "/" or ">" (the double escape start and end
// states' test), and returns the offset of that delimiter, which the
// state after reads again... as a character of its own: k is past it.
func scriptWord(doc string, i int) (int, bool) {
	k := i + len("script")
	if k < len(doc) && foldsTo(doc[i:k], "script") && nameEnd[doc[k]] {
		// The delimiter is emitted in the state the word leads to, where
		// white space, "/" and ">" are plain characters (">" only ends
		// the escaped part after "--").
		return k + 1, true
	}
	return 0, false
}
