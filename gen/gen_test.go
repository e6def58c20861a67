package gen_test

import (
	"math/rand"
	"testing"

	"github.com/relurl/relurl"
	"github.com/relurl/relurl/gen"
)

// TestGenerators: every generator gives valid values both ways, and every
// URL-level one violations whose diagnostic relurl.Validate reports first.
func TestGenerators(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	gs := gen.Generators()
	if len(gs) == 0 {
		t.Fatal("no generators")
	}
	urls := 0
	for _, g := range gs {
		if back, ok := gen.Find(g.Name()); !ok || back.Name() != g.Name() {
			t.Errorf("Find(%q) = %v, %v", g.Name(), back.Name(), ok)
		}
		for i := range 50 {
			values := []string{g.Generate(r), g.Draw([]byte{byte(i), byte(3 * i), byte(7 * i)})}
			if !g.IsURL() {
				continue
			}
			for _, u := range values {
				if _, err := relurl.Parse(u); err != nil {
					t.Errorf("%s: %q: %v", g.Name(), u, err)
				}
			}
			for _, v := range []gen.Violation{must(g.GenerateInvalid(r)), must(g.DrawInvalid([]byte{byte(i), byte(5 * i)}))} {
				_, diags := relurl.Validate(v.Input)
				if len(diags) == 0 || diags[0].Rule != v.Rule || diags[0].Offset != v.Offset || diags[0].Production != v.Production {
					t.Errorf("%s: %+v: Validate reports %+v", g.Name(), v, diags)
				}
				if _, err := relurl.Parse(v.Base); err != nil {
					t.Errorf("%s: the base of %+v: %v", g.Name(), v, err)
				}
			}
		}
		if g.IsURL() {
			urls++
		}
	}
	if urls != 7 {
		t.Errorf("%d URL-level productions, want 7", urls)
	}
	s, _ := gen.Find("scheme")
	if _, ok := s.GenerateInvalid(r); ok {
		t.Error("scheme takes violations")
	}
	if _, ok := gen.Find("no such production"); ok {
		t.Error("Find finds a production that is not there")
	}
}

func must(v gen.Violation, ok bool) gen.Violation {
	if !ok {
		panic("no violation")
	}
	return v
}
