package resolve

import (
	"github.com/relurl/relurl/ast"
	"github.com/relurl/relurl/internal/resolution"
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
func Reference(base, ref ast.URL) ast.URL {
	return resolution.Reference(base, ref, nil)
}
