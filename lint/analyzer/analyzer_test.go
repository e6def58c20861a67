package analyzer_test

import (
	"fmt"
	"os"
	"strings"
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

// recorder is an analysistest.Testing that keeps what the test would
// have reported.
type recorder struct{ errs []string }

func (r *recorder) Errorf(format string, args ...any) {
	r.errs = append(r.errs, fmt.Sprintf(format, args...))
}

// setFlags sets flags of analyzer.Analyzer for the rest of the test.
func setFlags(t *testing.T, kv ...string) {
	t.Helper()
	for i := 0; i+1 < len(kv); i += 2 {
		old := analyzer.Analyzer.Flags.Lookup(kv[i]).Value.String()
		if err := analyzer.Analyzer.Flags.Set(kv[i], kv[i+1]); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { analyzer.Analyzer.Flags.Set(kv[i], old) })
	}
}

// TestAllow checks the allowances of a configuration file's [allow] table
// as the analyzer's flags, and as the options of New: with them, package
// allow has the findings its want comments say; without them, the IPv6
// hosts and the "~" it accepts are findings too.
func TestAllow(t *testing.T) {
	t.Run("flags", func(t *testing.T) {
		setFlags(t, "allow-chars", "~", "allow-ipv6-hosts", "true")
		analysistest.Run(t, analysistest.TestData(), analyzer.Analyzer, "allow")
	})
	t.Run("New", func(t *testing.T) {
		a, err := analyzer.New(lint.Options{AllowChars: "~", AllowIPv6Hosts: true})
		if err != nil {
			t.Fatal(err)
		}
		analysistest.Run(t, analysistest.TestData(), a, "allow")
	})
	t.Run("without", func(t *testing.T) {
		var r recorder
		analysistest.Run(&r, analysistest.TestData(), analyzer.Analyzer, "allow")
		// Unexpected: "[" and "]" of three IPv6 hosts and one "~" (in a
		// run of its own) on the lines the allowances cleared, and the
		// "~" beside the "|" and the "^" (one run each, so a message
		// that the pattern still matches).
		var unexpected int
		for _, e := range r.errs {
			if strings.Contains(e, "unexpected diagnostic") {
				unexpected++
			}
		}
		if unexpected == 0 {
			t.Errorf("without the allowances, package allow got the findings it expects with them:\n%s", strings.Join(r.errs, "\n"))
		}
	})
	t.Run("bad flag", func(t *testing.T) {
		setFlags(t, "allow-chars", "%")
		var r recorder
		analysistest.Run(&r, analysistest.TestData(), analyzer.Analyzer, "allow")
		if !strings.Contains(strings.Join(r.errs, "\n"), "cannot be allowed") {
			t.Errorf("-allow-chars %%: %q", r.errs)
		}
	})
}
