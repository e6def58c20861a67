package lint

import (
	"errors"
	"fmt"
	"slices"
	"unsafe"

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
// has a fix. An error wraps [ErrReadBack], or is fix.ApplyEdits'. It is
// [FixEdits] then [MakeEdits].
func ApplyFixes(src []byte, findings []Finding, kind extract.Kind, retrieval string) (fixed []byte, edits []fix.Edit, mended int, err error) {
	if edits, mended = FixEdits(findings); len(edits) == 0 {
		return nil, nil, 0, nil
	}
	if fixed, err = MakeEdits(src, edits, kind, retrieval); err != nil {
		return nil, nil, 0, err
	}
	return fixed, edits, mended, nil
}

// FixEdits returns the edits of findings (one per URL, in order of
// offset, copies: the findings may go once they are taken) and how many
// of the findings they mend; nil and 0 when none has a fix.
func FixEdits(findings []Finding) (edits []fix.Edit, mended int) {
	var s FixSet
	s.Add(findings)
	return s.Edits()
}

// FixSet gathers the edits of a file's findings handed to it in parts, in
// order ([Linter.CheckWith]'s flush), for [FixEdits] of them all. The
// zero FixSet is empty.
type FixSet struct {
	ptrs   []*fix.Edit
	mended int
}

// Add takes the edits of findings, the next of the file's.
func (s *FixSet) Add(findings []Finding) {
	// The findings of one URL share its Edit, and are mostly next to
	// each other: Edits tells the pointers apart among those of one
	// offset, with no map of them all.
	for i := range findings {
		e := findings[i].Edit
		if e == nil {
			continue
		}
		s.mended++
		if n := len(s.ptrs); n == 0 || s.ptrs[n-1] != e {
			s.ptrs = append(s.ptrs, e)
		}
	}
}

// Edits returns the edits taken, as [FixEdits] does, and empties s.
func (s *FixSet) Edits() (edits []fix.Edit, mended int) {
	ptrs, mended := s.ptrs, s.mended
	*s = FixSet{}
	if len(ptrs) == 0 {
		return nil, 0
	}
	slices.SortStableFunc(ptrs, func(a, b *fix.Edit) int { return a.Offset - b.Offset })
	edits = make([]fix.Edit, 0, len(ptrs))
	for i, e := range ptrs {
		dup := false
		for j := i - 1; j >= 0 && ptrs[j].Offset == e.Offset; j-- {
			if ptrs[j] == e {
				dup = true
				break
			}
		}
		if !dup {
			edits = append(edits, *e)
		}
	}
	return edits, mended
}

// MakeEdits returns src, the content of a file of kind read against
// retrieval, with edits (of [FixEdits]) made, checked by reading it again
// as [ApplyFixes] says.
func MakeEdits(src []byte, edits []fix.Edit, kind extract.Kind, retrieval string) ([]byte, error) {
	fixed, err := fix.ApplyEdits(src, edits)
	if err == nil {
		err = readBack(view(src), view(fixed), kind, retrieval, edits)
	}
	if err != nil {
		return nil, err
	}
	return fixed, nil
}

// view returns b as a string that shares its memory, for a read of a
// file's content or fixed content, which is never changed: a copy would
// cost the file's size again.
func view(b []byte) string { return unsafe.String(unsafe.SliceData(b), len(b)) }

// readBack checks that fixed, src with edits made, holds the URLs src
// holds, in order, but those the edits fix, which it holds fixed. It
// keeps the fixed file's URLs, not their Refs, and checks src's as they
// are read: what it holds is a string header per URL of the file
// (decision F-12).
func readBack(src, fixed string, kind extract.Kind, retrieval string, edits []fix.Edit) error {
	var after []string
	extract.Extract(fixed, kind, retrieval, extract.Handler{Ref: func(r extract.Ref) { after = append(after, r.URL) }})
	used := make([]bool, len(edits))
	k := 0
	var err error
	extract.Extract(src, kind, retrieval, extract.Handler{Ref: func(rb extract.Ref) {
		defer func() { k++ }()
		if err != nil || k >= len(after) {
			return
		}
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
		if after[k] != want {
			err = fmt.Errorf("%w: URL %d (%s) reads %q, not %q", ErrReadBack, k+1, rb.Where, after[k], want)
		}
	}})
	if k != len(after) {
		return fmt.Errorf("%w: it holds %d URLs, the file %d", ErrReadBack, len(after), k)
	}
	if err != nil {
		return err
	}
	if i := slices.Index(used, false); i >= 0 {
		return fmt.Errorf("%w: the edit of bytes %d to %d fixes no URL", ErrReadBack, edits[i].Offset, edits[i].End)
	}
	return nil
}
