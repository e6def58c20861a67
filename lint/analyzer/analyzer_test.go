package analyzer_test

import (
	"os"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/relurl/relurl/lint"
	"github.com/relurl/relurl/lint/analyzer"
)

func TestAnalyzer(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), analyzer.Analyzer, "a")
}

func TestNew(t *testing.T) {
	a, err := analyzer.New(lint.Options{Disable: []string{"syntax"}})
	if err != nil {
		t.Fatal(err)
	}
	if a.Name != "relurl" || a.Run == nil {
		t.Errorf("New gave %+v", a)
	}
	if _, err := analyzer.New(lint.Options{Enable: []string{"nope"}}); err == nil {
		t.Error("New accepted an unknown rule")
	}
	if _, err := analyzer.New(lint.Options{Retrieval: "http://a/"}); err == nil {
		t.Error("New accepted a base URL")
	}
}

// TestAnalyzerHTTP checks the functions of net/http and net/http/httptest
// that take a URL. Type-checking net/http from source takes a minute or
// more on two cores (several under -race), so it runs only when
// RELURL_ANALYZER_HTTP is set.
func TestAnalyzerHTTP(t *testing.T) {
	if os.Getenv("RELURL_ANALYZER_HTTP") == "" {
		t.Skip("set RELURL_ANALYZER_HTTP=1 to type-check net/http and run this test")
	}
	analysistest.Run(t, analysistest.TestData(), analyzer.Analyzer, "b")
}
