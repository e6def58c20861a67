package target

import (
	"testing"

	"github.com/relurl/relurl/lint/internal/extract"
)

// TestSessionRelease: a session's memory given back holds nothing of
// its file (no text, no target: every destination and entry cleared, to
// their full capacity), and the next session's destinations start as
// new ones, whatever the last file left in that memory.
func TestSessionRelease(t *testing.T) {
	tree, err := NewTree(Files("a.html", "b/a.html"), "", Options{})
	if err != nil {
		t.Fatal(err)
	}
	scope := &Scope{Tree: tree, Paths: []string{"a.html", "b/a.html"}}
	s := NewSession(scope, extract.KindHTML)
	s.Anchor(extract.Anchor{Kind: extract.AnchorID, Value: "x"})
	for _, f := range s.Files {
		for i := range destChunk + 3 {
			lk := f.NewDest()
			lk.OK, lk.Target, lk.URLText, lk.FragAt = true, f.own(), "a.html#x", i
		}
	}
	own := NewName(s.Files[0], false, false, nil)
	alias := NewName(s.Files[1], true, false, &own)
	if own.table() != alias.fragTab {
		t.Fatal("the names of a file do not share their table")
	}
	tab := own.table()
	tab.refs = append(tab.refs, fragInfo{url: "a.html#x", where: "<a href>", base: &Base{URL: "a.html"}})
	tab.self = append(tab.self, 0)
	if s.Anchors() == nil {
		t.Fatal("no anchors")
	}
	sp := s.spare
	s.Release()
	if s.spare != nil {
		t.Error("the session keeps its memory after Release")
	}
	if got, want := len(sp.chunks), 4; got != want {
		t.Errorf("%d chunks given back, want %d", got, want)
	}
	for _, c := range sp.chunks {
		for i := range c {
			if c[i] != (Dest{}) {
				t.Fatalf("a destination given back holds %+v", c[i])
			}
		}
	}
	if len(tab.refs) != 0 || len(tab.self) != 0 || tab.last != -1 {
		t.Errorf("table given back: %d entries, %d self, last %d", len(tab.refs), len(tab.self), tab.last)
	}
	for _, r := range tab.refs[:cap(tab.refs)] {
		if r != (fragInfo{}) {
			t.Fatalf("an entry given back holds %+v", r)
		}
	}
	if len(sp.anchors) != 0 || sp.anchors[:cap(sp.anchors)][0] != (extract.Anchor{}) {
		t.Errorf("anchors given back: %v", sp.anchors[:cap(sp.anchors)])
	}
	for _, f := range s.Files {
		if f.chunks != nil || f.chunk != nil {
			t.Error("a file keeps its destinations after Release")
		}
	}
	s.Release() // twice is harmless

	next := NewSession(&Scope{Tree: tree, Paths: []string{"a.html"}}, extract.KindHTML)
	defer next.Release()
	if lk := next.Files[0].NewDest(); *lk != (Dest{FragAt: -1, Target: NoTarget}) {
		t.Errorf("a new destination is %+v", *lk)
	}
}
