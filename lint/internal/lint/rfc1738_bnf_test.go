package lint

import (
	"regexp"
	"strings"
	"testing"

	"github.com/relurl/relurl/internal/profile"
	"github.com/relurl/relurl/internal/rfcbnf"
)

// TestRFC1738QuotesTheBNF: where a rule of the RFC 1738 profile quotes a
// production of §5 ("ftpurl = ..."), the quote is the production of
// grammar/rfc1738.bnf, the file the profile's character sets are
// generated from, up to spacing.
func TestRFC1738QuotesTheBNF(t *testing.T) {
	rules := rfcbnf.RFC1738()
	space, comment := regexp.MustCompile(`\s+`), regexp.MustCompile(`(?m)\s+;[^"\n]*$`)
	norm := func(s string) string {
		return strings.TrimSpace(space.ReplaceAllString(comment.ReplaceAllString(s, ""), " "))
	}
	quoted := 0
	for _, r := range Rules() {
		if r.Family != FamilyRFC1738 {
			continue
		}
		name, _, ok := strings.Cut(r.Quote, " = ")
		if !ok || strings.ContainsAny(name, " ,.") {
			continue // a sentence of the RFC, not a production
		}
		quoted++
		p := rules.Rule(name)
		if p == nil {
			t.Errorf("%s quotes %s, which rfc1738.bnf does not have", r.ID, name)
			continue
		}
		if got, want := norm(r.Quote), norm(p.Text); got != want {
			t.Errorf("%s quotes\n%s\nrfc1738.bnf has\n%s", r.ID, got, want)
		}
	}
	if quoted < 5 {
		t.Errorf("only %d rules quote a production", quoted)
	}
}

// TestRFC1738RowsAreTheProfiles: the catalog's RFC 1738 family documents
// exactly the rules of the library's rfc1738 profile, in their order,
// with their default severities.
func TestRFC1738RowsAreTheProfiles(t *testing.T) {
	var rows []Rule
	for _, r := range Rules() {
		if r.Family == FamilyRFC1738 {
			rows = append(rows, r)
		}
	}
	rules := profile.RFC1738()
	if len(rows) != len(rules) {
		t.Fatalf("the catalog has %d rows of the rfc1738 family, the profile %d rules", len(rows), len(rules))
	}
	for i, r := range rules {
		if rows[i].ID != r.ID || rows[i].Severity != r.Severity {
			t.Errorf("row %d is %s (%v), the profile's rule %s (%v)", i, rows[i].ID, rows[i].Severity, r.ID, r.Severity)
		}
	}
}
