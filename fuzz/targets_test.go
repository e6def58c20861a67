package fuzz

import (
	"net/url"
	"strings"
	"testing"

	"github.com/relurl/relurl"
	"github.com/relurl/relurl/ast"
	"github.com/relurl/relurl/resolve"
	"github.com/relurl/relurl/validate"
)

// FuzzValidate checks the diagnostics themselves: each one's text is
// input[offset:end], offsets increase, every field is set, and a URL has
// errors exactly when it is not Valid.
func FuzzValidate(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, s string) {
		_, diags := validate.Validate(s)
		prev := 0
		for _, d := range diags {
			if d.Offset < prev || d.End <= d.Offset || d.End > len(s) || d.Text != s[d.Offset:d.End] {
				t.Fatalf("%q: bad span %+v", s, d)
			}
			if d.Production == "" || d.Message == "" || d.Rule == "" || !strings.HasPrefix(d.Rule, d.Production+"/") {
				t.Fatalf("%q: incomplete diagnostic %+v", s, d)
			}
			if r, ok := ast.LookupSyntaxRule(d.Rule); !ok || r.Reader == ast.ReaderGrammar {
				t.Fatalf("%q: diagnostic %+v of a rule that is not validate's in ast's table of syntax rules", s, d)
			}
			prev = d.End
		}
		if validate.Valid(s) != (diags == nil) {
			t.Fatalf("%q: Valid and Validate disagree", s)
		}
		_ = diags.Err()
		if len(diags) > 0 {
			_ = diags[0].Caret(s)
		}
	})
}

// FuzzResolve checks resolution of any two strings: no panic, lenient
// resolution of anything, and for a valid pair the properties of
// [resolveProps].
func FuzzResolve(f *testing.F) {
	for _, r := range section5 {
		f.Add("http://a/b/c/d;p?q#f", r)
	}
	f.Add("http://a", "g")
	f.Add("file:///etc/x", "../..//g")
	f.Fuzz(func(t *testing.T, base, ref string) {
		_ = resolve.Lenient(base, ref)
		b, errB := validate.Parse(base)
		r, errR := validate.Parse(ref)
		if errB != nil || errR != nil || !b.IsBase() {
			if _, err := relurl.Resolve(base, ref); err == nil && base != "" {
				t.Fatalf("Resolve(%q, %q) accepted an invalid pair", base, ref)
			}
			return
		}
		if msg := resolveProps(b.WithoutSpans(), r.WithoutSpans()); msg != "" {
			t.Fatal(msg)
		}
	})
}

// FuzzRelative checks that Relative inverts Resolve on valid pairs.
func FuzzRelative(f *testing.F) {
	for _, r := range section5 {
		f.Add("http://a/b/c/d;p?q#f", r)
	}
	f.Fuzz(func(t *testing.T, base, ref string) {
		b, errB := validate.Parse(base)
		r, errR := validate.Parse(ref)
		if errB != nil || errR != nil || !b.IsBase() {
			return
		}
		if msg := relativeProps(b.WithoutSpans(), r.WithoutSpans()); msg != "" {
			t.Fatal(msg)
		}
	})
}

// FuzzNetURL is the differential target: where relurl accepts a URL and
// net/url (RFC 3986) parses it too, their components must agree except for
// the documented differences below. Each difference is a place the two
// RFCs disagree, not a bug in either.
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
	addSeeds(f)
	f.Fuzz(func(t *testing.T, s string) {
		u, err := relurl.Parse(s)
		if err != nil {
			return // D7
		}
		n, err := url.Parse(s)
		if err != nil {
			return // D2, D6: net/url is stricter there
		}
		if msg := netURLDifference(u, n); msg != "" {
			t.Fatalf("%q: %s\nrelurl  %#v\nnet/url %#v", s, msg, u, n)
		}
	})
}

// netURLDifference compares the two parses, tolerating D1–D5.
func netURLDifference(u ast.URL, n *url.URL) string {
	if u.Scheme.Present && !strings.EqualFold(u.Scheme.Value, n.Scheme) {
		if !ast.Is(u.Scheme.Value[0], ast.Alpha) {
			return "" // D2
		}
		return "schemes differ"
	}
	if u.NetLoc.Present && strings.ContainsAny(u.NetLoc.Value, "?;") {
		return "" // D3
	}
	if u.NetLoc.Present && u.NetLoc.Value == "" {
		return "" // D8
	}
	if n.Opaque != "" {
		// D5: the opaque part is everything after "scheme:" up to "#".
		rest := strings.TrimPrefix(u.String(), u.Scheme.Value+":")
		if i := strings.IndexByte(rest, '#'); i >= 0 {
			rest = rest[:i]
		}
		if n.Opaque+queryPart(n) != rest {
			return "opaque parts differ"
		}
		return fragmentDifference(u, n)
	}
	if u.NetLoc.Present != (n.Host != "" || n.User != nil || strings.HasPrefix(strings.TrimPrefix(n.String(), n.Scheme+":"), "//")) {
		return "net_loc presence differs"
	}
	path := u.Path.Value
	if u.Params.Present {
		path += ";" + u.Params.Value // D4
	}
	if decoded, err := url.PathUnescape(path); err != nil || n.Path != decoded {
		return "paths differ" // compared decoded: D9
	}
	if u.Query.Present != (n.RawQuery != "" || n.ForceQuery) || u.Query.Value != n.RawQuery {
		return "queries differ"
	}
	return fragmentDifference(u, n)
}

func queryPart(n *url.URL) string {
	if n.RawQuery != "" || n.ForceQuery {
		return "?" + n.RawQuery
	}
	return ""
}

func fragmentDifference(u ast.URL, n *url.URL) string {
	if !u.Fragment.Present {
		return ""
	}
	if decoded, err := url.PathUnescape(u.Fragment.Value); err != nil || n.Fragment != decoded {
		return "fragments differ" // compared decoded: D9
	}
	return ""
}

// addSeeds seeds a one-string target with the §5 examples and the case
// table.
func addSeeds(f *testing.F) {
	for _, s := range section5 {
		f.Add(s)
	}
	for _, s := range tableInputs() {
		f.Add(s)
	}
}
