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

// TestFixString: the line of fixes adds up, each finding said once, a
// lone reason without its count (decision U-9).
func TestFixString(t *testing.T) {
	for _, tc := range []struct {
		s    Summary
		made bool
		want string
	}{
		{Summary{}, true, "0 findings: 0 fixed (0 edits in 0 files), 0 without a fix"},
		{Summary{Fixed: 1, Edits: 1, FilesFixed: 1, NoFix: map[fix.Reason]int{fix.Manual: 1}}, true,
			"2 findings: 1 fixed (1 edit in 1 file), 1 without a fix (manual)"},
		{Summary{Fixed: 12, Edits: 10, FilesFixed: 3, NoFix: map[fix.Reason]int{fix.IPv6: 2, fix.Manual: 3}, Unfixed: 2}, false,
			"19 findings: 12 would be fixed (10 edits in 3 files), 5 without a fix (3 manual, 2 ipv6-literal), 2 not fixed"},
		{Summary{Fixed: 1, Edits: 1, FilesFixed: 1, Revealed: 1}, true,
			"1 finding: 1 fixed (1 edit in 1 file), 0 without a fix; the fixes revealed 1 more"},
	} {
		if got := tc.s.FixString(tc.made); got != tc.want {
			t.Errorf("FixString = %q, want %q", got, tc.want)
		}
	}
}
