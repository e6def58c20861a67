package relurl

import "github.com/relurl/relurl/resolve"

// Resolve resolves the reference ref against base by the algorithm of
// RFC 1808 §4 and returns the absolute URL, strictly: base must be empty
// (the unknown base of §3.4, against which ref comes back as it is) or a
// valid absolute URL of the generic-RL form, and ref a valid URL. The
// error is an *[Error] naming the bad base or reference: errors.Is finds
// [ErrSyntax] when it is not a URL under §2.2, [ErrUnsuitableBase] for a
// base that is a URL but cannot serve (its diagnostic's rule says why),
// and errors.As its [Diagnostics]. Package resolve documents the choices
// made where §4 leaves a point open.
func Resolve(base, ref string) (string, error) {
	u, err := resolve.Resolve(base, ref)
	if err != nil {
		return "", &Error{Op: "resolve", URL: ref, Err: fromResolve(err)}
	}
	return u.String(), nil
}

// ResolveLenient resolves ref against base as [Resolve] does, but cuts
// both by the rules of §2.4 and checks nothing, for input that is not
// strictly valid, or valid under a [Profile] only. It never fails.
func ResolveLenient(base, ref string) string {
	return resolve.Lenient(base, ref).String()
}

// Relative is the inverse of [Resolve]: the shortest reference that
// resolves against base to exactly target, falling back to a net_path or
// to target itself when nothing shorter does. A first path segment with a
// ":" is written "./this:that" (§5.3). The error is an *[Error] as for
// [Resolve]; target must be absolute unless base is empty, or the error
// wraps [ErrTargetNotAbsolute].
func Relative(base, target string) (string, error) {
	r, err := resolve.Relative(base, target)
	if err != nil {
		return "", &Error{Op: "relative", URL: target, Err: fromResolve(err)}
	}
	return r, nil
}
