package fix_test

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/relurl/relurl/lint/internal/fix"
)

// TestReasonsTable: the table of reasons in docs/fixes.md is fix.Reasons,
// the one home of the ids and what they mean.
func TestReasonsTable(t *testing.T) {
	data, err := os.ReadFile("../../../docs/fixes.md")
	if err != nil {
		t.Fatal(err)
	}
	const begin, end = "<!-- begin: fix.Reasons -->\n", "<!-- end: fix.Reasons -->"
	text := string(data)
	i, j := strings.Index(text, begin), strings.Index(text, end)
	if i < 0 || j < i {
		t.Fatalf("docs/fixes.md has no table of reasons between %q and %q", begin, end)
	}
	var want strings.Builder
	want.WriteString("| reason | when |\n|---|---|\n")
	for _, r := range fix.Reasons() {
		fmt.Fprintf(&want, "| `%s` | %s |\n", r.Reason, r.Description)
	}
	if got := text[i+len(begin) : j]; got != want.String() {
		t.Errorf("the table of reasons in docs/fixes.md is not fix.Reasons(); want\n%s", want.String())
	}
}
