package fix

import (
	"fmt"
	"strings"

	"github.com/relurl/relurl/ast"
	"github.com/relurl/relurl/lint/internal/compare"
)

// ProbeBase is the base a relative reference is resolved against when its
// document has none (a list of URLs without --base, Go source): a fix
// changes no structure of a URL, so a reference that keeps its target
// against this base keeps it against any hierarchical one, and without a
// base browsers would reject every relative reference (the URL
// Standard's no scheme state), fixed or not. Its path has params and a
// query so that §4 steps 5 and 6 run on something.
const ProbeBase = "http://probe.invalid/a/b/c;p?q"

// target is where a reader takes a URL, as a fix must keep it: its
// components as package compare compares them ([compare.Key]), then
// percent-decoded (a fix only ever encodes, so decoding undoes it unless
// a reader now reads the structure otherwise), the scheme in lower case
// (§2.1), the host in its IDNA ASCII form in lower case (a name is looked
// up so), the params joined to the path (RFC 3986 and browsers have none),
// and an empty path after a net_loc read as "/" (RFC 3986 §6.2.3).
type target struct {
	scheme, userinfo, host, port, path, query, fragment string
	hasScheme, hasNet, hasUser, hasPort, hasQuery       bool
	hasFragment                                         bool
}

func targetOf(rd *compare.Reading) target {
	k := rd.Key()
	t := target{
		scheme: strings.ToLower(k.Scheme.Value), hasScheme: k.Scheme.Present,
		hasNet: k.NetLoc.Present, hasUser: k.UserInfo.Present, hasPort: k.Port.Present,
		userinfo: ast.PercentDecode(k.UserInfo.Value), port: k.Port.Value,
		hasQuery: k.Query.Present, query: ast.PercentDecode(k.Query.Value),
		hasFragment: k.Fragment.Present, fragment: ast.PercentDecode(k.Fragment.Value),
	}
	if t.hasNet {
		t.host = strings.ToLower(ast.PercentDecode(k.Host.Value))
		if hasNonASCII(t.host) {
			if a, err := profile.ToASCII(t.host); err == nil {
				t.host = a
			}
		}
	}
	p := k.Path
	if k.Params.Present {
		p += ";" + k.Params.Value
	}
	t.path = ast.PercentDecode(p)
	if t.hasNet && t.path == "" {
		t.path = "/"
	}
	return t
}

// Check reports whether fixed may stand for orig in a document whose base
// b is (the zero [compare.Base], or NewBase(""), for none): "" when it
// may, otherwise why not and, in one line, what a reader does.
//
// The rule (docs/fixes.md): each reader of package compare resolves fixed to
// the target it resolved orig to; a reader that rejected orig resolves
// fixed to the target the others agreed on. Targets are compared as
// [target] says. There is no fix when the readers that accept orig
// disagree on it (nothing to keep), when none accepts it, or when a
// reader other than RFC 1808 rejects fixed. RFC 1808's reading of an input
// it rejects is its §2.4 cut resolved without checks: its verdict on the
// fixed URL is the linter's to judge (the fixed URL must be valid as the
// linter reads it, allowances accepted), its target is judged here.
func Check(b *compare.Base, orig, fixed string) (Reason, string) {
	ro, rf := b.Reference(orig), b.Reference(fixed)
	var (
		agreed   target
		agreedBy compare.Reader
		any      bool
		origT    [3]target
		accepted [3]bool
	)
	readers := [3]compare.Reader{compare.RFC1808, compare.RFC3986, compare.WHATWG}
	for i, r := range readers {
		rd := ro.Reading(r)
		if rd.Verdict == compare.Rejected || !rd.URL.Present {
			continue
		}
		accepted[i], origT[i] = true, targetOf(rd)
		if !any {
			agreed, agreedBy, any = origT[i], r, true
			continue
		}
		if origT[i] != agreed {
			return ReadersDisagree, fmt.Sprintf("%s reads it as %s, %s as %s: there is no one target to keep",
				who(agreedBy), quoteURL(ro.Reading(agreedBy)), who(r), quoteURL(rd))
		}
	}
	if !any {
		return ReadersDisagree, "no reader accepts the URL: there is no target to keep"
	}
	for i, r := range readers {
		rd := rf.Reading(r)
		if !rd.URL.Present || r != compare.RFC1808 && rd.Verdict == compare.Rejected {
			why := rd.Error
			if why == "" {
				why = "no URL"
			}
			return ChangesTarget, fmt.Sprintf("%s would reject the fixed URL %s: %s", who(r), ast.Quote(fixed, 0), ast.Quote(why, 0))
		}
		want := agreed
		if accepted[i] {
			want = origT[i]
		}
		if targetOf(rd) != want {
			was := "the others' " + quoteURL(ro.Reading(agreedBy))
			if accepted[i] {
				was = quoteURL(ro.Reading(r))
			}
			return ChangesTarget, fmt.Sprintf("%s would read the fixed URL as %s, not as %s", who(r), quoteURL(rd), was)
		}
	}
	return "", ""
}

// who names a reader in a message.
func who(r compare.Reader) string {
	switch r {
	case compare.RFC1808:
		return "RFC 1808"
	case compare.RFC3986:
		return "net/url"
	}
	return "browsers"
}

func quoteURL(rd *compare.Reading) string { return ast.Quote(rd.URL.Value, 0) }

// Agrees reports whether every reader accepts ref against b and takes it
// to the target of rd, one reader's reading of another URL: whether ref is
// a spelling of that URL on which the readers cannot part.
func Agrees(b *compare.Base, ref string, rd *compare.Reading) bool {
	want := targetOf(rd)
	rep := b.Reference(ref)
	for _, r := range []compare.Reader{compare.RFC1808, compare.RFC3986, compare.WHATWG} {
		got := rep.Reading(r)
		if got.Verdict == compare.Rejected || !got.URL.Present || targetOf(got) != want {
			return false
		}
	}
	return true
}
