package runner

import (
	"fmt"
	"slices"
	"strings"

	"github.com/relurl/relurl/lint"
	"github.com/relurl/relurl/lint/extract"
	"github.com/relurl/relurl/lint/fix"
	"github.com/relurl/relurl/lint/target"
)

// FixedFile is a file whose findings have fixes, handed to [Run.Fix] once
// it is linted: its content, the content with every fix made, and the
// edits (one per URL) that make it.
type FixedFile struct {
	// Name is the file's name as the run has it (a walked file's path;
	// "<stdin>" for standard input).
	Name string
	// Src is the file as it was linted, Fixed with the edits made.
	Src, Fixed []byte
	// Edits are the edits, in order of offset, each once.
	Edits []fix.Edit
	// Findings is how many findings the edits mend.
	Findings int
	// Root is the run's [Run.Root], "" when it has none: the directory
	// relurl lint --fix writes under, and nowhere else (decision L-49).
	Root string
	// left are the findings of the fixed file, reported in place of the
	// file's when the fixes are made, and tres what the target rules
	// found in it besides.
	left []lint.Finding
	tres *lint.TargetResult
}

// fixFile makes the fixes of res, the findings of src (a file of kind read
// against retrieval) that are to be reported (lint.ApplyFixes).
func fixFile(res *FileResult, src []byte, kind extract.Kind, retrieval string) {
	fixed, edits, n, err := lint.ApplyFixes(src, res.Findings, kind, retrieval)
	switch {
	case err != nil:
		res.FixErr = fmt.Errorf("%s: not fixed: %w", res.Name, err)
	case fixed != nil:
		res.fixed = &FixedFile{Name: res.Name, Src: src, Fixed: fixed, Edits: edits, Findings: n}
	}
}

// relint lints the fixed file of res with l, the file's linter, for the
// findings a run that makes the fixes reports: those left, at their
// places in the file as it now is.
func (r *runner) relint(l *lint.Linter, res *FileResult, kind extract.Kind, retrieval string, t *target.Scope) {
	f := res.fixed
	c := l.CheckWith(res.Name, string(f.Fixed), kind, retrieval, nil, t)
	f.left, _, _ = r.filter(res.Name, c.Findings)
	f.tres = c.Targets
}

// filter drops the findings of the file called name that the run's
// baseline holds, then those on lines unchanged since the revision of
// Run.NewFrom, and counts each. When the run makes fixes, a finding that
// shares its edit with a dropped one loses it (lint.DropEdits): a fix
// rewrites the whole URL, and would mend the dropped one too.
func (r *runner) filter(name string, findings []lint.Finding) (kept []lint.Finding, baselined, unchanged int) {
	kept = findings
	if r.Baseline != nil {
		all := kept
		if kept, baselined = r.Baseline.Filter(name, all); baselined > 0 && r.Fix != nil {
			kept = slices.Clone(kept)
			lint.DropEdits(kept, dropped(all, kept), "in the baseline")
		}
	}
	if r.NewFrom != nil {
		all := kept
		if kept, unchanged = r.NewFrom.Filter(name, all); unchanged > 0 && r.Fix != nil {
			kept = slices.Clone(kept)
			lint.DropEdits(kept, dropped(all, kept), "on a line unchanged since "+r.NewFrom.Rev)
		}
	}
	return kept, baselined, unchanged
}

// dropped returns the findings of all that kept, an ordered subsequence
// of all, does not hold.
func dropped(all, kept []lint.Finding) []lint.Finding {
	var gone []lint.Finding
	k := 0
	for _, f := range all {
		if k < len(kept) && f == kept[k] {
			k++
			continue
		}
		gone = append(gone, f)
	}
	return gone
}

// FixString sums up the fixes of a run whose linter computed them, in one
// line, as relurl lint --fix and --diff write it before the summary:
//
//	fixed 12 findings with 10 edits in 3 files; 5 findings without a fix: 2 ipv6-literal, 3 readers-disagree
//
// made says whether the fixes were made ("fixed") or only shown ("would
// fix").
func (s *Summary) FixString(made bool) string {
	var b strings.Builder
	verb := "would fix"
	if made {
		verb = "fixed"
	}
	fmt.Fprintf(&b, "%s %s with %s in %s", verb, plural(s.Fixed, "finding"), plural(s.Edits, "edit"), plural(s.FilesFixed, "file"))
	fmt.Fprintf(&b, "; %s without a fix", plural(total(reasonCounts(s.NoFix)), "finding"))
	if len(s.NoFix) > 0 {
		b.WriteString(": ")
		first := true
		for _, ri := range fix.Reasons() {
			if n := s.NoFix[ri.Reason]; n > 0 {
				if !first {
					b.WriteString(", ")
				}
				fmt.Fprintf(&b, "%d %s", n, ri.Reason)
				first = false
			}
		}
	}
	return b.String()
}

func reasonCounts(m map[fix.Reason]int) map[string]int {
	out := make(map[string]int, len(m))
	for r, n := range m {
		out[string(r)] = n
	}
	return out
}

// fix hands Run.Fix the fixes of one file's result, and counts them.
func (r *Run) fix(res *FileResult, sum *Summary, warn func(error)) {
	if res.FixErr != nil {
		warn(res.FixErr)
		sum.Errors++
	}
	if f := res.fixed; f != nil {
		f.Root = r.Root
		made, err := r.Fix(f)
		if err != nil {
			warn(err)
			sum.Errors++
		} else {
			sum.Fixed += f.Findings
			sum.Edits += len(f.Edits)
			sum.FilesFixed++
			if made {
				res.Findings, res.fixMade = f.left, true
			}
		}
	}
	for i := range res.Findings {
		if why := res.Findings[i].NoFix; why != "" {
			sum.NoFix[why]++
		}
	}
}
