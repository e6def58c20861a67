package rules_test

import (
	"go/ast"
	"go/constant"
	"go/parser"
	"go/token"
	"strings"
	"testing"

	relast "github.com/relurl/relurl/ast"
	"github.com/relurl/relurl/internal/rules"
)

// TestSyntaxRuleTable: every Rule constant of package ast has its row, and
// every row is complete and agrees with its id.
func TestSyntaxRuleTable(t *testing.T) {
	rows := map[string]rules.Rule{}
	for _, r := range rules.All() {
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
		if got, ok := rules.Lookup(r.ID); !ok || got != r {
			t.Errorf("Lookup(%q) = %+v, %v", r.ID, got, ok)
		}
		if r.Reader != rules.ReaderGrammar && r.Fix == "" {
			t.Errorf("rule %s, which the linter reports, has no fix", r.ID)
		}
	}
	if _, ok := rules.Lookup("no/such-rule"); ok {
		t.Error("LookupSyntaxRule found an unknown rule")
	}

	// The constants of diag.go, read from the source.
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "../../ast/diag.go", nil, 0)
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
					t.Errorf("%s = %q has no row in the table of syntax rules (internal/rules/rules.go)", name.Name, id)
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
		r, _ := rules.Lookup(tt.rule)
		got, ok := r.Replacement(tt.text)
		if got != tt.replacement || ok != tt.ok {
			t.Errorf("%s: Replacement(%q) = %q, %v; want %q, %v", tt.rule, tt.text, got, ok, tt.replacement, tt.ok)
		}
		if fix := r.FixFor(tt.text); fix != tt.fix {
			t.Errorf("%s: FixFor(%q) = %q, want %q", tt.rule, tt.text, fix, tt.fix)
		}
	}
}
