package target

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/relurl/relurl/lint/internal/door"
	"github.com/relurl/relurl/lint/internal/extract"
)

func mustTree(t *testing.T, fsys FS, root string, opts Options) *Tree {
	t.Helper()
	tree, err := NewTree(fsys, root, opts)
	if err != nil {
		t.Fatal(err)
	}
	return tree
}

// TestLocate: where a URL leads against the root's URL: another site,
// the site outside the root, or a path under the root, read as servers
// read it.
func TestLocate(t *testing.T) {
	tree := mustTree(t, Files("a.html"), "https://docs.example.org/3.11/index.html", Options{})
	for _, tc := range []struct {
		scheme, netLoc, path string
		want                 Place
	}{
		{"https", "docs.example.org", "/3.11/library/os.html", Place{Where: Inside, Path: "library/os.html"}},
		{"HTTPS", "Docs.Example.ORG", "/3.11/a.html", Place{Where: Inside, Path: "a.html"}},
		{"https", "docs.example.org", "/3.11/", Place{Where: Inside, Dir: true}},
		{"https", "docs.example.org", "/3.11", Place{Where: Inside, Dir: true}},
		{"https", "docs.example.org", "/3.11/library/", Place{Where: Inside, Path: "library", Dir: true}},
		{"https", "docs.example.org", "/3.11/a%20b.html", Place{Where: Inside, Path: "a b.html"}},
		{"https", "docs.example.org", "/3.11/a%2Fb.html", Place{Where: Inside, Path: "a/b.html", Bad: `its segment "a%2Fb.html" decodes to a "/" or a NUL, which no file name holds`}},
		{"https", "docs.example.org", "/3.11/%2e%2e", Place{Where: Inside, Path: "..", Bad: `its segment "%2e%2e" decodes to "..", which names no file`}},
		{"https", "docs.example.org", "/3.11/x/../a.html", Place{Where: Inside, Path: "a.html"}},
		{"https", "docs.example.org", "/3.11/./a//b.html", Place{Where: Inside, Path: "a/b.html"}},
		{"https", "docs.example.org", "/3.10/a.html", Place{Where: Outside}},
		{"https", "docs.example.org", "/", Place{Where: Outside}},
		{"https", "docs.example.org", "/../3.11/a.html", Place{Where: Outside, Above: true}},
		{"https", "docs.example.org", "/3.11/../../x", Place{Where: Outside, Above: true}},
		{"http", "docs.example.org", "/3.11/a.html", Place{Where: External}},
		{"https", "docs.example.org:8443", "/3.11/a.html", Place{Where: External}},
		{"mailto", "", "x@y", Place{Where: External}},
	} {
		if got := tree.Locate(tc.scheme, tc.netLoc, tc.path); got != tc.want {
			t.Errorf("Locate(%s, %s, %s) = %+v, want %+v", tc.scheme, tc.netLoc, tc.path, got, tc.want)
		}
	}
	if got := tree.RootDir(); got != "https://docs.example.org/3.11/" {
		t.Errorf("RootDir() = %q", got)
	}
	site := mustTree(t, Files("a.html"), "", Options{})
	if got := site.URLOf("dir/a b;c.html"); got != "http://site.invalid/dir/a%20b%3Bc.html" {
		t.Errorf("URLOf = %q", got)
	}
	if _, err := NewTree(Files(), "docs/", Options{}); err == nil {
		t.Error("a root URL that cannot serve as a base was taken")
	}
}

// TestResolve: what a path under the root leads to, in a tree of names.
func TestResolve(t *testing.T) {
	fsys := Files("index.html", "Guide/Intro.html", "guide2/a.html", "guide2/A.html", "docs/index.htm",
		"docs/page.md", "empty/x.png", "api/ref", "via -> Guide", "loop -> loop2", "loop2 -> loop", "out -> ../../etc",
		"abs -> /etc/passwd", "deep/link.html -> ../Guide/Intro.html")
	tree := mustTree(t, fsys, "", Options{TryExtensions: []string{".html", ".md"},
		Ignore: func(p string) bool { return strings.HasPrefix(p, "build/") }})
	for _, tc := range []struct {
		path string
		dir  bool
		want Target
	}{
		{"index.html", false, Target{Status: Found, Path: "index.html", Real: "index.html", Kind: extract.KindHTML}},
		{"", true, Target{Status: Found, Path: "index.html", Real: "index.html", Kind: extract.KindHTML, Index: true}},
		{"docs", false, Target{Status: Found, Path: "docs/index.htm", Real: "docs/index.htm", Kind: extract.KindHTML, Index: true}},
		{"docs/page", false, Target{Status: Found, Path: "docs/page.md", Real: "docs/page.md", Kind: extract.KindMarkdown}},
		{"empty", true, Target{Status: Missing, Why: "the directory empty/ has no index file (index.html, index.htm)"}},
		{"nope.html", false, Target{Status: Missing, Why: "no such file"}},
		{"nope/a.html", false, Target{Status: Missing, Why: "no such directory nope"}},
		{"index.html/x", false, Target{Status: Missing, Why: "index.html is a file, not a directory"}},
		{"index.html", true, Target{Status: Missing, Why: "index.html is a file, not a directory"}},
		{"guide/intro.html", false, Target{Status: Case, Path: "Guide/Intro.html", Real: "Guide/Intro.html", Kind: extract.KindHTML, Fixable: true}},
		{"guide2/a.HTML", false, Target{Status: Case, Path: "guide2/A.html", Real: "guide2/A.html", Kind: extract.KindHTML, Names: []string{"A.html", "a.html"}}},
		{"via/Intro.html", false, Target{Status: Found, Path: "via/Intro.html", Real: "Guide/Intro.html", Kind: extract.KindHTML}},
		{"via/intro.html", false, Target{Status: Case, Path: "via/Intro.html", Real: "Guide/Intro.html", Kind: extract.KindHTML, Fixable: true}},
		{"deep/link.html", false, Target{Status: Found, Path: "deep/link.html", Real: "Guide/Intro.html", Kind: extract.KindHTML}},
		{"loop/x", false, Target{Status: Missing, Why: "a loop of symbolic links"}},
		{"out/passwd", false, Target{Status: LinkOut, Via: "out", LinkTarget: "../../etc"}},
		{"abs", false, Target{Status: LinkOut, Via: "abs", LinkTarget: "/etc/passwd"}},
		{"api/ref", false, Target{Status: Found, Path: "api/ref", Real: "api/ref"}},
		{"build/gen.html", false, Target{Status: Ignored, Path: "build/gen.html"}},
	} {
		got := tree.Resolve(tc.path, tc.dir)
		if !equalTargets(*got, tc.want) {
			t.Errorf("Resolve(%q, %v) = %+v\nwant %+v", tc.path, tc.dir, *got, tc.want)
		}
	}
	if again := tree.Resolve("index.html", false); again != tree.Resolve("index.html", false) {
		t.Error("Resolve does not keep its answers")
	}
}

func equalTargets(a, b Target) bool {
	return a.Status == b.Status && a.Path == b.Path && a.Real == b.Real && a.Kind == b.Kind && a.Index == b.Index &&
		a.Why == b.Why && slices.Equal(a.Names, b.Names) && a.Fixable == b.Fixable && a.Via == b.Via && a.LinkTarget == b.LinkTarget
}

// TestResolveOS: the operating system's tree: symbolic links inside it,
// out of it (relative and absolute), to the root itself, a loop.
func TestResolveOS(t *testing.T) {
	dir := t.TempDir()
	root := filepath.Join(dir, "root")
	for name, content := range map[string]string{"root/a.html": "a", "root/sub/b.html": "b", "outside.js": "x"} {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for link, target := range map[string]string{
		"root/sub/alias.html": "../a.html",
		"root/lib.js":         "../outside.js",
		"root/gone.js":        "../nowhere.js",
		"root/abs.html":       filepath.Join(root, "a.html"),
		"root/self":           ".",
		"root/l1":             "l2",
		"root/l2":             "l1",
	} {
		if err := os.Symlink(target, filepath.Join(dir, filepath.FromSlash(link))); err != nil {
			t.Skipf("no symbolic links: %v", err)
		}
	}
	dt, err := door.Open(root)
	if err != nil {
		t.Fatal(err)
	}
	defer dt.Close()
	fsys := OS(dt)
	tree := mustTree(t, fsys, "", Options{})
	for _, tc := range []struct {
		path string
		want Target
	}{
		{"sub/alias.html", Target{Status: Found, Path: "sub/alias.html", Real: "a.html", Kind: extract.KindHTML}},
		{"abs.html", Target{Status: Found, Path: "abs.html", Real: "a.html", Kind: extract.KindHTML}},
		{"self/self/sub/b.html", Target{Status: Found, Path: "self/self/sub/b.html", Real: "sub/b.html", Kind: extract.KindHTML}},
		{"lib.js", Target{Status: LinkOut, Via: "lib.js", LinkTarget: "../outside.js"}},
		{"gone.js", Target{Status: LinkOut, Via: "gone.js", LinkTarget: "../nowhere.js"}},
		{"l1", Target{Status: Missing, Why: "a loop of symbolic links"}},
		{"a.html\x00", Target{Status: Missing, Why: "no such file"}},
		{"\xff\xfe.html", Target{Status: Missing, Why: "no such file"}},
	} {
		got := tree.Resolve(tc.path, false)
		if !equalTargets(*got, tc.want) {
			t.Errorf("Resolve(%q) = %+v\nwant %+v", tc.path, *got, tc.want)
		}
	}
}

// TestTreeIndex: an editor's use of a tree: anchors set and forgotten,
// references and their referrers, listings forgotten after a change.
func TestTreeIndex(t *testing.T) {
	tree := mustTree(t, Files("a.html", "b.html"), "", Options{})
	b := tree.Resolve("b.html", false)
	if f := tree.Fragment(b, "x"); f.Checked {
		t.Errorf("a document's anchors are known before they are set: %+v", f)
	}
	tree.SetAnchors("b.html", anchorsOf(t, `<p id="x">`, extract.KindHTML, SlugsGitHub))
	if f := tree.Fragment(b, "x"); !f.Checked || !f.Found {
		t.Errorf("Fragment(b.html, x) = %+v", f)
	}
	for _, frag := range []string{"x", "X", "", "top", "a=b", "nowhere"} {
		if once, kept := tree.FragmentOnce(b, frag), tree.Fragment(b, frag); once != kept {
			t.Errorf("FragmentOnce(b.html, %q) = %+v, Fragment %+v", frag, once, kept)
		}
	}
	if f := tree.FragmentOnce(tree.Resolve("none.html", false), "x"); f.Checked {
		t.Errorf("FragmentOnce of a missing document = %+v", f)
	}
	tree.SetAnchors("b.html", anchorsOf(t, `<p id="y">`, extract.KindHTML, SlugsGitHub))
	if f := tree.Fragment(b, "x"); f.Found {
		t.Error("anchors set again are not read")
	}
	tree.SetReferences("a.html", []string{"b.html"})
	if got := tree.Referrers("b.html"); !slices.Equal(got, []string{"a.html"}) {
		t.Errorf("Referrers(b.html) = %q", got)
	}
	tree.SetReferences("a.html", nil)
	if got := tree.Referrers("b.html"); len(got) != 0 {
		t.Errorf("Referrers(b.html) after forgetting = %q", got)
	}
	loads := 0
	lazy := mustTree(t, Files("c.md"), "", Options{Load: func(real string, k extract.Kind) *Anchors {
		loads++
		return anchorsOf(t, "# Title\n", k, SlugsGitHub)
	}})
	c := lazy.Resolve("c.md", false)
	for range 3 {
		if f := lazy.Fragment(c, "title"); !f.Found {
			t.Errorf("Fragment(c.md, title) = %+v", f)
		}
	}
	if _, known := lazy.Known("c.md"); !known || loads != 1 {
		t.Errorf("Load was asked %d times, and its anchors known: %v", loads, known)
	}
	tree.Invalidate()
	if got := tree.Resolve("a.html", false); got.Status != Found {
		t.Errorf("after Invalidate: %+v", got)
	}
}

// TestKnownOf: a target Resolve found before its document's anchors were
// set sees them as they are set, forgotten and set again, as Known does.
func TestKnownOf(t *testing.T) {
	tree, err := NewTree(Files("a.html", "b.png"), "", Options{})
	if err != nil {
		t.Fatal(err)
	}
	tg, img := tree.Resolve("a.html", false), tree.Resolve("b.png", false)
	check := func(when string, want *Anchors, wantKnown bool) {
		t.Helper()
		if a, known := tree.KnownOf(tg); a != want || known != wantKnown {
			t.Errorf("%s: KnownOf = %p, %v; want %p, %v", when, a, known, want, wantKnown)
		}
		if a, known := tree.Known("a.html"); a != want || known != wantKnown {
			t.Errorf("%s: Known = %p, %v; want %p, %v", when, a, known, want, wantKnown)
		}
	}
	check("before", nil, false)
	a := NewAnchors(extract.KindHTML, []extract.Anchor{{Kind: extract.AnchorID, Value: "x"}}, 0)
	tree.SetAnchors("a.html", a)
	check("set", a, true)
	if f := tree.FragmentOnce(tg, "x"); !f.Checked || !f.Found {
		t.Errorf("FragmentOnce(x) = %+v", f)
	}
	tree.SetAnchors("a.html", nil)
	check("forgotten", nil, false)
	b := NewAnchors(extract.KindHTML, nil, 0)
	tree.SetAnchors("a.html", b)
	check("set again", b, true)
	if _, known := tree.KnownOf(img); known {
		t.Error("an image's anchors are known")
	}
}

// TestCompactTree: a tree that keeps anchors compactly answers as one
// that keeps their names, and reads a document again (Options.Load) only
// for the name of an anchor a fragment names but for letter case, once
// for several such fragments (decision S-13).
func TestCompactTree(t *testing.T) {
	doc := `<p id="Intro"></p><p id="usage"></p>`
	loads := 0
	load := func(real string, k extract.Kind) *Anchors {
		loads++
		return ReadAnchors(doc, k, SlugsGitHub)
	}
	for _, compact := range []bool{false, true} {
		loads = 0
		tree, err := NewTree(Files("a.html"), "", Options{Load: load, Compact: compact})
		if err != nil {
			t.Fatal(err)
		}
		tg := tree.Resolve("a.html", false)
		tree.SetAnchors("a.html", ReadAnchors(doc, extract.KindHTML, SlugsGitHub))
		if a, _ := tree.KnownOf(tg); (a.Names() == nil) != compact {
			t.Errorf("compact %v: the tree keeps names %q", compact, a.Names())
		}
		for _, tc := range []struct{ frag, caseOnly string }{
			{"intro", "Intro"}, {"INTRO", "Intro"}, {"Usage", "usage"}, {"nope", ""}, {"usage", ""},
		} {
			f := tree.FragmentOnce(tg, tc.frag)
			if !f.Checked || f.CaseOnly != tc.caseOnly || f.Found != (tc.frag == "usage") {
				t.Errorf("compact %v: FragmentOnce(%q) = %+v, want case-only %q", compact, tc.frag, f, tc.caseOnly)
			}
		}
		if want := map[bool]int{false: 0, true: 1}[compact]; loads != want {
			t.Errorf("compact %v: the document was read %d times, want %d", compact, loads, want)
		}
	}
}
