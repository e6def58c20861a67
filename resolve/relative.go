package resolve

import (
	"errors"
	"fmt"
	"strings"

	"github.com/relurl/relurl/ast"
	"github.com/relurl/relurl/internal/resolution"
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
// Every candidate is a tail of target behind at most a short head ("./",
// "../../"), so Relative weighs them by length first and builds only the
// one it returns, and that only when it is not a tail of target as it is.
// Whether a candidate resolves to target is decided on components, with
// no copy of them: by [Reference] itself for step 5, where what is inherited
// turns on which components are empty; by the target's scheme and net_loc
// for steps 3 and 4, which take the rest whole; and for step 6 without
// merging, by the rule that step 6 adds a relative path's segments to the
// base's directory as they are exactly when none of them is "." or a ".."
// that pops a segment. The package's tests hold every answer to the first
// way of writing Relative, which built, validated and resolved every
// candidate. The time is that of validating base and target, and at most a
// scan for dot segments of the part of the path that step 6 would merge;
// the only memory allocated is the answer when it is built (and the
// directory step 6 makes of a base whose path has "." or ".." segments).
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
	if t.Scheme.Value != b.Scheme.Value {
		// Every reference but target itself resolves to a URL with the
		// base's scheme (step 2c), or to the base (step 2a).
		return target, nil
	}
	if target == base {
		return "", nil // step 2a: the empty reference is the whole base
	}
	inv := inverse{b: &b, t: &t, base: base, target: target}
	var cs [kinds]candidate
	inv.candidates(&cs)
	for {
		// The shortest untried candidate, the first of the shortest.
		best := -1
		for i := range cs {
			if cs[i].ok && (best < 0 || cs[i].n < cs[best].n) {
				best = i
			}
		}
		if best < 0 || cs[best].n >= len(target) {
			return target, nil
		}
		if cs[best].lazy {
			// Only a lower bound of its length is known: find the
			// candidate, then look again.
			inv.relPath(&cs[best])
			continue
		}
		if inv.resolves(&cs[best]) {
			return cs[best].text(target), nil
		}
		cs[best].ok = false
	}
}

// inverse is what Relative knows of a base and a target: both read, and
// where the target's path begins.
type inverse struct {
	b, t         *ast.URL
	base, target string
	// pathFrom is the byte offset of the target's path in target.
	pathFrom int
	// root says whether target begins like base up to its path: with the
	// same scheme and net_loc, printed. Only a net_path can resolve to a
	// target that does not: every other reference inherits both (steps 2c,
	// 3), and the printed URL begins with them.
	root bool
}

// kind is where a candidate reference leaves §4's steps; candidates of the
// same length are preferred in this order.
type kind uint8

const (
	kindFragment kind = iota // step 5: "#" fragment, or "?" for none
	kindQuery                // step 5b: "?" query ["#" fragment]
	kindParams               // step 5a: ";" params ["?" query] ["#" fragment]
	kindPath                 // step 6: a rel_path
	kindMarked               // step 6: a rel_path for a path that begins with "./" before an empty segment
	kindAbsPath              // step 4: an abs_path
	kindNetPath              // step 3: a net_path
	kinds
)

// candidate is a reference that may resolve against the base to the
// target: "../" ups times, then head, then the target from the byte offset
// from on, n bytes in all. ok says whether it is still a candidate; lazy,
// that it is a rel_path not yet worked out, of at least n bytes.
type candidate struct {
	kind kind
	ok   bool
	lazy bool
	ups  int
	head string
	from int
	n    int
	// tail is, for a rel_path, the part of the target's path after the
	// root (and after the marked "./"), and rest the offset in it of the
	// segments that step 6 pushes after the directory's shared ones (see
	// relPath).
	tail string
	rest int
}

// text builds the candidate; a tail of target is not copied.
func (c *candidate) text(target string) string {
	if c.ups == 0 && c.head == "" {
		return target[c.from:]
	}
	var sb strings.Builder
	sb.Grow(c.n)
	for range c.ups {
		sb.WriteString("../")
	}
	sb.WriteString(c.head)
	sb.WriteString(target[c.from:])
	return sb.String()
}

// candidates lists in cs the references that may resolve to the target, in
// the order of [kind], leaving out those that cheaper checks than resolves
// show cannot. Each is a valid reference that parses into the components
// resolves gives it. (The empty reference of step 2a, the shortest, is
// the concern of Relative.)
func (inv *inverse) candidates(cs *[kinds]candidate) {
	b, t, target := inv.b, inv.t, inv.target
	// Where the components after the path begin in target, and the path.
	end := len(target)
	fragFrom, queryFrom, paramsFrom := end, end, end
	if t.Fragment.Present {
		fragFrom = end - 1 - len(t.Fragment.Value)
		end = fragFrom
	}
	if t.Query.Present {
		queryFrom = end - 1 - len(t.Query.Value)
		end = queryFrom
	}
	if t.Params.Present {
		paramsFrom = end - 1 - len(t.Params.Value)
		end = paramsFrom
	}
	inv.pathFrom = end - len(t.Path.Value)
	root := len(b.Scheme.Value) + 1
	if b.NetLoc.Present {
		root += 2 + len(b.NetLoc.Value)
	}
	inv.root = root == inv.pathFrom && inv.base[:root] == target[:root]

	add := func(k kind, head string, from int) {
		cs[k] = candidate{kind: k, ok: true, head: head, from: from, n: len(head) + len(target) - from}
	}
	// Step 5: an empty path inherits the base's path (written "/" if
	// empty after a net_loc), which must then be the target's, since the
	// printed path ends where params, a query or a fragment begin. Likewise
	// the base's params and query, where the reference has none of its
	// own: what follows the path reads back into exactly the components
	// printed (params hold no "?" or "#", a query no "#"). These checks
	// only spare calls of Reference, which decides (see resolves).
	if inv.root && (t.Path.Value == b.Path.Value || b.Path.Value == "" && t.Path.Value == "/") {
		sameParams := same(t.Params, b.Params)
		switch {
		case !sameParams || !same(t.Query, b.Query):
		case t.Fragment.Present:
			add(kindFragment, "", fragFrom)
		default:
			add(kindFragment, "?", len(target)) // an empty query: the base without its fragment
		}
		if t.Query.Present && sameParams {
			add(kindQuery, "", queryFrom)
		}
		if t.Params.Present {
			add(kindParams, "", paramsFrom)
		}
	}
	// Step 6: a path relative to the base's directory; when the target's
	// path begins "./" or "/./" before an empty segment, also as if the "."
	// were only there to keep the path what it is (see step6Prefix). Worked
	// out only if nothing shorter resolves: at least one byte before what
	// follows the path.
	if inv.root {
		for _, k := range [...]kind{kindPath, kindMarked} {
			cs[k] = candidate{kind: k, ok: true, lazy: true, n: 1 + len(target) - inv.pathFrom - len(t.Path.Value)}
		}
	}
	// Step 4: an abs_path, which cannot begin "//" (that would be a
	// net_path: abs_path = "/" rel_path, and a rel_path's first segment is
	// not empty).
	if inv.root && t.Path.IsAbsolute() && !strings.HasPrefix(t.Path.Value, "//") {
		add(kindAbsPath, "", inv.pathFrom)
	}
	// Step 3: a net_path, which is target without its scheme, and valid
	// only if target fits generic-RL.
	if t.NetLoc.Value != "" && t.Form == ast.FormGenericRL {
		add(kindNetPath, "", len(t.Scheme.Value)+1)
	}
}

// resolves reports whether the candidate resolves against the base to the
// target: for step 5 by [Reference] on the candidate's components, which copies
// none of them; for the others, which take the rest of the target whole,
// on the target's scheme and net_loc; for a rel_path, as relPath explains.
func (inv *inverse) resolves(c *candidate) bool {
	b, t, target := inv.b, inv.t, inv.target
	var r ast.URL
	switch c.kind {
	case kindFragment, kindQuery, kindParams:
		switch {
		case c.kind == kindParams:
			r.Params, r.Query, r.Fragment = t.Params, t.Query, t.Fragment
		case c.kind == kindQuery:
			r.Query, r.Fragment = t.Query, t.Fragment
		case c.head == "?":
			r.Query.Present = true
		default:
			r.Fragment = t.Fragment
		}
	case kindAbsPath:
		// Step 4 takes the base's scheme and net_loc, which root says the
		// target has, and the rest from the reference, which is the
		// target's; step 7 leaves an abs_path as it is.
		return true
	case kindNetPath:
		// Steps 2c and 3 take the base's scheme, which is the target's,
		// and the rest from the reference, target without its scheme;
		// step 7 leaves it as it is (a net_loc followed by params or a
		// query would hold them: target's path is not empty then).
		return true
	case kindPath, kindMarked:
		// Steps 2c and 3 give the result the base's scheme and net_loc,
		// which root says the target has, and its params, query and
		// fragment are the target's. Its path is the target's when step 6
		// pushes the rest as it is and steps 6 and 7 write in front of the
		// merged path what the marked "./" or "/." stands for, and nothing
		// in front of an unmarked one. (A rel_path is a candidate only for
		// a path as absolute as the directory.)
		o, want := t.Path.Value, ""
		if c.kind == kindMarked {
			o, want = o[2:], o[:2]
		}
		return step6Prefix(b, t.Path.IsAbsolute(), o) == want && c.pushesAsItIs()
	}
	return printsAs(Reference(*b, r), target)
}

// same reports whether two components print alike.
func same(a, b ast.Component) bool { return a.Present == b.Present && a.Value == b.Value }

// step6Prefix is what the end of step 6 (in resolution.MergePaths) and step 7
// (resolution's recombine) write in front of o, a path that step 6 merged against the
// base b, whose directory is absolute or not: "./" before a relative path
// that begins with an empty segment (".//g"), "/." before a path that does
// ("//g") without a net_loc, where it would read as one. (After a net_loc,
// "//g" stays as it is: "http://a//g".) It must say what they do: the
// tests compare [Relative] with resolving every candidate.
// (The other rules of step 7 cannot apply: the result has the base's
// scheme, and after a net_loc the directory, and so the path, is absolute.)
func step6Prefix(b *ast.URL, absDir bool, o string) string {
	switch {
	case strings.HasPrefix(o, "/") && !absDir:
		return "./" // resolution.MergePaths
	case strings.HasPrefix(o, "//") && !b.NetLoc.Present:
		return "/." // resolution's recombine
	}
	return ""
}

// baseDir is the base's directory as step 6 leaves it: its path up to the
// last "/", with "." and ".." segments removed, "/" for the empty path
// after a net_loc. It ends in "/" unless it is empty.
func baseDir(b *ast.URL) string {
	bp := b.Path.Value
	if bp == "" && b.NetLoc.Present {
		return "/"
	}
	dir := bp[:strings.LastIndexByte(bp, '/')+1]
	if hasDotSegment(dir) {
		return resolution.MergePaths(*b, ".", nil)
	}
	return dir
}

// relPath works out the step 6 candidate c for the target's path tp: the
// shortest rel_path that step 6 turns, against the base's directory (from
// baseDir), into tp. It goes up with ".." out of the directory's segments
// beyond the longest prefix they share with tp's, then down tp's remaining
// segments, the rest.
// Marked, it is for a path that begins "./" (or "/./" after the root)
// before an empty segment, as steps 6 and 7 write a path that would begin
// with an empty segment (see step6Prefix): it reaches the path without
// the ".". The candidate is not ok when tp is absolute and dir is not, or
// the other way round, when a segment to go up out of is ".." (which ".."
// cannot pop), or, marked, when tp is not marked.
//
// Step 6 merges the candidate's segments onto the stack of the directory's:
// its ".." segments pop those beyond the shared prefix (none of which is
// ".."), then the rest is pushed. The result is the shared prefix followed
// by the rest, segment for segment, exactly when step 6 pushes every
// segment of the rest as it is: when no segment of the rest is "." (which
// is dropped, or becomes an empty segment when last) and every ".." in it
// is kept, which it is when all the segments below it are ".." (kept ones:
// the directory's own ".." are at its bottom). Otherwise the result has
// fewer segments than tp, or a different last one. resolves checks this
// with [candidate.pushesAsItIs], after the cheaper checks.
func (inv *inverse) relPath(c *candidate) {
	c.lazy, c.ok = false, false
	tp, target, marked := inv.t.Path.Value, inv.target, c.kind == kindMarked
	dir := baseDir(inv.b)
	lead := ""
	if strings.HasPrefix(dir, "/") {
		lead = "/"
	}
	if strings.HasPrefix(tp, "/") != (lead == "/") {
		return
	}
	tail, from := tp[len(lead):], inv.pathFrom+len(lead)
	if marked {
		if tail != "./" && !strings.HasPrefix(tail, ".//") {
			return // the unmarked candidate
		}
		tail, from = tail[2:], from+2
	}

	// The directory's segments, and the longest prefix of them that are
	// also the first segments of tail; the last segment of tail is never
	// shared. Then the segments to go up out of, if any are left.
	rest := tail
	if dir != lead {
		d := strings.TrimSuffix(dir[len(lead):], "/")
		if lead == "" && (d == "./" || strings.HasPrefix(d, ".//")) {
			// A relative directory that begins with an empty segment keeps
			// a "." in front (see resolution.MergePaths), which is no segment.
			d = d[2:]
		}
		left := true
		for {
			seg, drest, dlast := cutSegment(d)
			if len(rest) <= len(seg) || rest[len(seg)] != '/' || rest[:len(seg)] != seg {
				break
			}
			rest = rest[len(seg)+1:]
			if dlast {
				left = false
				break
			}
			d = drest
		}
		for left {
			seg, drest, dlast := cutSegment(d)
			if seg == ".." {
				return // ".." cannot pop a ".."
			}
			c.ups++
			left, d = !dlast, drest
		}
	}
	c.ok = true
	c.from = from + len(tail) - len(rest)
	switch {
	case rest == "" && c.ups == 0:
		c.head = "."
	case rest == "":
		c.ups, c.head = c.ups-1, ".."
	case c.ups > 0:
	case strings.HasPrefix(rest, "/") || strings.IndexByte(rest, ':') > 0 && ast.SchemeLen(rest) > 0:
		// "/g" would be an abs_path, "this:that" a scheme (§5.3).
		c.head = "./"
	}
	c.n = 3*c.ups + len(c.head) + len(target) - c.from
	c.tail, c.rest = tail, len(tail)-len(rest)
}

// pushesAsItIs reports whether step 6, merging the candidate's segments
// onto its directory's, pushes every segment of the rest as it is (see
// relPath): whether no segment of the rest is "." and every ".." in it is
// in the leading run of ".." segments of the path.
func (c *candidate) pushesAsItIs() bool {
	s := c.tail[c.rest:]
	i := 0
	for i < len(c.tail) && strings.HasPrefix(c.tail[i:], "..") && (len(c.tail) == i+2 || c.tail[i+2] == '/') {
		i += 3
	}
	if i > c.rest {
		s = c.tail[min(i, len(c.tail)):]
	}
	return !hasDotSegment(s)
}

// hasDotSegment reports whether the path s, from the start of a segment,
// has a segment "." or "..".
func hasDotSegment(s string) bool {
	for {
		if s == "." || s == ".." || strings.HasPrefix(s, "./") || strings.HasPrefix(s, "../") {
			return true
		}
		i := strings.Index(s, "/.")
		if i < 0 {
			return false
		}
		s = s[i+1:]
	}
}

// cutSegment cuts the path s, from the start of a segment, after its first
// segment: seg, the rest after its "/", and whether seg is the last.
func cutSegment(s string) (seg, rest string, last bool) {
	if i := strings.IndexByte(s, '/'); i >= 0 {
		return s[:i], s[i+1:], false
	}
	return s, "", true
}

// printsAs reports whether u prints as s, as [ast.URL.String] would
// print it, without printing it.
func printsAs(u ast.URL, s string) bool {
	if u.Len() != len(s) {
		return false
	}
	ok := true
	eat := func(p string) {
		ok = ok && strings.HasPrefix(s, p)
		if ok {
			s = s[len(p):]
		}
	}
	if u.Scheme.Present {
		eat(u.Scheme.Value)
		eat(":")
	}
	if u.NetLoc.Present {
		eat("//")
		eat(u.NetLoc.Value)
	}
	eat(u.Path.Value)
	for _, c := range [...]struct {
		delim string
		c     *ast.Component
	}{{";", &u.Params}, {"?", &u.Query}, {"#", &u.Fragment}} {
		if c.c.Present {
			eat(c.delim)
			eat(c.c.Value)
		}
	}
	return ok
}
