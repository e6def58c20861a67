package lint

import (
	"fmt"

	"github.com/relurl/relurl/ast"
	"github.com/relurl/relurl/internal/rules"
	"github.com/relurl/relurl/validate"
)

// maxSyntaxPerURL bounds the syntax findings reported for one URL, so that
// a binary file read as a URL list, or a huge line of garbage, gives a
// readable report; the last one reported says how many more there were.
const maxSyntaxPerURL = 20

// syntaxRows are the rows of the syntax family, derived from the table of
// syntax rules (package internal/rules): every rule package validate reports, an error on
// by default. Each row's check reports one of validate's diagnostics
// (urlCheck.diag), with the fix the table derives for its text.
func syntaxRows() []row {
	var rows []row
	for _, sr := range rules.All() {
		if sr.Reader == rules.ReaderGrammar {
			continue // the reference parser's own; the linter reads with validate
		}
		rows = append(rows, row{
			Rule: Rule{
				ID: sr.ID, Family: FamilySyntax, Severity: ast.SeverityError, Default: true,
				Section: sr.Section, Summary: sr.Summary, Help: sr.Help, Fix: sr.Fix,
				Quote: sr.Quote, Bad: Example{Text: sr.Bad}, Good: Example{Text: sr.Good},
			},
			reads:  readsInvalid,
			repair: syntaxRepair(sr),
			noFix:  syntaxNoFix[sr.ID],
			check: func(c *urlCheck) {
				d := c.diag
				c.report(hit{offset: d.Offset, end: d.End, production: d.Production, message: d.Message, fix: sr.FixFor(d.Text)})
			},
		})
	}
	return rows
}

// syntaxRepair is how a fix mends a syntax rule's findings: as package
// the table of syntax rules says ([rules.Rule.Repair]).
func syntaxRepair(sr rules.Rule) repair {
	switch sr.Repair {
	case rules.RepairEncode:
		return repairEncode
	case rules.RepairEscapePercent:
		return repairEscapePercent
	}
	return repairNone
}

// syntaxNoFix says why the syntax rules without a mechanical repair have
// no fix.
var syntaxNoFix = map[string]string{
	ast.RuleNetPathEmptySegment: `removing a "/" changes the path net/url and browsers read ("//" is an empty segment to them); remove it by hand if that is what you mean`,
	ast.RuleTooManyErrors:       "the URL has more faults than a reader lists: fix the ones listed, then lint again",
}

// checkSyntax reports the diagnostics of an invalid URL, each by the
// check of its rule's row when the rule is on, in order of offset, at most
// maxSyntaxPerURL of them: the last one reported then says how many more
// there were. A diagnostic whose rule is not in the catalog is reported
// as it is, never dropped: the tests that hold every finding to the
// catalog then fail.
func (c *urlCheck) checkSyntax(diags ast.Diagnostics) {
	n := 0
	for i := range diags {
		d := &diags[i]
		r := ruleRow(d.Rule)
		known := r != nil
		if known && !c.l.state[d.Rule].on {
			continue
		}
		if n == maxSyntaxPerURL {
			// Those not shown: the rest, the one that stands for those
			// validate did not list counting as as many.
			more := 0
			for _, rest := range diags[i:] {
				if rest.Rule == ast.RuleTooManyErrors {
					more += validate.More(diags)
				} else if s, ok := c.l.state[rest.Rule]; ok && s.on || !ok {
					more++
				}
			}
			last := &c.hits[len(c.hits)-1]
			last.message += fmt.Sprintf(" (%d more syntax errors in this URL not shown)", more)
			return
		}
		n++
		if !known {
			c.hits = append(c.hits, hit{rule: d.Rule, severity: d.Severity, offset: d.Offset, end: d.End,
				production: d.Production, message: d.Message})
			continue
		}
		c.row, c.diag = r, d
		r.check(c)
	}
}
