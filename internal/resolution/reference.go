package resolution

import (
	"strings"

	"github.com/relurl/relurl/ast"
)

// Reference is §4, resolve.Reference's algorithm. A non-nil t records
// each step as it is taken (t.record, in trace.go, which words it); every
// use of t is one test of t and one call, so that resolve.Reference,
// which passes nil, pays for no more.
func Reference(base, ref ast.URL, t *Trace) ast.URL {
	// Step 1: the base URL is established by the caller (§3, package
	// resolve/base). The empty base is unknown: the reference is taken as
	// an absolute URL, as it is.
	if base.Len() == 0 {
		if t != nil {
			t.record(atEmptyBase, &base, &ref)
		}
		return ref.WithoutSpans()
	}

	// Step 2: both URLs come parsed into their components (§2.4).
	//
	// a) An entirely empty reference inherits the entire base, fragment
	//    and all. Only "" is entirely empty.
	if ref.Len() == 0 {
		if t != nil {
			t.record(atEntirelyEmpty, &base, &ref)
		}
		return base.WithoutSpans()
	}
	// b) A reference with a scheme is absolute: done.
	if ref.Scheme.Present {
		if t != nil {
			t.record(atAbsolute, &base, &ref)
		}
		return ref.WithoutSpans()
	}
	// c) Otherwise it inherits the base's scheme. Its fragment is always its
	//    own: only the entirely empty reference inherits the base's.
	u := ast.URL{Scheme: base.Scheme, Fragment: ref.Fragment}

	// Step 3: a non-empty net_loc takes the rest from the reference.
	// An empty one ("///g") inherits the base's net_loc.
	if ref.NetLoc.Value != "" {
		u.NetLoc, u.Path, u.Params, u.Query = ref.NetLoc, ref.Path, ref.Params, ref.Query
		if t != nil {
			t.record(atNetLoc, &base, &ref)
		}
		return recombine(u, t)
	}
	u.NetLoc = base.NetLoc

	// Step 4: a path preceded by "/" is not relative.
	if ref.Path.IsAbsolute() {
		u.Path, u.Params, u.Query = ref.Path, ref.Params, ref.Query
		if t != nil {
			t.record(atAbsPath, &base, &ref)
		}
		return recombine(u, t)
	}

	// Step 5: an empty path inherits the base's path, and
	if ref.Path.IsEmpty() {
		u.Path = base.Path
		// a) non-empty params are the reference's own, with its query;
		if ref.Params.Value != "" {
			u.Params, u.Query = ref.Params, ref.Query
			if t != nil {
				t.record(atParams, &base, &ref)
			}
			return recombine(u, t)
		}
		// otherwise the base's params are inherited, and
		u.Params = base.Params
		// b) a non-empty query is the reference's own; otherwise the
		//    base's query is inherited.
		u.Query = base.Query
		if ref.Query.Value != "" {
			u.Query = ref.Query
		}
		if t != nil {
			t.record(atQuery, &base, &ref)
		}
		return recombine(u, t)
	}

	// Step 6: the base path without its last segment, then the
	// reference's path, with "." and ".." segments removed.
	var tr *PathTrace
	if t != nil {
		tr = t.pathTrace()
	}
	u.Path = ast.Path{Value: MergePaths(base, ref.Path.Value, tr)}
	u.Params, u.Query = ref.Params, ref.Query
	if t != nil {
		t.record(atMerge, &base, &ref)
	}
	// The merged path may begin with an empty segment ("/b/c/d" +
	// "../..//g" gives "//g"). After a net_loc it is written as it is, as
	// step 7 says: "http://a//g" is a valid absoluteURL of the opaque form,
	// which cannot serve as a base in its turn (resolve.BaseReason). Without a
	// net_loc, recombine keeps a "." segment in front.

	// Step 7.
	return recombine(u, t)
}

// recombine is step 7: the components, including those inherited from the
// base, are recombined into the absolute form. They print in the order of
// §2.1 ([ast.URL.String]); recombine makes sure the printed URL reads back
// into the same components, where the steps before could leave a path the
// §2.2 syntax cannot write in its place.
func recombine(u ast.URL, t *Trace) ast.URL {
	p := u.Path.Value
	switch {
	case u.NetLoc.Present && p != "" && p[0] != '/':
		// The path of a net_path is an abs_path: "//a" + "g" is "//a/g".
		p = "/" + p
	case u.NetLoc.Present && p == "" && (u.Params.Present || u.Query.Present):
		// The net_loc would swallow ";" and "?" ("//a?y" has the net_loc
		// "a?y"): only an abs_path may carry them after a net_loc.
		p = "/"
	case !u.NetLoc.Present && strings.HasPrefix(p, "//"):
		// "//g" would begin a net_loc: keep a "." segment in front.
		p = "/." + p
	case !u.Scheme.Present && !u.NetLoc.Present && ast.SchemeLen(p) > 0:
		// §5.3: "this:that" would read as a scheme.
		p = "./" + p
	}
	from := u.Path.Value
	u = u.WithoutSpans()
	u.Path.Value = p
	u.Form = ast.FormOf(&u)
	if t != nil {
		t.recombined(from, u)
	}
	return u
}

// ReferenceTrace resolves ref against base exactly as [Reference] does and
// returns, besides the result, the [Trace] of the steps of §4 that gave
// it. Both come from one run of the same code: resolve.Reference is that
// code with no recorder, so the two cannot disagree (the trace's Result
// is the result).
func ReferenceTrace(base, ref ast.URL) (ast.URL, *Trace) {
	t := new(Trace)
	return Reference(base, ref, t), t
}
