package fuzz

import (
	"errors"
	"fmt"
	"testing"

	"github.com/relurl/relurl/ast"
	"github.com/relurl/relurl/grammar"
	"github.com/relurl/relurl/internal/cases"
	"github.com/relurl/relurl/validate"
)

// disagreement checks the invariant that binds the two readers on s and
// describes the first way it fails, or returns "".
func disagreement(s string) string {
	v, diags := validate.Validate(s)
	if got := v.String(); got != s {
		return fmt.Sprintf("the §2.4 cut prints as %q", got)
	}
	prev := -1
	for _, d := range diags {
		if d.Offset < 0 || d.End <= d.Offset || d.End > len(s) || d.Text != s[d.Offset:d.End] {
			return fmt.Sprintf("diagnostic %+v: text is not input[offset:end]", d)
		}
		if d.Offset < prev {
			return fmt.Sprintf("diagnostics out of order: %v", diags)
		}
		if r, ok := ast.LookupSyntaxRule(d.Rule); !ok || r.Reader == ast.ReaderGrammar {
			return fmt.Sprintf("diagnostic %+v: validate emits a rule that is not its own in ast's table of syntax rules", d)
		}
		prev = d.Offset
	}
	if len(s) > grammar.MaxInput {
		return ""
	}
	g, gerr := grammar.Parse(s)
	switch {
	case gerr == nil && diags.HasErrors():
		return fmt.Sprintf("grammar accepts, validate reports %v", diags)
	case gerr != nil && !diags.HasErrors():
		return fmt.Sprintf("validate accepts, grammar reports %v", gerr)
	case gerr == nil:
		if g != v {
			return fmt.Sprintf("ASTs differ:\ngrammar  %#v\nvalidate %#v", g, v)
		}
		if got := g.String(); got != s {
			return fmt.Sprintf("prints back as %q", got)
		}
	default:
		var d *ast.Diagnostic
		if !errors.As(gerr, &d) {
			return fmt.Sprintf("grammar error %v is not an *ast.Diagnostic", gerr)
		}
		if r, ok := ast.LookupSyntaxRule(d.Rule); !ok || r.Reader == ast.ReaderValidate {
			return fmt.Sprintf("grammar error %+v: a rule that is not its own in ast's table of syntax rules", d)
		}
		if first := diags.First(); d.Offset != first.Offset {
			return fmt.Sprintf("first error at %d (grammar: %v) vs %d (validate: %v)", d.Offset, gerr, first.Offset, first)
		}
	}
	return ""
}

// section5 holds the base and every reference of RFC 1808 §5.1 and §5.2.
var section5 = []string{
	"http://a/b/c/d;p?q#f",
	"g:h", "g", "./g", "g/", "/g", "//g", "?y", "g?y", "g?y/./x", "#s", "g#s", "g#s/./x", "g?y#s",
	";x", "g;x", "g;x?y#s", ".", "./", "..", "../", "../g", "../..", "../../", "../../g",
	"", "../../../g", "../../../../g", "/./g", "/../g", "g.", ".g", "g..", "..g",
	"./../g", "./g/.", "g/./h", "g/../h", "http:g", "http:",
}

// TestAgreeOnCases holds the readers to the invariant on every case of the
// table and every §5 example.
func TestAgreeOnCases(t *testing.T) {
	cs, err := cases.Load("../testdata/urls.txt")
	if err != nil {
		t.Fatal(err)
	}
	inputs := append([]string(nil), section5...)
	for _, c := range cs {
		inputs = append(inputs, c.Input)
	}
	for _, s := range inputs {
		if msg := disagreement(s); msg != "" {
			t.Errorf("%q: %s", s, msg)
		}
	}
}

// TestAgreeExhaustive holds the readers to the invariant on every string
// of up to five bytes over an alphabet with one member of each class that
// matters to the grammar: delimiters, scheme and other pchar characters, an
// escape's parts, characters allowed nowhere.
func TestAgreeExhaustive(t *testing.T) {
	alphabet := []byte("a1:/;?#%F@ \xc3")
	maxLen := 5
	if testing.Short() {
		maxLen = 4
	}
	buf := make([]byte, 0, maxLen)
	n := 0
	var walk func()
	walk = func() {
		s := string(buf)
		n++
		if msg := disagreement(s); msg != "" {
			t.Fatalf("%q: %s", s, msg)
		}
		if len(buf) == maxLen {
			return
		}
		for _, c := range alphabet {
			buf = append(buf, c)
			walk()
			buf = buf[:len(buf)-1]
		}
	}
	walk()
	t.Logf("%d strings agree", n)
}
