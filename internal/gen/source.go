package gen

import (
	"math/rand"

	"github.com/leanovate/gopter"
)

// A Source is where a generator's choices come from. The walk of the BNF
// draws every choice of every production from a Source: gopter's
// generators from its random numbers ([gopter.GenParameters]), and [Bytes]
// from the bytes of a fuzz input, so that a fuzzer's mutations of the
// bytes become mutations of the URL's structure (a byte more or less,
// another alternative, a longer segment) rather than of its text.
type Source interface {
	// Intn returns a choice in [0, n), for n > 0.
	Intn(n int) int
	// Size is the size parameter: runs of units grow up to it (and up to
	// each production's own bound).
	Size() int
}

// randSource is the Source of gopter's parameters: its random numbers, in
// the order the productions ask for them, and its MaxSize.
type randSource struct {
	rng  *rand.Rand
	size int
}

func (s randSource) Intn(n int) int { return s.rng.Intn(n) }
func (s randSource) Size() int      { return s.size }

func fromParams(p *gopter.GenParameters) Source { return randSource{p.Rng, p.MaxSize} }

// DefaultSize is the size parameter of a [Bytes] source, as "relurl gen"
// uses by default.
const DefaultSize = 20

// Bytes is a [Source] that reads its choices from a byte string, such as
// a fuzz input: a choice among at most 256 alternatives takes one byte
// (modulo the number of alternatives), a larger one two. Once the bytes
// run out every choice is 0, which ends every repetition (the rest of the
// value then takes the alternatives choice 0 picks: a corner value, an
// escape, an optional component), so any byte string, the empty one
// included, builds one bounded value.
type Bytes struct {
	data []byte
	used int
	size int
}

// NewBytes returns a source reading data, with size parameter
// [DefaultSize].
func NewBytes(data []byte) *Bytes { return &Bytes{data: data, size: DefaultSize} }

// Intn returns the next choice in [0, n).
func (b *Bytes) Intn(n int) int {
	if n <= 1 {
		return 0
	}
	v := b.next()
	if n > 256 {
		v = v<<8 | b.next()
	}
	return v % n
}

func (b *Bytes) next() int {
	if b.used >= len(b.data) {
		return 0
	}
	b.used++
	return int(b.data[b.used-1])
}

// Size returns the size parameter.
func (b *Bytes) Size() int { return b.size }

// Used reports how many bytes the choices so far have read.
func (b *Bytes) Used() int { return b.used }
