package lint

import (
	"errors"
	"fmt"
	"slices"

	"github.com/relurl/relurl/lint/internal/extract"
	"github.com/relurl/relurl/lint/internal/fix"
)

// ErrReadBack is wrapped by the error of a file whose fixed content does
// not read back as the fixed URLs: a fault of relurl, never of the file;
// the file is then not fixed.
var ErrReadBack = errors.New("the fixed file does not read back as the fixed URLs")

// ApplyFixes makes the fixes of findings, findings of src (the content of
// a file of kind, read against the retrieval URL retrieval) that carry
// them ([Finding.Edit]; the Linter computes them with [Options.Fixes]),
// and checks the result by reading it again: the same number of URLs,
// each fixed URL where it was, every other URL as it was. It returns the
// fixed content, the edits that make it (one per URL, in order of offset)
// and how many of the findings they mend; nil and 0 when none of them
// has a fix. An error wraps [ErrReadBack], or is fix.ApplyEdits'.
func ApplyFixes(src []byte, findings []Finding, kind extract.Kind, retrieval string) (fixed []byte, edits []fix.Edit, mended int, err error) {
	seen := map[*fix.Edit]bool{}
	for _, f := range findings {
		if f.Edit == nil {
			continue
		}
		mended++
		if !seen[f.Edit] {
			seen[f.Edit] = true
			edits = append(edits, *f.Edit)
		}
	}
	if len(edits) == 0 {
		return nil, nil, 0, nil
	}
	slices.SortFunc(edits, func(a, b fix.Edit) int { return a.Offset - b.Offset })
	fixed, err = fix.ApplyEdits(src, edits)
	if err == nil {
		err = readBack(string(src), string(fixed), kind, retrieval, edits)
	}
	if err != nil {
		return nil, nil, 0, err
	}
	return fixed, edits, mended, nil
}

// readBack checks that fixed, src with edits made, holds the URLs src
// holds, in order, but those the edits fix, which it holds fixed.
func readBack(src, fixed string, kind extract.Kind, retrieval string, edits []fix.Edit) error {
	refs := func(s string) []extract.Ref {
		var rs []extract.Ref
		extract.Extract(s, kind, retrieval, extract.Handler{Ref: func(r extract.Ref) { rs = append(rs, r) }})
		return rs
	}
	before, after := refs(src), refs(fixed)
	if len(before) != len(after) {
		return fmt.Errorf("%w: it holds %d URLs, the file %d", ErrReadBack, len(after), len(before))
	}
	used := make([]bool, len(edits))
	for k, rb := range before {
		want := rb.URL
		if rb.Mappable() {
			start, end := rb.Map.At(0), rb.Map.At(len(rb.URL))
			// The edits in order of offset: those inside this URL's span.
			i, _ := slices.BinarySearchFunc(edits, start, func(e fix.Edit, off int) int { return e.Offset - off })
			for ; i < len(edits) && edits[i].Offset <= end; i++ {
				if e := &edits[i]; e.End <= end && fix.Apply(rb.URL, e.Changes) == e.URL {
					want, used[i] = e.URL, true
				}
			}
		}
		if after[k].URL != want {
			return fmt.Errorf("%w: URL %d (%s) reads %q, not %q", ErrReadBack, k+1, rb.Where, after[k].URL, want)
		}
	}
	if i := slices.Index(used, false); i >= 0 {
		return fmt.Errorf("%w: the edit of bytes %d to %d fixes no URL", ErrReadBack, edits[i].Offset, edits[i].End)
	}
	return nil
}
