// Package fix mends URLs, and checks that a mended URL goes where the
// original went: the engine behind relurl lint --fix, the fixes of its JSON
// and SARIF output, and the Go analyzer's suggested fixes.
//
// A fix only ever encodes. The repairs ([Encode], [EscapePercent],
// [DotSlash], [LowerScheme], [Host]) each give a [Change] of the URL: a
// forbidden character written as its %XX escapes per UTF-8 byte (RFC 1808
// §2.2), a "%" that begins no escape as %25, a second "#" as %23, "./" in
// front of a relative path whose first segment holds ":" (§5.3), a scheme
// in lower case (RFC 1738 §5), a non-ASCII host in its IDNA ASCII form
// (RFC 5891, by golang.org/x/net/idna with the URL Standard's options),
// never percent-encoded.
//
// [Check] is the safety rule: the mended URL must go where the original
// went for each of the three readers of package compare (RFC 1808, Go's
// net/url, the WHATWG URL Standard), resolved against the document's base
// and compared component by component after percent-decoding; a reader
// that rejected the original must take the mended URL to the target the
// others agreed on. Where the readers disagree on the original there is
// nothing to keep, and no fix.
//
// [Place] writes the changes of one URL into its file as one [Edit],
// confined to the URL's span: the bytes between two changes are kept as
// the file writes them, and the new bytes are of an alphabet every
// encoding package lint/extract reads writes as it is (HTML and XML
// attribute values, Markdown destinations and autolinks, CSS, Go string
// literals), so that decoding the edited file gives the mended URL. A URL
// in a quoted-printable or base64 body, or built from pieces the file
// writes apart, is not rewritten; each such case is a [Reason].
package fix
