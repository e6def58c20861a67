package target

import (
	"fmt"
	"strings"
	"testing"

	"github.com/relurl/relurl/lint/internal/extract"
)

// TestHostileTree: a directory of 100 000 files, each looked up as
// written and in other letter case (the lower-case index of a listing is
// made once); 100 000 anchors in a document, a fragment of 1 MB, escaped
// or not; paths that decode to NUL, "/" or bytes that are not UTF-8.
// Everything answers, in time linear in what it reads (make scale times
// the run; here nothing may panic or loop).
func TestHostileTree(t *testing.T) {
	n := 100_000
	if testing.Short() {
		n = 10_000
	}
	names := make([]string, n)
	for i := range names {
		names[i] = fmt.Sprintf("dir/f%06d.html", i)
	}
	tree := mustTree(t, Files(names...), "", Options{})
	for i := 0; i < n; i += n / 100 {
		if tg := tree.Resolve(fmt.Sprintf("dir/f%06d.html", i), false); tg.Status != Found {
			t.Fatalf("f%06d: %+v", i, tg)
		}
		if tg := tree.Resolve(fmt.Sprintf("DIR/F%06d.HTML", i), false); tg.Status != Case || !tg.Fixable {
			t.Fatalf("F%06d: %+v", i, tg)
		}
	}

	var doc strings.Builder
	for i := range n {
		fmt.Fprintf(&doc, `<p id="a%d">`, i)
	}
	a := anchorsOf(t, doc.String(), extract.KindHTML, SlugsGitHub)
	if a.Len() != n {
		t.Fatalf("%d anchors, want %d", a.Len(), n)
	}
	big := strings.Repeat("x", 1<<20)
	escaped := strings.Repeat("%78", 1<<18)
	for _, frag := range []string{big, escaped, strings.ToUpper(big), "A1", "a1%00", "%ff%fe"} {
		if m := a.Find(frag); m.Found {
			t.Errorf("a fragment of %d bytes names an anchor", len(frag))
		}
	}
	if m := a.Find("A1"); m.CaseOnly != "a1" {
		t.Errorf("A1: %+v", m)
	}
	// 100 000 headings with the same text: GitHub's suffixes, each once.
	var md strings.Builder
	for range n {
		md.WriteString("## Same\n\n")
	}
	if got := anchorsOf(t, md.String(), extract.KindMarkdown, SlugsGitHub).Len(); got != n {
		t.Errorf("%d repeated headings give %d anchors", n, got)
	}

	for _, p := range []string{"/a%00b.html", "/a%2fb.html", "/%ff%fe.html", "/" + escaped} {
		pl := tree.Locate("http", "site.invalid", p)
		if pl.Where != Inside {
			t.Errorf("%.20q: %+v", p, pl)
			continue
		}
		if tg := tree.Resolve(pl.Path, pl.Dir); pl.Bad == "" && tg.Status != Missing {
			t.Errorf("%.20q: %+v", p, tg)
		}
	}
}
