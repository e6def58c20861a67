package lint

import (
	"regexp"
	"strings"
	"testing"

	"github.com/relurl/relurl/grammar"
)

// TestRFC1738QuotesTheBNF: where a rule of the RFC 1738 profile quotes a
// production of §5 ("ftpurl = ..."), the quote is the production of
// grammar/rfc1738.bnf, the file the profile's character sets are
// generated from, up to spacing.
func TestRFC1738QuotesTheBNF(t *testing.T) {
	rules := grammar.RFC1738Rules()
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
