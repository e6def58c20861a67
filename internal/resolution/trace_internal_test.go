package resolution

import (
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/relurl/relurl/ast"
)

// TestTraceStagesAgainstTheLiteralRules holds the trace of step 6 to the
// RFC's string rules stage by stage: the merged path and the path after
// each of the rules a) to d), which the trace derives from what the
// segment stacks did, must be exactly the paths the literal rewriting
// leaves after the same rule, on random paths of the segments that matter;
// and the traced merge must give the untraced merge's path. The seed comes
// from RELURL_SEED when set and is printed on failure.
func TestTraceStagesAgainstTheLiteralRules(t *testing.T) {
	seed := uint64(1808)
	if s := os.Getenv("RELURL_SEED"); s != "" {
		v, err := strconv.ParseUint(s, 10, 64)
		if err != nil {
			t.Fatalf("RELURL_SEED: %v", err)
		}
		seed = v
	}
	r := rand.New(rand.NewPCG(seed, seed+1))
	n := 100_000
	if testing.Short() {
		n = 5_000
	}
	fixed := [][2]string{
		{"/b/c/d", "../../g"}, {"/b/c/d", "../../../g"}, {"/b/c/d", "a//../b"}, {"/", ".."}, {"/", "."},
		{"", "."}, {"a", ".."}, {"/b/../c/", "./.."}, {"/a/b", "..//g"}, {"/", ".//g"},
		{".///", "0"}, {".//", "g"}, {"./", ".//g"}, {"a/", "..//g"}, {"/b/c/d", "a/b/../../.."},
		{"/b/c/d", "./././g/."}, {"/b/./c/../d", "../.."},
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
		tr := new(PathTrace)
		got := MergePaths(base, ref, tr)
		if want := MergePaths(base, ref, nil); got != want {
			t.Fatalf("seed %d: step 6 of %q and %q traced gives %q, untraced %q", seed, bp, ref, got, want)
		}
		lit := literalStages(bp, ref)
		stages := [6]string{tr.Merged, tr.Rules[0].Path, tr.Rules[1].Path, tr.Rules[2].Path, tr.Rules[3].Path, tr.Path}
		if stages != lit {
			t.Fatalf("seed %d: step 6 of base path %q and %q:\ntrace    %q\nliteral  %q", seed, bp, ref, stages, lit)
		}
		if tr.KeptDot != (tr.Path != tr.Rules[3].Path) || tr.KeptDot && tr.Path != "./"+tr.Rules[3].Path {
			t.Fatalf("seed %d: step 6 of %q and %q: KeptDot %v with %q after d) and %q", seed, bp, ref, tr.KeptDot, tr.Rules[3].Path, tr.Path)
		}
		// Each removal is a match of its rule's pattern.
		for _, rule := range tr.Rules {
			for _, m := range rule.Removed {
				var ok bool
				switch rule.ID {
				case "6a":
					ok = m == "./"
				case "6b":
					ok = m == "."
				case "6c":
					ok = strings.HasSuffix(m, "/../") && m != "../../"
				case "6d":
					ok = strings.HasSuffix(m, "/..") && m != "../.."
				}
				if !ok {
					t.Fatalf("seed %d: step 6 of %q and %q: rule %s removed %q", seed, bp, ref, rule.ID, m)
				}
			}
		}
	}
}
