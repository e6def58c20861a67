package grammar_test

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/relurl/relurl/ast"
	"github.com/relurl/relurl/grammar"
	"github.com/relurl/relurl/internal/cases"
)

var update = flag.Bool("update", false, "rewrite testdata/grammar.ebnf")

// TestEBNF keeps the grammar as participle reads it in testdata, where a
// reviewer can hold it beside RFC 1808 §2.2. Run with -update after a
// deliberate change.
func TestEBNF(t *testing.T) {
	const golden = "testdata/grammar.ebnf"
	got := grammar.EBNF() + "\n"
	if *update {
		if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		t.Errorf("grammar changed; run go test ./grammar -update and review the diff\ngot:\n%s", got)
	}
}

// TestCases checks the reference parser against every case of
// testdata/urls.txt: valid inputs parse into the expected components,
// invalid ones fail at the first mark.
func TestCases(t *testing.T) {
	cs, err := cases.Load("../testdata/urls.txt")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cs {
		t.Run(fmt.Sprintf("line%d", c.Line), func(t *testing.T) {
			u, err := grammar.Parse(c.Input)
			if c.Valid {
				if err != nil {
					t.Fatalf("%s: Parse(%q) = %v, want valid", c.Section, c.Input, err)
				}
				if got := u.WithoutSpans(); got != c.Want {
					t.Errorf("%s: Parse(%q)\n got %#v\nwant %#v", c.Section, c.Input, got, c.Want)
				}
				if got := u.String(); got != c.Input {
					t.Errorf("Parse(%q).String() = %q", c.Input, got)
				}
				return
			}
			var d *ast.Diagnostic
			if !errors.As(err, &d) {
				t.Fatalf("%s: Parse(%q) = %v, want an *ast.Diagnostic", c.Section, c.Input, err)
			}
			if d.Offset != c.Marks[0].Offset {
				t.Errorf("%s: Parse(%q) fails at %d (%v), want %d", c.Section, c.Input, d.Offset, err, c.Marks[0].Offset)
			}
			if d.Text != c.Input[d.Offset:d.End] {
				t.Errorf("Parse(%q): Text %q is not input[%d:%d]", c.Input, d.Text, d.Offset, d.End)
			}
		})
	}
}

// TestTree checks the concrete tree of one URL production by production.
// TestTooLong checks the documented input limit: a clear error, not a hang.
func TestTooLong(t *testing.T) {
	long := "http://a/" + strings.Repeat("b", grammar.MaxInput)
	_, err := grammar.Parse(long)
	if !errors.Is(err, grammar.ErrTooLong) {
		t.Fatalf("Parse(%d bytes) = %v, want ErrTooLong", len(long), err)
	}
	var d *ast.Diagnostic
	if !errors.As(err, &d) || d.Rule != ast.RuleTooLong || d.Offset != grammar.MaxInput || d.End != len(long) ||
		d.Text != long[d.Offset:d.End] || d.Severity != ast.SeverityError {
		t.Fatalf("Parse(%d bytes) = %v, want an *ast.Diagnostic with rule %s spanning the bytes past the limit", len(long), err, ast.RuleTooLong)
	}
	if _, err := grammar.Outline(long[:grammar.MaxInput]); errors.Is(err, grammar.ErrTooLong) {
		t.Fatalf("Outline(MaxInput bytes) = %v: at the limit the input is read", err)
	}
	if testing.Short() {
		return
	}
	// Just under the limit, the worst case for participle: one token per
	// byte, and the longest repetition it allows.
	worst := "a:" + strings.Repeat(";", grammar.MaxInput-2)
	if _, err := grammar.Parse(worst); err != nil {
		t.Fatalf("Parse(%d bytes of ';') = %v, want valid", len(worst), err)
	}
}
