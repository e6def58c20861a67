package relurl

import (
	"errors"

	"github.com/relurl/relurl/ast"
	"github.com/relurl/relurl/resolve"
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
// [Diagnostics] of the input. errors.As finds the first *[Diagnostic]
// through it, and the whole list as a [Diagnostics].
//
// Like *url.Error and *os.PathError, it says each thing once: its message
// quotes the input (a window of it, past 64 bytes; see [ast.Quote]) only
// when the error underneath does not; a *resolve.BaseError or
// *resolve.RefError names its input itself.
type Error struct {
	// Op is the operation: "parse", "resolve" or "relative".
	Op string
	// URL is the input the operation failed on: the URL parsed, the
	// reference resolved, or the target of Relative.
	URL string
	// Err is what went wrong.
	Err error
}

// Error returns the operation, the input (unless the error underneath
// names it) and the error underneath, on one line.
func (e *Error) Error() string {
	switch e.Err.(type) {
	case *resolve.BaseError, *resolve.RefError:
		return e.Op + ": " + e.Err.Error()
	}
	at := 0
	var d *Diagnostic
	if errors.As(e.Err, &d) {
		at = d.Offset
	}
	return e.Op + " " + ast.Quote(e.URL, at) + ": " + e.Err.Error()
}

// Unwrap returns the error underneath.
func (e *Error) Unwrap() error { return e.Err }

// Parse reads s as a URL under the §2.2 BNF and returns its components.
// It is validate.Parse with the error named: it returns the §2.4 cut of s,
// and, when s is not a valid URL, an *[Error] wrapping every diagnostic.
// It allocates nothing when s is valid.
func Parse(s string) (URL, error) {
	u, diags := validate.Validate(s)
	if diags.HasErrors() {
		return u, &Error{Op: "parse", URL: s, Err: diags}
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
