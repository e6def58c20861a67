package target

import (
	"strings"
	"sync"

	"github.com/relurl/relurl/lint/internal/extract"
)

// destChunk is how many destinations NewDest takes at a time.
const destChunk = 32

// spareDests is the most destinations a spare memory keeps between
// files ([spares.give]), and spareRefs the most fragments and anchors:
// the pages of an index of a large site keep tens of thousands, each
// grown into fresh memory again without it.
const (
	spareDests = 8192
	spareRefs  = 1 << 15
)

// spare is the memory the target rules' work on one file (a Session)
// takes and gives back when the file is done ([Session.Release]), for
// the next file's: the table of its fragments, its names' destinations,
// and its anchors as the document gives them. A file's destinations and
// fragments live only as long as its check, and a run of many files
// would otherwise take fresh memory for each: on the Python
// documentation, some 26 MB a run, which the cache has forgotten by the
// time it is touched.
type spare struct {
	table   fragTable
	chunks  []*[destChunk]Dest
	anchors []extract.Anchor
}

// spares are the spare memories of a tree's sessions, kept between
// files.
type spares struct{ pool sync.Pool }

// take returns a spare memory, given back or new.
func (p *spares) take() *spare {
	if s, ok := p.pool.Get().(*spare); ok {
		return s
	}
	return &spare{}
}

// chunk returns memory for destChunk destinations, zero: one given
// back, or new (always when sp is nil, a file with no session's memory).
func (sp *spare) chunk() *[destChunk]Dest {
	if sp == nil {
		return new([destChunk]Dest)
	}
	if n := len(sp.chunks); n > 0 {
		c := sp.chunks[n-1]
		sp.chunks = sp.chunks[:n-1]
		return c
	}
	return new([destChunk]Dest)
}

// give takes back the memory the names of a file used: each chunk of
// destinations and the table's entries cleared, so that nothing of the
// file is held (its text, its targets).
func (p *spares) give(sp *spare, files []*File) {
	for _, f := range files {
		for _, c := range f.chunks {
			*c = [destChunk]Dest{}
			sp.chunks = append(sp.chunks, c)
		}
		f.chunks, f.chunk, f.used = nil, nil, 0
	}
	// What one large file took is not kept for the next, which most
	// likely needs less: past spareDests, the memory is let go.
	if len(sp.chunks) > spareDests/destChunk {
		clear(sp.chunks[spareDests/destChunk:])
		sp.chunks = sp.chunks[:spareDests/destChunk]
	}
	t := &sp.table
	if cap(t.refs) > spareRefs {
		t.refs = nil
	}
	if cap(sp.anchors) > spareRefs {
		sp.anchors = nil
	}
	clear(t.refs)
	if d := t.def; d != nil {
		// The table made is the Deferreds'; the rest is kept for the
		// next file's.
		d.tab, d.text = nil, strings.Builder{}
		if cap(d.at) > spareDests {
			d.at = nil
		}
		clear(d.at)
		d.at = d.at[:0]
		d.urls.reset()
		d.strs.reset()
		t.scratch = d
	}
	t.refs, t.self, t.last, t.def = t.refs[:0], t.self[:0], -1, nil
	clear(sp.anchors)
	sp.anchors = sp.anchors[:0]
	p.pool.Put(sp)
}
