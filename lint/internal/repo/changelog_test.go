package repo_test

import (
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/relurl/relurl/lint/internal/lint"
)

// TestChangelog: CHANGELOG.md has the shape of Keep a Changelog: an
// Unreleased section first, then releases newest first, each
// "## [X.Y.Z] - YYYY-MM-DD", their changes under the six kinds of
// heading, a link for each section; and every rule's "since" is a release
// it has, or the first release while none is out.
func TestChangelog(t *testing.T) {
	data, err := os.ReadFile("CHANGELOG.md")
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	if !strings.HasPrefix(text, "# Changelog\n") {
		t.Error("CHANGELOG.md does not begin with \"# Changelog\"")
	}
	heading := regexp.MustCompile(`^## \[(Unreleased|\d+\.\d+\.\d+(?:-[0-9A-Za-z.]+)?)\](?: - (\d{4}-\d{2}-\d{2}))?$`)
	kinds := []string{"Added", "Changed", "Deprecated", "Removed", "Fixed", "Security"}
	var sections []string
	for i, line := range strings.Split(text, "\n") {
		switch {
		case strings.HasPrefix(line, "## "):
			m := heading.FindStringSubmatch(line)
			if m == nil || (m[1] == "Unreleased") != (m[2] == "") {
				t.Errorf("CHANGELOG.md:%d: %q is not \"## [Unreleased]\" nor \"## [X.Y.Z] - YYYY-MM-DD\"", i+1, line)
				continue
			}
			if m[1] == "Unreleased" && len(sections) > 0 {
				t.Errorf("CHANGELOG.md:%d: the Unreleased section is not the first", i+1)
			}
			sections = append(sections, m[1])
		case strings.HasPrefix(line, "### "):
			if !slices.Contains(kinds, strings.TrimPrefix(line, "### ")) {
				t.Errorf("CHANGELOG.md:%d: %q is not one of the kinds of change %q", i+1, line, kinds)
			}
		}
	}
	if len(sections) == 0 {
		t.Fatal("CHANGELOG.md has no section")
	}
	for _, s := range sections {
		if !regexp.MustCompile(`(?m)^\[` + regexp.QuoteMeta(s) + `\]: https://`).MatchString(text) {
			t.Errorf("CHANGELOG.md has no link for [%s]", s)
		}
	}
	released := slices.DeleteFunc(slices.Clone(sections), func(s string) bool { return s == "Unreleased" })
	for _, r := range lint.Rules() {
		if !slices.Contains(released, r.Since) && (len(released) > 0 || r.Since != lint.FirstRelease) {
			t.Errorf("rule %s came in %q, which is not a release of CHANGELOG.md (%q), nor the first while none is out", r.ID, r.Since, released)
		}
	}
}
