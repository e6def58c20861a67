package resolve

import (
	"strings"
	"testing"

	"github.com/relurl/relurl/ast"
	"github.com/relurl/relurl/internal/resolution"
	"github.com/relurl/relurl/validate"
)

// relativeByResolving is Relative written the plain way, the test's
// oracle: it builds every candidate reference, validates it and resolves
// it, and keeps the shortest that resolves back to the target. Slow (each
// candidate is a copy of the target, validated and resolved) but it decides "resolves to" by resolving, so it follows any
// change to [Reference] by itself; [Relative] must give exactly its answers.
func relativeByResolving(base, target string) (string, error) {
	b, err := ParseBase(base)
	if err != nil {
		return "", err
	}
	t, err := ParseRef(target)
	if err != nil {
		return "", err
	}
	if b.Len() == 0 {
		return target, nil
	}
	if !t.Scheme.Present {
		return "", ErrTargetNotAbsolute
	}
	best := target
	for _, c := range oracleCandidates(b, t) {
		if len(c) >= len(best) {
			continue
		}
		r, diags := validate.Validate(c)
		if diags.HasErrors() {
			continue
		}
		if Reference(b, r).String() == target {
			best = c
		}
	}
	return best, nil
}

// oracleCandidates lists references that may resolve against b to t, shortest
// forms first; relativeByResolving keeps the shortest that does.
func oracleCandidates(b, t ast.URL) []string {
	var cs []string
	add := func(parts ...string) { cs = append(cs, strings.Join(parts, "")) }

	// Step 2a: the empty reference is the whole base.
	add("")
	// Step 5: an empty path inherits the base's path, and the base's
	// params and query unless it has its own.
	if t.Fragment.Present {
		add("#", t.Fragment.Value)
	} else {
		add("?") // an empty query: the base without its fragment
	}
	frag := oracleSuffix(t, false, false, true)
	if t.Query.Present {
		add("?", t.Query.Value, frag)
	}
	if t.Params.Present {
		add(";", t.Params.Value, oracleSuffix(t, false, true, true))
	}
	// Step 6: a path relative to the base's directory; when the target's
	// path begins "./" or "/./" before an empty segment, also as if the "."
	// were only there to keep the path what it is (see resolution's recombine and
	// MergePaths).
	for _, marked := range []bool{false, true} {
		if p, ok := oracleRelativePath(b, t.Path.Value, marked); ok {
			add(p, oracleSuffix(t, true, true, true))
		}
	}
	// Step 4: an absolute path.
	if t.Path.IsAbsolute() {
		add(t.Path.Value, oracleSuffix(t, true, true, true))
	}
	// Step 3: a net_path.
	if t.NetLoc.Value != "" {
		add("//", t.NetLoc.Value, t.Path.Value, oracleSuffix(t, true, true, true))
	}
	return cs
}

// oracleSuffix prints t's params, query and fragment, each if asked for and
// present, with their delimiters.
func oracleSuffix(t ast.URL, params, query, fragment bool) string {
	var sb strings.Builder
	if params && t.Params.Present {
		sb.WriteString(";" + t.Params.Value)
	}
	if query && t.Query.Present {
		sb.WriteString("?" + t.Query.Value)
	}
	if fragment && t.Fragment.Present {
		sb.WriteString("#" + t.Fragment.Value)
	}
	return sb.String()
}

// oracleRelativePath returns the shortest rel_path that step 6 turns, against
// b's directory, into the path target: as many "../" as the directory has
// segments beyond the longest common prefix, then the rest of target.
func oracleRelativePath(b ast.URL, target string, marked bool) (string, bool) {
	// The base's directory as step 6 leaves it, ending in "/" unless empty.
	dir := resolution.MergePaths(b, ".", nil)
	lead := ""
	if strings.HasPrefix(dir, "/") {
		lead = "/"
	}
	if !strings.HasPrefix(target, lead) || (lead == "" && strings.HasPrefix(target, "/")) {
		return "", false
	}
	dirSegs := oracleSegments(strings.TrimSuffix(dir[len(lead):], "/"), lead == "")
	if dir == lead {
		dirSegs = nil
	}
	tSegs := oracleSegments(target[len(lead):], marked)

	common := 0
	for common < len(dirSegs) && common < len(tSegs)-1 && dirSegs[common] == tSegs[common] {
		common++
	}
	ups := len(dirSegs) - common
	for _, s := range dirSegs[common:] {
		if s == ".." {
			return "", false // ".." cannot pop a ".."
		}
	}
	rest := strings.Join(tSegs[common:], "/")
	switch {
	case rest == "" && ups == 0:
		return ".", true
	case rest == "":
		return strings.Repeat("../", ups-1) + "..", true
	case ups > 0:
		return strings.Repeat("../", ups) + rest, true
	}
	if tSegs[common] == "" || ast.SchemeLen(rest) > 0 {
		// "/g" would be an abs_path, "this:that" a scheme (§5.3).
		return "./" + rest, true
	}
	return rest, true
}

// oracleSegments splits a path, without its leading "/" if it had one, into its
// segments. When marked, a path that begins "./" before an empty segment
// ("/.//g", ".//g") has the "." only to keep it from reading as a net_loc
// or an abs_path (see resolution's recombine and MergePaths): its segments are then "",
// "g".
func oracleSegments(p string, marked bool) []string {
	segs := strings.Split(p, "/")
	if marked && len(segs) > 1 && segs[0] == "." && segs[1] == "" {
		segs = segs[1:]
	}
	return segs
}

// FuzzRelativeOracle: Relative gives the answer of resolving every
// candidate (relativeByResolving, above; see TestRelativeAgainstResolving),
// the same reference or the same failure. Its seeds are
// testdata/fuzz/FuzzRelativeOracle (written by "make corpus": the §5
// examples and generated pairs). It lives beside its oracle because
// OSS-Fuzz compiles a target's file with the package's non-test files
// alone.
func FuzzRelativeOracle(f *testing.F) {
	f.Fuzz(func(t *testing.T, base, target string) {
		got, err := Relative(base, target)
		want, wantErr := relativeByResolving(base, target)
		if got != want || (err == nil) != (wantErr == nil) {
			t.Fatalf("Relative(%q, %q) = %q, %v; resolving every candidate gives %q, %v", base, target, got, err, want, wantErr)
		}
	})
}

// RelativeByResolving is relativeByResolving for the package's external
// tests.
var RelativeByResolving = relativeByResolving
