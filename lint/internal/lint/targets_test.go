package lint

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"unsafe"

	"github.com/relurl/relurl/lint/internal/extract"
	"github.com/relurl/relurl/lint/internal/quote"
	"github.com/relurl/relurl/lint/internal/target"
)

// TestCheckWithAliases: a file checked under two names: its findings
// under its own, the target rules' under the other, each against its
// own base; its directives judged on what both names used.
func TestCheckWithAliases(t *testing.T) {
	tree, l := treeLinter(t, "en/a.html", "en/b.html", "de/a.html -> ../en/a.html")
	src := "<!-- relurl:ignore target/missing -- only the German page lacks it -->\n<a href=\"b.html\">b</a>\n<a href=\"a b\">x</a>\n"
	c := l.CheckWith("de/a.html", src, extract.KindHTML, "", nil, &target.Scope{Tree: tree, Paths: []string{"de/a.html", "en/a.html"}, Names: []string{"de/a.html", "en/a.html"}})
	var own, other []string
	for _, f := range c.Findings {
		own = append(own, f.Rule)
	}
	for _, f := range c.Targets.Others[0] {
		other = append(other, f.Rule)
	}
	// de/b.html is missing, but suppressed; "a b" is missing under both
	// names, a syntax finding once.
	if want := []string{RuleTargetMissing, "fsegment/char"}; !slices.Equal(own, want) {
		t.Errorf("de/a.html: %q, want %q", own, want)
	}
	if want := []string{RuleTargetMissing}; !slices.Equal(other, want) {
		t.Errorf("en/a.html: %q, want %q", other, want)
	}
	if c.Suppressed != 1 {
		t.Errorf("suppressed %d, want 1", c.Suppressed)
	}
}

// treeLinter returns a tree of the files described (target.Files) and
// a linter of the default options.
func treeLinter(t *testing.T, files ...string) (*target.Tree, *Linter) {
	t.Helper()
	tree, err := target.NewTree(target.Files(files...), "", target.Options{})
	if err != nil {
		t.Fatal(err)
	}
	l, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	return tree, l
}

// checkPage checks src as the document p.html of tree, with the target
// rules, and returns its findings: the fragments checked as the file is
// read or, deferred, once it is (the tree then given its anchors, as a
// run gives them, and CheckDeferred asked for the rest).
func checkPage(l *Linter, tree *target.Tree, src string, deferred bool) []Finding {
	c := l.CheckWith("p.html", src, extract.KindHTML, "", nil, &target.Scope{Tree: tree, Paths: []string{"p.html"}, Defer: deferred})
	if !deferred {
		return c.Findings
	}
	tree.SetAnchors("p.html", c.Targets.Anchors)
	findings, _, _, _ := CheckDeferred(c.Targets.Deferred[0], tree, "p.html", nil)
	return findings
}

// TestCheckWithHostile: a page of 100 000 anchors and as many references
// to them and to what is not there, a fragment of 1 MB: every fragment
// answered, once per URL, the findings those that name nothing.
func TestCheckWithHostile(t *testing.T) {
	n := 100_000
	if testing.Short() {
		n = 10_000
	}
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, `<a href="#a%d"></a><p id="a%d"></p>`, i+1, i)
	}
	b.WriteString(`<a href="#` + strings.Repeat("%41", 1<<18) + `">x</a>`)
	tree, l := treeLinter(t, "p.html")
	for _, deferred := range []bool{false, true} {
		findings := checkPage(l, tree, b.String(), deferred)
		// "#a<n>" names nothing; nor does the long one.
		if len(findings) != 2 || findings[0].Text != fmt.Sprintf("a%d", n) || len(findings[1].Text) != 3<<18 {
			t.Fatalf("deferred %v: %d findings", deferred, len(findings))
		}
		if len(findings[1].Message) > 3*(quote.Max+8)+512 {
			t.Errorf("a message of %d bytes", len(findings[1].Message))
		}
	}
}

// TestOwnAnchorSeen: a page's links to its own anchors, given just
// before them (settled at once, anchorSeen), long before them, after
// them, as written and percent-encoded, by its own path, and to nothing:
// the findings are those that name nothing, as when every fragment is
// settled at the end of the file.
func TestOwnAnchorSeen(t *testing.T) {
	tree, l := treeLinter(t, "p.html")
	src := `<h1 id="top-x">T<a href="#top-x">¶</a></h1>
<p id="a"></p><p id="b"></p><p id="c"></p><p id="d"></p><p id="e"></p>
<a href="#a">far back</a> <a href="#e">just given</a> <a href="p.html#e">by path</a>
<a name="n"></a><a href="#n">a name</a> <p id="caf&eacute;"></p><a href="#caf%C3%A9">encoded</a>
<a href="#E">case</a> <a href="#later">after</a> <a href="#nowhere">x</a> <p id="later"></p>
`
	for _, deferred := range []bool{false, true} {
		findings := checkPage(l, tree, src, deferred)
		var got []string
		for _, f := range findings {
			if f.Rule == RuleTargetFragment {
				got = append(got, f.Text)
			}
		}
		if want := []string{"E", "nowhere"}; !slices.Equal(got, want) {
			t.Errorf("deferred %v: fragments %q, want %q", deferred, got, want)
		}
	}
}

// TestCheckDeferredKeepsNoText: the findings CheckDeferred places from
// the file read again keep nothing of that text, which the runner reads
// into a buffer it reuses for the next file.
func TestCheckDeferredKeepsNoText(t *testing.T) {
	tree, l := treeLinter(t, "p.html", "q.html")
	src := "<p id=\"here\">\n<a href=\"q.html#gone\">q</a> <a href=\"#nowhere\">p</a>\n"
	c := l.CheckWith("p.html", src, extract.KindHTML, "", nil, &target.Scope{Tree: tree, Paths: []string{"p.html"}, Defer: true, Reread: true})
	tree.SetAnchors("p.html", c.Targets.Anchors)
	tree.SetAnchors("q.html", target.NewAnchors(extract.KindHTML, nil, 0))
	buf := []byte(src)
	findings, _, _, err := CheckDeferred(c.Targets.Deferred[0], tree, "p.html", func() (string, error) { return unsafe.String(&buf[0], len(buf)), nil })
	if err != nil || len(findings) != 2 {
		t.Fatalf("%d findings, %v; want 2", len(findings), err)
	}
	before := fmt.Sprintf("%+v", findings)
	for i := range buf {
		buf[i] = 'x'
	}
	if after := fmt.Sprintf("%+v", findings); after != before {
		t.Errorf("the findings changed with the buffer:\n%s\nwas\n%s", after, before)
	}
}
