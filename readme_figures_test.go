package relurl_test

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

// reportFile is the benchmark report make bench writes (internal/benchratio).
const reportFile = "testdata/bench/report.txt"

// The marks around a piece of the report quoted in the README.
const (
	reportBegin = "<!-- begin: " + reportFile + " -->"
	reportEnd   = "<!-- end: " + reportFile + " -->"
)

// figure is a measured figure: a number with the unit of a time, a speed,
// a ratio or a share. One written after "≤" or "≥" is a target, not a
// measurement.
var figure = regexp.MustCompile(`(≤ ?|≥ ?)?\b\d+(?:[.,]\d+)?(?:–\d+(?:[.,]\d+)?)? ?(?:×|MB/s|ns/B|B/B|µs|ms\b|CPU-s|CPU-seconds|%)`)

// TestREADMEFigures holds the README's performance figures to the latest
// benchmark report (issue 18): in its Performance section, every line
// quoted from the report (between the marks reportBegin and reportEnd) is
// a line of testdata/bench/report.txt, and no figure is stated outside
// the quotes, so that no figure typed by hand can drift from what a run
// gives. make bench rewrites the report; a README that quotes lines the
// new report lacks then fails here until it quotes the new ones.
func TestREADMEFigures(t *testing.T) {
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
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

	text := string(readme)
	start := strings.Index(text, "\n## Performance\n")
	if start < 0 {
		t.Fatal("README.md has no Performance section")
	}
	section := text[start+1:]
	if end := strings.Index(section[1:], "\n## "); end >= 0 {
		section = section[:end+1]
	}
	quoting, quoted := false, 0
	for i, l := range strings.Split(section, "\n") {
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
					t.Errorf("Performance, line %d: %q is quoted from %s but is not in it (make bench rewrote it: quote the new figures)", i+1, l, reportFile)
				}
			}
			continue
		}
		for _, m := range figure.FindAllStringSubmatch(l, -1) {
			if m[1] == "" {
				t.Errorf("Performance, line %d: %q states a figure outside the quotes of %s", i+1, strings.TrimSpace(m[0]), reportFile)
			}
		}
	}
	if quoting {
		t.Errorf("Performance: %s without %s", reportBegin, reportEnd)
	}
	if quoted == 0 {
		t.Errorf("Performance quotes nothing of %s", reportFile)
	}
}
