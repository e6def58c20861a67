package base

import (
	"slices"
	"testing"
)

// TestIndexMap: a text read byte by byte from places in its input maps
// each byte back to its place, however the places jump.
func TestIndexMap(t *testing.T) {
	for _, idx := range [][]int{
		{},
		{7},
		{3, 4, 5, 6},
		{0, 1, 2, 2, 2, 7, 8, 20, 21, 22},
		{5, 5, 5, 9},
		{10, 11, 12, 17, 22, 23, 24},
	} {
		m := IndexMap(idx)
		var got []int
		for i := range idx {
			got = append(got, m.At(i))
		}
		if !slices.Equal(got, idx) {
			t.Errorf("IndexMap(%v) maps to %v", idx, got)
		}
		if !m.Exact() {
			t.Errorf("IndexMap(%v) is not exact", idx)
		}
	}
}
