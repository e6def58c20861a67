package report

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/relurl/relurl/ast"
	"github.com/relurl/relurl/lint/internal/fix"
	"github.com/relurl/relurl/lint/internal/target"
)

// Summary sums up a run of the linter over files (what runner.Run.Lint
// returns).
type Summary struct {
	// Files is how many files were linted.
	Files int
	// Skipped counts the files (and directories) not linted, by why: the
	// Skipped constants ([SkippedKind], ...), and those a caller adds.
	Skipped map[string]int
	// Errors is how many inputs could not be read.
	Errors int
	// URLs is how many URLs the files held.
	URLs int
	// Findings counts the findings reported, by severity.
	Findings map[ast.Severity]int
	// Suppressed and Baselined count the findings not reported because an
	// inline suppression or the baseline dropped them; the run leaves them
	// to whoever drops the findings.
	Suppressed, Baselined int
	// NewFrom is the revision of the run's NewFrom, or "" when the run
	// reports every line's findings; Unchanged counts the findings it did
	// not report for being on lines unchanged since it.
	NewFrom   string
	Unchanged int
	// Elapsed is the run's wall time.
	Elapsed time.Duration
	// When the run makes fixes: Fixed counts the findings the fixes mend,
	// Edits the edits, FilesFixed the files they change; NoFix counts the
	// findings without a fix, by why ([fix.Reasons]); Unfixed those with
	// a fix that was not made (their file's fixes did not read back, or
	// it changed, or could not be written). Each finding of the files as
	// they were linted is one of the three (decision U-9). Revealed counts
	// the findings the fixed files have besides, which the fixes revealed.
	Fixed, Edits, FilesFixed int
	NoFix                    map[fix.Reason]int
	Unfixed, Revealed        int
	// TargetsOn says the target rules had a tree (the run's Targets);
	// Targets counts the references under the root, those to other sites,
	// and the fragments not checked.
	TargetsOn bool
	Targets   target.Stats
}

// Worst returns the most severe severity of the findings, and false when
// there are none.
func (s *Summary) Worst() (ast.Severity, bool) {
	for _, sev := range []ast.Severity{ast.SeverityError, ast.SeverityWarning, ast.SeverityInfo} {
		if s.Findings[sev] > 0 {
			return sev, true
		}
	}
	return 0, false
}

// String spells the summary in one line, as relurl lint writes it on
// standard error after every run:
//
//	530 files linted, 497 skipped (497 of no known kind), 0 unreadable; 112034 URLs; 2 errors, 9 warnings, 0 info; 0 suppressed, 0 baselined; 1.42s
//
// With the run's NewFrom, the findings on unchanged lines are counted
// after the baselined ones: "0 baselined, 7 on lines unchanged since
// main; 0.31s".
//
// With the target rules, after the URLs, the references under the
// root, to other sites, and the fragments not checked:
//
//	…; 112034 URLs (104511 under the root, 7399 to other sites, 3 fragments not checked); …
func (s *Summary) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s linted, %d skipped", plural(s.Files, "file"), total(s.Skipped))
	if len(s.Skipped) > 0 {
		whys := make([]string, 0, len(s.Skipped))
		for why := range s.Skipped {
			whys = append(whys, why)
		}
		slices.Sort(whys)
		b.WriteString(" (")
		for i, why := range whys {
			if i > 0 {
				b.WriteString(", ")
			}
			fmt.Fprintf(&b, "%d %s", s.Skipped[why], why)
		}
		b.WriteString(")")
	}
	fmt.Fprintf(&b, ", %d unreadable; %s", s.Errors, plural(s.URLs, "URL"))
	if s.TargetsOn {
		fmt.Fprintf(&b, " (%d under the root, %d to other sites, %s not checked)", s.Targets.Internal, s.Targets.External,
			plural(s.Targets.Unchecked, "fragment"))
	}
	fmt.Fprintf(&b, "; %s, %s, %s; %d suppressed, %d baselined",
		plural(s.Findings[ast.SeverityError], "error"), plural(s.Findings[ast.SeverityWarning], "warning"),
		strconv.Itoa(s.Findings[ast.SeverityInfo])+" info", s.Suppressed, s.Baselined)
	if s.NewFrom != "" {
		fmt.Fprintf(&b, ", %d on lines unchanged since %s", s.Unchanged, s.NewFrom)
	}
	fmt.Fprintf(&b, "; %.2fs", s.Elapsed.Seconds())
	return b.String()
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return strconv.Itoa(n) + " " + what + "s"
}

func total(m map[string]int) int {
	n := 0
	for _, v := range m {
		n += v
	}
	return n
}

// FixString sums up the fixes of a run whose linter computed them, in one
// line that adds up, each finding said once (decision U-9), as relurl
// lint --fix and --diff write it before the summary:
//
//	17 findings: 12 fixed (10 edits in 3 files), 5 without a fix (2 ipv6-literal, 3 readers-disagree)
//
// then ", 2 not fixed" when some fixes were not made (each file's
// reason is said before), and
// "; the fixes revealed 1 more" when the fixed files have findings the
// others hid. made says whether the fixes were made ("fixed") or only
// shown ("would be fixed"); the reasons are in the order of
// [fix.Reasons], a lone one without its count.
func (s *Summary) FixString(made bool) string {
	var b strings.Builder
	without := total(reasonCounts(s.NoFix))
	verb := "would be fixed"
	if made {
		verb = "fixed"
	}
	fmt.Fprintf(&b, "%s: %d %s (%s in %s), %d without a fix", plural(s.Fixed+without+s.Unfixed, "finding"), s.Fixed, verb,
		plural(s.Edits, "edit"), plural(s.FilesFixed, "file"), without)
	var why []string
	for _, ri := range fix.Reasons() {
		if n := s.NoFix[ri.Reason]; n > 0 {
			why = append(why, fmt.Sprintf("%d %s", n, ri.Reason))
		}
	}
	switch len(why) {
	case 0:
	case 1:
		_, reason, _ := strings.Cut(why[0], " ")
		fmt.Fprintf(&b, " (%s)", reason)
	default:
		fmt.Fprintf(&b, " (%s)", strings.Join(why, ", "))
	}
	if s.Unfixed > 0 {
		fmt.Fprintf(&b, ", %d not fixed", s.Unfixed)
	}
	if s.Revealed > 0 {
		fmt.Fprintf(&b, "; the fixes revealed %d more", s.Revealed)
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
	s.Unfixed += o.Unfixed
	s.Revealed += o.Revealed
	if s.NoFix == nil {
		s.NoFix = map[fix.Reason]int{}
	}
	for why, n := range o.NoFix {
		s.NoFix[why] += n
	}
	s.TargetsOn = s.TargetsOn || o.TargetsOn
	s.Targets.Add(o.Targets)
}
