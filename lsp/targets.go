package lsp

import (
	"github.com/relurl/relurl/lint"
	"github.com/relurl/relurl/lint/extract"
)

// Targets checks where a document's links lead, from an index of the
// workspace that it keeps current: the seam where link-target checking
// joins the server (decision E-7). The server asks it for each lint of a
// document, and tells it of the files that change on disk; its findings
// are published with the linter's, in the same form. Options.Targets nil
// is no such checking.
//
// Its methods are called from many goroutines: an implementation is safe
// for concurrent use.
type Targets interface {
	// Findings returns the findings about the targets of the links of a
	// document: the file at name (a path, or the URI of a document not
	// saved), whose text is src, read as kind against the retrieval URL
	// retrieval. Their Offset and EndOffset are byte offsets into src.
	Findings(name, src string, kind extract.Kind, retrieval string) []lint.Finding
	// Changed says that the files at paths were saved, created, changed
	// or deleted on disk; the server then lints its open documents again.
	Changed(paths []string)
}
