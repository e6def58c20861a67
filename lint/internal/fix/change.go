package fix

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"golang.org/x/net/idna"

	"github.com/relurl/relurl/ast"
)

// Change replaces URL[Offset:End] with New: one repair of a URL, in the
// URL's own offsets. Offset = End inserts New.
type Change struct {
	Offset, End int
	New         string
}

// Apply returns s with the changes made. The changes must be in order of
// offset and not overlap ([Merge] makes them so).
func Apply(s string, changes []Change) string {
	if len(changes) == 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 8*len(changes))
	at := 0
	for _, c := range changes {
		b.WriteString(s[at:c.Offset])
		b.WriteString(c.New)
		at = c.End
	}
	b.WriteString(s[at:])
	return b.String()
}

// ErrOverlap is returned by [Merge] for two changes of one URL that
// overlap and differ.
var ErrOverlap = errors.New("two repairs of the URL overlap")

// Merge returns the changes in order of offset, each once: a change equal
// to another, or inside another that replaces a span (a host's IDNA form
// holds the escapes of its characters), is dropped. Two that overlap
// otherwise are an error, as are two insertions at one place that differ.
func Merge(changes []Change) ([]Change, error) {
	cs := slices.Clone(changes)
	slices.SortStableFunc(cs, func(a, b Change) int {
		if a.Offset != b.Offset {
			return a.Offset - b.Offset
		}
		return b.End - a.End // the wider first
	})
	out := cs[:0]
	for _, c := range cs {
		if n := len(out); n > 0 {
			last := out[n-1]
			switch {
			case c == last:
				continue
			case last.End > last.Offset && c.Offset >= last.Offset && c.End <= last.End && c.End > c.Offset:
				continue // inside a wider replacement
			case c.Offset < last.End || c.Offset == last.Offset && c.Offset == c.End && last.Offset == last.End:
				return nil, fmt.Errorf("%w: [%d,%d) and [%d,%d)", ErrOverlap, last.Offset, last.End, c.Offset, c.End)
			}
		}
		out = append(out, c)
	}
	return out, nil
}

// Encode writes s[off:end], a run of characters its component does not
// allow, as the %XX escapes of its bytes (RFC 1808 §2.2: "octets ... must
// be encoded"), as [ast.PercentEncode] does.
func Encode(s string, off, end int) Change {
	return Change{Offset: off, End: end, New: ast.PercentEncode(s[off:end])}
}

// EscapePercent writes the "%" at s[off], which begins no escape, as %25
// (§2.2: escape = "%" hex hex).
func EscapePercent(off int) Change {
	return Change{Offset: off, End: off + 1, New: "%25"}
}

// DotSlash puts "./" in front of u's path, a relative path whose first
// segment holds ":", as RFC 1808 §5.3 prefers ("./this:that"). It resolves
// where the path did: step 6a of §4 removes the "./" segment.
func DotSlash(u ast.URL) Change {
	p := u.Path.Span.Start
	return Change{Offset: p, End: p, New: "./"}
}

// LowerScheme writes u's scheme in lower case (RFC 1738 §5; RFC 1808 §2.1
// lets programs read schemes without regard to case).
func LowerScheme(u ast.URL) Change {
	return Change{Offset: u.Scheme.Span.Start, End: u.Scheme.Span.End, New: strings.ToLower(u.Scheme.Value)}
}

// HostSpan returns where the host of u's net_loc is in the URL, as
// ast.SplitNetLoc cuts it: after the last "@" (the login of RFC 1738
// §3.1), up to the first ":" that ends it (after the "]" of an IPv6
// literal), or -1, -1 when u has no net_loc.
func HostSpan(u ast.URL) (start, end int) {
	if !u.NetLoc.Present {
		return -1, -1
	}
	h := ast.SplitNetLoc(u.NetLoc.Value).Host.Span
	return u.NetLoc.Span.Start + h.Start, u.NetLoc.Span.Start + h.End
}

// profile converts a host to ASCII as the URL Standard's "domain to
// ASCII" does (UTS #46 with CheckHyphens false, CheckBidi and CheckJoiners
// true, UseSTD3ASCIIRules false, non-transitional, no DNS length check),
// so that the fixed host is the one browsers look up.
var profile = idna.New(
	idna.MapForLookup(),
	idna.BidiRule(),
	idna.CheckJoiners(true),
	idna.CheckHyphens(false),
	idna.StrictDomainName(false),
	idna.Transitional(false),
	idna.VerifyDNSLength(false),
)

// ToASCII returns host, percent-decoded, in its IDNA ASCII form (see
// profile), or an error.
func ToASCII(host string) (string, error) {
	return profile.ToASCII(ast.PercentDecode(host))
}

// Host writes the host of u's net_loc, a domain name with characters
// outside ASCII, in its IDNA ASCII form ("bücher.example" is
// "xn--bcher-kva.example"): the name a browser looks up, where
// percent-encoding would name another. Labels that are ASCII already are
// kept as written. ok is false when the host needs no IDNA (it is ASCII);
// otherwise reason says why there is no fix, or is "".
func Host(s string, u ast.URL) (c Change, ok bool, reason Reason, detail string) {
	hs, he := HostSpan(u)
	if hs < 0 {
		return Change{}, false, "", ""
	}
	host := s[hs:he]
	if strings.ContainsAny(host, "[]") {
		return Change{}, true, IPv6, fmt.Sprintf("the host %s is an IPv6 literal (RFC 2732), whose brackets no escape can stand for", ast.Quote(host, 0))
	}
	dec := ast.PercentDecode(host)
	if !hasNonASCII(dec) {
		return Change{}, false, "", ""
	}
	if !utf8.ValidString(dec) {
		return Change{}, true, IDNA, fmt.Sprintf("the host %s is not UTF-8, so it has no IDNA form", ast.Quote(host, 0))
	}
	ascii, err := profile.ToASCII(dec)
	if err != nil {
		return Change{}, true, IDNA, fmt.Sprintf("the host %s has no IDNA ASCII form: %v", ast.Quote(host, 0), err)
	}
	// Keep the labels that were ASCII as they were written.
	if written, got := strings.Split(host, "."), strings.Split(ascii, "."); len(written) == len(got) {
		for i, w := range written {
			if !hasNonASCII(w) && !strings.Contains(w, "%") && strings.EqualFold(w, got[i]) {
				got[i] = w
			}
		}
		ascii = strings.Join(got, ".")
	}
	return Change{Offset: hs, End: he, New: ascii}, true, "", ""
}

func hasNonASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return true
		}
	}
	return false
}

// Diff returns the one change that makes a into b: the bytes between
// their longest common prefix and suffix.
func Diff(a, b string) Change {
	p := 0
	for p < len(a) && p < len(b) && a[p] == b[p] {
		p++
	}
	s := 0
	for s < len(a)-p && s < len(b)-p && a[len(a)-1-s] == b[len(b)-1-s] {
		s++
	}
	return Change{Offset: p, End: len(a) - s, New: b[p : len(b)-s]}
}
