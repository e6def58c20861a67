// Package compare reads one URL, or resolves one reference against a
// base, three ways, and reports where the readings part:
//
//   - RFC 1808, this project's reading: §2.2 validated by package
//     validate, §4 resolved by package resolve. An input it rejects is
//     still cut by §2.4 and resolved without checks, so that its
//     components can be compared.
//   - RFC 3986 as Go's net/url reads it: url.Parse, ResolveReference and
//     String. net/url is a lenient reading of RFC 3986: it accepts much the
//     RFC's grammar does not (spaces, "{", a lone "%" is the exception) and
//     escapes it when it prints. No strict RFC 3986 reader is added: it
//     would differ from net/url only in its verdict on characters net/url
//     lets through, while the divergences that matter, those of the 2022
//     study, are between what programs actually run.
//   - The WHATWG URL Standard, which browsers follow, read by
//     github.com/nlnwa/whatwg-url, chosen for passing 876 of the 891
//     cases of the Web Platform Tests' urltestdata.json (TestWPT).
//
// For each reader a [Reading] gives its verdict (accepted, repaired or
// rejected), the repairs it applied ([FixUp]: white space removed,
// backslashes read as slashes, percent-encoding, case, IDNA, default
// ports, dot segments, ...), the URL's components mapped onto the six of
// RFC 1808 §2.1, and the URL it reads. A [Report] then lists the
// [Divergence]s: the components where the readings part, each reader's
// value, a [Class] from the one table [Classes] (the five of the 2022
// study by Claroty and Snyk, those RFC 1808 adds, and a few a browser
// adds), and the RFC 1808 production or §4 step that decides the RFC 1808
// reading. A divergence no class explains is [Unclassified]; the
// package's fuzz target fails on one.
//
// What is compared, and how, is documented on the unexported keys type
// in diverge.go and in decision C-2 (docs/decisions.md): the scheme and the host as written
// (case is a class of its own), percent-encoding normalised but never
// decoded, empty and default ports dropped.
//
// [URL] and [Reference] are for one input; [NewBase] reads a base once
// for the many references of a document, and [Base.Agrees] answers
// whether the readers agree without a report. A report has a JSON form
// with stable field names, which `relurl compare --json` prints as it is.
//
// Most links are plain (a relative path, a fragment, an http URL of
// ordinary characters), and on those the three readers provably agree: a
// prefilter recognises them in one pass that allocates nothing, and
// writes their readings down without running the readers, in the report
// the full path would give (the doc comment of plainKind in plain.go says
// which inputs, and why they agree; a differential test and fuzz target
// hold the two paths to identical reports). Without a base, an input
// without a scheme is known to fail in a browser (the URL Standard's "no
// scheme state"), and that reading too is written without running the
// WHATWG library. The rest runs every reader: a few microseconds, most of
// it the WHATWG library.
package compare
