// Package relurl reads URLs under RFC 1808, "Relative Uniform Resource
// Locators", exactly and strictly.
//
// [Parse] checks a URL against the BNF of §2.2 and cuts it into the six
// components of §2.1, a [URL]; [Validate] reports every way an invalid
// URL breaks the BNF, each finding a [Diagnostic], positioned, named after
// its production and given a stable rule id; [Split] applies the parsing
// rules of §2.4 to any string and never fails. [Resolve] is the algorithm
// of §4, [ResolveLenient] the same on what Split cuts, and [Relative] its
// inverse. A URL is a value a program can keep: it prints back as it was
// read ([URL.String]), implements encoding.TextMarshaler and
// encoding.TextUnmarshaler, and reads its host and port by RFC 1738 §3.1
// ([URL.Host], [URL.Port]).
//
// # Profiles
//
// RFC 1808 alone is the default. A [Profile] adds rules or allowances:
// the scheme-specific rules of RFC 1738 ("rfc1738"), the IPv6 literal
// hosts of RFC 2732 ("rfc2732"), characters §2.2 forbids ("allow:~").
// [ParseProfile] reads one from its text, as a flag or a configuration
// holds it; [Profile.Parse] and [Profile.Validate] read under it.
//
// # Errors
//
// Every error of the functions that read URLs ([Parse], [Profile.Parse],
// [Resolve], [Relative], [URL.UnmarshalText], [URL.Host], [URL.Port]) is
// an *[Error] naming the operation and the input. In it,
// errors.Is finds [ErrSyntax] for input outside the rules it was read
// under, [ErrUnsuitableBase] for a base URL that cannot serve (§2), and
// [ErrTargetNotAbsolute] for a relative target of [Relative]; errors.As
// finds the *[Diagnostic] of the first fault and the [Diagnostics] of all
// of them.
//
// # Concurrency
//
// Every function and method of this package is safe for concurrent use:
// the package has no mutable state, and [URL], [Profile], [Diagnostic]
// and the other types are plain values that the functions read and never
// change. The methods with a pointer receiver, UnmarshalText, change
// their receiver as any assignment does, and need the caller's
// synchronization if others read it meanwhile.
//
// # Under the surface
//
// Two readers agree on every string: the fast single-pass validator of
// package validate, which this package uses, and the reference parser of
// package grammar, which writes §2.2 as a participle grammar. Both produce
// the URL of package ast, which this package's [URL] mirrors field for
// field; package resolve is §4 on those nodes. docs/library.md says which
// packages a program may rely on, and what each promises.
package relurl
