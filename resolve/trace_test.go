package resolve_test

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/relurl/relurl/ast"
	"github.com/relurl/relurl/resolve"
	"github.com/relurl/relurl/validate"
)

// checkTrace holds a trace to the resolution it records: the same result as
// Reference, one deciding step and the last one where the RFC stops, every
// component where its origin says it came from, and step 6's stages
// chained.
func checkTrace(t *testing.T, base, ref ast.URL) {
	t.Helper()
	want := resolve.Reference(base, ref)
	got, tr := resolve.ReferenceTrace(base, ref)
	if got != want || tr.Result != want {
		t.Fatalf("ReferenceTrace(%q, %q) = %q with Result %q; Reference gives %q", base, ref, got, tr.Result, want)
	}
	var decides []string
	for _, s := range tr.Steps {
		if s.Note == "" {
			t.Errorf("%q + %q: step %s has no note", base, ref, s.ID)
		}
		if s.Decides {
			decides = append(decides, s.ID)
		}
	}
	if len(decides) != 1 || decides[0] != tr.Decided {
		t.Fatalf("%q + %q: deciding steps %q, Decided %q", base, ref, decides, tr.Decided)
	}
	last := tr.Steps[len(tr.Steps)-1].ID
	switch tr.Decided {
	case "1", "2a", "2b":
		if last != tr.Decided {
			t.Errorf("%q + %q: decided by %s, then step %s ran", base, ref, tr.Decided, last)
		}
	default:
		if last != "7" {
			t.Errorf("%q + %q: decided by %s, but the last step is %s, not 7", base, ref, tr.Decided, last)
		}
	}
	if (tr.Path != nil) != (tr.Decided == "6") {
		t.Errorf("%q + %q: decided by %s with a step 6 trace %v", base, ref, tr.Decided, tr.Path != nil)
	}
	// Every component is where its origin says it came from.
	b, r := base.WithoutSpans(), ref.WithoutSpans()
	for _, c := range []struct {
		name           string
		origin         resolve.Origin
		got, base, ref ast.Component
	}{
		{"scheme", tr.Origin.Scheme, want.Scheme, b.Scheme, r.Scheme},
		{"net_loc", tr.Origin.NetLoc, want.NetLoc, b.NetLoc, r.NetLoc},
		{"params", tr.Origin.Params, want.Params, b.Params, r.Params},
		{"query", tr.Origin.Query, want.Query, b.Query, r.Query},
		{"fragment", tr.Origin.Fragment, want.Fragment, b.Fragment, r.Fragment},
	} {
		from := map[resolve.Origin]ast.Component{resolve.FromBase: c.base, resolve.FromReference: c.ref}
		if src, ok := from[c.origin]; !ok || src != c.got {
			t.Errorf("%q + %q: %s %+v, origin %v, which has %+v", base, ref, c.name, c.got, c.origin, src)
		}
	}
	// The path as its origin has it, before step 7 writes anything in front.
	var path string
	switch tr.Origin.Path {
	case resolve.FromBase:
		path = b.Path.Value
	case resolve.FromReference:
		path = r.Path.Value
	case resolve.FromMerge:
		path = tr.Path.Path
		if tr.Path.Merged != tr.Path.Directory+tr.Path.Reference || tr.Path.Reference != r.Path.Value {
			t.Errorf("%q + %q: step 6 merged %q + %q into %q", base, ref, tr.Path.Directory, tr.Path.Reference, tr.Path.Merged)
		}
		for i, rule := range tr.Path.Rules {
			if rule.ID != fmt.Sprintf("6%c", 'a'+i) || rule.Rule == "" {
				t.Errorf("%q + %q: rule %d is %q: %q", base, ref, i, rule.ID, rule.Rule)
			}
			before := tr.Path.Merged
			if i > 0 {
				before = tr.Path.Rules[i-1].Path
			}
			if (len(rule.Removed) == 0) != (before == rule.Path) {
				t.Errorf("%q + %q: rule %s removed %q and took %q to %q", base, ref, rule.ID, rule.Removed, before, rule.Path)
			}
		}
	default:
		t.Fatalf("%q + %q: path origin %v", base, ref, tr.Origin.Path)
	}
	if !strings.HasSuffix(want.Path.Value, path) || len(want.Path.Value)-len(path) > 2 {
		t.Errorf("%q + %q: path %q, from %v %q", base, ref, want.Path.Value, tr.Origin.Path, path)
	}
}

// TestTrace holds the trace to the resolution on every row of the tables,
// §5 first.
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
				checkTrace(t, b, r)
				if got, tr := resolve.ReferenceTrace(b, r); got.String() != c.want || tr.Result.String() != c.want {
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
	u, tr := resolve.ReferenceTrace(b, r)
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
	want := resolve.Origins{
		Scheme: resolve.FromBase, NetLoc: resolve.FromBase, Path: resolve.FromMerge,
		Params: resolve.FromReference, Query: resolve.FromReference, Fragment: resolve.FromReference,
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

// FuzzTrace: on any two strings, cut by §2.4 as Lenient cuts them, the
// trace records the resolution Reference makes, consistently.
func FuzzTrace(f *testing.F) {
	for _, cases := range allCases() {
		for _, c := range cases {
			f.Add(c.base, c.ref)
		}
	}
	f.Add("http://a/b/./c/../d/", "./../e/./..")
	f.Fuzz(func(t *testing.T, base, ref string) {
		checkTrace(t, validate.Split(base), validate.Split(ref))
	})
}
