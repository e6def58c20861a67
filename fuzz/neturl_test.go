package fuzz

import (
	"net/url"
	"testing"

	"github.com/relurl/relurl"
	"github.com/relurl/relurl/validate"
)

// FuzzNetURL is the differential target: where relurl accepts a URL and
// net/url (RFC 3986) parses it too, their components must agree except for
// the documented differences below (netURLDifference, props.go). Each
// difference is a place the two RFCs disagree, not a bug in either.
//
//	D1 scheme case     net/url lowercases the scheme; RFC 1808 keeps it.
//	D2 scheme start    RFC 1808 lets a scheme begin with a digit, "+", "-"
//	                   or "."; net/url needs a letter, so "1a:b" is a
//	                   path to it.
//	D3 net_loc "?"/";" RFC 1808's net_loc holds "?" and ";"
//	                   ("http://a?q" has the net_loc "a?q"); RFC 3986's
//	                   authority ends at "?".
//	D4 params          RFC 1808 cuts ";params" off the path; net/url keeps
//	                   it in the path.
//	D5 opaque          net/url calls "scheme:x" with no "/" after the ":"
//	                   Opaque; RFC 1808 reads it as a rel_path.
//	D6 authority       net/url checks hosts and ports (RFC 3986 §3.2);
//	                   RFC 1808's net_loc is any *( pchar | ";" | "?" ).
//	                   Such inputs are skipped: net/url rejects them.
//	D7 strictness      net/url accepts characters RFC 1808 forbids
//	                   ("{", "|", "^", "`", "#" in a fragment, ...). Only
//	                   URLs relurl accepts are compared.
//	D8 empty net_loc   net/url does not record an empty authority: "//"
//	                   and "http://" have no host and no sign of one, and
//	                   without a scheme "///g" is a path to it. RFC 1808
//	                   has an empty net_loc there.
//	D9 escapes         net/url decodes the path and fragment and writes
//	                   them back its own way ("%2A" becomes "*"); RFC 1808
//	                   keeps the text. Paths and fragments are compared
//	                   decoded; the query, which net/url keeps raw, as
//	                   written.
func FuzzNetURL(f *testing.F) {
	f.Fuzz(func(t *testing.T, s string) {
		if _, err := relurl.Parse(s); err != nil {
			return // D7
		}
		u := validate.Split(s) // relurl.Parse's components, as ast.URL (TestMirrorsAST)
		n, err := url.Parse(s)
		if err != nil {
			return // D2, D6: net/url is stricter there
		}
		if msg := netURLDifference(u, n); msg != "" {
			t.Fatalf("%q: %s\nrelurl  %#v\nnet/url %#v", s, msg, u, n)
		}
	})
}
