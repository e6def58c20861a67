package htmlscan

import (
	"reflect"
	"testing"
)

// TestResetKeepsNothing: a scanner Reset for another document holds
// nothing of the one before (its attributes' names may be pieces of it),
// keeps the names it lowered as copies, and reads the new document as a
// new scanner does.
func TestResetKeepsNothing(t *testing.T) {
	first := `<svg viewBox="0 0 1 1"><a b=1 c=2 d=3 e=4 f=5 g=6 h=7 i=8 j=9 k=10 l=11 m=12 n=13 o=14 p=15 q=16 r=17 s=18 href=x></a></svg>`
	second := `<p id=a><a href="b">c</a>`
	s := New(first)
	for s.Next() != EOF {
	}
	if cap(s.attrs) == 0 || len(s.lowered) == 0 {
		t.Fatal("the first document left the scanner no buffer to keep: the test tests nothing")
	}
	s.Reset(second)
	for i, a := range s.attrs[:cap(s.attrs)] {
		if a != (Attr{}) {
			t.Errorf("attribute %d kept after Reset: %+v", i, a)
		}
	}
	if len(s.seen) != 0 {
		t.Errorf("Reset kept %d names seen", len(s.seen))
	}
	var got, want []string
	for fresh := New(second); fresh.Next() != EOF; {
		want = append(want, fresh.Name())
		for _, a := range fresh.Attrs() {
			want = append(want, a.Name)
		}
	}
	for s.Next() != EOF {
		got = append(got, s.Name())
		for _, a := range s.Attrs() {
			got = append(got, a.Name)
		}
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("read after Reset: %q, want %q", got, want)
	}
}
