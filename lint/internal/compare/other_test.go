package compare

import (
	"slices"
	"testing"
)

// outside builds the reading of an outside implementation that gives the
// URL u (split as net/url's printer writes it), or rejects the input when
// u is empty.
func outside(u string) Reading {
	if u == "" {
		return Reading{Verdict: Rejected}
	}
	return Reading{Verdict: Accepted, Components: split3986(u), URL: some(u)}
}

// TestClassify classifies outside readings as Reference classifies its
// readers': Python's urljoin on §5, a library that keeps the base's
// fragment, one that rejects what net/url rejects too, one that agrees.
func TestClassify(t *testing.T) {
	for _, tc := range []struct {
		base, ref, answer string
		want              []Class
	}{
		{section5Base, ";x", "http://a/b/c/;x", []Class{Params}},
		{section5Base, "../../../g", "http://a/g", []Class{DotDotAboveRoot}},
		{section5Base, "/./g", "http://a/g", []Class{DotSegments}},
		{section5Base, "http:g", "http://a/b/c/g", []Class{Loophole}},
		{section5Base, "", "http://a/b/c/d;p?q", []Class{EmptyComponent}},
		{section5Base, "g", "http://a/b/c/g", nil},
		{section5Base, "g#", "http://a/b/c/g", nil}, // an empty fragment is absent to the comparison
		{"", "http://a/b c", "http://a/b%20c", []Class{PercentEncoding}},
		{"", "http://a:99999/", "", []Class{Host}},
		{"", "g", "", []Class{SchemeConfusion}},
		{"", "http://a/b\tc", "http://a/bc", []Class{WhiteSpace}},
	} {
		var got []Class
		for _, d := range NewBase(tc.base).Classify(tc.ref, outside(tc.answer)) {
			got = append(got, d.Class)
			for _, p := range d.Parts {
				if p.RFC3986 != p.WHATWG {
					t.Errorf("%q: part %s has two outside values %v and %v", tc.ref, p.Component, p.RFC3986, p.WHATWG)
				}
			}
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("%q against %q answered %q: classes %v, want %v", tc.ref, tc.base, tc.answer, got, tc.want)
		}
	}
}
