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

// unreleasedLink is the link of the Unreleased section before the first
// release.
const unreleasedLink = "[Unreleased]: https://github.com/relurl/relurl/commits/main\n"

// DateChangelog returns the changelog with its Unreleased section made the
// section of the release version, dated date (YYYY-MM-DD), under a new,
// empty Unreleased section, and the links of both: the change of
// CHANGELOG.md that a release's commit makes (docs/release.md).
func DateChangelog(changelog, version, date string) (string, error) {
	if err := CheckVersion(version); err != nil {
		return "", err
	}
	if !regexp.MustCompile(`^\d{4}-\d{2}-\d{2}$`).MatchString(date) {
		return "", fmt.Errorf("date %q is not YYYY-MM-DD", date)
	}
	v := strings.TrimPrefix(version, "v")
	const heading = "## [Unreleased]\n"
	if strings.Count(changelog, heading) != 1 {
		return "", fmt.Errorf("CHANGELOG.md has no section %q, or more than one", strings.TrimSpace(heading))
	}
	out := strings.Replace(changelog, heading, heading+"\n## ["+v+"] - "+date+"\n", 1)
	link := regexp.MustCompile(`(?m)^\[Unreleased\]: .*\n`)
	if !link.MatchString(out) {
		return "", fmt.Errorf("CHANGELOG.md has no link [Unreleased]")
	}
	out = link.ReplaceAllLiteralString(out, "[Unreleased]: https://github.com/relurl/relurl/compare/"+version+"...HEAD\n"+
		"["+v+"]: https://github.com/relurl/relurl/releases/tag/"+version+"\n")
	if _, err := Notes(out, version); err != nil {
		return "", err
	}
	return out, nil
}
