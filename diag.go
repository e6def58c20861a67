package relurl

import (
	"github.com/relurl/relurl/ast"
	"github.com/relurl/relurl/internal/profile"
	"github.com/relurl/relurl/resolve"
)

// Severity ranks a diagnostic. Only error-severity diagnostics make a URL
// invalid. The zero Severity is no severity at all, a value never set,
// which [Severity.MarshalText] refuses.
type Severity uint8

const (
	// SeverityError marks input outside the language it was read under.
	SeverityError Severity = Severity(ast.SeverityError)
	// SeverityWarning marks valid input that is likely a mistake.
	SeverityWarning Severity = Severity(ast.SeverityWarning)
	// SeverityInfo marks valid input worth knowing about.
	SeverityInfo Severity = Severity(ast.SeverityInfo)
)

// String returns "error", "warning" or "info", and "Severity(N)" for any
// other value.
func (s Severity) String() string { return ast.Severity(s).String() }

// MarshalText spells the severity as [Severity.String] does. It fails for
// a value that is not one of the three severities.
func (s Severity) MarshalText() ([]byte, error) { return ast.Severity(s).MarshalText() }

// UnmarshalText reads "error", "warning" or "info", in any case ("note",
// SARIF's name for info, is info too).
func (s *Severity) UnmarshalText(text []byte) error {
	var v ast.Severity
	if err := v.UnmarshalText(text); err != nil {
		return err
	}
	*s = Severity(v)
	return nil
}

// Rule ids of the diagnostics this package returns. An id names the
// production whose rule was broken, then the kind of breakage; ids are
// stable across releases. The command line lists them with their
// documentation ("relurl rules").
const (
	// RuleEscapeMalformed: "%" not followed by two hex digits (escape =
	// "%" hex hex).
	RuleEscapeMalformed = ast.RuleEscapeMalformed
	// RuleNetLocChar: a character net_loc = *( pchar | ";" | "?" ) does
	// not allow.
	RuleNetLocChar = ast.RuleNetLocChar
	// RuleFsegmentChar: a character fsegment = 1*pchar does not allow.
	RuleFsegmentChar = ast.RuleFsegmentChar
	// RuleSegmentChar: a character segment = *pchar does not allow.
	RuleSegmentChar = ast.RuleSegmentChar
	// RuleParamChar: a character param = *( pchar | "/" ) does not allow.
	RuleParamChar = ast.RuleParamChar
	// RuleQueryChar: a character query = *( uchar | reserved ) does not
	// allow.
	RuleQueryChar = ast.RuleQueryChar
	// RuleFragmentChar: a character fragment = *( uchar | reserved ) does
	// not allow.
	RuleFragmentChar = ast.RuleFragmentChar
	// RuleFragmentHash: a second "#", inside the fragment.
	RuleFragmentHash = ast.RuleFragmentHash
	// RuleNetPathEmptySegment: a relative "//" net_loc followed by "//".
	RuleNetPathEmptySegment = ast.RuleNetPathEmptySegment
	// RuleTooManyErrors: the last diagnostic of a URL with more faults
	// than are listed; it says how many more there are, and spans them.
	RuleTooManyErrors = ast.RuleTooManyErrors

	// RuleBaseNotAbsolute: a base URL without a scheme (§2), from
	// [Resolve] and [Relative]; errors.Is finds [ErrUnsuitableBase].
	RuleBaseNotAbsolute = resolve.RuleBaseNotAbsolute
	// RuleBaseNotGenericRL: an absolute base URL of the opaque form,
	// whose net_loc is followed by "//" (§2); errors.Is finds
	// [ErrUnsuitableBase].
	RuleBaseNotGenericRL = resolve.RuleBaseNotGenericRL

	// RuleRFC1738Userinfo: ":", "@" or "/" unencoded in a user name or
	// password (RFC 1738 §3.1); profile rfc1738.
	RuleRFC1738Userinfo = profile.RuleUserinfo
	// RuleRFC1738Host: a host that is neither a hostname nor a dotted
	// quad (RFC 1738 §3.1); profile rfc1738 and [URL.Host].
	RuleRFC1738Host = profile.RuleHost
	// RuleRFC1738Port: a port that is not digits (RFC 1738 §3.1); profile
	// rfc1738 and [URL.Port].
	RuleRFC1738Port = profile.RulePort
	// RuleRFC1738HTTPUserinfo: a user name or password in an http URL
	// (RFC 1738 §3.3); profile rfc1738.
	RuleRFC1738HTTPUserinfo = profile.RuleHTTPUserinfo
	// RuleRFC1738SchemeCase: a scheme not in lower case (RFC 1738 §5), a
	// warning; profile rfc1738.
	RuleRFC1738SchemeCase = profile.RuleSchemeCase
	// RuleRFC1738HTTP: an http URL outside httpurl (RFC 1738 §3.3, §5);
	// profile rfc1738.
	RuleRFC1738HTTP = profile.RuleHTTP
	// RuleRFC1738FTP: an ftp URL outside ftpurl (RFC 1738 §5); profile
	// rfc1738.
	RuleRFC1738FTP = profile.RuleFTP
	// RuleRFC1738File: a file URL outside fileurl (RFC 1738 §5); profile
	// rfc1738.
	RuleRFC1738File = profile.RuleFile
	// RuleRFC1738Mailto: a mailto URL outside mailtourl (RFC 1738 §5);
	// profile rfc1738.
	RuleRFC1738Mailto = profile.RuleMailto
	// RuleRFC1738Telnet: a telnet URL outside telneturl (RFC 1738 §5);
	// profile rfc1738.
	RuleRFC1738Telnet = profile.RuleTelnet
	// RuleRFC1738WAIS: a wais URL outside waisurl (RFC 1738 §5); profile
	// rfc1738.
	RuleRFC1738WAIS = profile.RuleWAIS
)

// Diagnostic is a finding about the input bytes [Offset, End): where, in
// which production, under which rule, and why. As an error, errors.Is
// finds [ErrSyntax] in an error-severity diagnostic, or
// [ErrUnsuitableBase] in one of a base rule ([RuleBaseNotAbsolute],
// [RuleBaseNotGenericRL]).
type Diagnostic struct {
	// Offset and End delimit the offending text, in bytes from the start
	// of the input.
	Offset, End int
	// Production is the production whose rule was broken, spelled as the
	// RFC spells it ("net_loc", "fsegment", "escape").
	Production string
	// Text is the offending text, input[Offset:End].
	Text string
	// Message says what is wrong, in lower case, without trailing
	// punctuation.
	Message string
	// Rule is the diagnostic's stable id, one of the Rule constants of
	// this package.
	Rule string
	// Severity ranks the finding.
	Severity Severity
}

// Error returns the diagnostic on one line: "offset N: production:
// message".
func (d *Diagnostic) Error() string {
	a := d.ast()
	return a.Error()
}

// Is reports whether target is [ErrSyntax] and d an error of the syntax
// (of RFC 1808 §2.2, or of a profile's rules), or target is
// [ErrUnsuitableBase] and d says why a URL cannot serve as a base.
func (d *Diagnostic) Is(target error) bool {
	if d.Severity != SeverityError {
		return false
	}
	base := d.Rule == RuleBaseNotAbsolute || d.Rule == RuleBaseNotGenericRL
	return target == ErrSyntax && !base || target == ErrUnsuitableBase && base
}

// Caret renders the diagnostic under the input it was found in: the input
// on one line, with bytes that would not print shown as Go escapes, and a
// line of "^" under the offending text, cut to a window around it when
// the input is long.
func (d *Diagnostic) Caret(input string) string {
	a := d.ast()
	return a.Caret(input)
}

func (d *Diagnostic) ast() ast.Diagnostic {
	return ast.Diagnostic{Offset: d.Offset, End: d.End, Production: d.Production, Text: d.Text,
		Message: d.Message, Rule: d.Rule, Severity: ast.Severity(d.Severity)}
}

// Diagnostics is a list of diagnostics, in order of offset. Like
// go/scanner.ErrorList, its [Diagnostics.Err] is nil when the list holds
// no error.
type Diagnostics []Diagnostic

// Err returns the list as an error if it holds any error-severity
// diagnostic, and nil (never a typed nil) otherwise.
func (l Diagnostics) Err() error {
	if l.HasErrors() {
		return l
	}
	return nil
}

// HasErrors reports whether any diagnostic has error severity.
func (l Diagnostics) HasErrors() bool { return l.First() != nil }

// First returns the first error-severity diagnostic, or nil.
func (l Diagnostics) First() *Diagnostic {
	for i := range l {
		if l[i].Severity == SeverityError {
			return &l[i]
		}
	}
	return nil
}

// Error returns the first error's message, and how many more diagnostics
// follow.
func (l Diagnostics) Error() string {
	a := make(ast.Diagnostics, len(l))
	for i := range l {
		a[i] = l[i].ast()
	}
	return a.Error()
}

// Unwrap returns each diagnostic as a *Diagnostic, so that errors.As
// finds them, and errors.Is their sentinels, through any error that wraps
// the list.
func (l Diagnostics) Unwrap() []error {
	errs := make([]error, len(l))
	for i := range l {
		errs[i] = &l[i]
	}
	return errs
}

// fromDiagnostics converts the diagnostics of package ast; an empty list
// is nil.
func fromDiagnostics(diags ast.Diagnostics) Diagnostics {
	if len(diags) == 0 {
		return nil
	}
	out := make(Diagnostics, len(diags))
	for i := range diags {
		out[i] = fromDiagnostic(&diags[i])
	}
	return out
}

func fromDiagnostic(d *ast.Diagnostic) Diagnostic {
	return Diagnostic{Offset: d.Offset, End: d.End, Production: d.Production, Text: d.Text,
		Message: d.Message, Rule: d.Rule, Severity: Severity(d.Severity)}
}
