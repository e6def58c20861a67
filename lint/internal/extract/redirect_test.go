package extract

import (
	"slices"
	"testing"
)

// TestRefreshPragma: the HTML standard's shared declarative refresh
// steps on the content attribute: whether they take effect, the delay's
// integer part being 0, and the URL.
func TestRefreshPragma(t *testing.T) {
	tests := []struct {
		v        string
		ok, zero bool
		url      string
		hasURL   bool
	}{
		{"0;URL=../a.html", true, true, "../a.html", true},
		{"0; url=a.html#x", true, true, "a.html#x", true},
		{"0;URL='a.html'", true, true, "a.html", true},
		{" 0 , URL = \"a b.html\" x", true, true, "a b.html", true},
		{"0.9; url=a.html", true, true, "a.html", true},
		{".5; url=a.html", true, true, "a.html", true},
		{"00;a.html", true, true, "a.html", true},
		{"5; url=a.html", true, false, "a.html", true},
		{"99999999999999999999999; url=a.html", true, false, "a.html", true},
		{"0", true, true, "", false},
		{"0;", true, true, "", false},
		{"3", true, false, "", false},
		{"", false, false, "", false},
		{"url=a.html", false, false, "", false},
		{"0x; url=a.html", false, false, "", false},
		{"-1; url=a.html", false, false, "", false},
	}
	for _, tc := range tests {
		ok, zero, hasURL, from, to := RefreshPragma(tc.v)
		url := ""
		if hasURL {
			url = tc.v[from:to]
		}
		if ok != tc.ok || zero != tc.zero || hasURL != tc.hasURL || url != tc.url {
			t.Errorf("RefreshPragma(%q) = %v, %v, %v, %q; want %v, %v, %v, %q", tc.v, ok, zero, hasURL, url, tc.ok, tc.zero, tc.hasURL, tc.url)
		}
	}
}

// TestRedirectAnchors: what an HTML document's refreshes and scripts tell
// the anchors' handler: the first refresh that takes effect, when its
// delay is 0 and it has a URL; a script that reads location.hash.
func TestRedirectAnchors(t *testing.T) {
	tests := []struct {
		doc  string
		want []string // kind:value
	}{
		{`<meta http-equiv="refresh" content="0;URL=a.html"><script>location.replace("a.html" + location.hash)</script>`, []string{"refresh:a.html", "carry:"}},
		{`<meta http-equiv=Refresh content="0; url=a&amp;b.html">`, []string{"refresh:a&b.html"}},
		{`<meta http-equiv="refresh" content="5; url=a.html"><meta http-equiv="refresh" content="0; url=b.html">`, nil},
		{`<meta http-equiv="refresh" content="nonsense"><meta http-equiv="refresh" content="0; url=b.html">`, []string{"refresh:b.html"}},
		{`<meta http-equiv="refresh" content="0"><meta http-equiv="refresh" content="0; url=b.html">`, nil},
		{`<noscript><meta http-equiv="refresh" content="0;a.html"></noscript>`, nil},
		{`<script>location = "a.html"</script><meta name="refresh" content="0;a.html">`, nil},
		{`<p>location.hash</p><script src="x.js"></script>`, nil},
	}
	for _, tc := range tests {
		var got []string
		Extract(tc.doc, KindHTML, "", Handler{Anchor: func(a Anchor) {
			switch a.Kind {
			case AnchorRefresh:
				got = append(got, "refresh:"+a.Value)
			case AnchorCarry:
				got = append(got, "carry:"+a.Value)
			}
		}})
		if !slices.Equal(got, tc.want) {
			t.Errorf("%s: %q, want %q", tc.doc, got, tc.want)
		}
		if len(got) > 0 && !MayRedirect([]byte(tc.doc)) {
			t.Errorf("%s: a refresh, and MayRedirect says none", tc.doc)
		}
	}
}

// TestMayRedirect: a page whose text holds an http-equiv attribute name,
// in any letter case, may redirect; one without cannot, and every page the
// reader finds a refresh in says it may.
func TestMayRedirect(t *testing.T) {
	for _, c := range []struct {
		text string
		may  bool
	}{
		{`<meta http-equiv="refresh" content="0; url=a.html">`, true},
		{`<META HTTP-EQUIV=Refresh CONTENT="0;URL=a.html">`, true},
		{`<meta Http-Equiv=refresh>`, true},
		{`<p class="sidebar-elems">no refresh here - none</p>`, false},
		{`<meta http_equiv="refresh" content="0; url=a.html">`, false},
		{`-equiv`, false},
		{`http-equi`, false},
		{``, false},
		{`http-equiv`, true},
		{"<meta http\requiv=refresh>", false},
	} {
		if got := MayRedirect([]byte(c.text)); got != c.may {
			t.Errorf("MayRedirect(%q) = %v; want %v", c.text, got, c.may)
		}
	}
}
