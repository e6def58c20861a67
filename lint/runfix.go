package lint

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/relurl/relurl/lint/extract"
	"github.com/relurl/relurl/lint/fix"
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
	// left are the findings of the fixed file, reported in place of the
	// file's when the fixes are made.
	left []Finding
}

// ErrReadBack is wrapped by the error of a file whose fixed content does
// not read back as the fixed URLs: a fault of relurl, never of the file;
// the file is then not fixed.
var ErrReadBack = errors.New("the fixed file does not read back as the fixed URLs")

// fixFile makes the fixes of res, the findings of src (a file of kind read
// against retrieval) that are to be reported, and checks the result by
// reading it again: the same number of URLs, each fixed URL where it was,
// every other URL as it was.
func fixFile(res *FileResult, src []byte, kind extract.Kind, retrieval string) {
	var edits []fix.Edit
	seen := map[*fix.Edit]bool{}
	n := 0
	for _, f := range res.Findings {
		if f.Edit == nil {
			continue
		}
		n++
		if !seen[f.Edit] {
			seen[f.Edit] = true
			edits = append(edits, *f.Edit)
		}
	}
	if len(edits) == 0 {
		return
	}
	slices.SortFunc(edits, func(a, b fix.Edit) int { return a.Offset - b.Offset })
	fixed, err := fix.ApplyEdits(src, edits)
	if err == nil {
		err = readBack(string(src), string(fixed), kind, retrieval, edits)
	}
	if err != nil {
		res.FixErr = fmt.Errorf("%s: not fixed: %w", res.Name, err)
		return
	}
	res.fixed = &FixedFile{Name: res.Name, Src: src, Fixed: fixed, Edits: edits, Findings: n}
}

// relint lints the fixed file of res, for the findings a run that makes
// the fixes reports: those left, at their places in the file as it now is.
func (r *runner) relint(res *FileResult, kind extract.Kind, retrieval string) {
	f := res.fixed
	f.left, _ = r.filter(res.Name, r.Linter.lintFile(res.Name, string(f.Fixed), kind, retrieval, nil).findings)
}

// filter drops the findings of the file called name that the run's
// baseline holds. When the run makes fixes, a finding that shares its
// edit with a dropped one loses it (DropEdits): a fix rewrites the whole
// URL, and would mend the dropped one too.
func (r *runner) filter(name string, findings []Finding) (kept []Finding, dropped int) {
	if r.Baseline == nil {
		return findings, 0
	}
	kept, dropped = r.Baseline.Filter(name, findings)
	if r.Fix != nil && dropped > 0 {
		// The dropped findings: those that kept, an ordered subsequence
		// of findings, does not hold.
		var gone []Finding
		k := 0
		for _, f := range findings {
			if k < len(kept) && f == kept[k] {
				k++
				continue
			}
			gone = append(gone, f)
		}
		kept = slices.Clone(kept)
		DropEdits(kept, gone, "in the baseline")
	}
	return kept, dropped
}

// readBack checks that fixed, src with edits made, holds the URLs src
// holds, in order, but those the edits fix, which it holds fixed.
func readBack(src, fixed string, kind extract.Kind, retrieval string, edits []fix.Edit) error {
	refs := func(s string) []extract.Ref {
		var rs []extract.Ref
		extract.Extract(s, kind, retrieval, extract.Handler{Ref: func(r extract.Ref) { rs = append(rs, r) }})
		return rs
	}
	before, after := refs(src), refs(fixed)
	if len(before) != len(after) {
		return fmt.Errorf("%w: it holds %d URLs, the file %d", ErrReadBack, len(after), len(before))
	}
	used := make([]bool, len(edits))
	for k, rb := range before {
		want := rb.URL
		if rb.Mappable() {
			start, end := rb.Map.At(0), rb.Map.At(len(rb.URL))
			// The edits in order of offset: those inside this URL's span.
			i, _ := slices.BinarySearchFunc(edits, start, func(e fix.Edit, off int) int { return e.Offset - off })
			for ; i < len(edits) && edits[i].Offset <= end; i++ {
				if e := &edits[i]; e.End <= end && fix.Apply(rb.URL, e.Changes) == e.URL {
					want, used[i] = e.URL, true
				}
			}
		}
		if after[k].URL != want {
			return fmt.Errorf("%w: URL %d (%s) reads %q, not %q", ErrReadBack, k+1, rb.Where, after[k].URL, want)
		}
	}
	if i := slices.Index(used, false); i >= 0 {
		return fmt.Errorf("%w: the edit of bytes %d to %d fixes no URL", ErrReadBack, edits[i].Offset, edits[i].End)
	}
	return nil
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
		made, err := r.Fix(f)
		if err != nil {
			warn(err)
			sum.Errors++
		} else {
			sum.Fixed += f.Findings
			sum.Edits += len(f.Edits)
			sum.FilesFixed++
			if made {
				res.Findings = f.left
			}
		}
	}
	for i := range res.Findings {
		if why := res.Findings[i].NoFix; why != "" {
			sum.NoFix[why]++
		}
	}
}
