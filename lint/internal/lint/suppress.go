package lint

import (
	"fmt"
	"slices"
	"strings"

	"github.com/relurl/relurl/ast"
	"github.com/relurl/relurl/lint/internal/extract"
	"github.com/relurl/relurl/lint/internal/suggest"
)

// Rule ids of the suppression directives' own rules (family suppress).
const (
	// RuleSuppressUnused: a suppression directive that suppressed nothing.
	RuleSuppressUnused = "suppress/unused"
	// RuleSuppressMalformed: a directive that does not parse, or names a
	// rule or family that does not exist.
	RuleSuppressMalformed = "suppress/malformed"
)

// DirectivePrefix begins every directive addressed to relurl: the text of
// an HTML, XML or Markdown comment ("<!-- relurl:ignore ... -->") or of a
// Go comment ("//relurl:ignore ...").
const DirectivePrefix = "relurl:"

// Ignore is a suppression directive, as [ParseIgnore] reads it.
type Ignore struct {
	// File is set for "ignore-file", which applies to the whole file;
	// "ignore" applies to the next line that holds a URL (in Go source, to
	// its own line or the next).
	File bool
	// Rules are the rule ids and families the directive names, as written;
	// empty for every rule.
	Rules []string
	// Reason is the text after "--", white space trimmed; "" for none.
	Reason string
}

// ParseIgnore reads a suppression directive, text being the comment's
// text from [DirectivePrefix] on, white space around it trimmed:
//
//	relurl:ignore [RULE[,RULE...]] [-- reason]
//	relurl:ignore-file [RULE[,RULE...]] [-- reason]
//
// RULE is a rule id or a family, as [Rules] and [Families] list them;
// rules are separated by commas, white space, or both. No rule means every
// rule. The reason, after "--", is free text. It fails on another verb, an
// empty rule between commas, or a name that is no rule or family: the
// whole directive then applies to nothing (it is reported as
// suppress/malformed). This is the one reader of the grammar: the Go
// analyzer reads "//relurl:ignore" with it too.
func ParseIgnore(text string) (Ignore, error) {
	rest, ok := strings.CutPrefix(text, DirectivePrefix)
	if !ok {
		return Ignore{}, fmt.Errorf("%s: not a relurl directive (it begins with %q)", ast.Quote(text, 0), DirectivePrefix)
	}
	var ig Ignore
	if body, reason, found := strings.Cut(rest, "--"); found {
		rest, ig.Reason = body, strings.TrimSpace(reason)
	}
	verb, list, _ := strings.Cut(strings.TrimSpace(rest), " ")
	if v, l, cut := strings.Cut(verb, "\t"); cut {
		verb, list = v, l+" "+list
	}
	switch verb {
	case "ignore":
	case "ignore-file":
		ig.File = true
	default:
		return Ignore{}, fmt.Errorf("unknown directive %s: want relurl:ignore or relurl:ignore-file", ast.Quote(DirectivePrefix+verb, 0))
	}
	list = strings.TrimSpace(list)
	if list == "" {
		return ig, nil
	}
	if compact := strings.Join(strings.Fields(list), ""); strings.Contains(compact, ",,") || compact[0] == ',' {
		return Ignore{}, fmt.Errorf("%s: an empty rule name between commas", ast.Quote(list, 0))
	}
	var bad []string
	for _, name := range strings.FieldsFunc(list, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' }) {
		if _, _, err := selectRules(name); err != nil {
			bad = append(bad, name)
			continue
		}
		ig.Rules = append(ig.Rules, name)
	}
	if len(bad) > 0 {
		return Ignore{}, fmt.Errorf("unknown rule or family %s%s (see relurl rules)", strings.Join(quoteAll(bad), ", "),
			suggest.Phrase(suggest.Closest(bad[0], RuleNames()), nil))
	}
	return ig, nil
}

// Matches reports whether the directive suppresses findings of the rule
// id: it names no rule, or names the rule or its family. The rules of the
// suppress family are never matched: a directive cannot silence what is
// reported on directives. This is the one reading of what a directive
// names: relurl lint's and the Go analyzer's.
func (ig Ignore) Matches(id string) bool {
	r := ruleRow(id)
	if r != nil && r.Family == FamilySuppress {
		return false
	}
	if len(ig.Rules) == 0 {
		return true
	}
	for _, name := range ig.Rules {
		if name == id || r != nil && name == string(r.Family) {
			return true
		}
	}
	return false
}

// NamesOn reports whether the directive names a rule that is on in l, or
// names none (so every rule). A directive that names only rules turned
// off is not stale, so not reported as suppress/unused: another
// configuration may need it.
func (ig Ignore) NamesOn(l *Linter) bool {
	if len(ig.Rules) == 0 {
		return true
	}
	for _, r := range catalogRows() {
		if l.state[r.ID].on && ig.Matches(r.ID) {
			return true
		}
	}
	return false
}

func quoteAll(names []string) []string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = ast.Quote(n, 0)
	}
	return q
}

// suppressRows are the rules of the suppression directives themselves.
// They read no URL: the file's pass over its directives (fileCheck)
// reports them.
func suppressRows() []row {
	return []row{
		{Rule: Rule{
			ID: RuleSuppressUnused, Family: FamilySuppress, Severity: ast.SeverityInfo, Default: true,
			Section: "relurl (as staticcheck's unmatched //lint:ignore)",
			Summary: "a relurl:ignore directive that suppressed nothing",
			Help: `A directive that suppresses nothing is stale: the URL it was written for has been fixed, ` +
				`moved or removed, or it names the wrong rule. "relurl:ignore" applies to the next line ` +
				`that holds a URL (the line of the first URL after the comment), "relurl:ignore-file" to ` +
				`the whole file. A directive that names only rules that are turned off is not reported.`,
			Fix:  "remove the directive, or name the rule of the finding it is meant for",
			Bad:  Example{Text: "<!-- relurl:ignore fsegment/colon -- an old link -->\n<a href=\"notes.html\">notes</a>\n"},
			Good: Example{Text: "<!-- relurl:ignore fsegment/colon -- an old link -->\n<a href=\"my_notes:v2.html\">notes</a>\n"},
		}, reads: readsDirectives},
		{Rule: Rule{
			ID: RuleSuppressMalformed, Family: FamilySuppress, Severity: ast.SeverityWarning, Default: true,
			Section: "relurl",
			Summary: "a relurl: directive that does not parse, or names no rule",
			Help: `A comment that begins with "relurl:" is a directive: "relurl:ignore [RULE[,RULE...]] ` +
				`[-- reason]" or "relurl:ignore-file ...", where each RULE is a rule id or a family. ` +
				`Another verb, an empty name between commas or a name that is no rule or family makes the ` +
				`directive malformed, and a malformed directive suppresses nothing.`,
			Fix:  "spell the directive relurl:ignore or relurl:ignore-file, with rule ids as relurl rules lists them",
			Bad:  Example{Text: "<!-- relurl:ignore fsegment/colons -->\n<a href=\"my_notes:v2.html\">notes</a>\n"},
			Good: Example{Text: "<!-- relurl:ignore fsegment/colon -->\n<a href=\"my_notes:v2.html\">notes</a>\n"},
		}, reads: readsDirectives},
	}
}

// suppression is one directive of a file, as the file's check applies it.
type suppression struct {
	offset, end int
	ig          Ignore
	// line is the line of the first URL after the directive, the line it
	// applies to; 0 until that URL is met.
	line int
	used bool
}

// matches reports whether the directive suppresses findings of rule
// ([Ignore.Matches]).
func (s *suppression) matches(rule string) bool { return s.ig.Matches(rule) }

// directive reads a directive of the file: a suppression, which it
// returns, or a suppress/malformed finding.
func (fc *fileCheck) directive(d extract.Directive) *suppression {
	ig, err := ParseIgnore(d.Text)
	if err != nil {
		fc.report(d, RuleSuppressMalformed, fmt.Sprintf("malformed relurl directive, which suppresses nothing: %v", err))
		return nil
	}
	s := &suppression{offset: d.Offset, end: d.End, ig: ig}
	fc.dirs = append(fc.dirs, s)
	if !ig.File {
		fc.pending = append(fc.pending, s)
	}
	return s
}

// place settles which directives apply to the URL that begins at the file
// offset start: those met since the last URL apply to its line, and stay
// in force for the URLs that begin on that line.
func (fc *fileCheck) place(start int) {
	line := fc.lines.line(start)
	if line != fc.coverLine {
		fc.cover = fc.cover[:0]
	}
	n := 0
	for _, s := range fc.pending {
		if s.end <= start {
			s.line = line
			fc.cover = append(fc.cover, s)
			fc.coverLine = line
		} else {
			fc.pending[n] = s
			n++
		}
	}
	fc.pending = fc.pending[:n]
}

// suppressedLine reports whether a directive on the line of the URL under
// check suppresses a finding of rule, and marks it used.
func (fc *fileCheck) suppressedLine(rule string) bool {
	for _, s := range fc.cover {
		if s.matches(rule) {
			s.used = true
			fc.suppressed++
			return true
		}
	}
	return false
}

// finishSuppressions applies the file's ignore-file directives to its
// findings, then reports each directive that suppressed nothing.
func (fc *fileCheck) finishSuppressions() {
	var files []*suppression
	for _, s := range fc.dirs {
		if s.ig.File {
			files = append(files, s)
		}
	}
	if len(files) > 0 {
		var dropped []Finding // those whose fix mends others too
		fc.findings = slices.DeleteFunc(fc.findings, func(f Finding) bool {
			for _, s := range files {
				if s.matches(f.Rule) {
					s.used = true
					fc.suppressed++
					if f.Edit != nil {
						dropped = append(dropped, f)
					}
					return true
				}
			}
			return false
		})
		DropEdits(fc.findings, dropped, "suppressed by relurl:ignore-file")
	}
	if fc.alias {
		return // the file's own name judges its directives
	}
	for _, s := range fc.dirs {
		if s.used || !s.ig.NamesOn(fc.l) {
			continue
		}
		var msg string
		switch {
		case s.ig.File:
			msg = "this relurl:ignore-file directive suppressed nothing in the file"
		case s.line == 0:
			msg = "this relurl:ignore directive suppressed nothing: no URL follows it"
		default:
			msg = fmt.Sprintf("this relurl:ignore directive suppressed nothing on line %d, the next line that holds a URL", s.line)
		}
		if len(s.ig.Rules) > 0 {
			msg += " (it names " + strings.Join(s.ig.Rules, ", ") + ")"
		}
		fc.report(extract.Directive{Offset: s.offset, End: s.end}, RuleSuppressUnused, msg+"; remove it, or name the rule of the finding it is for")
	}
}

// report adds a finding of one of the directives' rules, placed on the
// directive d, when the rule is on (Check places it with the others).
func (fc *fileCheck) report(d extract.Directive, rule, msg string) {
	st := fc.l.state[rule]
	if !st.on {
		return
	}
	f := Finding{File: fc.file, Offset: d.Offset, EndOffset: d.End, Rule: rule, Severity: st.sev,
		Message: msg, Fix: ruleRow(rule).Fix, Production: "directive", Where: "comment"}
	fc.findings = append(fc.findings, f)
}
