package fix

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/relurl/relurl/ast"
	"github.com/relurl/relurl/lint/internal/extract"
)

// Edit is a fix written into a file: the bytes File[Offset:End], which
// are Old, become New. It lies inside one URL's span and mends every
// finding of that URL that has a fix: one edit per URL.
type Edit struct {
	// Offset and End delimit the bytes replaced, half-open.
	Offset, End int
	// Old is what the file holds there; New what the edit writes.
	Old, New string
	// URL is the URL as the document means it after the edit.
	URL string
	// Changes are the edit's changes of the URL, in the offsets of the
	// URL before the edit, in order: what a reader that writes the URL
	// otherwise (a Go string literal) places in its own text.
	Changes []Change
}

// Site is where a file writes a URL.
type Site struct {
	// At returns the file offset where the source of the URL's byte i
	// begins, and of the URL's end for i = len(URL); it never decreases.
	At func(i int) int
	// Implied is how many bytes at the start of the URL the file does not
	// hold: the "http://" a bare "www." link in Markdown implies. They all
	// map to where the URL begins.
	Implied int
}

// RefSite returns the site of r, a URL found in src by package extract,
// or why its fix cannot be written in place: in a quoted-printable or
// base64 body, built from pieces or in markup that is not well-formed
// (Ref.Unwritable), or not placed byte by
// byte.
func RefSite(src string, r *extract.Ref) (Site, Reason, string) {
	for _, e := range r.Encodings {
		if e == extract.EncodingQuotedPrintable || e == extract.EncodingBase64 {
			return Site{}, TransferEncoding, fmt.Sprintf("the URL is in a %s body, which relurl does not rewrite", e)
		}
	}
	if r.Malformed {
		return Site{}, Malformed, r.Unwritable
	}
	if r.Unwritable != "" {
		return Site{}, Pieces, r.Unwritable
	}
	if !r.Mappable() {
		return Site{}, Inexact, "the URL's bytes cannot be placed one by one in the file"
	}
	s := Site{At: r.Map.At}
	if slices.Contains(r.Encodings, extract.EncodingMarkdownAutolink) && strings.HasPrefix(r.URL, "http://") {
		if at := r.Map.At(0); !strings.HasPrefix(strings.ToLower(src[at:min(len(src), at+7)]), "http://") {
			s.Implied = len("http://")
		}
	}
	return s, "", ""
}

// safe reports whether the byte c is one that a fix may write: every
// encoding of package extract (HTML and XML character data and attribute
// values, quoted or not, CDATA, Markdown destinations and autolinks, CSS
// strings and url() tokens, "<URL:...>", Go string literals) writes it as
// it is, and none of them ends a URL at it. The repairs write nothing
// else: escapes ("%" and upper-case hex digits), IDNA labels (letters,
// digits, "-", "."), "./", a scheme in lower case (letters, digits, "+",
// "-", ".").
func safe(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' ||
		c == '%' || c == '.' || c == '-' || c == '/' || c == '+'
}

// Place writes the changes of url into src, the file that holds it at
// site, as one Edit: from the first change to the last, the changes' new
// bytes, and between them the file's own bytes, as it writes them. It
// fails (Inexact) when a change begins or ends inside the source of one
// character (a character reference, an escape) or inside the bytes the
// file implies, and when a change would write a byte [safe] does not
// allow.
func Place(src, url string, changes []Change, site Site) (Edit, Reason, string) {
	return place(src, url, changes, site, safe)
}

// PlaceSuggestion is [Place] for a suggestion, which may write any byte
// of [suggestible]: a suggestion spells a URL anew ("http://a/b/c/g" for
// "http:g"), and is shown, never made without a look.
func PlaceSuggestion(src, url string, changes []Change, site Site) (Edit, Reason, string) {
	return place(src, url, changes, site, suggestible)
}

// suggestible reports whether a suggestion may write the byte c: the
// printable ASCII characters but those that end or begin something in
// some encoding of package extract (quotes, "<", ">", "&", "\",
// parentheses, "`", "]" and the space).
func suggestible(c byte) bool {
	return '!' <= c && c <= '~' && !strings.ContainsRune("\"'<>&\\()`]", rune(c))
}

func place(src, url string, changes []Change, site Site, ok func(byte) bool) (Edit, Reason, string) {
	if len(changes) == 0 {
		return Edit{}, Inexact, "nothing to change"
	}
	clean := func(i int) bool {
		switch {
		case i < site.Implied:
			return false
		case i == 0 || i == len(url) || i == site.Implied:
			return true
		}
		return site.At(i-1) < site.At(i)
	}
	var b strings.Builder
	start := site.At(changes[0].Offset)
	at := start
	for _, c := range changes {
		if !clean(c.Offset) || !clean(c.End) {
			return Edit{}, Inexact, "the fix would begin or end inside the file's encoding of one character"
		}
		for i := 0; i < len(c.New); i++ {
			if !ok(c.New[i]) {
				return Edit{}, Inexact, fmt.Sprintf("the fix would write %q, which the file's encoding may not take as it is", c.New[i])
			}
		}
		from, to := site.At(c.Offset), site.At(c.End)
		if from < at || to < from || to > len(src) {
			return Edit{}, Inexact, "the URL's bytes are not in order in the file"
		}
		b.WriteString(src[at:from])
		b.WriteString(c.New)
		at = to
	}
	return Edit{Offset: start, End: at, Old: src[start:at], New: b.String(), URL: Apply(url, changes), Changes: changes}, "", ""
}

// ErrStale is returned by [ApplyEdits] for an edit whose Old is not what
// the file holds at its place: the file changed since it was linted.
var ErrStale = errors.New("the file changed since it was linted")

// ApplyEdits returns src with the edits made. Edits equal to one another
// (the findings of one URL share theirs) are made once; edits that
// overlap, or whose Old the file does not hold, are an error, and nothing
// is made.
func ApplyEdits(src []byte, edits []Edit) ([]byte, error) {
	es, byOffset := edits, func(a, b Edit) int { return a.Offset - b.Offset }
	if !slices.IsSortedFunc(es, byOffset) {
		es = slices.Clone(edits)
		slices.SortFunc(es, byOffset)
	}
	size := len(src)
	for i := range es {
		size += len(es[i].New) - (es[i].End - es[i].Offset)
	}
	var out bytes.Buffer
	out.Grow(max(size, len(src)))
	at := 0
	var last *Edit
	for i := range es {
		e := &es[i]
		if last != nil && e.Offset == last.Offset && e.End == last.End && e.New == last.New {
			continue
		}
		if e.Offset < at || e.End < e.Offset || e.End > len(src) {
			return nil, fmt.Errorf("edit of bytes %d to %d overlaps another or lies outside the file", e.Offset, e.End)
		}
		if string(src[e.Offset:e.End]) != e.Old {
			return nil, fmt.Errorf("edit of bytes %d to %d: %w", e.Offset, e.End, ErrStale)
		}
		out.Write(src[at:e.Offset])
		out.WriteString(e.New)
		at, last = e.End, e
	}
	out.Write(src[at:])
	return out.Bytes(), nil
}

// Suggestion is a fix offered but never made automatically, because it
// changes where some reader goes: the spellings of the §5.2 loophole.
type Suggestion struct {
	// Message says what the suggestion writes, and whose reading it
	// keeps.
	Message string
	// Edit writes it.
	Edit Edit
}

// PlaceRef writes the changes of r, a URL package extract found in src, as
// one Edit ([Place]), or says why it cannot ([RefSite]); suggestion says to
// place a suggestion ([PlaceSuggestion]). The edit is then read as the file
// would be: the URL's span with the edit made, decoded by the URL's
// encodings ([extract.Readings]), must read as the fixed URL. That holds
// the fix to what the bytes around it make of it, which the alphabet of
// [safe] alone cannot (XML as relurl reads it takes "&" up to a ";" for a
// reference, whatever lies between).
func PlaceRef(src string, r *extract.Ref, changes []Change, suggestion bool) (Edit, Reason, string) {
	site, reason, detail := RefSite(src, r)
	if reason != "" {
		return Edit{}, reason, detail
	}
	ok := safe
	if suggestion {
		ok = suggestible
	}
	e, reason, detail := place(src, r.URL, changes, site, ok)
	if reason != "" {
		return Edit{}, reason, detail
	}
	start, end := site.At(0), site.At(len(r.URL))
	span := src[start:e.Offset] + e.New + src[e.End:end]
	if !slices.Contains(extract.Readings(r.Encodings, span), e.URL) {
		return Edit{}, Inexact, fmt.Sprintf("the file would read the fixed bytes %s as another URL", ast.Quote(span, 0))
	}
	return e, "", ""
}
