package resolve

import (
	"strings"

	"github.com/relurl/relurl/ast"
	"github.com/relurl/relurl/validate"
)

// Resolve resolves the reference ref against base by the steps of RFC 1808
// §4, strictly. The empty base is the unknown base of §3.4, against which
// ref comes back as it is (step 1); any other base must be a valid base
// URL (see [ParseBase]), or Resolve returns a [*BaseError]. The reference
// must be a URL under §2.2, or Resolve returns a [*RefError]. The result is
// a new node, with zero spans; printed, it parses back into the same
// components.
func Resolve(base, ref string) (ast.URL, error) {
	b, err := ParseBase(base)
	if err != nil {
		return ast.URL{}, err
	}
	r, err := ParseRef(ref)
	if err != nil {
		return ast.URL{}, err
	}
	return Reference(b, r), nil
}

// Lenient resolves ref against base as [Resolve] does, but reads both by
// the §2.4 cut alone ([validate.Split]) and checks nothing, for real-world
// input that is not strictly valid. It never fails; its result need not be
// a valid URL, nor absolute when the base is not.
func Lenient(base, ref string) ast.URL {
	return Reference(validate.Split(base), validate.Split(ref))
}

// ParseBase reads s as a base URL. The empty string is the unknown base of
// §3.4 and gives the zero URL. Any other s must be a URL under §2.2
// ([ReasonSyntax]), absolute ([ReasonNotAbsolute]) and of the generic-RL
// form ([ReasonNotGenericRL]): §2 says relative URLs "cannot be used within
// documents that have unsuitable base URLs". The error is a [*BaseError].
func ParseBase(s string) (ast.URL, error) {
	if s == "" {
		return ast.URL{}, nil
	}
	u, diags := validate.Validate(s)
	if err := diags.Err(); err != nil {
		return ast.URL{}, &BaseError{Base: s, Reason: ReasonSyntax, Err: err}
	}
	switch BaseReason(u) {
	case ReasonNotAbsolute:
		return ast.URL{}, &BaseError{Base: s, Reason: ReasonNotAbsolute, Err: &ast.Diagnostic{
			Offset: 0, End: len(s), Production: "generic-RL", Text: s,
			Message:  "a base URL must be absolute, and this one has no scheme (§2: generic-RL = scheme \":\" relativeURL)",
			Rule:     RuleBaseNotAbsolute,
			Severity: ast.SeverityError,
		}}
	case ReasonNotGenericRL:
		at := u.Path.Span.Start
		return ast.URL{}, &BaseError{Base: s, Reason: ReasonNotGenericRL, Err: &ast.Diagnostic{
			Offset: at, End: at + 2, Production: "generic-RL", Text: s[at : at+2],
			Message: `a base URL must fit generic-RL (§2), and a net_loc followed by "//" fits only ` +
				`the opaque form of absoluteURL: abs_path = "/" rel_path cannot begin with "/"`,
			Rule:     RuleBaseNotGenericRL,
			Severity: ast.SeverityError,
		}}
	}
	return u, nil
}

// BaseReason says why the URL u cannot serve as a base URL (§2: "base
// documents can only make use of relative URLs when their base URL fits
// within the generic-RL syntax"): [ReasonNotAbsolute] without a scheme,
// [ReasonNotGenericRL] for the opaque form of absoluteURL (a net_loc
// followed by "//", as in "http://a//g"), and 0 when it can. It reads the
// form alone; u is taken to be valid under §2.2 (see [ParseBase] for a
// string).
//
// A valid reference resolved against a generic-RL base ([Reference]) gives
// a URL that cannot serve as a base exactly when the reference is
// absolute and opaque, or when step 6 leaves a path that begins with an
// empty segment after a net_loc ("http://a/b/c/d;p?q#f" + "../..//g" gives
// "http://a//g"): a document retrieved by it could use no relative URL.
func BaseReason(u ast.URL) Reason {
	switch {
	case !u.Scheme.Present:
		return ReasonNotAbsolute
	case u.Form != ast.FormGenericRL:
		return ReasonNotGenericRL
	}
	return 0
}

// ParseRef reads s as a reference: any URL under §2.2, relative or
// absolute. The error is a [*RefError] holding the diagnostics.
func ParseRef(s string) (ast.URL, error) {
	u, diags := validate.Validate(s)
	if err := diags.Err(); err != nil {
		return ast.URL{}, &RefError{Ref: s, Err: err}
	}
	return u, nil
}

// Reference is the algorithm of RFC 1808 §4 on components: it resolves the
// reference ref against base and returns the result as a new node, with
// zero spans. It checks nothing: given a base and a reference that are
// valid (see [ParseBase] and [ParseRef]), the result printed is a valid
// URL that parses back into exactly its components. The package comment
// lists the decisions taken where the RFC leaves a point open.
// [ReferenceTrace] resolves the same way and says how.
func Reference(base, ref ast.URL) ast.URL {
	return reference(base, ref, nil)
}

// ReferenceTrace resolves ref against base exactly as [Reference] does and
// returns, besides the result, the [Trace] of the steps of §4 that gave
// it. Both come from one run of the same code: Reference is that code
// with no recorder, so the two cannot disagree (the trace's Result is the
// result).
func ReferenceTrace(base, ref ast.URL) (ast.URL, *Trace) {
	t := new(Trace)
	return reference(base, ref, t), t
}

// reference is §4. A non-nil t records each step as it is taken
// (t.record, in trace.go, which words it); every use of t is one test of
// t and one call, so that Reference, which passes nil, pays for no more.
func reference(base, ref ast.URL, t *Trace) ast.URL {
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
	u.Path = ast.Path{Value: mergePaths(base, ref.Path.Value, tr)}
	u.Params, u.Query = ref.Params, ref.Query
	if t != nil {
		t.record(atMerge, &base, &ref)
	}
	// The merged path may begin with an empty segment ("/b/c/d" +
	// "../..//g" gives "//g"). After a net_loc it is written as it is, as
	// step 7 says: "http://a//g" is a valid absoluteURL of the opaque form,
	// which cannot serve as a base in its turn ([BaseReason]). Without a
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
