package lint

import (
	"reflect"
	"testing"
)

// FuzzFindingEncoding: any bytes decode to a finding or an error, and a
// finding decoded encodes to the same bytes. Its seeds
// (testdata/fuzz/FuzzFindingEncoding) are the encodings of findings,
// written by TestFindingEncodingSeeds.
func FuzzFindingEncoding(f *testing.F) {
	f.Fuzz(func(t *testing.T, data []byte) {
		var g Finding
		if g.UnmarshalBinary(data) != nil {
			return
		}
		b, _ := g.AppendBinary(nil)
		var h Finding
		if err := h.UnmarshalBinary(b); err != nil || !reflect.DeepEqual(g, h) {
			t.Fatalf("decoded %+v, again %+v, %v", g, h, err)
		}
	})
}
