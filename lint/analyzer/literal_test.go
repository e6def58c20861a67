package analyzer

import (
	"slices"
	"testing"
)

// TestLiteralMap: each byte of a literal's value is placed where its
// source begins, the bytes of one escaped character at the escape.
func TestLiteralMap(t *testing.T) {
	for _, tt := range []struct {
		lit, s string
		idx    []int
	}{
		{`"a b"`, "a b", []int{1, 2, 3, 4}},
		{`"a\u00fcb"`, "aüb", []int{1, 2, 2, 8, 9}},
		{`"\x41\"c"`, `A"c`, []int{1, 5, 7, 8}},
		{"`a\r\nb`", "a\nb", []int{1, 3, 4, 5}},
		{`"ü"`, "ü", []int{1, 1, 3}},
	} {
		idx, ok := literalMap(tt.lit, tt.s)
		if !ok || !slices.Equal(idx, tt.idx) {
			t.Errorf("literalMap(%s) = %v, %v; want %v", tt.lit, idx, ok, tt.idx)
		}
	}
	for _, bad := range [][2]string{{`"a"`, "b"}, {`"\q"`, "q"}, {`"`, ""}, {"\"\xff\"", "\xff"}} {
		if _, ok := literalMap(bad[0], bad[1]); ok {
			t.Errorf("literalMap(%q, %q) succeeded", bad[0], bad[1])
		}
	}
}
