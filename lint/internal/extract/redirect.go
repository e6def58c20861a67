package extract

import (
	"bytes"
	"strings"
)

// Redirect pages: an HTML document whose declarative refresh sends the
// reader elsewhere at once is a redirect, not a target (package
// lint/target follows it, decisions T-18 and T-19). The reader hands the
// anchors' handler what says so: the refresh's URL ([AnchorRefresh]) and
// whether a script carries the fragment on ([AnchorCarry]).

// MayRedirect reports whether the HTML document whose text is text may be
// a redirect page: false only when no tag of it can be a refresh, its
// text holding no attribute name http-equiv, in any ASCII letter case
// (the reader reads attribute names from the bytes as written, so a
// refresh's always are). It reads the text at the speed of a search, not
// of the reader, for a page looked at only to tell whether a chain of
// redirects goes on through it.
func MayRedirect(text []byte) bool {
	const name = "http-equiv"
	for i := 0; ; {
		// The name's letter case is the document's: each "-" is a place
		// to look at, and few are.
		j := bytes.IndexByte(text[i:], '-')
		if j < 0 {
			return false
		}
		if at := i + j - len("http"); at >= 0 && at+len(name) <= len(text) && foldedIs(text[at:at+len(name)], name) {
			return true
		}
		i += j + 1
	}
}

// foldedIs reports whether b is s, a word of ASCII lower-case letters and
// "-", but for the letter case of b's letters. A letter's byte with the
// bit 0x20 set is the lower-case letter only for the letter in either
// case, and "-" has the bit set already.
func foldedIs(b []byte, s string) bool {
	for k := range len(s) {
		if b[k]|0x20 != s[k] {
			return false
		}
	}
	return true
}

// RefreshPragma reads the value v of a refresh pragma by the HTML
// standard's shared declarative refresh steps, and says whether it takes
// effect (ok: the steps reach their end, so later refreshes of the
// document are ignored), whether its delay is 0 (the integer part of the
// time: "0", "00", "0.5", ".5"), and the span of its URL in v when it
// names one (hasURL). A delay written with more digits than an integer
// holds is not 0, whatever they are, unless each is "0".
func RefreshPragma(v string) (ok, zero, hasURL bool, from, to int) {
	i := 0
	for i < len(v) && strings.IndexByte(asciiSpace, v[i]) >= 0 {
		i++
	}
	digits := i
	for i < len(v) && v[i] >= '0' && v[i] <= '9' {
		i++
	}
	if i == digits && (i >= len(v) || v[i] != '.') {
		return false, false, false, 0, 0
	}
	zero = strings.Trim(v[digits:i], "0") == ""
	if from, to, hasURL = refreshURL(v); hasURL {
		return true, zero, true, from, to
	}
	// No URL: the steps end with the time alone, or reject what follows
	// it (a byte other than ";", "," or white space after the time).
	for i < len(v) && (v[i] >= '0' && v[i] <= '9' || v[i] == '.') {
		i++
	}
	if i < len(v) && strings.IndexByte(asciiSpace+";,", v[i]) < 0 {
		return false, false, false, 0, 0
	}
	return true, zero, false, 0, 0
}

// redirect hands the anchors' handler the URL of the content attribute a
// of a <meta http-equiv="refresh"> tag at tagStart, when it is the first
// refresh of the document to take effect and sends the reader on at once
// (decision T-18).
func (r *htmlReader) redirect(a rawAttr, tagStart int) {
	if r.anchor == nil || r.refreshed || !a.hasValue {
		return
	}
	t := r.value(a, tagStart)
	ok, zero, hasURL, from, to := RefreshPragma(t.s)
	if !ok {
		return
	}
	r.refreshed = true
	if zero && hasURL {
		r.anchor(Anchor{Kind: AnchorRefresh, Value: strings.Clone(t.s[from:to]), Offset: r.m.At(tagStart + a.valStart), End: r.m.At(tagStart + a.valEnd)})
	}
}

// script hands the anchors' handler an [AnchorCarry] when the text of a
// script element, doc[from:to], reads location.hash: a redirect the page
// makes then carries the fragment on (decision T-19).
func (r *htmlReader) script(from, to int) {
	if r.anchor != nil && strings.Contains(r.doc[from:to], "location.hash") {
		r.anchor(Anchor{Kind: AnchorCarry, Offset: r.m.At(from)})
	}
}
