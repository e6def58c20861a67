package release

import (
	"fmt"
	"regexp"
	"strings"
)

// Notes returns the section of the changelog (CHANGELOG.md, in the form of
// Keep a Changelog) for the release version, without its heading: the
// notes of the GitHub release. The heading is "## [0.1.0] - 2026-12-01";
// a changelog without it has not been made ready for the release, which is
// an error.
func Notes(changelog, version string) (string, error) {
	heading := regexp.MustCompile(`(?m)^## \[` + regexp.QuoteMeta(strings.TrimPrefix(version, "v")) + `\] - \d{4}-\d{2}-\d{2}\n`)
	loc := heading.FindStringIndex(changelog)
	if loc == nil {
		return "", fmt.Errorf("CHANGELOG.md has no section \"## [%s] - YYYY-MM-DD\"", strings.TrimPrefix(version, "v"))
	}
	rest := changelog[loc[1]:]
	if end := regexp.MustCompile(`(?m)^## |^\[[^\]]+\]: `).FindStringIndex(rest); end != nil {
		rest = rest[:end[0]]
	}
	notes := strings.TrimSpace(rest)
	if notes == "" {
		return "", fmt.Errorf("CHANGELOG.md's section of %s is empty", version)
	}
	return notes + "\n", nil
}
