package extract

import (
	"strings"
	"unicode/utf8"

	"github.com/tdewolff/parse/v2"
	"github.com/tdewolff/parse/v2/css"

	"github.com/relurl/relurl/ast"
	rbase "github.com/relurl/relurl/lint/internal/base"
)

// CSS is read with the lexer of github.com/tdewolff/parse/v2/css, a
// maintained tokenizer after CSS Syntax Level 3 §4 (the one the minify
// tools are built on). It is lossless (its tokens, one after the other,
// are the input, so their offsets are running sums) and fast; it leaves
// escapes as written, and this file decodes them with a place for each
// byte. Where it departs from CSS Syntax it does so in the URL's favour:
// url("…") is one token, quotes included, where the standard has a
// function token and a string.

// cssSpace is white space as CSS Syntax §4.2 defines it.
const cssSpace = " \t\n\r\f"

// readCSSFile reads the URLs of a style sheet. They resolve against the
// style sheet's own URL (CSS Values and Units §4.5.1: a relative URL is
// resolved against the base URL of the style sheet), which is the URL it
// was retrieved by (RFC 1808 §3.3): a style sheet embeds no base.
func readCSSFile(src string, ctx rbase.Context, h *Handler) {
	readCSS(plain(src, 0, len(src)), rbase.Map{}, []Encoding{EncodingCSS}, establish(nil, ctx, true), "", h)
}

// readCSS reads the URLs of the CSS text t of a document mapped to the
// file by m, which the file wraps in the encodings enc (EncodingCSS
// first), and hands them to h with the base b. The URLs are those of
// url() tokens (the src() function's too), the string after @import, and
// the strings that are arguments of image-set() (and -webkit-image-set()).
// whereSuffix says where the CSS is ("in <style>"), or is "".
func readCSS(t decoded, m rbase.Map, enc []Encoding, b *Base, whereSuffix string, h *Handler) {
	if !mayHoldCSSURL(t.s) {
		return
	}
	l := css.NewLexer(parse.NewInputString(t.s))
	r := cssReader{t: t, m: m, enc: enc, b: b, whereSuffix: whereSuffix, h: h}
	// urlArgs holds, for each open function, block or parenthesis, whether
	// its string arguments are URLs (image-set(), src()).
	var urlArgs []bool
	afterImport := false
	off := 0
	for {
		tt, data := l.Next()
		if tt == css.ErrorToken {
			return
		}
		start := off
		off += len(data)
		switch tt {
		case css.WhitespaceToken, css.CommentToken:
			continue
		case css.URLToken, css.BadURLToken:
			r.urlToken(start, off)
		case css.StringToken, css.BadStringToken:
			switch {
			case afterImport:
				r.str(start, off, "@import")
			case len(urlArgs) > 0 && urlArgs[len(urlArgs)-1]:
				r.str(start, off, "image-set()")
			}
		case css.FunctionToken:
			name := strings.ToLower(cssIdent(string(data[:len(data)-1])))
			urlArgs = append(urlArgs, name == "image-set" || name == "-webkit-image-set" || name == "src" || name == "url")
		case css.LeftParenthesisToken, css.LeftBracketToken, css.LeftBraceToken:
			urlArgs = append(urlArgs, false)
		case css.RightParenthesisToken, css.RightBracketToken, css.RightBraceToken:
			if len(urlArgs) > 0 {
				urlArgs = urlArgs[:len(urlArgs)-1]
			}
		}
		afterImport = tt == css.AtKeywordToken && strings.EqualFold(cssIdent(string(data[1:])), "import")
	}
}

// mayHoldCSSURL reports whether CSS text holds "(" or "@import" in some
// spelling: without a function, url() token or "@", it holds no URL.
func mayHoldCSSURL(s string) bool {
	return strings.IndexByte(s, '(') >= 0 || strings.IndexByte(s, '@') >= 0
}

// cssReader hands on the URLs of one CSS text.
type cssReader struct {
	t           decoded
	m           rbase.Map
	enc         []Encoding
	b           *Base
	whereSuffix string
	h           *Handler
}

// emit hands on the URL that is the CSS text's [from, to), decoded.
func (r *cssReader) emit(from, to int, inString bool, where string) {
	s, sub := cssUnescape(r.t.s, from, to, inString)
	if r.whereSuffix != "" {
		where += " " + r.whereSuffix
	}
	r.h.ref(Ref{URL: s, Map: r.t.mapOf(r.m, from, to, sub), Where: where, Base: r.b, Encodings: r.enc})
}

// urlToken hands on the URL of the url() token t.s[start:end] (a bad
// one too: "url(a b)" is a URL with a space, which browsers drop with the
// declaration). The name may be escaped ("u\72 l("): the URL begins after
// the first "(".
func (r *cssReader) urlToken(start, end int) {
	s := r.t.s
	i := start + strings.IndexByte(s[start:end], '(') + 1
	for i < end && strings.IndexByte(cssSpace, s[i]) >= 0 {
		i++
	}
	if i < end && (s[i] == '"' || s[i] == '\'') {
		from, to := stringBody(s, i, end)
		r.emit(from, to, true, "url()")
		return
	}
	j := end
	if j > i && s[j-1] == ')' {
		j--
	}
	for j > i && strings.IndexByte(cssSpace, s[j-1]) >= 0 && !escapedAt(s, i, j-1) {
		j--
	}
	r.emit(i, j, false, "url()")
}

// str hands on the URL of the string token t.s[start:end].
func (r *cssReader) str(start, end int, where string) {
	from, to := stringBody(r.t.s, start, end)
	r.emit(from, to, true, where)
}

// stringBody returns the span of the body of the string that begins with
// its quote at s[q] and ends at or before end: up to the first unescaped
// quote like it, or to end (a string left open).
func stringBody(s string, q, end int) (int, int) {
	quote := s[q]
	for i := q + 1; i < end; i++ {
		switch s[i] {
		case '\\':
			i++
		case quote:
			return q + 1, i
		case '\n', '\r', '\f':
			// A bad string ends at the line end.
			return q + 1, i
		}
	}
	return q + 1, end
}

// escapedAt reports whether s[k] is escaped by a "\\" before it (after
// from): an odd run of backslashes.
func escapedAt(s string, from, k int) bool {
	n := 0
	for k-1-n >= from && s[k-1-n] == '\\' {
		n++
	}
	return n%2 == 1
}

// cssUnescape decodes s[from:to], the body of a string (inString) or of an
// unquoted url(), by CSS Syntax §4.3.7: "\\" and 1 to 6 hex digits (and
// one white space after them) is that code point, U+FFFD for zero, a
// surrogate or one past U+10FFFF; "\\" and any other character is that
// character; in a string, "\\" and a line end is nothing. A NUL is U+FFFD
// (§3.3). It returns the decoded text and, unless it is s[from:to] as it
// is (sub nil), the place in s of each decoded byte and of the end.
func cssUnescape(s string, from, to int, inString bool) (string, []int) {
	k := from
	for k < to && s[k] != '\\' && s[k] != 0 {
		k++
	}
	if k == to {
		return s[from:to], nil
	}
	var b strings.Builder
	b.Grow(to - from)
	sub := make([]int, 0, to-from+1)
	put := func(str string, at int) {
		b.WriteString(str)
		for range len(str) {
			sub = append(sub, at)
		}
	}
	b.WriteString(s[from:k])
	for i := from; i < k; i++ {
		sub = append(sub, i)
	}
	for i := k; i < to; {
		c := s[i]
		switch {
		case c == 0:
			put("\uFFFD", i)
			i++
			continue
		case c != '\\':
			b.WriteByte(c)
			sub = append(sub, i)
			i++
			continue
		}
		j := i + 1
		switch {
		case j >= to:
			// "\\" at the end: nothing in a string, U+FFFD elsewhere.
			if !inString {
				put("\uFFFD", i)
			}
			i = j
		case s[j] == '\n' || s[j] == '\f' || s[j] == '\r':
			if !inString {
				// Not an escape (the token is a bad url): the "\\" as it is.
				b.WriteByte('\\')
				sub = append(sub, i)
				i = j
				continue
			}
			if s[j] == '\r' && j+1 < to && s[j+1] == '\n' {
				j++
			}
			i = j + 1
		case ast.IsHex(s[j]):
			var v rune
			n := 0
			for n < 6 && j < to && ast.IsHex(s[j]) {
				v = v<<4 | rune(ast.Unhex(s[j]))
				j++
				n++
			}
			if j < to && strings.IndexByte(cssSpace, s[j]) >= 0 {
				if s[j] == '\r' && j+1 < to && s[j+1] == '\n' {
					j++
				}
				j++
			}
			if v == 0 || v > utf8.MaxRune || v >= 0xD800 && v <= 0xDFFF {
				v = utf8.RuneError
			}
			put(string(v), i)
			i = j
		default:
			_, n := utf8.DecodeRuneInString(s[j:to])
			put(s[j:j+n], i)
			i = j + n
		}
	}
	sub = append(sub, to)
	return b.String(), sub
}

// cssIdent decodes the escapes of a CSS name ("u\72 l" is "url"), for
// comparing names; a name without "\\" is itself.
func cssIdent(s string) string {
	if strings.IndexByte(s, '\\') < 0 {
		return s
	}
	d, _ := cssUnescape(s, 0, len(s), false)
	return d
}
