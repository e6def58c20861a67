package ast_test

import (
	"go/ast"
	"go/constant"
	"go/parser"
	"go/token"
	"strings"
	"testing"

	relast "github.com/relurl/relurl/ast"
)

// TestSyntaxRuleTable: every Rule constant of the package has its row, and
// every row is complete and agrees with its id.
func TestSyntaxRuleTable(t *testing.T) {
	rows := map[string]relast.SyntaxRule{}
	for _, r := range relast.SyntaxRules() {
		if _, dup := rows[r.ID]; dup {
			t.Errorf("rule %s listed twice", r.ID)
		}
		rows[r.ID] = r
		if !strings.HasPrefix(r.ID, r.Production+"/") {
			t.Errorf("rule %s: the id does not begin with its production %q", r.ID, r.Production)
		}
		if r.Summary == "" || r.Help == "" || !strings.HasPrefix(r.Section, "RFC 1808 §2") {
			t.Errorf("rule %s lacks a summary, help or a section of RFC 1808 §2: %+v", r.ID, r)
		}
		if got, ok := relast.LookupSyntaxRule(r.ID); !ok || got != r {
			t.Errorf("LookupSyntaxRule(%q) = %+v, %v", r.ID, got, ok)
		}
		if r.Reader != relast.ReaderGrammar && r.Fix == "" {
			t.Errorf("rule %s, which the linter reports, has no fix", r.ID)
		}
	}
	if _, ok := relast.LookupSyntaxRule("no/such-rule"); ok {
		t.Error("LookupSyntaxRule found an unknown rule")
	}

	// The constants of diag.go, read from the source.
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "diag.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, decl := range f.Decls {
		gd, ok := decl.(*ast.GenDecl)
		if !ok || gd.Tok != token.CONST {
			continue
		}
		for _, spec := range gd.Specs {
			vs := spec.(*ast.ValueSpec)
			for i, name := range vs.Names {
				if !strings.HasPrefix(name.Name, "Rule") || i >= len(vs.Values) {
					continue
				}
				lit, ok := vs.Values[i].(*ast.BasicLit)
				if !ok {
					continue
				}
				id := constant.StringVal(constant.MakeFromLiteral(lit.Value, lit.Kind, 0))
				n++
				if _, ok := rows[id]; !ok {
					t.Errorf("%s = %q has no row in the table of syntax rules (ast/rules.go)", name.Name, id)
				}
			}
		}
	}
	if n != len(rows) {
		t.Errorf("diag.go declares %d rule ids, the table has %d rows", n, len(rows))
	}
}

func TestRepair(t *testing.T) {
	for _, tt := range []struct {
		rule, text, replacement, fix string
		ok                           bool
	}{
		{relast.RuleSegmentChar, " ", "%20", "write the space as %20", true},
		{relast.RuleQueryChar, "|", "%7C", `write "|" as %7C`, true},
		{relast.RuleFragmentChar, "é", "%C3%A9", `write "é" as %C3%A9`, true},
		{relast.RuleFragmentHash, "##", "%23%23", `write "##" as %23%23`, true},
		{relast.RuleEscapeMalformed, "%z", "%25z", `write a literal "%" as %25`, true},
		{relast.RuleNetPathEmptySegment, "/", "", `remove the extra "/"`, false},
		// A long run: its first escapes, and the run quoted as a window
		// (a megabyte of bad bytes is one finding, whose fix must not be
		// seven megabytes).
		{relast.RuleSegmentChar, strings.Repeat(" ", 16), strings.Repeat("%20", 16), `write "` + strings.Repeat(" ", 16) + `" as ` + strings.Repeat("%20", 16), true},
		{relast.RuleSegmentChar, strings.Repeat(" ", 17), strings.Repeat("%20", 17), `write each byte of "` + strings.Repeat(" ", 17) + `" as %XX: ` + strings.Repeat("%20", 16) + "…", true},
		{relast.RuleFragmentChar, strings.Repeat("é", 9), strings.Repeat("%C3%A9", 9), `write each byte of "` + strings.Repeat("é", 9) + `" as %XX: ` + strings.Repeat("%C3%A9", 8) + "…", true},
		{relast.RuleSegmentChar, strings.Repeat("\xff", 1<<20), strings.Repeat("%FF", 1<<20), `write each byte of "` + strings.Repeat(`\xff`, 64) + `"… as %XX: ` + strings.Repeat("%FF", 16) + "…", true},
	} {
		r, _ := relast.LookupSyntaxRule(tt.rule)
		got, ok := r.Replacement(tt.text)
		if got != tt.replacement || ok != tt.ok {
			t.Errorf("%s: Replacement(%q) = %q, %v; want %q, %v", tt.rule, tt.text, got, ok, tt.replacement, tt.ok)
		}
		if fix := r.FixFor(tt.text); fix != tt.fix {
			t.Errorf("%s: FixFor(%q) = %q, want %q", tt.rule, tt.text, fix, tt.fix)
		}
	}
}

func TestSeverityText(t *testing.T) {
	var zero relast.Severity
	if zero.Valid() {
		t.Error("the zero Severity is valid")
	}
	if _, err := zero.MarshalText(); err == nil {
		t.Error("the zero Severity marshals")
	}
	for _, s := range []relast.Severity{relast.SeverityError, relast.SeverityWarning, relast.SeverityInfo} {
		b, err := s.MarshalText()
		if err != nil {
			t.Fatal(err)
		}
		var back relast.Severity
		if err := back.UnmarshalText(b); err != nil || back != s {
			t.Errorf("%v: round trip gives %v, %v", s, back, err)
		}
	}
	for in, want := range map[string]relast.Severity{"error": relast.SeverityError, "Warning": relast.SeverityWarning,
		"INFO": relast.SeverityInfo, "note": relast.SeverityInfo} {
		if got, err := relast.ParseSeverity(in); err != nil || got != want {
			t.Errorf("ParseSeverity(%q) = %v, %v", in, got, err)
		}
	}
	var s relast.Severity
	if err := s.UnmarshalText([]byte("fatal")); err == nil || s != 0 {
		t.Errorf("UnmarshalText(fatal) = %v, %v", s, err)
	}
}

// TestSeverityNamesTable: each severity's name in every output's
// vocabulary, from the one table, and ParseSeverity reads relurl's and
// SARIF's names back.
func TestSeverityNamesTable(t *testing.T) {
	for _, tt := range []struct {
		s    relast.Severity
		want relast.SeverityNames
	}{
		{relast.SeverityError, relast.SeverityNames{"error", "error", "error", 1}},
		{relast.SeverityWarning, relast.SeverityNames{"warning", "warning", "warning", 2}},
		{relast.SeverityInfo, relast.SeverityNames{"info", "note", "notice", 3}},
		{0, relast.SeverityNames{"Severity(0)", "note", "notice", 3}},
		{9, relast.SeverityNames{"Severity(9)", "note", "notice", 3}},
	} {
		if got := tt.s.Names(); got != tt.want {
			t.Errorf("%d.Names() = %+v, want %+v", tt.s, got, tt.want)
		}
		if !tt.s.Valid() {
			continue
		}
		for _, name := range []string{tt.want.Text, tt.want.SARIF, strings.ToUpper(tt.want.Text)} {
			if got, err := relast.ParseSeverity(name); err != nil || got != tt.s {
				t.Errorf("relast.ParseSeverity(%q) = %v, %v; want %v", name, got, err, tt.s)
			}
		}
	}
	if _, err := relast.ParseSeverity("notice"); err == nil {
		t.Error(`relast.ParseSeverity("notice"): GitHub's command is no severity of the configuration`)
	}
}
