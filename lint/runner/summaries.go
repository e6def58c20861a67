package runner

import (
	"github.com/relurl/relurl/ast"
	"github.com/relurl/relurl/lint/fix"
)

// Add adds the counts of o, the summary of another run, to s: a command
// that lints the files of several projects, each a run of its own
// (decision L-46), sums them up in one summary. Elapsed is added, and
// TargetsOn is true when either run had a tree; NewFrom is s's, else o's.
func (s *Summary) Add(o *Summary) {
	s.Files += o.Files
	s.Errors += o.Errors
	s.URLs += o.URLs
	if s.Skipped == nil {
		s.Skipped = map[string]int{}
	}
	for why, n := range o.Skipped {
		s.Skipped[why] += n
	}
	if s.Findings == nil {
		s.Findings = map[ast.Severity]int{}
	}
	for sev, n := range o.Findings {
		s.Findings[sev] += n
	}
	s.Suppressed += o.Suppressed
	s.Baselined += o.Baselined
	if s.NewFrom == "" {
		s.NewFrom = o.NewFrom
	}
	s.Unchanged += o.Unchanged
	s.Elapsed += o.Elapsed
	s.Fixed += o.Fixed
	s.Edits += o.Edits
	s.FilesFixed += o.FilesFixed
	if s.NoFix == nil {
		s.NoFix = map[fix.Reason]int{}
	}
	for why, n := range o.NoFix {
		s.NoFix[why] += n
	}
	s.TargetsOn = s.TargetsOn || o.TargetsOn
	s.Targets.Add(o.Targets)
}
