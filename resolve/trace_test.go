package resolve_test

import (
	"reflect"
	"testing"

	"github.com/relurl/relurl/internal/resolution"
	"github.com/relurl/relurl/resolve"
)

// TestTrace holds the trace of package internal/resolution, the
// playground's, to the resolution on every row of the tables, §5 first.
func TestTrace(t *testing.T) {
	for section, cases := range allCases() {
		t.Run(section, func(t *testing.T) {
			for _, c := range cases {
				b, err := resolve.ParseBase(c.base)
				if err != nil {
					t.Fatal(err)
				}
				r, err := resolve.ParseRef(c.ref)
				if err != nil {
					t.Fatal(err)
				}
				if err := resolution.CheckTrace(b, r); err != nil {
					t.Error(err)
				}
				if got, tr := resolution.ReferenceTrace(b, r); got.String() != c.want || tr.Result.String() != c.want {
					t.Errorf("ReferenceTrace(%q, %q) = %q, want %q", c.base, c.ref, got, c.want)
				}
			}
		})
	}
}

// TestTraceDotDot pins the example step by step: "../../g;x?y#s"
// against the §5 base gives "http://a/g;x?y#s".
func TestTraceDotDot(t *testing.T) {
	b, _ := resolve.ParseBase(rfcBase)
	r, _ := resolve.ParseRef("../../g;x?y#s")
	u, tr := resolution.ReferenceTrace(b, r)
	if u.String() != "http://a/g;x?y#s" {
		t.Fatalf("got %q", u)
	}
	var ids []string
	for _, s := range tr.Steps {
		ids = append(ids, s.ID)
	}
	if want := []string{"1", "2", "2a", "2b", "2c", "3", "4", "5", "6", "7"}; !reflect.DeepEqual(ids, want) {
		t.Errorf("steps %q, want %q", ids, want)
	}
	if tr.Decided != "6" {
		t.Errorf("decided by %q", tr.Decided)
	}
	want := resolution.Origins{
		Scheme: resolution.FromBase, NetLoc: resolution.FromBase, Path: resolution.FromMerge,
		Params: resolution.FromReference, Query: resolution.FromReference, Fragment: resolution.FromReference,
	}
	if tr.Origin != want {
		t.Errorf("origins %+v, want %+v", tr.Origin, want)
	}
	p := tr.Path
	if p.Directory != "/b/c/" || p.Reference != "../../g" || p.Merged != "/b/c/../../g" || p.Path != "/g" || p.KeptDot {
		t.Errorf("step 6: %+v", p)
	}
	var stages [][]string
	for _, rule := range p.Rules {
		stages = append(stages, append([]string{rule.Path}, rule.Removed...))
	}
	wantStages := [][]string{{"/b/c/../../g"}, {"/b/c/../../g"}, {"/g", "c/../", "b/../"}, {"/g"}}
	if !reflect.DeepEqual(stages, wantStages) {
		t.Errorf("rules a) to d): %q, want %q", stages, wantStages)
	}
}
