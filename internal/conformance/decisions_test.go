package conformance

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestDecisionIDsDocumented: every decision the data cites is one of
// docs/decisions.md, or, for the groups still kept in the README's
// Decisions section, its n-th entry there (the Parsing group's numbered
// list, the Resolution group's list in order).
func TestDecisionIDsDocumented(t *testing.T) {
	page, _ := os.ReadFile(filepath.Join(root, "docs/decisions.md"))
	readme, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	groups := map[string]string{"P": "**Parsing (§2.2, §2.4)**", "R": "**Resolution (§3, §4)**"}
	entries := func(group string) int {
		i := strings.Index(string(readme), groups[group])
		if i < 0 {
			return 0
		}
		sec := string(readme[i+len(groups[group]):])
		if j := strings.Index(sec, "\n**"); j >= 0 {
			sec = sec[:j]
		}
		return len(regexp.MustCompile(`(?m)^(\d+\.|-) \*\*`).FindAllString(sec, -1))
	}
	ids := append([]string{"D-2"}, decisionIDs...)
	for _, id := range ids {
		if regexp.MustCompile(`(?m)\b`+regexp.QuoteMeta(id)+`\b|^`+id[2:]+`\. `).Match(page) &&
			strings.Contains(string(page), "## "+id[:1]) {
			continue
		}
		n, _ := strconv.Atoi(id[2:])
		if _, ok := groups[id[:1]]; ok && n <= entries(id[:1]) {
			continue
		}
		t.Errorf("decision %s is in neither docs/decisions.md nor the README's Decisions section", id)
	}
}
