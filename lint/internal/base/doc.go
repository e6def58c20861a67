// Package base establishes the base URL of a document by RFC 1808 §3, the
// base its relative references are resolved against (§4, package resolve).
//
// A base comes from one of four layers, innermost first ([Layer]): a base
// embedded in the content (§3.1: an HTML BASE element, §10, or a message's
// Base header), the base of the encapsulating entity (§3.2), the URL the
// document was retrieved by (§3.3), and the empty default (§3.4).
// [Establish] settles them; [HTML] and [Message] find the embedded bases of
// an HTML document and of an RFC 822/MIME message, and [URL] records which
// layer supplied a base.
//
// # The MIME walk
//
// [ReadMessage] is the one walk of a message's entities that relurl has:
// the base command and the linter read messages through it, so they find
// the same entities and the same bases. It works on slices of the one
// input and copies no body per level of nesting; every entity keeps the
// byte offsets of its header fields and body in the input ([Entity.Map]),
// and [Entity.Decoded] gives a body with its transfer encoding undone, with
// an offset map back into the input (exact for quoted-printable, none for
// base64). Nesting is limited to [MaxDepth]; nothing is skipped in silence:
// what the walk cannot read as MIME wants it is recorded as a [Note] on
// the entity (an entity nested too deep, a multipart/* entity without a
// boundary, read as one part, a bad Content-Type, header lines that are no
// fields).
//
// # Decisions
//
//   - A BASE element counts only inside HEAD as the HTML parser of
//     golang.org/x/net/html builds it. [FindInHTML] parses only the part of
//     the document the head can still change in (up to the first start tag
//     that ends it), so valid HTML nested deeper than the parser's limit of
//     512 open elements further on does not stop it; a document nested that
//     deep before its head ends (templates in templates) is an error, the
//     same for every caller.
//   - The first Base header field of an entity counts; "URL:" is matched
//     without regard to case. A text/html entity's own BASE element wins
//     over its Base header. A part whose enclosing entity has only the
//     default base gets the default. The retrieval URL is used only at the
//     top level.
//   - A header is read leniently: a line that is neither a field nor a
//     continuation is skipped (and noted); the header ends at the first
//     empty line or at the end of the input. A Content-Type that does not
//     parse leaves the MIME default (noted). A multipart/* entity without
//     a boundary parameter is read as one part (noted), so that no URL in
//     it goes unread.
//   - Quoted-printable is decoded leniently and without a limit on line
//     length: "=" and two hex digits (either case) is a byte, "=" before a
//     line end (spaces allowed between) is a soft line break, any other "="
//     is itself. Base64 is decoded leniently: white space is skipped, and
//     decoding stops at "=" or at the first byte outside the alphabet
//     (noted).
//   - A message/* entity's body is read as the enclosed message, its
//     transfer encoding undone if it has one (RFC 2046 allows none, but
//     some do). The bytes decoded this way for the whole walk are at most
//     the length of the input; past that a body is not read (noted), so
//     that memory stays bounded by the input whatever the nesting.
package base
