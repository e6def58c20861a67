package analyzer_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/relurl/relurl/lint/analyzer"
)

// TestSuggestedFixes: the analyzer's fixes are the linter's safe ones,
// written in the literal's own quoting: none for an IPv6 literal, the
// punycode of an IDN host, "~" escaped only where it is not allowed, none
// for the loophole or a URL built of pieces.
func TestSuggestedFixes(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), analyzer.Analyzer, "fixes")
	tilde, err := analyzer.New(analyzer.Settings{AllowChars: "~"})
	if err != nil {
		t.Fatal(err)
	}
	analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), tilde, "tilde")
}
