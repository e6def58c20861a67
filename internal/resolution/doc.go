// Package resolution is the algorithm of RFC 1808 §4 that package resolve
// runs ([Reference], step 6 as [MergePaths]), with the recorder of its
// steps that the playground shows and the conformance data cites
// ([ReferenceTrace], [Trace]). Package resolve documents the algorithm's
// decisions and is the only way programs reach it; the trace is the
// playground's, and so lives here, out of resolve's public API.
package resolution
