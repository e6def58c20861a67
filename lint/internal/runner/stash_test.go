package runner

import (
	"fmt"
	"slices"
	"testing"

	"github.com/relurl/relurl/lint/internal/lint"
)

// TestStash: the findings put for an item come back in the order put,
// once, whether they stayed in memory or went to the temporary file, and
// items put in any order keep theirs apart.
func TestStash(t *testing.T) {
	finding := func(i, k int) lint.Finding {
		return lint.Finding{File: fmt.Sprintf("f%d.html", i), Rule: lint.RuleTargetFragment, Message: fmt.Sprint("finding ", k),
			Line: k + 1, Column: 3, Offset: 10 * k, EndOffset: 10*k + 4}
	}
	for _, budget := range []int{0, 300, 1 << 20} {
		s := newStash(budget)
		want := map[int][]string{}
		for _, i := range []int{3, 1, 3, 7, 1} {
			var fs []lint.Finding
			for k := range 4 {
				f := finding(i, len(want[i])+k)
				fs = append(fs, f)
				want[i] = append(want[i], fmt.Sprintf("%s:%d %s", f.File, f.Line, f.Message))
			}
			if err := s.put(i, fs); err != nil {
				t.Fatal(err)
			}
		}
		if err := s.put(9, nil); err != nil {
			t.Fatal(err)
		}
		for _, i := range []int{1, 3, 7, 9} {
			fs, err := s.take(i)
			if err != nil {
				t.Fatalf("budget %d: item %d: %v", budget, i, err)
			}
			var got []string
			for _, f := range fs {
				got = append(got, fmt.Sprintf("%s:%d %s", f.File, f.Line, f.Message))
			}
			if !slices.Equal(got, want[i]) {
				t.Errorf("budget %d: item %d: %q, want %q", budget, i, got, want[i])
			}
			if again, _ := s.take(i); again != nil {
				t.Errorf("budget %d: item %d taken twice: %d findings", budget, i, len(again))
			}
		}
		if budget == 0 && s.file == nil {
			t.Errorf("budget 0: nothing went to the temporary file")
		}
		if s.mem != 0 {
			t.Errorf("budget %d: %d bytes left in memory after every take", budget, s.mem)
		}
		if err := s.close(); err != nil {
			t.Error(err)
		}
	}
}
