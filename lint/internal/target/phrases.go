package target

import (
	"fmt"
	"strings"

	"github.com/relurl/relurl/ast"
	"github.com/relurl/relurl/lint/internal/extract"
	"github.com/relurl/relurl/lint/internal/quote"
)

// q quotes a URL, a path or a piece of one for a message: whole, so that
// it can be copied, up to quote.Max bytes (decision U-8).
func q(s string) string { return quote.Quote(s) }

// MayMove reports whether a valid URL, or a base, holds what can make
// browsers take a reference to another path than RFC 1808 does: a "." or
// ".." segment (RFC 1808 keeps those of an absolute path, and the ".."
// that climb above the root of the site, which browsers remove), an
// escaped dot (browsers read "%2e" as "." in a dot segment), params (";x"
// alone replaces the base's last segment in browsers), a net_path ("//",
// whose net_loc the two read differently). A relative path's
// "." segments, and as many ".." as the base's path has segments (depth;
// -1 for a base itself; the ".." are counted wherever they are), the two
// remove alike. Without any of those, in
// the reference and in its base, the two readings reach the same path,
// and package compare is not asked.
func MayMove(s string, depth int) bool {
	// Each byte looked for with IndexByte, which reads many at a time:
	// the URLs of a document are many, and nearly all have none.
	if strings.HasPrefix(s, "//") || strings.IndexByte(s, ';') >= 0 {
		return true
	}
	if i := strings.IndexByte(s, '%'); i >= 0 {
		if esc := s[i:]; strings.Contains(esc, "%2e") || strings.Contains(esc, "%2E") {
			return true
		}
	}
	// Before the query or fragment: a ":" and a "..".
	if i := strings.IndexByte(s, '?'); i >= 0 {
		s = s[:i]
	}
	if i := strings.IndexByte(s, '#'); i >= 0 {
		s = s[:i]
	}
	if depth < 0 || strings.HasPrefix(s, "/") || strings.IndexByte(s, ':') >= 0 {
		return HasDotSegment(s)
	}
	// The leading "../" counted first: nearly every reference that
	// climbs does so at its start, and the rest is then looked at once.
	up := 0
	for strings.HasPrefix(s, "../") {
		up, s = up+1, s[3:]
	}
	if s == ".." {
		return up+1 > depth
	}
	if strings.Contains(s, "..") {
		for seg := range strings.SplitSeq(s, "/") {
			if seg == ".." {
				up++
			}
		}
	}
	return up > depth
}

// Depth returns the number of segments of the path of the URL u before
// its last "/": how many ".." a relative reference against it may climb.
func Depth(u *ast.URL) int {
	return max(0, strings.Count(u.Path.Value, "/")-1)
}

// SelfRef reports whether the valid URL u is a same-document reference
// under every name of its file that is served at its own URL: no scheme,
// net_loc, params or path, and a fragment.
func SelfRef(u *ast.URL) bool {
	return u.Fragment.Present && !u.Scheme.Present && !u.NetLoc.Present && !u.Params.Present && u.Path.Value == ""
}

// Exists reports whether a place holds a file, as the target rules read
// it: under the root, found (or made by a build).
func Exists(p Place, tg *Target) bool {
	return p.Where == Inside && p.Bad == "" && (tg.Status == Found || tg.Status == Ignored)
}

// ShownPath names a path under the root in a message.
func ShownPath(p string, dir bool) string {
	switch {
	case p == "":
		return "the root"
	case dir:
		return q(p + "/")
	}
	return q(p)
}

// ShownURL names in a message a URL the tree's site holds: without the
// scheme and host of SiteURL, which no document names ("/../x.html").
func ShownURL(url string) string {
	if rest, ok := strings.CutPrefix(url, SiteURL); ok {
		return q("/" + rest)
	}
	return q(url)
}

// PlaceText says in a phrase where a place is and what is there.
func PlaceText(url string, p Place, tg *Target) string {
	switch {
	case p.Where == External:
		return q(url) + ", on another site"
	case p.Where == Outside && p.Above:
		return ShownURL(url) + ", above the root of the site"
	case p.Where == Outside:
		return ShownURL(url) + ", outside the root"
	case p.Bad != "":
		return ShownPath(p.Path, p.Dir) + ", which no file can be"
	}
	switch tg.Status {
	case Found, Ignored:
		return ShownPath(tg.Path, false) + ", which exists"
	case Case:
		return ShownPath(p.Path, p.Dir) + ", which exists only in other letter case"
	case LinkOut:
		return ShownPath(p.Path, p.Dir) + ", which only a symbolic link out of the tree reaches"
	}
	return ShownPath(p.Path, p.Dir) + ", which does not exist"
}

// BrowserNote ends the message of a finding on where browsers take a URL
// RFC 1808 does not read.
const BrowserNote = " (as browsers read it: the URL is not valid under RFC 1808)"

// FragmentMessage says that the fragment names nothing in the target.
func FragmentMessage(frag string, tg *Target, m Fragment) string {
	switch Judge(m) {
	case RuleRedirect:
		return RedirectMessage(frag, m)
	case RuleVia:
		return ViaMessage(frag, m)
	}
	if m.Via != nil && m.Via.Final != nil {
		tg = m.Via.Final
	}
	if m.RangeMissing != "" {
		return rangeMessage(frag, tg, m)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "the fragment %s names no anchor of %s", q("#"+frag), ShownPath(tg.Path, false))
	if m.Decoded != "" && m.Decoded != frag {
		fmt.Fprintf(&b, ", as written nor percent-decoded (%s)", q(m.Decoded))
	}
	switch tg.Kind {
	case extract.KindMarkdown:
		b.WriteString(": no heading's anchor, nor id or name in its HTML, is it")
	default:
		b.WriteString(": no element has it as its id, nor an a element as its name")
	}
	if m.CaseOnly != "" {
		fmt.Fprintf(&b, "; %s differs from it in letter case alone", q(m.CaseOnly))
	}
	if m.Via != nil {
		b.WriteString(viaNote(m.Via))
	}
	return b.String()
}

// Listed reports whether a reference to another site is one a network
// link checker can take: not data: (the resource is the URL itself) nor
// javascript: (a script, not a place).
func Listed(u string) bool {
	scheme, _, _ := strings.Cut(u, ":")
	return !strings.EqualFold(scheme, "data") && !strings.EqualFold(scheme, "javascript")
}
