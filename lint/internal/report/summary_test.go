package report

import (
	"reflect"
	"testing"

	"github.com/relurl/relurl/ast"
	"github.com/relurl/relurl/lint/internal/fix"
)

// TestSummaryAdd: every field of a Summary is added, so that a field
// added to Summary and forgotten by Add fails here: a summary of one run
// with every count set, added to an empty one and to itself, is itself
// and its double.
func TestSummaryAdd(t *testing.T) {
	var o Summary
	v := reflect.ValueOf(&o).Elem()
	for i := range v.NumField() {
		f := v.Field(i)
		switch f.Kind() {
		case reflect.Int, reflect.Int64:
			f.SetInt(int64(i + 1))
		case reflect.Bool:
			f.SetBool(true)
		case reflect.String:
			f.SetString("main")
		case reflect.Map, reflect.Struct:
		default:
			t.Fatalf("Summary.%s: a %s, which this test does not fill", v.Type().Field(i).Name, f.Kind())
		}
	}
	o.Skipped = map[string]int{SkippedKind: 2}
	o.Findings = map[ast.Severity]int{ast.SeverityWarning: 3}
	o.NoFix = map[fix.Reason]int{fix.Reasons()[0].Reason: 4}
	o.Targets.Internal, o.Targets.External, o.Targets.Unchecked = 5, 6, 7
	var s Summary
	s.Add(&o)
	if !reflect.DeepEqual(s, o) {
		t.Fatalf("the empty summary plus\n%+v\nis\n%+v", o, s)
	}
	s.Add(&o)
	if s.Files != 2*o.Files || s.Elapsed != 2*o.Elapsed || s.Skipped[SkippedKind] != 4 || s.Findings[ast.SeverityWarning] != 6 ||
		s.Targets.Unchecked != 14 || s.NoFix[fix.Reasons()[0].Reason] != 8 || s.NewFrom != "main" || !s.TargetsOn {
		t.Errorf("a summary added to itself: %+v", s)
	}
}
