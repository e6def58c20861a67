package lint

import (
	"errors"
	"testing"

	"github.com/relurl/relurl/lint/internal/extract"
	"github.com/relurl/relurl/lint/internal/fix"
)

// TestReadBack: a fixed file that does not hold the fixed URLs where the
// edits say, or holds other URLs than the file did, is not fixed.
func TestReadBack(t *testing.T) {
	src := `<a href="a b">x</a><a href="c">y</a>`
	good := fix.Edit{Offset: 10, End: 11, Old: " ", New: "%20", URL: "a%20b", Changes: []fix.Change{{Offset: 1, End: 2, New: "%20"}}}
	for _, tt := range []struct {
		name  string
		edits []fix.Edit
		ok    bool
	}{
		{"as said", []fix.Edit{good}, true},
		{"another URL than said", []fix.Edit{{Offset: 10, End: 11, Old: " ", New: "%21", URL: "a%20b", Changes: good.Changes}}, false},
		{"a URL more", []fix.Edit{{Offset: 10, End: 11, Old: " ", New: `"><a href="z`, URL: "a%20b", Changes: good.Changes}}, false},
		{"outside every URL", []fix.Edit{good, {Offset: 0, End: 2, Old: "<a", New: "<A", URL: "?", Changes: nil}}, false},
	} {
		fixed, err := fix.ApplyEdits([]byte(src), tt.edits)
		if err != nil {
			t.Fatal(err)
		}
		err = readBack(src, string(fixed), extract.KindHTML, "", tt.edits)
		if tt.ok != (err == nil) || err != nil && !errors.Is(err, ErrReadBack) {
			t.Errorf("%s: %v", tt.name, err)
		}
	}

	findings := []Finding{{Rule: "fsegment/char", Edit: &fix.Edit{Offset: 10, End: 11, Old: "|", New: "%7C"}}}
	if fixed, _, _, err := ApplyFixes([]byte(src), findings, extract.KindHTML, ""); fixed != nil || !errors.Is(err, fix.ErrStale) {
		t.Errorf("an edit of bytes the file does not hold: %v", err)
	}
}
