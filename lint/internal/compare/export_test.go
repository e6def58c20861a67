package compare

import "testing"

// Exported for the benchmarks of package compare_test.

// NewBaseExact is NewBase with every shortcut off: the full path.
func NewBaseExact(base string) *Base { return exactBase(base) }

// Plain reports whether the prefilter takes ref against b.
func Plain(b *Base, ref string) bool {
	k, _ := b.plainKindOf(ref)
	return k != notPlain
}

// PyDocPage is a page of the Python docs corpus: its base and its links.
type PyDocPage struct {
	Base string
	Refs []string
}

// PyDocPages reads the corpus (testdata/pydocs/links.jsonl), one entry per
// page, in file order.
func PyDocPages(tb testing.TB) []PyDocPage {
	var pages []PyDocPage
	for _, l := range pyDocLinks(tb) {
		if n := len(pages); n == 0 || pages[n-1].Base != l.base {
			pages = append(pages, PyDocPage{Base: l.base})
		}
		p := &pages[len(pages)-1]
		p.Refs = append(p.Refs, l.ref)
	}
	return pages
}
