// Package extract finds the URLs of documents for the linter: where each
// URL is in the file, byte for byte, how the file encodes it, and the base
// it is resolved against (RFC 1808 §3). It holds no rule: what is wrong
// with a URL is package lint's business.
//
// One file per kind of document:
//
//   - text.go: a list of URLs, one per line ([KindText]);
//   - html.go: an HTML document: its BASE element (§10) and every
//     URL-bearing attribute ([KindHTML]);
//   - message.go: an RFC 822/MIME message: each entity's Base header
//     (§3.1), the "<URL:...>" of its header fields and text parts, and the
//     HTML of its text/html parts, through multipart/* and message/*
//     nesting (§3.2), on the one MIME walk of package resolve/base, and
//     the <URL> lists of its RFC 2369 List-* fields ([KindMessage]);
//   - mbox.go: a mailbox (RFC 4155), every message in it read as
//     message.go reads one ([KindMbox]).
//
// kind.go holds the one table of kinds: for each, its name, the file
// name extensions that say it, how its content says it and which file
// reads it ([Detect], [KindByName], [ParseKind]).
//
// [Extract] reads a document and hands a [Handler] what it finds, in
// document order: each URL as a [Ref], each comment addressed to relurl
// as a [Directive], and each part it did not read, with why, as a [Note].
// A Ref carries the URL as the document means it (character references
// and transfer encodings undone), a [Map] from its bytes to the file's,
// the [Encoding] layers the file wraps it in (so that a fix can be written
// back in the file's own encoding), where it was found, and its [Base]:
// the base URL §3 establishes for its part of the document, by package
// resolve/base.
package extract
