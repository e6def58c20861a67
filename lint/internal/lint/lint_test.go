package lint

import (
	"bufio"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/relurl/relurl/ast"
	"github.com/relurl/relurl/internal/rules"
)

// marked splits a case written with its offending text marked, as in
// "http:⟦g⟧", into the input and the marked span.
func marked(t *testing.T, s string) (input string, offset, end int) {
	t.Helper()
	i := strings.Index(s, "⟦")
	j := strings.Index(s, "⟧")
	if i < 0 || j < i {
		return s, -1, -1
	}
	return s[:i] + s[i+len("⟦"):j] + s[j+len("⟧"):], i, j - len("⟦")
}

func mustNew(t *testing.T, opts Options) *Linter {
	t.Helper()
	l, err := New(opts)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

func TestCatalog(t *testing.T) {
	seen := map[string]bool{}
	families := map[Family]int{}
	for _, r := range Rules() {
		if seen[r.ID] {
			t.Errorf("rule %s listed twice", r.ID)
		}
		seen[r.ID] = true
		families[r.Family]++
		if r.Summary == "" || r.Help == "" || r.Section == "" {
			t.Errorf("rule %s lacks a summary, help or section", r.ID)
		}
		if !strings.Contains(r.Section, "RFC") && r.Family != FamilySuppress && r.Family != FamilyInput {
			t.Errorf("rule %s cites no RFC: %q", r.ID, r.Section)
		}
		if got, ok := Lookup(r.ID); !ok || got != r {
			t.Errorf("Lookup(%q) = %v, %v", r.ID, got, ok)
		}
		if r.Family == FamilyRFC1738 && r.Default {
			t.Errorf("rule %s: the RFC 1738 profile is opt-in", r.ID)
		}
	}
	for _, f := range Families() {
		if families[f] == 0 {
			t.Errorf("family %s has no rules", f)
		}
	}
	// The syntax family is exactly the rules of the syntax table that validate
	// reports, in the table's order, each an error.
	var want []string
	for _, sr := range rules.All() {
		if sr.Reader != rules.ReaderGrammar {
			want = append(want, sr.ID)
		}
	}
	var got []string
	for _, r := range Rules() {
		if r.Family == FamilySyntax {
			got = append(got, r.ID)
			if r.Severity != ast.SeverityError || !r.Default {
				t.Errorf("syntax rule %s: %+v", r.ID, r)
			}
		}
	}
	if !slices.Equal(got, want) {
		t.Errorf("syntax family %q, want the rules of the syntax table %q", got, want)
	}
	for _, r := range catalogRows() {
		if (r.check == nil) != (r.reads == readsDirectives) {
			t.Errorf("rule %s: a check exactly when it reads URLs", r.ID)
		}
	}
	if _, ok := Lookup("no/such-rule"); ok {
		t.Error("Lookup found an unknown rule")
	}
}

func TestOptions(t *testing.T) {
	l := mustNew(t, Options{})
	if !l.Enabled(ast.RuleQueryChar) || l.Enabled(RuleRFC1738Host) {
		t.Error("defaults: syntax on, rfc1738 off")
	}
	l = mustNew(t, Options{Enable: []string{"rfc1738"}, Disable: []string{RuleRFC1738HTTP}})
	if !l.Enabled(RuleRFC1738Host) || l.Enabled(RuleRFC1738HTTP) {
		t.Error("enable a family, disable one of its rules")
	}
	l = mustNew(t, Options{Disable: []string{"rfc1808"}, Enable: []string{RuleFsegmentColon}})
	if !l.Enabled(RuleFsegmentColon) || l.Enabled(RuleSchemeRelativeForm) {
		t.Error("an id overrides its family")
	}
	l = mustNew(t, Options{Enable: []string{RuleFsegmentColon}, Disable: []string{RuleFsegmentColon}})
	if l.Enabled(RuleFsegmentColon) {
		t.Error("disable wins over enable")
	}
	l = mustNew(t, Options{Severity: map[string]ast.Severity{
		"portability": ast.SeverityInfo, RulePortabilityParse: ast.SeverityError, ast.RuleQueryChar: ast.SeverityWarning}})
	if l.Severity(RulePortabilityResolution) != ast.SeverityInfo || l.Severity(RulePortabilityParse) != ast.SeverityError ||
		l.Severity(ast.RuleQueryChar) != ast.SeverityWarning {
		t.Error("severities: family, then id")
	}
	rules := l.Rules()
	if i := slices.IndexFunc(rules, func(s Setting) bool { return s.Rule.ID == ast.RuleQueryChar }); rules[i].Severity != ast.SeverityWarning ||
		rules[i].Rule.Severity != ast.SeverityError || !rules[i].Enabled {
		t.Errorf("Linter.Rules: %+v, want the configured severity beside the default", rules[i])
	}
	if i := slices.IndexFunc(rules, func(s Setting) bool { return s.Rule.ID == RuleRFC1738Host }); rules[i].Enabled || rules[i].Rule.Default {
		t.Errorf("Linter.Rules: %+v, want an opt-in rule off", rules[i])
	}
	for _, bad := range []Options{
		{Enable: []string{"nope"}},
		{Disable: []string{"syntax/"}},
		{Severity: map[string]ast.Severity{"nope": ast.SeverityInfo}},
		{Severity: map[string]ast.Severity{"syntax": 7}},
		{Severity: map[string]ast.Severity{"syntax": 0}},
		{Retrieval: "http://a/%zz"},
		{Retrieval: "a/b"},
	} {
		if _, err := New(bad); err == nil {
			t.Errorf("New(%+v) succeeded", bad)
		}
	}
	if _, err := New(Options{Retrieval: "http://a//b"}); err != nil {
		t.Errorf("an opaque retrieval URL is a URL: %v", err)
	}
}

const base1808 = "http://a/b/c/d;p?q"

// TestRules: each rule fires where it should, at the marked text.
func TestRules(t *testing.T) {
	tests := []struct {
		base string // the retrieval URL
		ref  string // with the offending text marked
		rule string
		opts Options
	}{
		// Syntax.
		{"", "http://a/⟦%zz⟧", ast.RuleEscapeMalformed, Options{}},
		{"", "http://a⟦{⟧b/", ast.RuleNetLocChar, Options{}},
		{"", "a⟦ ⟧b", ast.RuleFsegmentChar, Options{}},
		{"", "a/b⟦|⟧c", ast.RuleSegmentChar, Options{}},
		{"", "a;p⟦^⟧", ast.RuleParamChar, Options{}},
		{"", "?q⟦<⟧", ast.RuleQueryChar, Options{}},
		{"", "#f⟦é⟧", ast.RuleFragmentChar, Options{}},
		{"", "#f⟦#⟧", ast.RuleFragmentHash, Options{}},
		{"", "//a/⟦/⟧b", ast.RuleNetPathEmptySegment, Options{}},

		// §5.2.
		{base1808, "⟦http:⟧g", RuleSchemeRelativeForm, Options{}},
		{base1808, "⟦http:⟧", RuleSchemeRelativeForm, Options{}},
		{"", "⟦ftp:⟧/pub", RuleSchemeRelativeForm, Options{}},
		{"", "⟦file:⟧x", RuleSchemeRelativeForm, Options{}},
		// §5.3.
		{base1808, "a_b⟦:⟧c", RuleFsegmentColon, Options{}},
		{"", "⟦:⟧x", RuleFsegmentColon, Options{}},
		{"", "a%20b⟦:⟧c/d", RuleFsegmentColon, Options{}},
		{base1808, "ftp://h/d;⟦type=d⟧", RuleParamsFTPTypeD, Options{}},
		{"ftp://h/a/", "x;⟦TYPE=D⟧", RuleParamsFTPTypeD, Options{}},
		// §2.3.
		{"mailto:joe@example.com", "⟦x⟧", RuleBaseSchemeNoRelative, Options{}},
		{"news:comp.lang.go", "⟦#f⟧", RuleBaseSchemeNoRelative, Options{}},
		{"telnet://h/", "⟦../x⟧", RuleBaseSchemeNoRelative, Options{}},
		// §2: a retrieval URL that does not fit generic-RL.
		{"http://a//b", "⟦g⟧", "base/not-generic-RL", Options{}},

		// Portability.
		{base1808, "⟦../../../g⟧", RulePortabilityResolution, Options{}},
		{base1808, "⟦/./g⟧", RulePortabilityResolution, Options{}},
		{base1808, "⟦;x⟧", RulePortabilityResolution, Options{}},
		{"", "⟦http://a/b/../c⟧", RulePortabilityResolution, Options{}},
		{"http://a?b", "⟦g⟧", RulePortabilityResolution, Options{}},
		{"", "⟦1a:b⟧", RulePortabilityParse, Options{}},
		{"", "⟦http://a:b/⟧", RulePortabilityParse, Options{}},

		// RFC 1738.
		{"", "HTTP://a/", "", Options{}}, // off by default
		{"", "⟦HTTP⟧://a/", RuleRFC1738SchemeCase, Options{Enable: []string{"rfc1738"}}},
		{"", "ftp://u:p⟦:⟧q@h/", RuleRFC1738Userinfo, Options{Enable: []string{"rfc1738"}}},
		{"", "ftp://u⟦@⟧v@h/", RuleRFC1738Userinfo, Options{Enable: []string{"rfc1738"}}},
		{"", "http://⟦1.2.3⟧/", RuleRFC1738Host, Options{Enable: []string{"rfc1738"}}},
		{"", "http://⟦a_b.com⟧/", RuleRFC1738Host, Options{Enable: []string{"rfc1738"}}},
		{"", "http://⟦-a.com⟧/", RuleRFC1738Host, Options{Enable: []string{"rfc1738"}}},
		{"", "http://⟦a.com.⟧/", RuleRFC1738Host, Options{Enable: []string{"rfc1738"}}},
		{"", "ftp://⟦⟧/", RuleRFC1738Host, Options{Enable: []string{"rfc1738"}}},
		{"", "http://a⟦:⟧/", RuleRFC1738Port, Options{Enable: []string{"rfc1738"}}},
		{"", "http://a⟦:8o⟧/", RuleRFC1738Port, Options{Enable: []string{"rfc1738"}}},
		{"", "http://⟦u:p@⟧a/", RuleRFC1738HTTPUserinfo, Options{Enable: []string{"rfc1738"}}},
		{"", "http://a/b?c⟦/⟧d", RuleRFC1738HTTP, Options{Enable: []string{"rfc1738"}}},
		{"", "ftp://a/b;⟦x=y⟧", RuleRFC1738FTP, Options{Enable: []string{"rfc1738"}}},
		{"", "ftp://a/b⟦?q⟧", RuleRFC1738FTP, Options{Enable: []string{"rfc1738"}}},
		{"", "file://h⟦⟧", RuleRFC1738File, Options{Enable: []string{"rfc1738"}}},
		{"", "file://h/x⟦;p⟧", RuleRFC1738File, Options{Enable: []string{"rfc1738"}}},
		{"", "⟦mailto:⟧", RuleRFC1738Mailto, Options{Enable: []string{"rfc1738"}}},
		{"", "telnet://h⟦/x⟧", RuleRFC1738Telnet, Options{Enable: []string{"rfc1738"}}},
		{"", "wais://h⟦/a/b⟧", RuleRFC1738WAIS, Options{Enable: []string{"rfc1738"}}},
		{"", "wais://h/d⟦:⟧b", RuleRFC1738WAIS, Options{Enable: []string{"rfc1738"}}},
		{"http://a/b", "//⟦x..y⟧/z", RuleRFC1738Host, Options{Enable: []string{"rfc1738"}}},
	}
	for _, tt := range tests {
		ref, off, end := marked(t, tt.ref)
		tt.opts.Retrieval = tt.base
		l := mustNew(t, tt.opts)
		fs := l.URL(ref)
		var got []string
		found := false
		for _, f := range fs {
			got = append(got, f.Rule)
			if f.Rule == tt.rule && f.Offset == off && f.EndOffset == end {
				found = true
				if f.Message == "" || f.Text != ref[off:end] || f.URL != ref {
					t.Errorf("%q: %s: bad finding %+v", tt.ref, tt.rule, f)
				}
			}
		}
		if tt.rule == "" {
			if len(fs) > 0 {
				t.Errorf("%q against %q: want nothing, got %v", ref, tt.base, got)
			}
			continue
		}
		if !found {
			t.Errorf("%q against %q: want %s at [%d,%d); got %v", ref, tt.base, tt.rule, off, end, fs)
		}
	}
}

// TestMessagesStateBothAnswers: the portability warning says both answers.
func TestMessagesStateBothAnswers(t *testing.T) {
	l := mustNew(t, Options{Retrieval: base1808})
	fs := l.URL("../../../g")
	if len(fs) != 1 || !strings.Contains(fs[0].Message, `"http://a/../g" under RFC 1808`) ||
		!strings.Contains(fs[0].Message, `"http://a/g" under RFC 3986`) {
		t.Errorf("got %+v", fs)
	}
	fs = l.URL("http:g")
	if len(fs) != 1 || !strings.Contains(fs[0].Message, `"http://a/b/c/g"`) {
		t.Errorf("the loophole message names what older parsers give: %+v", fs)
	}
}

func readLines(t *testing.T, name string) []string {
	t.Helper()
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if sc.Text() != "" {
			out = append(out, sc.Text())
		}
	}
	return out
}

// TestSilentOnOrdinaryURLs: no rule, the opt-in profile included, says
// anything about ordinary, valid URLs, with or without a base.
func TestSilentOnOrdinaryURLs(t *testing.T) {
	urls := readLines(t, "testdata/ordinary.urls")
	for _, b := range []string{"", "http://www.example.com/docs/guide/index.html", "https://example.org/a/b/c/d.html", "ftp://ftp.example.com/pub/a/b/"} {
		l := mustNew(t, Options{Retrieval: b, Enable: []string{"rfc1738"}})
		for _, u := range urls {
			for _, f := range l.URL(u) {
				t.Errorf("%q against %q: %s: %s", u, b, f.Rule, f.Message)
			}
		}
	}
}

// TestSilentNeighbours: near misses of each warning that are fine.
func TestSilentNeighbours(t *testing.T) {
	for _, c := range []struct{ base, ref string }{
		{base1808, "g:h"},              // a scheme, read as one by everyone
		{base1808, "./this:that"},      // §5.3's own fix
		{base1808, "a/b:c"},            // ":" in a later segment
		{base1808, "/a:b"},             // an absolute path
		{base1808, "this%3Athat"},      // §5.3's other fix
		{base1808, "http://a/g"},       // a scheme with its net_loc
		{base1808, "mailto:x@y"},       // no relative form to speak of
		{"", "ftp://h/d;type=d"},       // a URL list without a base allows no relative URLs
		{base1808, "ftp://h/d;type=a"}, // another type
		{base1808, "g;type=d"},         // not ftp
		{"mailto:joe@example.com", ""}, // the empty reference names the base
		{"mailto:joe@example.com", "http://a/"},
		{"http://a", "g"},       // an empty base path
		{"http://a/b/", "../c"}, // dot segments both read the same
		{base1808, "g?y/./x"},
		{base1808, "HTTP://A/B"}, // net/url lowers the scheme; that is no difference
		{base1808, "#s"},
		{base1808, "?y"},
		{base1808, ""},
	} {
		l := mustNew(t, Options{Retrieval: c.base})
		for _, f := range l.URL(c.ref) {
			t.Errorf("%q against %q: %s: %s", c.ref, c.base, f.Rule, f.Message)
		}
	}
}

func TestSyntaxCap(t *testing.T) {
	l := mustNew(t, Options{})
	fs := l.URL(strings.Repeat("a ", 1000)) // 1000 runs of one space
	if len(fs) != maxSyntaxPerURL || !strings.Contains(fs[len(fs)-1].Message, "980 more") {
		t.Errorf("got %d findings, last %q", len(fs), fs[len(fs)-1].Message)
	}
}

// TestUnknownSyntaxRuleIsReported: a diagnostic of a rule the catalog does
// not know is reported as it is, never dropped, so that the tests holding
// findings to the catalog (checkInvariants, the package's fuzz targets)
// fail on it; and a rule that is off is dropped.
func TestUnknownSyntaxRuleIsReported(t *testing.T) {
	l := mustNew(t, Options{Disable: []string{ast.RuleQueryChar}})
	diags := ast.Diagnostics{
		{Offset: 0, End: 1, Production: "x", Text: "a", Message: "m", Rule: "x/new-rule", Severity: ast.SeverityError},
		{Offset: 1, End: 2, Production: "query", Text: "b", Message: "m", Rule: ast.RuleQueryChar, Severity: ast.SeverityError},
		{Offset: 2, End: 3, Production: "segment", Text: " ", Message: "m", Rule: ast.RuleSegmentChar, Severity: ast.SeverityError},
	}
	c := urlCheck{urlState: urlState{l: l, s: "ab "}}
	c.checkSyntax(diags)
	var got []string
	for _, h := range c.hits {
		got = append(got, h.rule+"/"+h.severity.String())
	}
	if want := []string{"x/new-rule/error", "segment/char/error"}; !slices.Equal(got, want) {
		t.Errorf("hits %q, want %q", got, want)
	}
}
