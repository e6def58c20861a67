package lint

import "github.com/relurl/relurl/lint/internal/extract"

// scratch is the memory a check of one file buffers in and reuses from the
// check of the file before, so that a run of many files does not allocate
// it again for each (decision S-23): the reader of the documents, which
// buffers an HTML head's URLs until its base is settled, and the map of the
// memo of a file's first base (base.memo). It holds nothing of a file
// once the file's check is over: the map is emptied, and the reader keeps
// nothing of a document it has read.
type scratch struct {
	rd   extract.Reader
	memo map[string]memoEntry
}

// maxKeptMemo is the most URLs a memo may have held for its map to be
// kept for the next file: emptying a map costs its size, which a file of
// fewer URLs would pay, and a file of more URLs is rare.
const maxKeptMemo = 2048

// getScratch returns a scratch no other check holds: one a check before
// gave back, or a new one.
func (l *Linter) getScratch() *scratch {
	if l.scratch != nil {
		if sc, ok := l.scratch.Get().(*scratch); ok {
			return sc
		}
	}
	return &scratch{}
}

// putScratch takes back sc, from a check that is over and whose first
// memo was memo (nil when it made none), for the next check.
func (l *Linter) putScratch(sc *scratch, memo map[string]memoEntry) {
	if l.scratch == nil {
		return
	}
	if memo != nil && len(memo) <= maxKeptMemo {
		clear(memo)
		sc.memo = memo
	}
	l.scratch.Put(sc)
}

// takeMemo returns the scratch's map for a memo, empty, or nil when it
// has none; it holds none until putScratch gives one back.
func (sc *scratch) takeMemo() map[string]memoEntry {
	m := sc.memo
	sc.memo = nil
	return m
}
