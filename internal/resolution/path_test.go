package resolution

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/relurl/relurl/ast"
	"github.com/relurl/relurl/internal/testseed"
)

// literalStep6 is step 6 of §4 done the way the RFC words it, by string
// rewriting: slow (quadratic) but easy to check against the text. The
// leading "/" is set aside first: it is not part of the path (§2.4.6), so
// "/../g" has no segment before its "..".
func literalStep6(basePath, ref string) string {
	return literalStages(basePath, ref)[5]
}

// literalStages is literalStep6 with the path at each stage: merged, after
// a), b), c) and d), and as step 6 leaves it.
func literalStages(basePath, ref string) (stages [6]string) {
	p := basePath[:strings.LastIndexByte(basePath, '/')+1] + ref
	stages[0] = p
	lead := ""
	if strings.HasPrefix(p, "/") {
		lead, p = "/", p[1:]
	}
	complete := func(i int) bool { return i == 0 || p[i-1] == '/' }
	// a) All occurrences of "./", where "." is a complete path segment.
	for i := 0; i+1 < len(p); {
		if p[i] == '.' && p[i+1] == '/' && complete(i) {
			p = p[:i] + p[i+2:]
			continue
		}
		i++
	}
	stages[1] = lead + p
	// b) A final "." that is a complete path segment.
	if p == "." || strings.HasSuffix(p, "/.") {
		p = p[:len(p)-1]
	}
	stages[2] = lead + p
	// c) "<segment>/../", leftmost first, until none is left.
	for again := true; again; {
		again = false
		for i := 0; i <= len(p); i++ {
			if !complete(i) {
				continue
			}
			j := strings.IndexByte(p[i:], '/')
			if j < 0 {
				break
			}
			if seg := p[i : i+j]; seg != ".." && strings.HasPrefix(p[i+j:], "/../") {
				p = p[:i] + p[i+j+4:]
				again = true
				break
			}
		}
	}
	stages[3] = lead + p
	// d) A final "<segment>/..".
	if strings.HasSuffix(p, "/..") {
		k := len(p) - 3
		start := strings.LastIndexByte(p[:k], '/') + 1
		if p[start:k] != ".." {
			p = p[:start]
		}
	}
	stages[4] = lead + p
	if lead == "" && strings.HasPrefix(p, "/") {
		// The one place the stacks part from the letter of the rules: a
		// relative path that a) leaves beginning with an empty segment
		// keeps its "." (see MergePaths).
		p = "./" + p
	}
	stages[5] = lead + p
	return stages
}

func randomPath(r *rand.Rand, absolute bool) string {
	segs := []string{"a", "b", "", ".", "..", ".a", "a.", "..."}
	n := r.IntN(7)
	parts := make([]string, n)
	for i := range parts {
		parts[i] = segs[r.IntN(len(segs))]
	}
	p := strings.Join(parts, "/")
	if absolute {
		p = "/" + p
	}
	return p
}

// TestStep6AgainstTheLiteralRules holds the segment stacks to the RFC's
// string rules on random paths of the segments that matter. The seed comes
// from RELURL_SEED when set and is printed on failure.
func TestStep6AgainstTheLiteralRules(t *testing.T) {
	seed := uint64(testseed.Seed(t, 1808))
	r := rand.New(rand.NewPCG(seed, seed))
	n := 200_000
	if testing.Short() {
		n = 10_000
	}
	fixed := [][2]string{
		{"/b/c/d", "../../../g"}, {"/b/c/d", "a//../b"}, {"/", ".."}, {"/", "."},
		{"", "."}, {"a", ".."}, {"/b/../c/", "./.."}, {"/a/b", "..//g"}, {"/", ".//g"},
		{".///", "0"}, {".//", "g"}, {"./", ".//g"}, {"a/", "..//g"},
	}
	for i := 0; i < n+len(fixed); i++ {
		var bp, ref string
		if i < len(fixed) {
			bp, ref = fixed[i][0], fixed[i][1]
		} else {
			bp, ref = randomPath(r, r.IntN(4) != 0), randomPath(r, false)
		}
		if ref == "" || strings.HasPrefix(ref, "/") {
			continue // steps 4 and 5, not 6
		}
		base := ast.URL{Path: ast.Path{Value: bp}}
		if got, want := MergePaths(base, ref, nil), literalStep6(bp, ref); got != want {
			t.Fatalf("seed %d: step 6 of base path %q and %q: stacks give %q, the literal rules %q", seed, bp, ref, got, want)
		}
	}
}
