package resolve

import (
	"errors"
	"strconv"

	"github.com/relurl/relurl/ast"
)

// Rule ids of the diagnostics a [*BaseError] holds when the base is a URL
// but cannot serve as a base. They extend the syntax rule ids of package
// ast and are as stable.
const (
	// RuleBaseNotAbsolute: a base URL without a scheme.
	RuleBaseNotAbsolute = "base/not-absolute"
	// RuleBaseNotGenericRL: an absolute base URL of the opaque form, whose
	// net_loc is followed by "//".
	RuleBaseNotGenericRL = "base/not-generic-RL"
)

// Reason says why a string cannot serve as a base URL.
type Reason uint8

const (
	// ReasonSyntax: the base is not a URL under the §2.2 BNF.
	ReasonSyntax Reason = iota + 1
	// ReasonNotAbsolute: the base has no scheme, and §2 wants an absolute
	// base.
	ReasonNotAbsolute
	// ReasonNotGenericRL: the base is absolute but does not fit generic-RL
	// (§2), as in "http://a//b".
	ReasonNotGenericRL
)

// String says the reason in a few words.
func (r Reason) String() string {
	switch r {
	case ReasonSyntax:
		return "not a URL"
	case ReasonNotAbsolute:
		return "not absolute"
	case ReasonNotGenericRL:
		return "not generic-RL"
	}
	return "Reason(" + strconv.Itoa(int(r)) + ")"
}

// BaseError reports a base URL that relative URLs cannot be resolved
// against. Err holds the diagnostics: an [ast.Diagnostics] for
// [ReasonSyntax], a single *[ast.Diagnostic] with a rule id of this package
// otherwise, so that errors.As finds an *ast.Diagnostic for every reason.
type BaseError struct {
	// Base is the offending base URL.
	Base string
	// Reason says why it cannot serve as a base.
	Reason Reason
	// Err holds the diagnostics.
	Err error
}

// Error says which base is bad, why, and where. The base is quoted as a
// window around the fault ([ast.Quote]), so the message stays short.
func (e *BaseError) Error() string {
	return "bad base URL " + ast.Quote(e.Base, offset(e.Err)) + ": " + e.Reason.String() + ": " + e.Err.Error()
}

// Unwrap returns the diagnostics.
func (e *BaseError) Unwrap() error { return e.Err }

// RefError reports a reference (or a target of [Relative]) that is not a
// URL under the §2.2 BNF. Err is its [ast.Diagnostics].
type RefError struct {
	// Ref is the offending reference.
	Ref string
	// Err holds the diagnostics, an [ast.Diagnostics].
	Err error
}

// Error says which reference is bad and where. The reference is quoted as
// a window around the fault ([ast.Quote]), so the message stays short.
func (e *RefError) Error() string {
	return "bad reference " + ast.Quote(e.Ref, offset(e.Err)) + ": " + e.Err.Error()
}

// offset is the offset of the first diagnostic err holds, or 0.
func offset(err error) int {
	var d *ast.Diagnostic
	if errors.As(err, &d) {
		return d.Offset
	}
	return 0
}

// Unwrap returns the diagnostics.
func (e *RefError) Unwrap() error { return e.Err }
