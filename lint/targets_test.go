package lint

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/relurl/relurl/compare"
	"github.com/relurl/relurl/internal/testseed"
	"github.com/relurl/relurl/lint/extract"
	"github.com/relurl/relurl/lint/target"
	"github.com/relurl/relurl/resolve"
	"github.com/relurl/relurl/validate"
)

// TestFastPlace: where fastPlace says a reference leads is where the
// reference resolved by RFC 1808 §4 against the URL the file is served
// at leads (Tree.LocateURL), on references made of names, dot segments,
// escapes, empty segments, queries and fragments, from files at every
// depth, under the root of a site and under a directory of one.
func TestFastPlace(t *testing.T) {
	seed := testseed.Seed(t, 1)
	rng := rand.New(rand.NewPCG(uint64(seed), 0))
	parts := []string{"a", "b.html", "..", ".", "", "%41", "c d", "x;p", "q?y", "#f", "/"}
	for _, root := range []string{"", "https://docs.example.org/3.11/"} {
		tree, err := target.NewTree(target.Files("a/b/c.html"), root, target.Options{})
		if err != nil {
			t.Fatal(err)
		}
		for _, file := range []string{"index.html", "a/b.html", "a/b/c/d.html"} {
			tc := newTargetCtx(&Targets{Tree: tree, Paths: []string{file}}, 0)
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
				got, tg, ok := tc.fastPlace(&u)
				if !ok {
					continue
				}
				fast++
				res := resolve.Reference(tc.served, u)
				if want := tree.LocateURL(&res); got != want || tg != tree.Resolve(want.Path, want.Dir) {
					t.Fatalf("seed %d: %q from %s under %q: fastPlace %+v, LocateURL of %q %+v", seed, ref, file, root, got, res.String(), want)
				}
			}
			if fast < checked/4 {
				t.Errorf("%s under %q: fastPlace took %d of %d references", file, root, fast, checked)
			}
		}
	}
}

// TestMayMove: where mayMove says the two readings cannot move a
// reference, browsers and RFC 1808 reach the same path: against the bases
// of every depth, every reference made of names, dot segments and the
// rest is read by package compare, and mayMove must not say no where the
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
	} {
		if got := mayMove(tc.s, tc.depth); got != tc.want {
			t.Errorf("mayMove(%q, %d) = %v, want %v", tc.s, tc.depth, got, tc.want)
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
			if _, diags := validate.Validate(ref); diags.HasErrors() || mayMove(ref, depth(&u)) {
				continue
			}
			rep := base.Reference(ref)
			r, w := rep.Reading(compare.RFC1808), rep.Reading(compare.WHATWG)
			rp, wp := r.Components.Path, w.Components.Path
			if r.Components.Params.Present {
				rp += ";" + r.Components.Params.Value
			}
			if rp != wp && !(rp == "" && wp == "/") {
				t.Errorf("%q against %q: RFC 1808 reaches %q, browsers %q, and mayMove says no", ref, b, rp, wp)
			}
		}
	}
}

// TestCheckWithAliases: a file checked under two names: its findings
// under its own, the target rules' under the other, each against its
// own base; its directives judged on what both names used.
func TestCheckWithAliases(t *testing.T) {
	tree, err := target.NewTree(target.Files("en/a.html", "en/b.html", "de/a.html -> ../en/a.html"), "", target.Options{})
	if err != nil {
		t.Fatal(err)
	}
	l, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	src := "<!-- relurl:ignore target/missing -- only the German page lacks it -->\n<a href=\"b.html\">b</a>\n<a href=\"a b\">x</a>\n"
	c := l.CheckWith("de/a.html", src, extract.KindHTML, "", nil, &Targets{Tree: tree, Paths: []string{"de/a.html", "en/a.html"}, Names: []string{"de/a.html", "en/a.html"}})
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
	tree, err := target.NewTree(target.Files("p.html"), "", target.Options{})
	if err != nil {
		t.Fatal(err)
	}
	l, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, deferred := range []bool{false, true} {
		c := l.CheckWith("p.html", b.String(), extract.KindHTML, "", nil, &Targets{Tree: tree, Paths: []string{"p.html"}, Defer: deferred})
		findings := c.Findings
		if deferred {
			tree.SetAnchors("p.html", c.Targets.Anchors)
			findings, _, _ = c.Targets.Deferred[0].Check(tree, "p.html")
		}
		// "#a<n>" names nothing; nor does the long one.
		if len(findings) != 2 || findings[0].Text != fmt.Sprintf("a%d", n) || len(findings[1].Text) != 3<<18 {
			t.Fatalf("deferred %v: %d findings", deferred, len(findings))
		}
		if strings.Contains(findings[1].Message, strings.Repeat("A", 100)) && len(findings[1].Message) > 1000 {
			t.Errorf("a message of %d bytes", len(findings[1].Message))
		}
	}
}
