package relurl

import (
	"reflect"
	"slices"
	"testing"

	"github.com/relurl/relurl/ast"
	"github.com/relurl/relurl/internal/profile"
	"github.com/relurl/relurl/internal/rules"
	"github.com/relurl/relurl/resolve"
)

// TestMirrorsAST: the types of this package mirror those of package ast
// field for field, and the conversions copy every field: a field added on
// one side and not the other fails here, before an importer misses it.
func TestMirrorsAST(t *testing.T) {
	pairs := []struct{ ours, theirs any }{
		{URL{}, ast.URL{}},
		{Component{}, ast.Component{}},
		{Path{}, ast.Path{}},
		{Span{}, ast.Span{}},
		{Diagnostic{}, ast.Diagnostic{}},
	}
	// The named types of one side and their counterparts on the other.
	counterpart := map[reflect.Type]reflect.Type{}
	for _, p := range pairs {
		counterpart[reflect.TypeOf(p.ours)] = reflect.TypeOf(p.theirs)
	}
	counterpart[reflect.TypeFor[Form]()] = reflect.TypeFor[ast.Form]()
	counterpart[reflect.TypeFor[Severity]()] = reflect.TypeFor[ast.Severity]()
	for _, p := range pairs {
		ours, theirs := reflect.TypeOf(p.ours), reflect.TypeOf(p.theirs)
		if ours.NumField() != theirs.NumField() {
			t.Errorf("%v has %d fields, %v %d", ours, ours.NumField(), theirs, theirs.NumField())
			continue
		}
		for i := range ours.NumField() {
			a, b := ours.Field(i), theirs.Field(i)
			if a.Name != b.Name || a.Type != b.Type && counterpart[a.Type] != b.Type {
				t.Errorf("field %d of %v is %s %v, of %v %s %v", i, ours, a.Name, a.Type, theirs, b.Name, b.Type)
			}
		}
	}

	// Every field survives the conversions both ways: each field of the
	// value below is set, and no two strings or offsets are equal.
	u := ast.URL{Form: ast.FormOpaque}
	for i, c := range []*ast.Component{&u.Scheme, &u.NetLoc, &u.Params, &u.Query, &u.Fragment} {
		*c = ast.Component{Value: string(rune('a' + i)), Span: ast.Span{Start: 10 * i, End: 10*i + 1}, Present: true}
	}
	u.Path = ast.Path{Value: "/p", Span: ast.Span{Start: 60, End: 62}}
	if back := fromAST(u).ast(); back != u {
		t.Errorf("URL: %+v comes back as %+v", u, back)
	}
	d := ast.Diagnostic{Offset: 1, End: 2, Production: "p", Text: "t", Message: "m", Rule: "r", Severity: ast.SeverityWarning}
	ours := fromDiagnostic(&d)
	if back := ours.ast(); back != d {
		t.Errorf("Diagnostic: %+v comes back as %+v", d, back)
	}
	for f := range ast.Form(8) {
		if Form(f).String() != f.String() {
			t.Errorf("Form(%d) is %v here, %v in ast", f, Form(f), f)
		}
	}
	if FormRelative != Form(ast.FormRelative) || FormGenericRL != Form(ast.FormGenericRL) || FormOpaque != Form(ast.FormOpaque) {
		t.Error("the forms differ from ast's")
	}
	if SeverityError != Severity(ast.SeverityError) || SeverityWarning != Severity(ast.SeverityWarning) || SeverityInfo != Severity(ast.SeverityInfo) {
		t.Error("the severities differ from ast's")
	}
}

// ruleIDs are the rule constants of this package, in the order of their
// declaration.
var ruleIDs = []string{
	RuleEscapeMalformed, RuleNetLocChar, RuleFsegmentChar, RuleSegmentChar, RuleParamChar, RuleQueryChar,
	RuleFragmentChar, RuleFragmentHash, RuleNetPathEmptySegment, RuleTooManyErrors,
	RuleBaseNotAbsolute, RuleBaseNotGenericRL,
	RuleRFC1738Userinfo, RuleRFC1738Host, RuleRFC1738Port, RuleRFC1738HTTPUserinfo, RuleRFC1738SchemeCase,
	RuleRFC1738HTTP, RuleRFC1738FTP, RuleRFC1738File, RuleRFC1738Mailto, RuleRFC1738Telnet, RuleRFC1738WAIS,
}

// TestRuleIDs: the package names every rule its functions report: the
// syntax rules package validate reports, the base rules of package
// resolve, and the rules of the rfc1738 profile; and no other.
func TestRuleIDs(t *testing.T) {
	var want []string
	for _, r := range rules.All() {
		if r.Reader != rules.ReaderGrammar {
			want = append(want, r.ID)
		}
	}
	want = append(want, resolve.RuleBaseNotAbsolute, resolve.RuleBaseNotGenericRL)
	for _, r := range profile.RFC1738() {
		want = append(want, r.ID)
	}
	got := slices.Clone(ruleIDs)
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("the package names the rules\n%q\nits functions report\n%q", got, want)
	}
}
