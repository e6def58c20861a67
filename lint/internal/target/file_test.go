package target

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/relurl/relurl/internal/testseed"
	"github.com/relurl/relurl/lint/internal/compare"
	"github.com/relurl/relurl/resolve"
	"github.com/relurl/relurl/validate"
)

// TestFastPlace: where FastPlace says a reference leads is where the
// reference resolved by RFC 1808 §4 against the URL the file is served
// at leads (Tree.LocateURL), on references made of names, dot segments,
// escapes, empty segments, queries and fragments, from files at every
// depth, under the root of a site and under a directory of one.
func TestFastPlace(t *testing.T) {
	seed := testseed.Seed(t, 1)
	rng := rand.New(rand.NewPCG(uint64(seed), 0))
	parts := []string{"a", "b.html", "..", ".", "", "%41", "c d", "x;p", "q?y", "#f", "/"}
	for _, root := range []string{"", "https://docs.example.org/3.11/"} {
		tree, err := NewTree(Files("a/b/c.html"), root, Options{})
		if err != nil {
			t.Fatal(err)
		}
		for _, file := range []string{"index.html", "a/b.html", "a/b/c/d.html"} {
			tc := NewFile(&Scope{Tree: tree, Paths: []string{file}}, 0)
			fast, checked := 0, 0
			for range 3000 {
				var b strings.Builder
				for range rng.IntN(6) {
					p := parts[rng.IntN(len(parts))]
					if b.Len() > 0 && p != "#f" && p != "q?y" && rng.IntN(2) == 0 {
						b.WriteByte('/')
					}
					b.WriteString(p)
				}
				ref := b.String()
				u, diags := validate.Validate(ref)
				if diags.HasErrors() {
					continue
				}
				checked++
				got, tg, ok := tc.FastPlace(&u)
				if !ok {
					continue
				}
				fast++
				res := resolve.Reference(tc.Served, u)
				want := tree.LocateURL(&res)
				wantTg := tree.Resolve(want.Path, want.Dir)
				if wantTg.Status == Missing && tc.IsOwn(want) {
					// The file under check itself, not in the tree (decision E-13).
					wantTg = tc.own()
				}
				if got != want || tg != wantTg {
					t.Fatalf("seed %d: %q from %s under %q: FastPlace %+v, LocateURL of %q %+v", seed, ref, file, root, got, res.String(), want)
				}
			}
			if fast < checked/4 {
				t.Errorf("%s under %q: FastPlace took %d of %d references", file, root, fast, checked)
			}
		}
	}
}

// TestMayMove: where MayMove says the two readings cannot move a
// reference, browsers and RFC 1808 reach the same path: against the bases
// of every depth, every reference made of names, dot segments and the
// rest is read by package compare, and MayMove must not say no where the
// readings differ.
func TestMayMove(t *testing.T) {
	for _, tc := range []struct {
		s     string
		depth int
		want  bool
	}{
		{"a/b.html", 0, false}, {"a.html#x.y", 0, false}, {"../a.html", 0, true}, {"../a.html", 1, false},
		{"../../a.html", 1, true}, {"a.b/c..d/.e", 0, false}, {"?a/./b", 0, false}, {"./a", 0, false}, {"a/..", 0, true}, {"a/..", 1, false}, {"//a/b", 5, true},
		{"/./g", 5, true}, {"/a/g", 5, false}, {"http://a/./g", 5, true}, {";x", 5, true}, {"a/%2e%2e/b", 5, true},
		{"%2E", 5, true}, {"http://a/b/./c", -1, true}, {"http://a/b/c", -1, false},
		{"../a/../b", 1, true}, {"../a/../b", 2, false}, {"../..", 1, true}, {"../..", 2, false}, {"../a..b", 1, false},
	} {
		if got := MayMove(tc.s, tc.depth); got != tc.want {
			t.Errorf("MayMove(%q, %d) = %v, want %v", tc.s, tc.depth, got, tc.want)
		}
	}
	parts := []string{"a", "..", ".", "", "b.html", "/", "?q", "#f"}
	var refs []string
	var gen func(prefix string, n int)
	gen = func(prefix string, n int) {
		refs = append(refs, prefix)
		if n == 0 {
			return
		}
		for _, p := range parts {
			sep := ""
			if prefix != "" && p != "?q" && p != "#f" && p != "/" {
				sep = "/"
			}
			gen(prefix+sep+p, n-1)
		}
	}
	gen("", 4)
	for _, b := range []string{"http://a/", "http://a/x.html", "http://a/b/c/d.html", "http://a/b/"} {
		base := compare.NewBase(b)
		u, _ := resolve.ParseBase(b)
		for _, ref := range refs {
			if _, diags := validate.Validate(ref); diags.HasErrors() || MayMove(ref, Depth(&u)) {
				continue
			}
			rep := base.Reference(ref)
			r, w := rep.Reading(compare.RFC1808), rep.Reading(compare.WHATWG)
			rp, wp := r.Components.Path, w.Components.Path
			if r.Components.Params.Present {
				rp += ";" + r.Components.Params.Value
			}
			if rp != wp && !(rp == "" && wp == "/") {
				t.Errorf("%q against %q: RFC 1808 reaches %q, browsers %q, and MayMove says no", ref, b, rp, wp)
			}
		}
	}
}

// TestNearAllocates: a reference whose target was resolved before costs
// Near no memory (decision S-22), and Near answers with the path asked,
// for a path resolved through an extension tried as for one found.
func TestNearAllocates(t *testing.T) {
	tree, err := NewTree(Files("a/b/c.html", "a/d.html", "a/e/index.html"), "", Options{TryExtensions: []string{".html"}})
	if err != nil {
		t.Fatal(err)
	}
	d := tree.Dir("a/b")
	for _, c := range []struct {
		ref, path string
		dir       bool
		status    Status
	}{
		{ref: "c.html", path: "a/b/c.html", status: Found},
		{ref: "../d", path: "a/d", status: Found},
		{ref: "../e/", path: "a/e", dir: true, status: Found},
		{ref: "./../../a/d.html", path: "a/d.html", status: Found},
		{ref: "none.html", path: "a/b/none.html", status: Missing},
	} {
		pl, tg, ok := d.Near(c.ref)
		if !ok || pl.Path != c.path || pl.Dir != c.dir || tg.Status != c.status {
			t.Errorf("Near(%q) = %+v, %v, %v; want %s (dir %v), status %v", c.ref, pl, tg.Status, ok, c.path, c.dir, c.status)
		}
		if n := testing.AllocsPerRun(100, func() { d.Near(c.ref) }); n != 0 {
			t.Errorf("Near(%q) again: %v allocations; want none", c.ref, n)
		}
	}
}
