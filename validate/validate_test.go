package validate_test

import (
	"fmt"
	"testing"

	"github.com/relurl/relurl/ast"
	"github.com/relurl/relurl/internal/cases"
	"github.com/relurl/relurl/validate"
)

func loadCases(t *testing.T) []cases.Case {
	t.Helper()
	cs, err := cases.Load("../testdata/urls.txt")
	if err != nil {
		t.Fatal(err)
	}
	return cs
}

// TestCases checks the validator against every case of testdata/urls.txt:
// valid inputs give no diagnostics and the expected components; invalid
// inputs give exactly the marked diagnostics, in order.
func TestCases(t *testing.T) {
	for _, c := range loadCases(t) {
		t.Run(fmt.Sprintf("line%d", c.Line), func(t *testing.T) {
			u, diags := validate.Validate(c.Input)
			if c.Valid {
				if diags != nil {
					t.Fatalf("%s: Validate(%q) = %v, want valid", c.Section, c.Input, diags)
				}
				if got := u.WithoutSpans(); got != c.Want {
					t.Errorf("%s: Validate(%q)\n got %#v\nwant %#v", c.Section, c.Input, got, c.Want)
				}
				return
			}
			if len(diags) != len(c.Marks) {
				t.Fatalf("%s: Validate(%q) = %d diagnostics %v, want %d", c.Section, c.Input, len(diags), diags, len(c.Marks))
			}
			for i, m := range c.Marks {
				d := diags[i]
				if d.Offset != m.Offset || d.End != m.End || d.Rule != m.Rule {
					t.Errorf("%s: Validate(%q)[%d] = %d..%d %s, want %d..%d %s", c.Section, c.Input, i, d.Offset, d.End, d.Rule, m.Offset, m.End, m.Rule)
				}
				if d.Text != c.Input[d.Offset:d.End] || d.Severity != ast.SeverityError || d.Message == "" || d.Production == "" {
					t.Errorf("%s: Validate(%q)[%d] = %+v: text, severity, message and production must be set", c.Section, c.Input, i, d)
				}
			}
		})
	}
}

// TestSpans checks that every component's span locates its value in the
// input, and that printing gives back the input, for valid and invalid
// cases alike.
func TestSpans(t *testing.T) {
	for _, c := range loadCases(t) {
		u := validate.Split(c.Input)
		for name, comp := range map[string]ast.Component{
			"scheme": u.Scheme, "net_loc": u.NetLoc, "params": u.Params, "query": u.Query, "fragment": u.Fragment,
		} {
			if comp.Present && c.Input[comp.Span.Start:comp.Span.End] != comp.Value {
				t.Errorf("line %d: %s span %v does not hold %q in %q", c.Line, name, comp.Span, comp.Value, c.Input)
			}
			if !comp.Present && comp != (ast.Component{}) {
				t.Errorf("line %d: absent %s is not the zero Component: %#v", c.Line, name, comp)
			}
		}
		if c.Input[u.Path.Span.Start:u.Path.Span.End] != u.Path.Value {
			t.Errorf("line %d: path span %v does not hold %q", c.Line, u.Path.Span, u.Path.Value)
		}
		if got := u.String(); got != c.Input {
			t.Errorf("line %d: Split(%q).String() = %q", c.Line, c.Input, got)
		}
	}
}

// TestParseErrors checks that Parse's error holds every diagnostic and
// that errors.As finds them.
func TestParseErrors(t *testing.T) {
	_, err := validate.Parse("http://a/%zz b")
	var list ast.Diagnostics
	if !errorsAs(err, &list) || len(list) != 2 {
		t.Fatalf("Parse error %v: want ast.Diagnostics of 2", err)
	}
	var d *ast.Diagnostic
	if !errorsAs(err, &d) || d.Rule != ast.RuleEscapeMalformed || d.Offset != 9 {
		t.Fatalf("errors.As(%v, *ast.Diagnostic) = %+v, want the escape at 9", err, d)
	}
	if _, err := validate.Parse("http://a/b"); err != nil {
		t.Fatalf("Parse(valid) = %v (%T), want nil", err, err)
	}
	if !validate.Valid("g;x?y#s") || validate.Valid("g#s#") {
		t.Fatal("Valid disagrees with the table")
	}
}

// TestNoAllocs holds the fast path to its promise: validating a valid URL
// allocates nothing.
func TestNoAllocs(t *testing.T) {
	for _, s := range []string{"http://a/b/c/d;p?q#f", "../../g", "http://a//b;p?q#f", "//user:pw@host:80/%7Ex"} {
		if n := testing.AllocsPerRun(100, func() { validate.Validate(s) }); n != 0 {
			t.Errorf("Validate(%q) allocates %v times, want 0", s, n)
		}
		if n := testing.AllocsPerRun(100, func() { _, _ = validate.Parse(s) }); n != 0 {
			t.Errorf("Parse(%q) allocates %v times, want 0", s, n)
		}
	}
}
