// Package profile is the one home of the rules a URL may be read under
// beyond RFC 1808 §2.2: the allowances (characters §2.2 forbids that a
// reader accepts, and the IPv6 literal hosts of RFC 2732 §3) and the
// rules of RFC 1738 (the login of its §3.1 and the scheme productions of
// its §5), each with its rule id, its default severity, its check and the
// messages it words. The root package's Profile reads URLs with them, and
// the linter's catalog rows run the same checks: the linter adds its
// documentation and its configuration, never a check of its own.
//
// The RFC 1738 checks read URLs that are valid under §2.2, with the
// allowances applied ([Allowance.Filter]), and report [Hit]s in URL
// offsets. Their character sets are generated from grammar/rfc1738.bnf
// and grammar/rfc1808.bnf into rfc1738_table.go.
package profile

//go:generate go run ../mk1738 -bnf ../../grammar/rfc1738.bnf -bnf1808 ../../grammar/rfc1808.bnf -o rfc1738_table.go
