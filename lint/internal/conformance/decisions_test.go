package conformance

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestDecisionIDsDocumented: every decision the data cites is an entry of
// docs/decisions.md, found by its anchor.
func TestDecisionIDsDocumented(t *testing.T) {
	page, err := os.ReadFile(filepath.Join(root, "docs/decisions.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range append([]string{"D-2"}, decisionIDs...) {
		if !strings.Contains(string(page), `<a id="`+strings.ToLower(id)+`"></a>**`+id+`. `) {
			t.Errorf("decision %s is not an entry of docs/decisions.md", id)
		}
	}
}
