package quote

import (
	"strings"
	"testing"
)

func TestQuote(t *testing.T) {
	long := "https://a/" + strings.Repeat("x", 2000) + "/end.html"
	for _, tc := range []struct{ in, want string }{
		{"", `""`},
		{"whatsnew/changelog.html", `"whatsnew/changelog.html"`},
		{"https://docs.python.org/ftp/python/doc/3.11.2/python-3.11.2-docs-html.tar.bz2", `"https://docs.python.org/ftp/python/doc/3.11.2/python-3.11.2-docs-html.tar.bz2"`},
		{"a\x1b[1mb", `"a\x1b[1mb"`},
		{strings.Repeat("y", Max), `"` + strings.Repeat("y", Max) + `"`},
		{long, `"https://a/` + strings.Repeat("x", Max/2-10) + `"…"` + strings.Repeat("x", Max/2-9) + `/end.html"`},
	} {
		if got := Quote(tc.in); got != tc.want {
			t.Errorf("Quote(%.40q…) = %.80q…, want %.80q…", tc.in, got, tc.want)
		}
	}
	// A cut falls between characters.
	s := strings.Repeat("é", Max)
	got := Quote(s)
	head, tail, ok := strings.Cut(got, "…")
	if !ok || !strings.HasSuffix(head, `é"`) || !strings.HasPrefix(tail, `"é`) || len(got) > Max+8 {
		t.Errorf("Quote of %d bytes of é: %d bytes, %.20q…", len(s), len(got), got)
	}
}
