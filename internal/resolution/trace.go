package resolution

import (
	"strconv"
	"strings"

	"github.com/relurl/relurl/ast"
)

// Trace is the record of one resolution by the steps of RFC 1808 §4:
// which steps ran and what each did, which step decided, where each
// component of the result came from, and step 6's path rewritten rule by
// rule. It is written by the code that resolves, as it resolves
// ([ReferenceTrace] runs the very function [Reference] runs, with a
// recorder where Reference passes none), so a trace cannot tell a story
// other than the result's: its Result is that result.
type Trace struct {
	// Steps are the steps of §4 that ran, in order. Steps 1, 2a and 2b can
	// end the resolution ("we are done"); steps 3, 4, 5a and 5b can skip
	// to step 7; step 6 always goes on to step 7.
	Steps []Step
	// Decided is the ID of the step that settled the result: the one that
	// said "we are done" or "skip to Step 7", or "6" when step 6 ran.
	Decided string
	// Origin says where each component of the result came from.
	Origin Origins
	// Path is step 6 as it ran, or nil when the resolution was decided
	// before step 6.
	Path *PathTrace
	// Result is the resolved URL, exactly as [Reference] returns it.
	Result ast.URL
}

// Step is one step of §4 as it ran for one reference.
type Step struct {
	// ID is the step's number, and letter if it has one, as the RFC writes
	// them: "1", "2", "2a", "2b", "2c", "3", "4", "5", "5a", "5b", "6", "7".
	ID string
	// Note says what the step found and did, in lower case, quoting the
	// components it looked at.
	Note string
	// Decides reports whether the step ended the resolution or skipped to
	// step 7 (the step [Trace.Decided] names).
	Decides bool
}

// Origin says where a component of a resolved URL came from.
type Origin uint8

const (
	// FromReference: the reference's own component, as it wrote it (its
	// delimiter too, or its absence).
	FromReference Origin = iota + 1
	// FromBase: inherited from the base URL, as the base wrote it.
	FromBase
	// FromMerge: the path of step 6, made of the base's path and the
	// reference's.
	FromMerge
)

// String says "reference", "base" or "step 6"; the zero Origin, which no
// trace holds, is "none".
func (o Origin) String() string {
	switch o {
	case FromReference:
		return "reference"
	case FromBase:
		return "base"
	case FromMerge:
		return "step 6"
	case 0:
		return "none"
	}
	return "Origin(" + strconv.Itoa(int(o)) + ")"
}

// Origins says where each of the six components of §2.1 of a resolved URL
// came from. The path's origin is where its text came from; step 7 may
// still write a "/" or "./" in front of it ([Trace]'s step "7" says so).
type Origins struct {
	Scheme, NetLoc, Path, Params, Query, Fragment Origin
}

// PathTrace is step 6 of §4 as it ran: the base URL's path without its
// last segment, the reference's path appended in its place, and the path
// after each of the rules a) to d), applied in order as the RFC words
// them. The rules are not run one after the other on strings: the stages
// are derived from what the segment stacks of the resolver did to each
// segment (see the package's path.go), and the package's tests hold every
// stage to the RFC's string rules on random paths.
type PathTrace struct {
	// Directory is the base URL's path without its last segment (anything
	// after its rightmost "/", or the whole path if it has none). A base
	// with a net_loc and an empty path has the directory "/" (the
	// package's decision: "http://a" + "g" is "http://a/g").
	Directory string
	// Reference is the reference's path, appended in the last segment's
	// place.
	Reference string
	// Merged is Directory followed by Reference: the new path that the
	// rules apply to.
	Merged string
	// Rules are the rules a) to d) of step 6, in order, each with the path
	// it left.
	Rules [4]PathRule
	// Path is the path step 6 gives: that of rule d), unless KeptDot.
	Path string
	// KeptDot reports that rule d) left a relative path that begins with
	// an empty segment, which could not be written where it stands (".//g"
	// with a) done reads as an abs_path or a net_loc), so a "." segment is
	// kept in front of it: Path is "./" followed by rule d)'s path.
	KeptDot bool

	// What the stacks did, recorded as they did it: the merged path's
	// segment indices on the stack, and each removal.
	stack  []int
	events []pathEvent
	next   int
}

// PathRule is one of the rules a) to d) of step 6 as it applied.
type PathRule struct {
	// ID is "6a", "6b", "6c" or "6d".
	ID string
	// Rule quotes the rule from §4.
	Rule string
	// Removed is the text of each match the rule removed, in the order
	// the rule removes them ("./", ".", "c/../", "b/.."); empty when the
	// rule did not apply.
	Removed []string
	// Path is the path after the rule.
	Path string
}

// pathRules quotes the rules of step 6 (§4).
var pathRules = [4]PathRule{
	{ID: "6a", Rule: `All occurrences of "./", where "." is a complete path segment, are removed.`},
	{ID: "6b", Rule: `If the path ends with "." as a complete path segment, that "." is removed.`},
	{ID: "6c", Rule: `All occurrences of "<segment>/../", where <segment> is a complete path segment not ` +
		`equal to "..", are removed. Removal of these path segments is performed iteratively, removing the ` +
		`leftmost matching pattern on each iteration, until no matching pattern remains.`},
	{ID: "6d", Rule: `If the path ends with "<segment>/..", where <segment> is a complete path segment not ` +
		`equal to "..", that "<segment>/.." is removed.`},
}

// A pathEvent is one segment the stacks removed: rule 0..3 for a) to d),
// the merged path's segment at which it happened, and for c) and d) the
// segment the ".." popped.
type pathEvent struct {
	rule        uint8
	at, popped  int
	leavesSlash bool
}

// The recorder's side of MergePaths. Each call consumes the next segment
// of the merged path, in order; they run only when a trace is wanted.

// pushed: the segment goes onto the stack as it is (a segment, or a ".."
// that nothing can pop).
func (p *PathTrace) pushed() {
	p.stack = append(p.stack, p.next)
	p.next++
}

// dot: a "." segment dropped, by a) or, when it is last, by b), which
// leaves the "/" before it (an empty last segment on the stack).
func (p *PathTrace) dot(last bool) {
	e := pathEvent{rule: 0, at: p.next}
	if last {
		e.rule, e.leavesSlash = 1, true
		p.stack = append(p.stack, p.next)
	}
	p.events = append(p.events, e)
	p.next++
}

// popped: a ".." that pops the segment below it, by c) or, when it is
// last, by d), which leaves the "/" before the pair.
func (p *PathTrace) popped(last bool) {
	e := pathEvent{rule: 2, at: p.next, popped: p.stack[len(p.stack)-1]}
	p.stack = p.stack[:len(p.stack)-1]
	if last {
		e.rule, e.leavesSlash = 3, true
		p.stack = append(p.stack, p.next)
	}
	p.events = append(p.events, e)
	p.next++
}

// finish derives the path after each rule from the recorded events: the
// merged path's segments, less those each rule removed, in the order a),
// b), c), d).
func (p *PathTrace) finish(dir, ref, path string) {
	p.Directory, p.Reference, p.Merged = dir, ref, dir+ref
	lead := ""
	if strings.HasPrefix(dir, "/") {
		lead, dir = "/", dir[1:]
	}
	var segs []string
	if dir != "" {
		segs = strings.Split(dir[:len(dir)-1], "/")
	}
	segs = append(segs, strings.Split(ref, "/")...)
	alive := make([]bool, len(segs))
	for i := range alive {
		alive[i] = true
	}
	join := func() string {
		var b strings.Builder
		b.WriteString(lead)
		first := true
		for i, s := range segs {
			if !alive[i] {
				continue
			}
			if !first {
				b.WriteByte('/')
			}
			b.WriteString(s)
			first = false
		}
		return b.String()
	}
	for r := range p.Rules {
		p.Rules[r] = pathRules[r]
		for _, e := range p.events {
			if int(e.rule) != r {
				continue
			}
			var removed string
			switch e.rule {
			case 0:
				removed = "./"
			case 1:
				removed = "."
			case 2:
				removed = segs[e.popped] + "/../"
			case 3:
				removed = segs[e.popped] + "/.."
			}
			p.Rules[r].Removed = append(p.Rules[r].Removed, removed)
			if e.rule >= 2 {
				alive[e.popped] = false
			}
			if e.leavesSlash {
				segs[e.at] = ""
			} else {
				alive[e.at] = false
			}
		}
		p.Rules[r].Path = join()
	}
	p.Path = path
	p.KeptDot = path != p.Rules[3].Path
	p.stack, p.events = nil, nil
}

// Where reference records: the point of §4 it reached, each the end of a
// path through the steps.
type at uint8

const (
	atEmptyBase     at = iota // step 1: done
	atEntirelyEmpty           // step 2a: done
	atAbsolute                // step 2b: done
	atNetLoc                  // step 3: skip to 7
	atAbsPath                 // step 4: skip to 7
	atParams                  // step 5a: skip to 7
	atQuery                   // step 5b: skip to 7
	atMerge                   // step 6, then 7
)

// record writes down the steps reference took to reach the point k, and
// where each component comes from. reference calls it once per
// resolution, after deciding, so that the code that resolves holds one
// call per way through §4, behind a test of the trace.
func (t *Trace) record(k at, base, ref *ast.URL) {
	all := func(o Origin) Origins { return Origins{o, o, o, o, o, o} }
	switch k {
	case atEmptyBase:
		t.decide("1", "the base URL is empty (unknown, §3.4): the reference is taken as an absolute URL, as it is")
		t.Origin, t.Result = all(FromReference), ref.WithoutSpans()
		return
	}
	t.step("1", "the base URL is "+strconv.Quote(base.String()))
	t.step("2", "both URLs are parsed into their components (§2.4)")
	switch k {
	case atEntirelyEmpty:
		t.decide("2a", "the reference is entirely empty: it inherits the entire base URL, fragment and all")
		t.Origin, t.Result = all(FromBase), base.WithoutSpans()
		return
	case atAbsolute:
		t.step("2a", "the reference is not empty")
		t.decide("2b", "the reference starts with the scheme name "+q(ref.Scheme)+": it is an absolute URL")
		t.Origin, t.Result = all(FromReference), ref.WithoutSpans()
		return
	}
	t.step("2a", "the reference is not empty")
	t.step("2b", "the reference has no scheme")
	t.step("2c", "it inherits the scheme of the base URL, "+q(base.Scheme)+"; its fragment is its own, "+q(ref.Fragment)+
		" (only an entirely empty reference inherits the base's)")
	t.Origin.Scheme, t.Origin.Fragment = FromBase, FromReference
	if k == atNetLoc {
		t.decide("3", "the net_loc "+q(ref.NetLoc)+" is non-empty: the path, params and query are the "+
			"reference's own; skip to step 7")
		t.Origin.NetLoc, t.Origin.Path, t.Origin.Params, t.Origin.Query = FromReference, FromReference, FromReference, FromReference
		return
	}
	what := "the reference has no net_loc"
	if ref.NetLoc.Present {
		what = `the reference's net_loc is empty ("//")`
	}
	t.step("3", what+": it inherits the net_loc of the base URL, "+q(base.NetLoc))
	t.Origin.NetLoc = FromBase
	if k == atAbsPath {
		t.decide("4", "the path "+qp(ref.Path)+` is preceded by a slash "/": it is not relative, and it and the `+
			"params and query are the reference's own; skip to step 7")
		t.Origin.Path, t.Origin.Params, t.Origin.Query = FromReference, FromReference, FromReference
		return
	}
	if k == atMerge {
		t.step("4", "the path "+qp(ref.Path)+` is not preceded by a slash "/"`)
		t.step("5", "the path is not empty")
		p := t.Path
		t.decide("6", "the last segment of the base URL's path, "+qp(base.Path)+", is removed and the reference's path "+
			"appended in its place, giving "+strconv.Quote(p.Merged)+"; rules a) to d) then leave "+strconv.Quote(p.Path)+
			"; the params "+q(ref.Params)+" and the query "+q(ref.Query)+" are the reference's own")
		t.Origin.Path, t.Origin.Params, t.Origin.Query = FromMerge, FromReference, FromReference
		return
	}
	t.step("4", "the reference has no path")
	t.step("5", "the path is empty: it inherits the path of the base URL, "+qp(base.Path))
	t.Origin.Path = FromBase
	if k == atParams {
		t.decide("5a", "the params "+q(ref.Params)+" are non-empty: they and the query "+q(ref.Query)+
			" are the reference's own; skip to step 7")
		t.Origin.Params, t.Origin.Query = FromReference, FromReference
		return
	}
	t.step("5a", "the params are "+emptyOrAbsent(ref.Params)+": they are inherited from the base URL, "+q(base.Params))
	t.Origin.Params = FromBase
	if ref.Query.Value != "" {
		t.decide("5b", "the query "+q(ref.Query)+" is non-empty: it is the reference's own; skip to step 7")
		t.Origin.Query = FromReference
		return
	}
	t.decide("5b", "the query is "+emptyOrAbsent(ref.Query)+": it is inherited from the base URL, "+
		q(base.Query)+"; skip to step 7")
	t.Origin.Query = FromBase
}

// pathTrace starts the record of step 6.
func (t *Trace) pathTrace() *PathTrace {
	t.Path = new(PathTrace)
	return t.Path
}

// recombined records step 7, which wrote the path from as the result u
// has it, and the result.
func (t *Trace) recombined(from string, u ast.URL) {
	var why string
	switch to := u.Path.Value; {
	case from == to:
	case from == "":
		why = `; the empty path is written "/": after a net_loc, ";" and "?" would read as part of it`
	case to == "/"+from:
		why = `; "/" is written before the path: after a net_loc, a path is an abs_path`
	case to == "/."+from:
		why = `; a "." segment is kept in front of the path: "//" would begin a net_loc`
	case to == "./"+from:
		why = `; "./" is written before the path: its first segment would read as a scheme (§5.3)`
	}
	t.step("7", "the components, with those inherited from the base URL, are recombined into "+strconv.Quote(u.String())+why)
	t.Result = u
}

// step records a step that goes on to the next.
func (t *Trace) step(id, note string) {
	t.Steps = append(t.Steps, Step{ID: id, Note: note})
}

// decide records the step that ends the resolution or skips to step 7.
func (t *Trace) decide(id, note string) {
	t.Steps = append(t.Steps, Step{ID: id, Note: note, Decides: true})
	t.Decided = id
}

// emptyOrAbsent says whether a component the reference did not supply was
// written empty (its delimiter alone) or not at all.
func emptyOrAbsent(c ast.Component) string {
	if c.Present {
		return "empty"
	}
	return "absent"
}

// q quotes a component for a note, or says it is absent.
func q(c ast.Component) string {
	if !c.Present {
		return "(absent)"
	}
	return strconv.Quote(c.Value)
}

// qp quotes a path for a note, or says there is none.
func qp(p ast.Path) string {
	if p.Value == "" {
		return "(empty)"
	}
	return strconv.Quote(p.Value)
}
