package format

import (
	"io"
	"strings"
	"testing"

	"github.com/relurl/relurl/lint/internal/extract"
	"github.com/relurl/relurl/lint/internal/lint"
	"github.com/relurl/relurl/lint/internal/report"
)

// TestGitHubCost: a workflow command costs a few allocations, as a line of
// the text format does, not the building of its escapers (which made
// --format github many times slower than text on a million findings).
func TestGitHubCost(t *testing.T) {
	l, err := lint.New(lint.Options{})
	if err != nil {
		t.Fatal(err)
	}
	findings := l.File("docs/a.urls", []byte(strings.Repeat("http://a/b c^d|e\n", 100)), extract.KindText)
	if len(findings) != 300 {
		t.Fatalf("%d findings, want 300", len(findings))
	}
	per := func(rep report.Reporter) float64 {
		return testing.AllocsPerRun(10, func() { _ = rep.File(&report.FileResult{Findings: findings}) }) / float64(len(findings))
	}
	text, github := per(NewText(io.Discard, Options{})), per(NewGitHub(io.Discard, Options{}))
	t.Logf("allocations per finding: text %.1f, github %.1f", text, github)
	if github > text+1 {
		t.Errorf("--format github makes %.1f allocations per finding, text %.1f", github, text)
	}
}
