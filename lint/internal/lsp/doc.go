// Package lsp is relurl's language server, "relurl lsp": the linter in
// an editor, over the Language Server Protocol 3.17 on standard input and
// output.
//
// It publishes the diagnostics of every kind of document the linter reads
// (HTML, Markdown, CSS, XML, messages, lists of URLs) as the documents are
// opened and changed, with relurl lint's rule ids, severities and messages,
// each linked to its rule's section of the rules page, by the .relurl.toml
// above each document (package lint/runner finds and reads it), read again
// when it changes, and from the root of the document's project, found from
// its path as relurl lint finds it (decision E-9).
// It offers the linter's safe fixes as quick fixes, "suppress here" where a
// kind of document has an inline directive and a place for it leaves the
// page as it was, and on a URL a hover: its
// verdict under RFC 1808 §2.2, its form and six components (§2.1), what
// §4 resolves it to against the document's base (§3), the three readings
// of package compare where they differ, and a link to the playground.
//
// Positions are counted in UTF-16 code units, as LSP requires, or in bytes
// when the client offers UTF-8 (general.positionEncodings). The JSON-RPC
// connection is github.com/sourcegraph/jsonrpc2's, over a [Reader] of the
// base protocol's messages that answers a malformed one with an error and
// goes on (decision E-1). Each open document has a worker that lints its
// latest text once the server has read every message the client sent so
// far, so that a burst of changes is linted once (decision E-2).
//
// The target rules read a tree of each root's files (package lint/target),
// in which an open document's anchors are those of its text in the editor
// (decision E-7), kept current as files change on disk: the server checks
// what the trees read, whatever the client says (decision E-10). The hover
// asks the trees where a link leads as the target rules do (decision
// E-11). The setup of editors is in docs/editors.md, the decisions E-1 to
// E-11 in docs/decisions.md.
package lsp
