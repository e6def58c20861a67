package analyzer_test

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/relurl/relurl/lint/analyzer"
	"github.com/relurl/relurl/lint/internal/lint"
)

func TestAnalyzer(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), analyzer.Analyzer, "a")
}

// TestReach checks which strings the analyzer takes for URLs: those that
// reach a URL argument, through variables, fields, ranges, indexes and
// the package's own functions, and the literals that are unmistakably
// URLs (decision L-41).
func TestReach(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), analyzer.Analyzer, "reach")
}

// TestSuppress checks //relurl:ignore and //relurl:ignore-file: on the
// line and the line before, by rule and family, in the whole file; the
// directives that suppress nothing (suppress/unused) and those that do not
// parse (suppress/malformed), with their Category
// (decision L-42).
func TestSuppress(t *testing.T) {
	checkCategories(t, analysistest.Run(t, analysistest.TestData(), analyzer.Analyzer, "suppress"))
	t.Run("suppress off", func(t *testing.T) {
		a, err := analyzer.New(analyzer.Settings{Disable: []string{"suppress"}})
		if err != nil {
			t.Fatal(err)
		}
		var r recorder
		analysistest.Run(&r, analysistest.TestData(), a, "suppress")
		// Every want of a suppress rule is now unmet, and nothing else is
		// reported.
		for _, e := range r.errs {
			if !strings.Contains(e, "no diagnostic was reported") {
				t.Error(e)
			}
		}
		if len(r.errs) != 8 {
			t.Errorf("%d unmet expectations, want the 8 of the suppress rules:\n%s", len(r.errs), strings.Join(r.errs, "\n"))
		}
	})
}

func TestNew(t *testing.T) {
	a, err := analyzer.New(analyzer.Settings{Disable: []string{"syntax"}})
	if err != nil {
		t.Fatal(err)
	}
	if a.Name != "relurl" || a.Run == nil {
		t.Errorf("New gave %+v", a)
	}
	if _, err := analyzer.New(analyzer.Settings{Enable: []string{"nope"}}); err == nil {
		t.Error("New accepted an unknown rule")
	}
	if _, err := analyzer.New(analyzer.Settings{AllowChars: "%"}); err == nil {
		t.Error(`New accepted "%" as a character to allow`)
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
	checkCategories(t, analysistest.Run(t, analysistest.TestData(), analyzer.Analyzer, "b"))
}

// TestCategory checks that each diagnostic's Category is its rule id, as
// listed in package category before each want comment, and that the
// message holds neither the rule nor the severity: drivers show the
// Category apart (go vet -json's "category", gopls' code), and the
// golangci-lint plugin puts it in front of the message itself.
func TestCategory(t *testing.T) {
	checkCategories(t, analysistest.Run(t, analysistest.TestData(), analyzer.Analyzer, "category"))
}

// ruleComment matches the rule ids a line of test data lists in a comment
// before its want comment: "// fsegment/char // want ...".
var ruleComment = regexp.MustCompile(`//\s*([a-zA-Z0-9_/, -]+?)\s*// want `)

// checkCategories checks the Category and the message of every diagnostic
// of results against the rule listed on its line.
func checkCategories(t *testing.T, results []*analysistest.Result) {
	t.Helper()
	n := 0
	for _, r := range results {
		for _, d := range r.Action.Diagnostics {
			n++
			pos := r.Action.Package.Fset.Position(d.Pos)
			src, err := os.ReadFile(pos.Filename)
			if err != nil {
				t.Fatal(err)
			}
			line := strings.Split(string(src), "\n")[pos.Line-1]
			m := ruleComment.FindStringSubmatch(line)
			if m == nil {
				t.Errorf("%s: the line lists no rule before its want comment", pos)
				continue
			}
			rules := strings.FieldsFunc(m[1], func(r rune) bool { return r == ',' || r == ' ' })
			if !slices.Contains(rules, d.Category) {
				t.Errorf("%s: Category %q, want one of %q", pos, d.Category, rules)
			}
			if _, ok := lint.Lookup(d.Category); !ok {
				t.Errorf("%s: Category %q is no rule", pos, d.Category)
			}
			if strings.Contains(d.Message, d.Category) || strings.HasPrefix(d.Message, "error") ||
				strings.HasPrefix(d.Message, "warning") || strings.HasPrefix(d.Message, "info") {
				t.Errorf("%s: the message %q holds its rule or its severity", pos, d.Message)
			}
		}
	}
	if n == 0 {
		t.Error("no diagnostics")
	}
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
		a, err := analyzer.New(analyzer.Settings{AllowChars: "~", AllowIPv6Hosts: true})
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

// TestDocURL checks that the analyzer's URL is the page of the manual on
// Go code, in the repository, and that the page is about the analyzer.
func TestDocURL(t *testing.T) {
	const repo = "https://github.com/relurl/relurl/blob/main/"
	path, ok := strings.CutPrefix(analyzer.Analyzer.URL, repo)
	if !ok {
		t.Fatalf("URL %q is not a file of the repository (%s...)", analyzer.Analyzer.URL, repo)
	}
	page, err := os.ReadFile(filepath.Join("..", "..", filepath.FromSlash(path)))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(string(page), "# In Go code: the analyzer") {
		t.Errorf("%s does not begin with the heading of the page on the analyzer", path)
	}
}
