package lint

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

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
				got, ok := tc.fastPlace(&u)
				if !ok {
					continue
				}
				fast++
				res := resolve.Reference(tc.served, u)
				if want := tree.LocateURL(&res); got != want {
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
// reference, browsers and RFC 1808 reach the same path.
func TestMayMove(t *testing.T) {
	for _, tc := range []struct {
		s    string
		want bool
	}{
		{"a/b.html", false}, {"a.html#x.y", false}, {"../a.html", true}, {"a.b/c..d/.e", false}, {"?a/./b", false},
		{"./a", true}, {"a/..", true}, {"/./g", true}, {";x", true}, {"a/%2e%2e/b", true}, {"%2E", true}, {".", true},
	} {
		if got := mayMove(tc.s); got != tc.want {
			t.Errorf("mayMove(%q) = %v, want %v", tc.s, got, tc.want)
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
