package fix_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/relurl/relurl/lint/internal/compare"
	"github.com/relurl/relurl/lint/internal/extract"
	"github.com/relurl/relurl/lint/internal/fix"
	"github.com/relurl/relurl/validate"
)

func TestMerge(t *testing.T) {
	host := fix.Change{Offset: 7, End: 21, New: "xn--bcher-kva.example"}
	for _, tt := range []struct {
		name string
		in   []fix.Change
		want []fix.Change
		err  bool
	}{
		{"sorted", []fix.Change{{5, 6, "%20"}, {1, 2, "%7C"}}, []fix.Change{{1, 2, "%7C"}, {5, 6, "%20"}}, false},
		{"equal once", []fix.Change{{1, 2, "%7C"}, {1, 2, "%7C"}}, []fix.Change{{1, 2, "%7C"}}, false},
		{"inside a host", []fix.Change{{8, 9, "%C3%BC"}, host}, []fix.Change{host}, false},
		{"insertion then replacement", []fix.Change{{1, 2, "%20"}, {0, 0, "./"}}, []fix.Change{{0, 0, "./"}, {1, 2, "%20"}}, false},
		{"overlap", []fix.Change{{1, 3, "a"}, {2, 4, "b"}}, nil, true},
		{"two insertions at one place", []fix.Change{{0, 0, "./"}, {0, 0, "x"}}, nil, true},
	} {
		got, err := fix.Merge(tt.in)
		if tt.err != (err != nil) || !tt.err && !slices.Equal(got, tt.want) {
			t.Errorf("%s: Merge(%v) = %v, %v; want %v", tt.name, tt.in, got, err, tt.want)
		}
		if tt.err && !errors.Is(err, fix.ErrOverlap) {
			t.Errorf("%s: error %v is not ErrOverlap", tt.name, err)
		}
	}
}

func TestDiff(t *testing.T) {
	for _, tt := range []struct{ a, b string }{
		{"http:g", "http://a/b/c/g"}, {"http:g", "g"}, {"abc", "abc"}, {"", "x"}, {"aaa", "aa"}, {"a/b", "a/c/b"},
	} {
		c := fix.Diff(tt.a, tt.b)
		if got := fix.Apply(tt.a, []fix.Change{c}); got != tt.b {
			t.Errorf("Diff(%q, %q) = %+v, which gives %q", tt.a, tt.b, c, got)
		}
	}
}

// TestHost: a non-ASCII host in its IDNA form, never percent-encoded.
func TestHost(t *testing.T) {
	for _, tt := range []struct {
		url, want string
		ok        bool
		reason    fix.Reason
	}{
		{"http://bücher.example/", "http://xn--bcher-kva.example/", true, ""},
		{"http://user:pw@bücher.example:8080/", "http://user:pw@xn--bcher-kva.example:8080/", true, ""},
		{"http://b%C3%BCcher.example/", "http://xn--bcher-kva.example/", true, ""},
		{"http://Bücher.Example/", "http://xn--bcher-kva.Example/", true, ""},
		{"http://日本.jp/", "http://xn--wgv71a.jp/", true, ""},
		{"http://example.com/", "", false, ""},
		{"http://[::1]/", "", true, fix.IPv6},
		{"http://b\xfccher.example/", "", true, fix.IDNA},
		{"http://a\u200db.example/", "", true, fix.IDNA}, // a joiner where CheckJoiners forbids it
		{"/relative", "", false, ""},
	} {
		u := validate.Split(tt.url)
		c, ok, reason, detail := fix.Host(tt.url, u)
		got := ""
		if ok && reason == "" {
			got = fix.Apply(tt.url, []fix.Change{c})
		}
		if ok != tt.ok || reason != tt.reason || got != tt.want || (reason != "") != (detail != "") {
			t.Errorf("Host(%q) = %q, %v, %q (%s); want %q, %v, %q", tt.url, got, ok, reason, detail, tt.want, tt.ok, tt.reason)
		}
	}
}

// TestHostSpan: the host as ast.SplitNetLoc cuts it, marked in the URL.
func TestHostSpan(t *testing.T) {
	for _, marked := range []string{
		"http://⟦a⟧/",
		"http://u:p@⟦a⟧:80/",
		"http://u@v@⟦a⟧/",
		"http://⟦[::1]⟧:8080/",
		"http://u@⟦[::1]x⟧:80/",
		"http://⟦[::1:80⟧/",
		"//⟦⟧/a",
		"http:/a",
	} {
		url := strings.NewReplacer("⟦", "", "⟧", "").Replace(marked)
		wantStart, wantEnd := -1, -1
		if i := strings.Index(marked, "⟦"); i >= 0 {
			wantStart, wantEnd = i, strings.Index(marked, "⟧")-len("⟦")
		}
		if start, end := fix.HostSpan(validate.Split(url)); start != wantStart || end != wantEnd {
			t.Errorf("HostSpan(%q) = %d, %d; want %d, %d", url, start, end, wantStart, wantEnd)
		}
	}
}

// TestCheck holds the safety rule to cases: a fix keeps every reader's
// target, or the one the others agreed on where a reader rejected the
// original.
func TestCheck(t *testing.T) {
	b := compare.NewBase("http://a/b/c/d;p?q")
	none := compare.NewBase("")
	for _, tt := range []struct {
		base        *compare.Base
		orig, fixed string
		want        fix.Reason
	}{
		{b, "a b", "a%20b", ""},
		{b, "http://bücher.example/", "http://xn--bcher-kva.example/", ""},
		{b, "100%", "100%25", ""},
		{b, "g#a#b", "g#a%23b", ""},
		{b, "my_notes:v2", "./my_notes:v2", ""},
		{b, "~u", "%7Eu", ""},
		{none, "HTTP://a/", "http://a/", ""},
		// the fix changes the target
		{b, "a b", "a%20c", fix.ChangesTarget},
		{b, "a b", "ab", fix.ChangesTarget},
		{b, "http://a/b\nc", "http://a/b%0Ac", fix.ChangesTarget},
		{b, "g#a#b", "g%23a#b", fix.ChangesTarget},
		// the readers part on the original
		{b, `http://a/b\c`, "http://a/b%5Cc", fix.ReadersDisagree},
		{b, "http:g", "http://a/b/c/g", fix.ReadersDisagree},
		// a reader rejects the fix
		{b, "http://a/", "http://a b/", fix.ChangesTarget},
		// no reader accepts the original
		{b, "http://a b/", "http://a%20b/", fix.ReadersDisagree},
		// an IPv6 literal with its brackets escaped
		{b, "http://[::1]:8080/x", "http://%5B::1%5D:8080/x", fix.ChangesTarget},
	} {
		reason, detail := fix.Check(tt.base, tt.orig, tt.fixed)
		if reason != tt.want || (reason != "") != (detail != "") || strings.Contains(detail, "\n") {
			t.Errorf("Check(%q, %q, %q) = %s (%s); want %s", tt.base, tt.orig, tt.fixed, reason, detail, tt.want)
		}
	}
}

// TestPlace: an edit keeps the file's own writing of the bytes between two
// changes, and refuses to cut a character's encoding or to write what an
// encoding would read otherwise.
func TestPlace(t *testing.T) {
	refOf := func(t *testing.T, src string, kind extract.Kind) extract.Ref {
		t.Helper()
		var refs []extract.Ref
		extract.Extract(src, kind, "", extract.Handler{Ref: func(r extract.Ref) { refs = append(refs, r) }})
		if len(refs) != 1 {
			t.Fatalf("%q: %d URLs", src, len(refs))
		}
		return refs[0]
	}
	t.Run("entities kept between changes", func(t *testing.T) {
		src := `<a href="a|&amp;b c">x</a>`
		r := refOf(t, src, extract.KindHTML)
		site, reason, _ := fix.RefSite(src, &r)
		if reason != "" {
			t.Fatal(reason)
		}
		e, reason, detail := fix.Place(src, r.URL, []fix.Change{fix.Encode(r.URL, 1, 2), fix.Encode(r.URL, 4, 5)}, site)
		if reason != "" {
			t.Fatal(reason, detail)
		}
		got, err := fix.ApplyEdits([]byte(src), []fix.Edit{e, e})
		if want := `<a href="a%7C&amp;b%20c">x</a>`; err != nil || string(got) != want || e.URL != "a%7C&b%20c" {
			t.Errorf("got %q, %v, URL %q; want %q", got, err, e.URL, want)
		}
	})
	t.Run("inside a character reference", func(t *testing.T) {
		src := `<a href="&eacute;">x</a>`
		r := refOf(t, src, extract.KindHTML)
		site, _, _ := fix.RefSite(src, &r)
		if _, reason, _ := fix.Place(src, r.URL, []fix.Change{{Offset: 1, End: 2, New: "%A9"}}, site); reason != fix.Inexact {
			t.Errorf("a change inside &eacute; placed: %s", reason)
		}
	})
	t.Run("a byte no encoding may take as it is", func(t *testing.T) {
		src := `<a href="a">x</a>`
		r := refOf(t, src, extract.KindHTML)
		site, _, _ := fix.RefSite(src, &r)
		if _, reason, _ := fix.Place(src, r.URL, []fix.Change{{Offset: 0, End: 1, New: `"`}}, site); reason != fix.Inexact {
			t.Errorf("a quote placed: %s", reason)
		}
	})
	t.Run("the http:// a bare www link implies", func(t *testing.T) {
		src := "see www.example.com/~u/x now\n"
		r := refOf(t, src, extract.KindMarkdown)
		site, reason, _ := fix.RefSite(src, &r)
		if reason != "" || site.Implied != 7 || r.URL != "http://www.example.com/~u/x" {
			t.Fatalf("%q: site %+v, %s", r.URL, site, reason)
		}
		// At the first byte the file holds, and past it.
		e, reason, _ := fix.Place(src, r.URL, []fix.Change{{Offset: 7, End: 8, New: "W"}, fix.Encode(r.URL, 23, 24)}, site)
		got, _ := fix.ApplyEdits([]byte(src), []fix.Edit{e})
		if want := "see Www.example.com/%7Eu/x now\n"; reason != "" || string(got) != want {
			t.Errorf("got %q (%s), want %q", got, reason, want)
		}
		if _, reason, _ := fix.Place(src, r.URL, []fix.Change{{Offset: 0, End: 4, New: "https"}}, site); reason != fix.Inexact {
			t.Errorf("a change of the implied bytes placed: %s", reason)
		}
	})
	t.Run("stale", func(t *testing.T) {
		e := fix.Edit{Offset: 0, End: 1, Old: "a", New: "b"}
		if _, err := fix.ApplyEdits([]byte("x"), []fix.Edit{e}); !errors.Is(err, fix.ErrStale) {
			t.Errorf("ApplyEdits on a changed file: %v", err)
		}
		if _, err := fix.ApplyEdits([]byte("ab"), []fix.Edit{{Offset: 0, End: 2, Old: "ab"}, {Offset: 1, End: 2, Old: "b"}}); err == nil {
			t.Error("overlapping edits made")
		}
	})
}
