package relurl

import "github.com/relurl/relurl/validate"

// Parse reads s as a URL under the BNF of RFC 1808 §2.2 and returns its
// components. When s is not a valid URL it returns the §2.4 cut of s and
// an *[Error] wrapping every diagnostic; errors.Is finds [ErrSyntax] in
// it. It allocates nothing when s is valid. [Profile.Parse] reads under a
// profile's rules too.
func Parse(s string) (URL, error) {
	u, diags := validate.Validate(s)
	if diags.HasErrors() {
		return fromAST(u), &Error{Op: "parse", URL: s, Err: fromDiagnostics(diags)}
	}
	return fromAST(u), nil
}

// Validate checks s against the §2.2 BNF and returns its §2.4 cut and every
// diagnostic, in order of offset: one per run of characters that break the
// same rule in one component, at most 100 per URL (the last of which then
// says how many more there are). The list is empty when s is valid; its
// [Diagnostics.Err] is then nil, and nothing is allocated.
// [Profile.Validate] checks under a profile's rules too.
func Validate(s string) (URL, Diagnostics) {
	u, diags := validate.Validate(s)
	return fromAST(u), fromDiagnostics(diags)
}

// Split cuts s into its components by the parsing rules of §2.4, checking
// nothing. It never fails, and printing the result gives back s.
func Split(s string) URL {
	return fromAST(validate.Split(s))
}
