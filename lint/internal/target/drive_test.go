package target

import (
	"path/filepath"
	"slices"
	"testing"

	"github.com/relurl/relurl/lint/internal/extract"
)

// TestRel: a path is under the root when it is below it; the root
// itself, its parent and its siblings are not.
func TestRel(t *testing.T) {
	root := filepath.FromSlash("/srv/docs")
	for _, tc := range []struct {
		path, want string
		ok         bool
	}{
		{"/srv/docs/a.html", "a.html", true},
		{"/srv/docs/a/b/c.html", "a/b/c.html", true},
		{"/srv/docs/..x.html", "..x.html", true},
		{"/srv/docs", "", false},
		{"/srv", "", false},
		{"/srv/docs2/a.html", "", false},
		{"/srv/other/a.html", "", false},
	} {
		got, ok := Rel(root, filepath.FromSlash(tc.path))
		if got != tc.want || ok != tc.ok {
			t.Errorf("Rel(%q, %q) = %q, %v; want %q, %v", root, tc.path, got, ok, tc.want, tc.ok)
		}
	}
}

// TestReadAnchors: a document's anchors as Options.Load gives them.
func TestReadAnchors(t *testing.T) {
	a := ReadAnchors(`<h2 id="usage">Usage</h2><a name="old">x</a>`, extract.KindHTML, SlugsGitHub)
	if a == nil || !slices.Equal(a.Names(), []string{"usage", "old"}) && !slices.Equal(a.Names(), []string{"old", "usage"}) {
		t.Fatalf("ReadAnchors: %v", a)
	}
	md := ReadAnchors("# Getting started\n", extract.KindMarkdown, SlugsGitHub)
	if m := md.Find("getting-started"); !m.Found {
		t.Errorf("ReadAnchors of Markdown: %v has no getting-started", md.Names())
	}
}

// TestEditorDrive: what an editor tells a tree of an open document: its
// anchors stand for the file's, the documents that refer to it are
// checked again when they change (not when they were never read, nor when
// they are the same), and closing or changing the file on disk forgets
// them.
func TestEditorDrive(t *testing.T) {
	tree, err := NewTree(Files("a.html", "b.html", "c.html"), "", Options{})
	if err != nil {
		t.Fatal(err)
	}
	one := NewAnchors(extract.KindHTML, []extract.Anchor{{Kind: extract.AnchorID, Value: "x"}}, SlugsGitHub)
	two := NewAnchors(extract.KindHTML, []extract.Anchor{{Kind: extract.AnchorID, Value: "y"}}, SlugsGitHub)
	tree.SetReferences("b.html", []string{"a.html"})
	tree.SetReferences("c.html", []string{"a.html"})
	if real, again := tree.Linted("a.html", nil, one); again || real != "" {
		t.Errorf("first lint: %q, %v; want no check again (nothing was checked against anchors not read)", real, again)
	}
	if _, again := tree.Linted("a.html", nil, one); again {
		t.Errorf("same anchors: checked again")
	}
	real, again := tree.Linted("a.html", nil, two)
	if !again || real != "a.html" {
		t.Fatalf("new anchors: %q, %v; want a.html, true", real, again)
	}
	if got := tree.ReferrersBut(real, "c.html"); !slices.Equal(got, []string{"b.html"}) {
		t.Errorf("ReferrersBut = %q", got)
	}
	if a, known := tree.Known("a.html"); !known || a != two {
		t.Errorf("Known after Linted: %v, %v", a, known)
	}
	if real, ok := tree.Closed("a.html"); !ok || real != "a.html" {
		t.Errorf("Closed = %q, %v", real, ok)
	}
	if _, known := tree.Known("a.html"); known {
		t.Errorf("Closed kept the anchors")
	}
	tree.SetAnchorsAt("a.html", one)
	if _, _, relist := tree.Changed("a.html", false, true); relist {
		t.Errorf("a file found and written: the listings read again")
	}
	if _, known := tree.Known("a.html"); !known {
		t.Errorf("Changed with keep forgot the anchors of an open document")
	}
	if _, found, relist := tree.Changed("a.html", false, false); !found || relist {
		t.Errorf("Changed(a.html) = found %v, relist %v", found, relist)
	}
	if _, known := tree.Known("a.html"); known {
		t.Errorf("Changed kept the anchors of a file not open")
	}
	if _, found, relist := tree.Changed("new.html", true, false); found || !relist {
		t.Errorf("Changed(new.html) = found %v, relist %v; want a new file read again", found, relist)
	}
}
