package extract

import rbase "github.com/relurl/relurl/lint/internal/base"

// Map places the bytes of a URL found in a document in the file: it maps
// each offset of [Ref.URL], from 0 to len(URL) included, to a byte offset
// of the file. It is built in two steps, each kept as it was found: from
// the URL to the text of the document it was read from (an attribute's
// character references, "<URL:...>" with its white space), then from that
// text to the file (a MIME entity, a transfer encoding undone), so that a
// URL costs no offset table unless its own text was decoded.
type Map struct {
	// doc maps the document's text to the file.
	doc rbase.Map
	// idx, when not nil, holds for each byte of the URL (and one past its
	// end) its offset in the document's text; otherwise byte i is at
	// from+i.
	idx  []int
	from int
	// inexact is set when the URL's bytes could not be placed one by one
	// in the text (a decoding that could not be reproduced): every one
	// maps to where the URL's source begins.
	inexact bool
	// shift is added to every offset: the document's place in the file
	// (a message in a mailbox).
	shift int
}

// At returns the file offset of the URL's byte i (of the URL's end for
// i = len(URL)). Where the bytes cannot be placed one by one ([Map.Exact]
// is false), it is the offset where their source begins.
func (m Map) At(i int) int {
	if m.idx != nil {
		return m.shift + m.doc.At(m.idx[max(0, min(i, len(m.idx)-1))])
	}
	return m.shift + m.doc.At(m.from+max(0, i))
}

// Exact reports whether [Map.At] places each byte exactly: false inside a
// base64 body, and where a decoding could not be reproduced.
func (m Map) Exact() bool { return m.doc.Exact() && !m.inexact }

// plainMap is the Map of a URL that is text[from:] of a document mapped
// by doc.
func plainMap(doc rbase.Map, from int) Map { return Map{doc: doc, from: from} }

// spanMap is the Map of a URL read from text[from:to] of a document mapped
// by doc by a decoding that cannot be reproduced: each of its bytes is
// placed at from, its end at to.
func spanMap(doc rbase.Map, n, from, to int) Map {
	idx := make([]int, n+1)
	for i := range n {
		idx[i] = from
	}
	idx[n] = to
	return Map{doc: doc, idx: idx, inexact: true}
}

// indexMap is the Map of a URL whose byte i is text[idx[i]] of a document
// mapped by doc, with idx[len(url)] the offset just past it.
func indexMap(doc rbase.Map, idx []int) Map { return Map{doc: doc, idx: idx} }
