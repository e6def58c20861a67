// Package conformance writes and reads relurl's RFC 1808 conformance data,
// testdata/rfc1808/urltestdata.json, and runs it against other URL
// libraries.
//
// The data is in the shape of the Web Platform Tests'
// url/resources/urltestdata.json (docs/conformance-data.md describes it):
// the examples of RFC 1808 §5.1 and §5.2, read from the RFC's text; the
// table of parsing cases of testdata/urls.txt; inputs and bases where the
// RFC is silent or ambiguous, each citing the decisions that answer it;
// cases of each divergence class of package compare; and each production
// of §2.2 as package gen builds it, valid and with one known violation.
// [Generate] answers each case with the root package (Validate, Split,
// Resolve) and checks every answer by a second computation: the reference
// parser of package grammar for the verdict and the cut, and a reading of
// §4 on strings, literal to its text, for each resolution.
//
// The harness ([RunAdapter], [Score]) hands the cases to an adapter, a
// small program in conformance/adapters that answers them with one
// library, and scores its answers against RFC 1808's; package compare
// classifies the differences. `make conformance` records the table in
// testdata/rfc1808/conformance.json and writes docs/conformance.md from it.
package conformance

//go:generate go run ./cmd/gendata -root ../../..
