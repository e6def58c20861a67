package extract

import rbase "github.com/relurl/relurl/lint/internal/base"

// decoded is a text read out of a document by a decoding (an attribute's
// character references, CSS escapes), with where each of its bytes is in
// the document's text: the place of byte i is idx[i], or off+i when idx
// is nil (the text is the document's, as it is). idx, when not nil, has
// one more entry, for the end of the text. A decoding that could not be
// reproduced is inexact: every byte is placed at off, the end at end.
type decoded struct {
	s       string
	off     int
	idx     []int
	inexact bool
	end     int
}

// plain is the decoded text that is doc[from:to] as it is.
func plain(doc string, from, to int) decoded { return decoded{s: doc[from:to], off: from} }

// at returns the place in the document of the text's byte i (of its end
// for i = len(s)).
func (t *decoded) at(i int) int {
	switch {
	case t.inexact:
		if i >= len(t.s) {
			return t.end
		}
		return t.off
	case t.idx == nil:
		return t.off + i
	}
	return t.idx[i]
}

// mapOf returns the Map of a URL read out of the text t, in a document
// mapped to the file by m: the URL is t.s[from:to] when sub is nil;
// otherwise the URL's byte k is the text's byte sub[k], and sub has one
// more entry, for the URL's end.
func (t *decoded) mapOf(m rbase.Map, from, to int, sub []int) Map {
	n := to - from
	if sub != nil {
		n = len(sub) - 1
	}
	switch {
	case t.inexact:
		end := t.off
		if sub == nil && to == len(t.s) || sub != nil && sub[n] == len(t.s) {
			end = t.end
		}
		return spanMap(m, n, t.off, end)
	case sub == nil && t.idx == nil:
		return plainMap(m, t.off+from)
	case sub == nil:
		// The URL's offsets are the text's from from to to: shared, not
		// copied, and capped, so that nothing appends into the text's.
		return indexMap(m, t.idx[from:to+1:to+1])
	}
	idx := make([]int, n+1)
	for k := range idx {
		j := from + k
		if sub != nil {
			j = sub[k]
		}
		idx[k] = t.at(j)
	}
	return indexMap(m, idx)
}
