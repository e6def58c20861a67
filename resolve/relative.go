package resolve

import (
	"errors"
	"fmt"
	"strings"

	"github.com/relurl/relurl/ast"
	"github.com/relurl/relurl/validate"
)

// ErrTargetNotAbsolute is wrapped by the error [Relative] returns for a
// target without a scheme against a base that is not empty: every
// reference resolves against such a base to an absolute URL.
var ErrTargetNotAbsolute = errors.New("target is not absolute, so no reference resolves to it")

// Relative is the inverse of [Resolve]: it returns the shortest reference r
// such that Resolve(base, r) prints as exactly target. Among the
// references of the same length it prefers, in order, the empty reference,
// a fragment, params or a query alone (step 5), a relative path (step 6),
// an absolute path (step 4), a net_path (step 3) and, when nothing shorter
// works, target itself (step 2b). A relative path whose first segment
// would read as a scheme is written "./this:that" (§5.3); one whose colon
// follows no scheme characters (":x", "a%20b:c") need not be.
//
// The base is checked as by [Resolve] (a [*BaseError]); target must be a
// URL under §2.2 (a [*RefError]) and, unless the base is empty, absolute
// (an error wrapping [ErrTargetNotAbsolute]). Against the empty base the
// reference is target itself (step 1).
//
// Every candidate reference is checked by resolving it, so the defining
// property Resolve(base, Relative(base, target)) == target holds by
// construction; the work is linear in the lengths of base and target.
func Relative(base, target string) (string, error) {
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
		return "", fmt.Errorf("target %q: %w", target, ErrTargetNotAbsolute)
	}
	best := target
	for _, c := range candidates(b, t) {
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

// candidates lists references that may resolve against b to t, shortest
// forms first; [Relative] keeps the shortest that does.
func candidates(b, t ast.URL) []string {
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
	frag := suffix(t, false, false, true)
	if t.Query.Present {
		add("?", t.Query.Value, frag)
	}
	if t.Params.Present {
		add(";", t.Params.Value, suffix(t, false, true, true))
	}
	// Step 6: a path relative to the base's directory; when the target's
	// path begins "./" or "/./" before an empty segment, also as if the "."
	// were only there to keep the path what it is (see recombine and
	// mergePaths).
	for _, marked := range []bool{false, true} {
		if p, ok := relativePath(b, t.Path.Value, marked); ok {
			add(p, suffix(t, true, true, true))
		}
	}
	// Step 4: an absolute path.
	if t.Path.IsAbsolute() {
		add(t.Path.Value, suffix(t, true, true, true))
	}
	// Step 3: a net_path.
	if t.NetLoc.Value != "" {
		add("//", t.NetLoc.Value, t.Path.Value, suffix(t, true, true, true))
	}
	return cs
}

// suffix prints t's params, query and fragment, each if asked for and
// present, with their delimiters.
func suffix(t ast.URL, params, query, fragment bool) string {
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

// relativePath returns the shortest rel_path that step 6 turns, against
// b's directory, into the path target: as many "../" as the directory has
// segments beyond the longest common prefix, then the rest of target.
func relativePath(b ast.URL, target string, marked bool) (string, bool) {
	// The base's directory as step 6 leaves it, ending in "/" unless empty.
	dir := mergePaths(b, ".")
	lead := ""
	if strings.HasPrefix(dir, "/") {
		lead = "/"
	}
	if !strings.HasPrefix(target, lead) || (lead == "" && strings.HasPrefix(target, "/")) {
		return "", false
	}
	dirSegs := segments(strings.TrimSuffix(dir[len(lead):], "/"), lead == "")
	if dir == lead {
		dirSegs = nil
	}
	tSegs := segments(target[len(lead):], marked)

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

// segments splits a path, without its leading "/" if it had one, into its
// segments. When marked, a path that begins "./" before an empty segment
// ("/.//g", ".//g") has the "." only to keep it from reading as a net_loc
// or an abs_path (see recombine and mergePaths): its segments are then "",
// "g".
func segments(p string, marked bool) []string {
	segs := strings.Split(p, "/")
	if marked && len(segs) > 1 && segs[0] == "." && segs[1] == "" {
		segs = segs[1:]
	}
	return segs
}
