package ast_test

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/relurl/relurl/ast"
)

// TestClassTableUpToDate regenerates the class table and fails if the
// committed class_table.go differs: the table must come from the BNF.
func TestClassTableUpToDate(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the generator with go run; skipped in -short mode")
	}
	out := filepath.Join(t.TempDir(), "class_table.go")
	cmd := exec.Command("go", "run", "../internal/mkclass", "-bnf", "../grammar/rfc1808.bnf", "-o", out)
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("mkclass: %v\n%s", err, b)
	}
	want, _ := os.ReadFile(out)
	got, err := os.ReadFile("class_table.go")
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != string(want) {
		t.Fatal("class_table.go is stale: run go generate ./ast")
	}
}

// TestClasses spot-checks the table against §2.2 by hand.
func TestClasses(t *testing.T) {
	tests := []struct {
		chars string
		in    ast.Class
		out   ast.Class
	}{
		{"azAZ09", ast.SchemeChar | ast.Unreserved | ast.PcharChar | ast.QueryChar, ast.Reserved},
		{"+-.", ast.SchemeChar | ast.Safe, ast.Reserved},
		{"$_", ast.Safe | ast.PcharChar, ast.SchemeChar},
		{"!*'(),", ast.Extra | ast.PcharChar, ast.SchemeChar},
		{":@&=", ast.Reserved | ast.PcharChar | ast.NetLocChar, ast.Unreserved},
		{";?", ast.Reserved | ast.NetLocChar | ast.QueryChar, ast.PcharChar | ast.ParamChar},
		{"/", ast.Reserved | ast.ParamChar | ast.ParamsChar | ast.QueryChar, ast.PcharChar | ast.NetLocChar},
		{"{}|\\^~[]`", ast.National, ast.QueryChar},
		{"<>#%\"", ast.Punctuation, ast.QueryChar},
		{" \x00\x1f\x7f\x80\xff", 0, ^ast.Class(0)},
	}
	for _, tt := range tests {
		for i := 0; i < len(tt.chars); i++ {
			c := tt.chars[i]
			if got := ast.ClassOf(c); got&tt.in != tt.in || got&tt.out != 0 {
				t.Errorf("ClassOf(%q) = %v, want all of %v and none of %v", c, got, tt.in, tt.out)
			}
		}
	}
	if !ast.IsEscape("%aF") || ast.IsEscape("%g0") || ast.IsEscape("%4") {
		t.Error("IsEscape disagrees with escape = \"%\" hex hex")
	}
}

func TestPrinter(t *testing.T) {
	u := ast.URL{
		Form:     ast.FormGenericRL,
		Scheme:   ast.Component{Value: "http", Present: true},
		NetLoc:   ast.Component{Value: "a", Present: true},
		Path:     ast.Path{Value: "/b/c"},
		Params:   ast.Component{Present: true},
		Query:    ast.Component{Value: "q", Present: true},
		Fragment: ast.Component{Present: true},
	}
	const want = "http://a/b/c;?q#"
	if got := u.String(); got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
	if got := string(u.AppendTo([]byte("<"))); got != "<"+want {
		t.Errorf("AppendTo = %q", got)
	}
	if u.Len() != len(want) {
		t.Errorf("Len() = %d, want %d", u.Len(), len(want))
	}
	if (ast.URL{}).String() != "" {
		t.Error("the zero URL prints as the empty relativeURL")
	}
}

func TestSegments(t *testing.T) {
	for path, want := range map[string][]string{
		"":       nil,
		"/":      {""},
		"a":      {"a"},
		"/a//b/": {"a", "", "b", ""},
		"../g":   {"..", "g"},
	} {
		if got := slices.Collect(ast.Path{Value: path}.Segments()); !slices.Equal(got, want) {
			t.Errorf("Segments(%q) = %q, want %q", path, got, want)
		}
	}
	if !(ast.Path{Value: "/x"}).IsAbsolute() || (ast.Path{Value: "x/"}).IsAbsolute() {
		t.Error("IsAbsolute")
	}
}

func TestDiagnostics(t *testing.T) {
	var none ast.Diagnostics
	if err := none.Err(); err != nil {
		t.Fatalf("empty list Err() = %#v, want untyped nil", err)
	}
	warn := ast.Diagnostics{{Severity: ast.SeverityWarning, Message: "w"}}
	if err := warn.Err(); err != nil {
		t.Fatalf("warnings only: Err() = %v, want nil", err)
	}
	list := ast.Diagnostics{
		{Offset: 3, End: 4, Production: "fragment", Text: "#", Message: "m1", Rule: ast.RuleFragmentHash, Severity: ast.SeverityError},
		{Offset: 5, End: 6, Production: "fragment", Text: " ", Message: "m2", Rule: ast.RuleFragmentChar, Severity: ast.SeverityError},
	}
	err := list.Err()
	if err == nil || err.Error() != "offset 3: fragment: m1 (and 1 more)" {
		t.Fatalf("Err() = %v", err)
	}
	var d *ast.Diagnostic
	if !errors.As(err, &d) || d.Rule != ast.RuleFragmentHash {
		t.Fatalf("errors.As found %+v", d)
	}
}

func TestCaret(t *testing.T) {
	tests := []struct {
		input       string
		offset, end int
		want        string
	}{
		{"http://a/%zz", 9, 12, "http://a/%zz\n         ^^^"},
		{"a b", 1, 2, "a b\n ^"},
		{"a\x00b", 1, 2, "a\\x00b\n ^^^^"},
		{"héllo", 1, 3, "héllo\n ^"},
		{"a\xffb", 1, 2, "a\\xffb\n ^^^^"},
		{"abc", 3, 3, "abc\n   ^"},
		// A point inside the input, as the linter's notes on a message are:
		// the caret was drawn after the window's last column.
		{"abc", 1, 1, "abc\n ^"},
		{"a\xffb", 1, 1, "a\\xffb\n ^"},
		{strings.Repeat("a", 100), 10, 10, strings.Repeat("a", 42) + "…\n" + strings.Repeat(" ", 10) + "^"},
		{strings.Repeat("a", 100) + "<" + strings.Repeat("b", 100), 100, 101,
			"…" + strings.Repeat("a", 32) + "<" + strings.Repeat("b", 32) + "…\n" + strings.Repeat(" ", 33) + "^"},
		// An offending run longer than QuoteWindow: its first QuoteWindow
		// bytes, then "…" marked too (a megabyte of bad bytes is one
		// diagnostic, whose view must not be eight megabytes).
		{"a" + strings.Repeat(" ", 64) + "b", 1, 65, "a" + strings.Repeat(" ", 64) + "b\n " + strings.Repeat("^", 64)},
		{"a" + strings.Repeat(" ", 65) + "b", 1, 66, "a" + strings.Repeat(" ", 64) + "…\n " + strings.Repeat("^", 65)},
		{"http://a/" + strings.Repeat("\xff", 1<<20), 9, 9 + 1<<20,
			"http://a/" + strings.Repeat(`\xff`, 64) + "…\n" + strings.Repeat(" ", 9) + strings.Repeat("^", 4*64+1)},
		{"é" + strings.Repeat("日", 30) + "z", 2, 92,
			"é" + strings.Repeat("日", 21) + "…\n " + strings.Repeat("^", 22)},
	}
	for _, tt := range tests {
		d := ast.Diagnostic{Offset: tt.offset, End: tt.end}
		if got := d.Caret(tt.input); got != tt.want {
			t.Errorf("Caret(%q, %d..%d) =\n%s\nwant\n%s", tt.input, tt.offset, tt.end, got, tt.want)
		}
	}
}

func TestFormAndSeverityNames(t *testing.T) {
	for f, want := range map[ast.Form]string{ast.FormRelative: "relativeURL", ast.FormGenericRL: "generic-RL", ast.FormOpaque: "opaque", 9: "Form(9)"} {
		if f.String() != want {
			t.Errorf("Form %d = %q, want %q", f, f, want)
		}
	}
	for s, want := range map[ast.Severity]string{ast.SeverityError: "error", ast.SeverityWarning: "warning", ast.SeverityInfo: "info"} {
		if b, _ := s.MarshalText(); string(b) != want {
			t.Errorf("Severity %d = %q, want %q", s, b, want)
		}
	}
}

// TestSchemeLen holds §2.4.2: a colon after the first character and before
// any character a scheme name does not allow.
func TestSchemeLen(t *testing.T) {
	for s, want := range map[string]int{
		"http:g": 4, "g:h": 1, "+.-:x": 3, "9:": 1, "a:b:c": 1, "a::": 1,
		"": 0, ":": 0, ":a": 0, "a": 0, "a$b:c": 0, "a%3Ab:c": 0, "this%3Athat": 0,
		"./this:that": 0, "a/b:c": 0, "#a:b": 0, "a#b:c": 0, "a b:c": 0, "é:x": 0,
	} {
		if got := ast.SchemeLen(s); got != want {
			t.Errorf("SchemeLen(%q) = %d, want %d", s, got, want)
		}
	}
}
