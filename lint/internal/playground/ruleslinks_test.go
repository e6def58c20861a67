package playground_test

import (
	"net/url"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/relurl/relurl/ast"
	"github.com/relurl/relurl/lint/internal/lint"
	"github.com/relurl/relurl/lint/internal/playground"
)

// tryLink is a link of the rules page that opens an example in the
// playground.
var tryLink = regexp.MustCompile(`\[Try it in the playground\]\(` + regexp.QuoteMeta(lint.PlaygroundFromRules) + `#([^)]*)\)`)

// fragment reads the playground's state from a link's fragment as the
// page does (app.js: split at "&", then at the first "=", each value
// decoded by decodeURIComponent, which leaves "+" a plus).
func fragment(t *testing.T, frag string) (in, base string, enable []string) {
	t.Helper()
	for _, part := range strings.Split(frag, "&") {
		k, v, ok := strings.Cut(part, "=")
		if !ok {
			t.Fatalf("fragment %q: %q has no value", frag, part)
		}
		v, err := url.PathUnescape(v)
		if err != nil {
			t.Fatalf("fragment %q: %v", frag, err)
		}
		switch k {
		case "url":
			in = v
		case "base":
			base = v
		case "enable":
			enable = strings.Split(v, ",")
		default:
			t.Fatalf("fragment %q: unknown key %q", frag, k)
		}
	}
	return in, base, enable
}

// reports reports whether the report has a diagnostic of the rule, on
// the URL or on the base.
func reports(rep *playground.Report, rule string) bool {
	has := func(ds []playground.Diagnostic) bool {
		return slices.ContainsFunc(ds, func(d playground.Diagnostic) bool { return d.Rule == rule })
	}
	return has(rep.URL.Diagnostics) || rep.BaseURL != nil && has(rep.BaseURL.Diagnostics)
}

// TestRulesPageLinks follows the links of the rules page (docs/rules.md,
// generated from the catalog) that open each rule's examples in the
// playground: the playground, given the link's state, reports the rule
// on the bad example and not on the good one. Every rule about a URL has
// both links; the rules about documents (the suppress and input
// families, and the Base header of a message) have none, since the
// playground reads one URL and a base; nor has URL/too-many-errors,
// whose faults the playground, with every syntax rule on, lists; nor have
// the rules about where a reference leads in a tree of files (the target
// family, portability/whatwg-target), which the playground has not.
func TestRulesPageLinks(t *testing.T) {
	page, err := os.ReadFile("../../../docs/rules.md")
	if err != nil {
		t.Fatal(err)
	}
	sections := strings.Split(string(page), "\n## `")[1:]
	if len(sections) != len(lint.Rules()) {
		t.Fatalf("docs/rules.md has %d rule sections, the catalog %d rules", len(sections), len(lint.Rules()))
	}
	for i, sec := range sections {
		r := lint.Rules()[i]
		if !strings.HasPrefix(sec, r.ID+"`") {
			t.Fatalf("section %d of docs/rules.md is not the rule %s's", i, r.ID)
		}
		good := strings.Index(sec, "\nGood (")
		var badLinks, goodLinks []string
		for _, m := range tryLink.FindAllStringSubmatchIndex(sec, -1) {
			if m[0] < good {
				badLinks = append(badLinks, sec[m[2]:m[3]])
			} else {
				goodLinks = append(goodLinks, sec[m[2]:m[3]])
			}
		}
		document := r.Family == lint.FamilySuppress || r.Family == lint.FamilyInput || r.ID == lint.RuleBaseHeader ||
			r.ID == ast.RuleTooManyErrors || r.Family == lint.FamilyTarget || r.ID == lint.RuleWHATWGTarget
		if document {
			if len(badLinks)+len(goodLinks) > 0 {
				t.Errorf("%s: links to the playground %q %q, for a rule about documents or trees", r.ID, badLinks, goodLinks)
			}
			continue
		}
		if len(badLinks) != 1 || len(goodLinks) != 1 {
			t.Errorf("%s: %d links for the bad example, %d for the good, want one each", r.ID, len(badLinks), len(goodLinks))
			continue
		}
		if in, base, enable := fragment(t, badLinks[0]); !reports(playground.Analyse(in, base, enable...), r.ID) {
			t.Errorf("%s: the playground opened by #%s (url %q, base %q, enable %q) does not report the rule", r.ID, badLinks[0], in, base, enable)
		}
		if in, base, enable := fragment(t, goodLinks[0]); reports(playground.Analyse(in, base, enable...), r.ID) {
			t.Errorf("%s: the playground opened by #%s (url %q, base %q, enable %q) reports the rule on the good example", r.ID, goodLinks[0], in, base, enable)
		}
	}
}

// TestEnable: the rules enable names are turned on, by id or family; a
// name that is neither is reported, and the defaults apply.
func TestEnable(t *testing.T) {
	const in = "http://www_example.com/"
	if reports(playground.Analyse(in, ""), "rfc1738/host") {
		t.Error("rfc1738/host is reported with the defaults")
	}
	for _, enable := range [][]string{{"rfc1738/host"}, {"rfc1738"}, {"syntax", "rfc1738"}} {
		rep := playground.Analyse(in, "", enable...)
		if !reports(rep, "rfc1738/host") || rep.EnableError != "" || !slices.Equal(rep.Enable, enable) {
			t.Errorf("enable %q: rfc1738/host not reported (%q)", enable, rep.EnableError)
		}
	}
	rep := playground.Analyse(in, "", "no-such-rule")
	if rep.EnableError == "" || reports(rep, "rfc1738/host") || !strings.Contains(rep.EnableError, "no-such-rule") {
		t.Errorf("an unknown rule: error %q", rep.EnableError)
	}
}
