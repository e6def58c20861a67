// Package resolve turns relative URLs into absolute ones by the algorithm of
// RFC 1808 §4, and goes the other way: [Relative] finds the shortest
// reference that resolves to a given URL. Establishing the base URL a
// document's references are resolved against (§3) is the linter's job.
//
// [Reference] is §4 itself: it works on the six components of §2.1 ([ast.URL]),
// returns a new node and never changes its inputs. Its comments number the
// steps as the RFC does. Step 6 runs on a pair of segment stacks, as §4
// suggests, in time and memory linear in the length of the two paths. The
// same code, run with a recorder, gives the playground of `relurl serve`
// its trace of the steps (package internal/resolution, where the algorithm
// lives); Reference passes no recorder and pays one test of a nil pointer
// per step and per path segment for it, which BenchmarkResolve does not
// tell from noise.
// [Resolve] is the strict entry point: the base must be a URL under §2.2,
// absolute and of the generic-RL form (§2), or it returns a [*BaseError]
// saying why; the reference must be a URL under §2.2, or it returns a
// [*RefError] holding its [ast.Diagnostics]. [Lenient] cuts any two strings
// by the rules of §2.4 and resolves the cut, checking nothing.
//
// # Decisions
//
// RFC 1808 leaves some points open. This package settles them so that the
// §5 examples all hold and so that every resolved URL, printed, is a valid
// absoluteURL that parses back under the §2.2 grammar into exactly the
// components step 7 recombined.
//
//   - Step 1: the empty base is "unknown" (§3.4): the reference comes back
//     as it is, relative or not.
//   - Step 2a: only the empty string is "entirely empty". "#s", "?", ";"
//     and "#" are not: they go on through steps 3 to 7.
//   - Empty and absent: steps 3, 5a and 5b test whether the reference's
//     net_loc, params and query are "non-empty", and §2.4 calls a
//     component after a trailing delimiter "empty"; so an empty component
//     written with its delimiter ("///g", ";", "?") counts as empty and the
//     base's component is inherited. Inheriting takes the base's component
//     as it is, delimiter included or not: "?" against a base with no query
//     gives a result with no query, "///g" against "file:///x" keeps the
//     empty net_loc. A component not inherited is the reference's own,
//     delimiter included: "g?" resolves to ".../g?" and "g#" to ".../g#".
//   - The fragment is always the reference's own, except for the entirely
//     empty reference, which takes the whole base (§4, after step 7).
//   - A base with a net_loc and an empty path ("http://a") has the root
//     path "/" in step 6, so "g" gives "http://a/g", not "http://ag"; and
//     step 7 writes an empty path as "/" between a net_loc and params or a
//     query ("http://a" + "?y" gives "http://a/?y"), since §2.2 has no other
//     way to write them: in "http://a?y" the "?y" is part of the net_loc.
//   - Step 6c and 6d: an empty segment is a complete path segment, since the
//     segment production allows it: "a//../b" becomes "a/b".
//   - Step 6 can leave a path that begins with an empty segment
//     ("/b/c/d" + "../..//g" gives "//g"). After a net_loc it is written
//     literally, as steps 6a–6d and 7 say (decision R-12): the reference
//     "../..//g" against "http://a/b/c/d;p?q#f" gives "http://a//g". That
//     is a valid absoluteURL of the opaque form, and it cannot serve as a
//     base in its turn (§2); [BaseReason] says so. §4 promises an absolute
//     URL, not a generic-RL one.
//   - Without a net_loc the literal path cannot be written: "//g" would
//     read as a net_loc. The result keeps a "." segment in front, which
//     step 6a would remove again: "http:/b/c" + "..//g" gives "http:/.//g".
//     Likewise a relative base path (of a base such as "http:.//x") keeps
//     its "." segment, where §2.4.6's remembered slash cannot be written
//     otherwise: "http:.//x" + "g" gives "http:.//g", not "http:/g".
//   - So, against a base, every result is a valid absoluteURL whose §2.4
//     cut is exactly the components step 7 recombined; it is generic-RL
//     unless the reference is itself opaque or step 6 leaves an empty
//     first segment after a net_loc.
//   - Without a scheme or a net_loc (only in lenient mode or for hand-made
//     nodes), step 7 writes a path whose first segment would read as a
//     scheme as "./this:that" (§5.3).
package resolve
