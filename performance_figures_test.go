package relurl_test

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// reportFile is the benchmark report make bench writes (internal/benchratio).
const reportFile = "testdata/bench/report.txt"

// The marks around a piece of the report quoted in docs/.
const (
	reportBegin = "<!-- begin: " + reportFile + " -->"
	reportEnd   = "<!-- end: " + reportFile + " -->"
)

// performancePage is the page of the manual about performance.
const performancePage = "docs/performance.md"

// figure is a measured figure: a number with the unit of a time, a speed,
// a ratio or a share. One written after "≤" or "≥" is a target, not a
// measurement.
var figure = regexp.MustCompile(`(≤ ?|≥ ?)?\b\d+(?:[.,]\d+)?(?:–\d+(?:[.,]\d+)?)? ?(?:×|MB/s|ns/B|B/B|µs|ms\b|CPU-s|CPU-seconds|%)`)

// TestPerformanceFigures holds the manual's performance figures to the
// latest benchmark report: on every page of docs/, every line quoted from
// the report (between the marks reportBegin and reportEnd) is a line of
// testdata/bench/report.txt, and docs/performance.md states no figure
// outside the quotes, so that no figure typed by hand can drift from what
// a run gives. make bench rewrites the report; a page that quotes lines
// the new report lacks then fails here until it quotes the new ones.
func TestPerformanceFigures(t *testing.T) {
	report, err := os.ReadFile(reportFile)
	if err != nil {
		t.Fatal(err)
	}
	lines := map[string]bool{}
	for _, l := range strings.Split(string(report), "\n") {
		lines[strings.TrimRight(l, " ")] = true
	}
	for _, head := range []string{"date:", "go:", "machine:"} {
		if !strings.Contains(string(report), "\n"+head) {
			t.Errorf("%s says no %q: it is not a report of make bench", reportFile, head)
		}
	}
	pages, err := filepath.Glob("docs/*.md")
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(pages, performancePage) {
		t.Fatalf("%s is missing", performancePage)
	}
	for _, page := range pages {
		data, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		quoted := checkQuotes(t, page, string(data), lines, page == performancePage)
		if page == performancePage && quoted == 0 {
			t.Errorf("%s quotes nothing of %s", page, reportFile)
		}
	}
}

// checkQuotes checks the lines text quotes from the report against the
// report's lines and, when strict, that text states no figure outside the
// quotes. It returns the number of lines quoted.
func checkQuotes(t *testing.T, page, text string, lines map[string]bool, strict bool) (quoted int) {
	t.Helper()
	quoting := false
	for i, l := range strings.Split(text, "\n") {
		switch {
		case strings.TrimSpace(l) == reportBegin:
			quoting = true
			continue
		case strings.TrimSpace(l) == reportEnd:
			quoting = false
			continue
		}
		if quoting {
			if l = strings.TrimRight(l, " "); l != "" && !strings.HasPrefix(l, "```") {
				quoted++
				if !lines[l] {
					t.Errorf("%s:%d: %q is quoted from %s but is not in it (make bench rewrote it: quote the new figures)", page, i+1, l, reportFile)
				}
			}
			continue
		}
		if !strict {
			continue
		}
		for _, m := range figure.FindAllStringSubmatch(l, -1) {
			if m[1] == "" {
				t.Errorf("%s:%d: %q states a figure outside the quotes of %s", page, i+1, strings.TrimSpace(m[0]), reportFile)
			}
		}
	}
	if quoting {
		t.Errorf("%s: %s without %s", page, reportBegin, reportEnd)
	}
	return quoted
}

// recordedQuote is a quote of a recorded file other than the benchmark
// report: "<!-- begin: testdata/... -->" up to its end mark.
var recordedQuote = regexp.MustCompile(`(?m)^<!-- begin: (testdata/[^ ]+) -->$`)

// TestRecordedQuotes holds the lines the pages of docs/ quote from a
// recorded file other than the benchmark report (the comparison of the
// target rules with linkinator, testdata/targets/linkcheck.txt, written by
// go run ./internal/linkcheck) to that file: a quote whose lines
// the file lacks fails, as TestPerformanceFigures fails a page's quote of
// the report.
func TestRecordedQuotes(t *testing.T) {
	pages, err := filepath.Glob("docs/*.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, page := range pages {
		data, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		text := string(data)
		for _, m := range recordedQuote.FindAllStringSubmatchIndex(text, -1) {
			file := text[m[2]:m[3]]
			if file == reportFile {
				continue
			}
			recorded, err := os.ReadFile(file)
			if err != nil {
				t.Errorf("%s quotes %s: %v", page, file, err)
				continue
			}
			lines := map[string]bool{}
			for _, l := range strings.Split(string(recorded), "\n") {
				lines[strings.TrimRight(l, " ")] = true
			}
			end := strings.Index(text[m[1]:], "<!-- end: "+file+" -->")
			if end < 0 {
				t.Errorf("%s: the quote of %s has no end", page, file)
				continue
			}
			quoted := 0
			for _, l := range strings.Split(text[m[1]:m[1]+end], "\n") {
				if l = strings.TrimRight(l, " "); l == "" || strings.HasPrefix(l, "```") {
					continue
				}
				quoted++
				if !lines[l] {
					t.Errorf("%s: %q is quoted from %s but is not in it", page, l, file)
				}
			}
			if quoted == 0 {
				t.Errorf("%s quotes nothing of %s", page, file)
			}
		}
	}
}
