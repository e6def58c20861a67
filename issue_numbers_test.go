package relurl_test

import (
	"regexp"
	"strings"
	"testing"
)

// issueNumber is a reference to an issue of a tracker a reader of the
// repository does not have: the word issue (or issues), then a number,
// with or without "#", on the same line or at the start of the next (of a
// comment, too).
var issueNumber = regexp.MustCompile(`(?i)\bissues?[ \t]*(?:\n[ \t]*(?://|#)?[ \t]*)?#?\d+`)

// TestNoIssueNumbers: code, documentation and test data say what they mean
// in their own words, not by the number of an issue of a tracker.
func TestNoIssueNumbers(t *testing.T) {
	for file, text := range repositoryFiles(t) {
		if thirdParty(file) {
			continue
		}
		for _, m := range issueNumber.FindAllStringIndex(text, -1) {
			line := 1 + strings.Count(text[:m[0]], "\n")
			t.Errorf("%s:%d: %q: say what it means instead", file, line, text[m[0]:m[1]])
		}
	}
}

// thirdParty reports whether a file of the repository is another party's
// text, kept as it is: the Python documentation of the benchmarks, the Web
// Platform Tests' data, the RFCs' text.
func thirdParty(file string) bool {
	for _, dir := range []string{"testdata/bench/pydocs/", "lint/internal/compare/testdata/wpt/", "lint/internal/compare/testdata/pydocs/", "lint/internal/lint/testdata/spec/"} {
		if strings.HasPrefix(file, dir) {
			return !strings.HasSuffix(file, "README.md") && !strings.HasSuffix(file, ".go")
		}
	}
	return false
}
