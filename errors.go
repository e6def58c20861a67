package relurl

import (
	"errors"

	"github.com/relurl/relurl/ast"
	"github.com/relurl/relurl/resolve"
)

// The sentinel errors of this package. Every error of the functions that
// read URLs is an *[Error]; errors.Is finds in it the sentinel of what
// went wrong, and errors.As the *[Diagnostic] and the [Diagnostics] when
// there are any.
var (
	// ErrSyntax is found in every error about input outside the language
	// it was read under: RFC 1808 §2.2, or a [Profile]'s rules, or the
	// host and port of RFC 1738 §3.1 ([URL.Host], [URL.Port]).
	ErrSyntax = errors.New("syntax error")
	// ErrUnsuitableBase is found in the error of [Resolve] or [Relative]
	// for a base that is a URL but cannot serve as a base: §2 wants it
	// absolute and of the generic-RL form.
	ErrUnsuitableBase = errors.New("unsuitable base URL")
	// ErrTargetNotAbsolute is the error underneath [Relative]'s for a
	// target without a scheme against a base that is not empty: every
	// reference resolves against such a base to an absolute URL. It is
	// the sentinel of package resolve, so errors.Is finds either in both.
	ErrTargetNotAbsolute = resolve.ErrTargetNotAbsolute
)

// Error is the error of the functions of this package: the operation, the
// input, and the error underneath. For a syntax error that is the
// input's [Diagnostics]; errors.As finds the whole list as a
// [Diagnostics], and the first diagnostic as a *[Diagnostic].
//
// Like *url.Error and *os.PathError, it says each thing once: its message
// quotes the input (a window of it past 64 bytes, around the fault) only
// when the error underneath does not; for a bad base or reference the
// error underneath names that input itself.
type Error struct {
	// Op is the operation: "parse", "resolve", "relative", "host" or
	// "port".
	Op string
	// URL is the input the operation failed on: the URL parsed, the
	// reference resolved, the target of Relative, or the URL whose host
	// or port was asked.
	URL string
	// Err is what went wrong.
	Err error
}

// Error returns the operation, the input (unless the error underneath
// names it) and the error underneath, on one line.
func (e *Error) Error() string {
	if _, ok := e.Err.(*inputError); ok {
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

// inputError is a bad base or reference of [Resolve] or [Relative]: which
// input, why, and its diagnostics.
type inputError struct {
	// what is "bad base URL" or "bad reference"; input the text.
	what, input string
	// reason, for a base, says why it cannot serve.
	reason string
	diags  Diagnostics
}

func (e *inputError) Error() string {
	at := 0
	if d := e.diags.First(); d != nil {
		at = d.Offset
	}
	msg := e.what + " " + ast.Quote(e.input, at) + ": "
	if e.reason != "" {
		msg += e.reason + ": "
	}
	return msg + e.diags.Error()
}

func (e *inputError) Unwrap() error { return e.diags }

// fromResolve turns an error of package resolve into this package's
// types: a bad base or reference names its input and wraps its
// [Diagnostics]; [ErrTargetNotAbsolute] stays itself, since the *[Error]
// around it names the target.
func fromResolve(err error) error {
	var be *resolve.BaseError
	var re *resolve.RefError
	switch {
	case errors.As(err, &be):
		return &inputError{what: "bad base URL", input: be.Base, reason: be.Reason.String(), diags: diagnosticsOf(be.Err)}
	case errors.As(err, &re):
		return &inputError{what: "bad reference", input: re.Ref, diags: diagnosticsOf(re.Err)}
	case errors.Is(err, ErrTargetNotAbsolute):
		return ErrTargetNotAbsolute
	}
	return err
}

// diagnosticsOf returns the diagnostics of package ast that err holds.
func diagnosticsOf(err error) Diagnostics {
	var list ast.Diagnostics
	if errors.As(err, &list) {
		return fromDiagnostics(list)
	}
	var d *ast.Diagnostic
	if errors.As(err, &d) {
		return Diagnostics{fromDiagnostic(d)}
	}
	return nil
}
