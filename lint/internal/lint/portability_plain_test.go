package lint

import (
	"bufio"
	"encoding/json"
	"math/rand/v2"
	"net/url"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/relurl/relurl/ast"
	"github.com/relurl/relurl/internal/gen"
	"github.com/relurl/relurl/internal/testseed"
	"github.com/relurl/relurl/lint/internal/compare"
	"github.com/relurl/relurl/resolve"
	"github.com/relurl/relurl/validate"
)

// TestPlainAgreesWithNetURL holds the premise of urlCheck.plain, the
// shortcut of the RFC 3986 rules: wherever compare's prefilter says the
// readers agree on a reference against a base, net/url accepts the
// reference and resolves it to what RFC 1808 gives, as the rules compare
// the two (checkPortabilityResolution). The pairs are the 3 905 links of
// the Python 3.11 documentation against their pages
// (compare/testdata/pydocs), each link alone, and the benchmark corpus
// (the §5 examples, the mixes, links from web pages).
func TestPlainAgreesWithNetURL(t *testing.T) {
	type pair struct{ base, ref string }
	var pairs []pair
	f, err := os.Open("../compare/testdata/pydocs/links.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var link [2]string
		if err := json.Unmarshal(sc.Bytes(), &link); err != nil {
			t.Fatal(err)
		}
		pairs = append(pairs, pair{"https://docs.python.org/3.11/" + link[0], link[1]}, pair{"", link[1]})
	}
	for _, name := range []string{"mix.txt", "realworld.txt", "section5.txt", "resolve.txt"} {
		data, err := os.ReadFile("../../../testdata/bench/" + name)
		if err != nil {
			t.Fatal(err)
		}
		for _, line := range strings.Split(string(data), "\n") {
			if line == "" || strings.HasPrefix(line, "# ") {
				continue
			}
			if base, ref, ok := strings.Cut(line, "\t"); ok {
				pairs = append(pairs, pair{base, ref})
				continue
			}
			pairs = append(pairs, pair{"http://a/b/c/d;p?q#f", line}, pair{"", line})
		}
	}
	bases := map[string]*compare.Base{}
	plain := 0
	for _, p := range pairs {
		cb := bases[p.base]
		if cb == nil {
			cb = compare.NewBase(p.base)
			bases[p.base] = cb
		}
		if !cb.Agrees(p.ref) {
			continue
		}
		plain++
		ref, err := url.Parse(p.ref)
		if err != nil {
			t.Errorf("%q: plain, but net/url rejects it: %v", p.ref, err)
			continue
		}
		r1808, r3986 := p.ref, (&url.URL{}).ResolveReference(ref).String()
		if p.base != "" {
			bu, err := resolve.ParseBase(p.base)
			ru, diags := validate.Validate(p.ref)
			b, nerr := url.Parse(p.base)
			if err != nil || diags.HasErrors() || nerr != nil {
				t.Errorf("%q against %q: plain, but %v, %v, %v", p.ref, p.base, err, diags, nerr)
				continue
			}
			r1808, r3986 = resolve.Reference(bu, ru).String(), b.ResolveReference(ref).String()
		}
		if r1808 == r3986 {
			continue
		}
		if q, err := url.Parse(r1808); err != nil || q.String() != r3986 {
			t.Errorf("%q against %q: plain, but RFC 1808 gives %q and net/url %q", p.ref, p.base, r1808, r3986)
		}
	}
	if plain < len(pairs)/2 {
		t.Errorf("only %d of %d pairs are plain", plain, len(pairs))
	}
	t.Logf("%d of %d pairs plain", plain, len(pairs))
}

// TestNetAccepts holds urlCheck.netAccepts, the shortcut of the RFC 3986
// parse rule, to net/url: every valid relative reference it says net/url
// accepts, net/url accepts. The references are the grammar's
// (relativeURL drawn from random bytes, RELURL_SEED), the same with the
// characters an allowance may accept put in, and the corpus's links.
func TestNetAccepts(t *testing.T) {
	rel, ok := gen.Find("relativeURL")
	if !ok {
		t.Fatal("no relativeURL production")
	}
	rng := rand.New(rand.NewPCG(uint64(testseed.Seed(t, 18)), 2))
	var refs []string
	n := 50000
	if testing.Short() {
		n = 5000
	}
	data := make([]byte, 64)
	for range n {
		for i := range data {
			data[i] = byte(rng.IntN(256))
		}
		u := rel.Draw(gen.NewBytes(data)).(ast.URL).String()
		refs = append(refs, u)
		if len(u) > 0 {
			// An allowance's characters (AllowChars), anywhere.
			i := rng.IntN(len(u))
			refs = append(refs, u[:i]+string("{}|\\^~[]`<>\"#"[rng.IntN(13)])+u[i:])
		}
	}
	f, err := os.Open("../compare/testdata/pydocs/links.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var link [2]string
		if err := json.Unmarshal(sc.Bytes(), &link); err != nil {
			t.Fatal(err)
		}
		refs = append(refs, link[1])
	}
	accepted := 0
	for _, s := range refs {
		u, diags := validate.Validate(s)
		if u.Scheme.Present || slices.ContainsFunc(diags, func(d ast.Diagnostic) bool {
			// Valid, or invalid for an allowance's characters only (an
			// inserted one may split an escape).
			return !strings.HasSuffix(d.Rule, "/char") && d.Rule != "fragment/hash"
		}) {
			continue
		}
		c := urlCheck{urlState: urlState{s: s, relative: true, colonAt: -2}, u: u}
		if !c.netAccepts() {
			continue
		}
		accepted++
		if _, err := url.Parse(s); err != nil {
			t.Errorf("netAccepts(%q), but net/url: %v", s, err)
		}
	}
	t.Logf("%d of %d references taken as accepted without net/url", accepted, len(refs))
}
