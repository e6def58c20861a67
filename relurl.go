package relurl

import (
	"strconv"

	"github.com/relurl/relurl/ast"
	"github.com/relurl/relurl/validate"
)

// URL is a URL cut into the components of RFC 1808 §2.1; see [ast.URL].
type URL = ast.URL

// Diagnostic is one finding about an input; see [ast.Diagnostic].
type Diagnostic = ast.Diagnostic

// Diagnostics is a list of findings in order of offset; see
// [ast.Diagnostics].
type Diagnostics = ast.Diagnostics

// Error is the error of the functions of this package: the operation, the
// input, and the error underneath, which for a syntax error is the
// [Diagnostics] of the input. errors.As finds each *[Diagnostic] through
// it.
type Error struct {
	// Op is the operation: "parse", "resolve", ...
	Op string
	// URL is the input the operation failed on.
	URL string
	// Err is what went wrong.
	Err error
}

// Error returns the operation, the input (cut short past 64 bytes) and the
// error underneath, on one line.
func (e *Error) Error() string {
	s := e.URL
	if len(s) > 64 {
		s = s[:61] + "..."
	}
	return e.Op + " " + strconv.Quote(s) + ": " + e.Err.Error()
}

// Unwrap returns the error underneath.
func (e *Error) Unwrap() error { return e.Err }

// Parse reads s as a URL under the §2.2 BNF and returns its components.
// When s is not a valid URL the error is an *[Error] wrapping every
// diagnostic. It allocates nothing when s is valid.
func Parse(s string) (URL, error) {
	u, diags := validate.Validate(s)
	if diags.HasErrors() {
		return URL{}, &Error{Op: "parse", URL: s, Err: diags}
	}
	return u, nil
}

// Validate checks s against the §2.2 BNF and returns its §2.4 cut and every
// diagnostic, in order of offset. The list is empty when s is valid; its
// [ast.Diagnostics.Err] is then nil.
func Validate(s string) (URL, Diagnostics) {
	return validate.Validate(s)
}

// Split cuts s into its components by the parsing rules of §2.4, checking
// nothing. It never fails, and printing the result gives back s.
func Split(s string) URL {
	return validate.Split(s)
}
