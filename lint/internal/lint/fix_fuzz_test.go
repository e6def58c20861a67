package lint

import (
	"slices"
	"testing"

	"github.com/relurl/relurl/lint/internal/extract"
	"github.com/relurl/relurl/lint/internal/fix"
)

// FuzzFix: on any document of any kind, the fixes hold what --fix needs:
// no panic; the edits apply; the fixed document reads back as the fixed
// URLs, every edit inside the span of the URL it fixes and every other
// URL as it was (readBack); linted again, nothing is left to fix. kind
// picks the kind (a URL list, HTML or a message for the seeds' 0, 1 and 2;
// then Markdown, CSS and XML) and the configuration (with a base; none;
// allowances and the RFC 1738 profile). Its seeds are
// testdata/fuzz/FuzzFix, written by "make corpus", and the crashers found.
// It holds only what it needs, in this file: OSS-Fuzz compiles it with the
// package's non-test files alone.
func FuzzFix(f *testing.F) {
	kinds := []extract.Kind{extract.KindText, extract.KindHTML, extract.KindMessage, extract.KindMarkdown, extract.KindCSS, extract.KindXML}
	var linters []*Linter
	for _, opts := range []Options{
		{Fixes: true, Retrieval: "http://a/b/c/d;p?q"},
		{Fixes: true},
		{Fixes: true, AllowChars: "~", AllowIPv6Hosts: true, Enable: []string{"rfc1738"}},
	} {
		l, err := New(opts)
		if err != nil {
			f.Fatal(err)
		}
		linters = append(linters, l)
	}
	f.Fuzz(func(t *testing.T, data []byte, kind uint8) {
		k := kinds[int(kind)%len(kinds)]
		l := linters[int(kind)/len(kinds)%len(linters)]
		var edits []fix.Edit
		seen := map[*fix.Edit]bool{}
		for _, f := range l.File("fuzz", data, k) {
			if f.Edit == nil && f.NoFix == "" {
				t.Fatalf("%s %q: neither a fix nor a reason", f.Rule, f.Text)
			}
			if f.Edit != nil && !seen[f.Edit] {
				seen[f.Edit] = true
				edits = append(edits, *f.Edit)
			}
		}
		if len(edits) == 0 {
			return
		}
		slices.SortFunc(edits, func(a, b fix.Edit) int { return a.Offset - b.Offset })
		fixed, err := fix.ApplyEdits(data, edits)
		if err != nil {
			t.Fatal(err)
		}
		if err := readBack(string(data), string(fixed), k, l.retrieval, edits); err != nil {
			t.Fatalf("%v\n%s", err, fixed)
		}
		for _, f := range l.File("fuzz", fixed, k) {
			if f.Edit != nil {
				t.Fatalf("linted again, %s %q in %q has a fix: not idempotent\n%s", f.Rule, f.Text, f.URL, fixed)
			}
		}
	})
}
