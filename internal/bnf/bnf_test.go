package bnf_test

import (
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/relurl/relurl/internal/bnf"
)

func load(t *testing.T, name string) *bnf.File {
	t.Helper()
	src, err := os.ReadFile("../../grammar/" + name)
	if err != nil {
		t.Fatal(err)
	}
	f, err := bnf.Parse(name, src)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return f
}

// TestRFC1808 reads grammar/rfc1808.bnf: the productions of §2.2 in the
// RFC's order, each rule's text as the RFC writes it.
func TestRFC1808(t *testing.T) {
	f := load(t, "rfc1808.bnf")
	want := "URL absoluteURL generic-RL relativeURL net_path abs_path rel_path path fsegment segment params param " +
		"scheme net_loc query fragment pchar uchar unreserved escape hex alpha lowalpha hialpha digit safe extra " +
		"national reserved punctuation"
	if got := strings.Join(f.Names(), " "); got != want {
		t.Errorf("productions:\n got %s\nwant %s", got, want)
	}
	for name, text := range map[string]string{
		"abs_path": `abs_path    = "/"  rel_path`,
		"hex": `hex         = digit | "A" | "B" | "C" | "D" | "E" | "F" |` + "\n" +
			`                      "a" | "b" | "c" | "d" | "e" | "f"`,
		"punctuation": `punctuation = "<" | ">" | "#" | "%" | <">`,
	} {
		if got := f.Rule(name).Text; got != text {
			t.Errorf("%s: text\n%s\nwant\n%s", name, got, text)
		}
	}
}

// TestRFC1738 reads grammar/rfc1738.bnf, whose rules carry comments.
func TestRFC1738(t *testing.T) {
	f := load(t, "rfc1738.bnf")
	if got := f.Rule("urlpath").Text; got != "urlpath        = *xchar    ; depends on protocol see section 3.1" {
		t.Errorf("urlpath: %q", got)
	}
	if f.Rule("url") != nil {
		t.Error("rfc1738.bnf has the rule url, whose schemes it leaves out")
	}
	if got := f.Chars(f.Rule("ftptype").Expr).String(); got != "ADIadi" {
		t.Errorf("ftptype: %q", got)
	}
}

// TestQuestions checks what the generators ask of the §2.2 BNF.
func TestQuestions(t *testing.T) {
	f := load(t, "rfc1808.bnf")
	for _, tc := range []struct {
		name              string
		lexical, nullable bool
		chars             string // without escape
	}{
		{"URL", false, true, "!#$&'()*+,-./0123456789:;=?@ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz"},
		{"net_path", false, false, "!$&'()*+,-./0123456789:;=?@ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz"},
		{"rel_path", false, true, "!$&'()*+,-./0123456789:;=?@ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz"},
		{"fsegment", false, false, "!$&'()*+,-.0123456789:=@ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz"},
		{"segment", false, true, "!$&'()*+,-.0123456789:=@ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz"},
		{"scheme", false, false, "+-.0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"},
		{"pchar", true, false, "!$&'()*+,-.0123456789:=@ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz"},
		{"escape", true, false, "%0123456789ABCDEFabcdef"}, // skip names references, not the rule itself
		{"hex", true, false, "0123456789ABCDEFabcdef"},
		{"national", true, false, "[\\]^`{|}~"},
		{"punctuation", true, false, "\"#%<>"},
	} {
		r := f.Rule(tc.name)
		if got := f.Lexical(tc.name); got != tc.lexical {
			t.Errorf("Lexical(%s) = %v", tc.name, got)
		}
		if got := f.Nullable(r.Expr); got != tc.nullable {
			t.Errorf("Nullable(%s) = %v", tc.name, got)
		}
		if got := f.Chars(r.Expr, "escape").String(); got != tc.chars {
			t.Errorf("Chars(%s) = %q\nwant %q", tc.name, got, tc.chars)
		}
	}
	if !f.Reaches(f.Rule("URL").Expr, "escape") || f.Reaches(f.Rule("URL").Expr, "national") {
		t.Error("Reaches: URL reaches escape and not national")
	}
}

// TestFormat: Format writes a rule on one line, and what it writes reads
// back into the same rule.
func TestFormat(t *testing.T) {
	for _, name := range []string{"rfc1808.bnf", "rfc1738.bnf"} {
		f := load(t, name)
		for _, r := range f.Rules {
			line := r.Name + " = " + bnf.Format(r.Expr)
			if strings.Contains(line, "...") {
				continue // abbreviated: not the notation
			}
			g, err := bnf.Parse("line", []byte(line))
			var undefined bnf.ErrorList
			if err != nil && !(errors.As(err, &undefined) && strings.Contains(err.Error(), "undefined production")) {
				t.Fatalf("%s: %q: %v", r.Name, line, err)
			}
			if g != nil && bnf.Format(g.Rules[0].Expr) != bnf.Format(r.Expr) {
				t.Errorf("%s: %q reads back as %q", r.Name, line, bnf.Format(g.Rules[0].Expr))
			}
		}
	}
	f := load(t, "rfc1808.bnf")
	for name, want := range map[string]string{
		"URL":      `( absoluteURL | relativeURL ) [ "#" fragment ]`,
		"hex":      `digit | "A" | ... | "F" | "a" | ... | "f"`,
		"lowalpha": `"a" | ... | "z"`,
		"fsegment": `1*pchar`,
		"safe":     `"$" | "-" | "_" | "." | "+"`,
	} {
		if got := bnf.Format(f.Rule(name).Expr); got != want {
			t.Errorf("Format(%s) = %s, want %s", name, got, want)
		}
	}
}

// TestMalformed: a malformed file gets one error per fault, at the fault
// (marked ⟦ in the input), naming the production it is in.
func TestMalformed(t *testing.T) {
	for _, tc := range []struct {
		name, src, production, msg string
	}{
		{"unclosed option", `net_path = "//" net_loc [ abs_path⟦`, "net_path", `unexpected token "<EOF>"`},
		{"unclosed group", "a = \"x\"\nb = ( \"y\" | c ⟦]\nc = \"z\"", "b", `unexpected token "]"`},
		{"unterminated literal", "a = \"x\"\nb = ⟦\"y\n", "b", "invalid input text"},
		{"character outside the notation", `scheme = 1*( alpha ⟦{ digit )`, "scheme", "invalid input text"},
		{"count without star", `a = ⟦2x`, "a", "invalid input text"},
		{"empty alternative", `a = "x" | ⟦| "y"`, "a", `unexpected token "|"`},
		{"bar at the end", "a = \"x\" |⟦", "a", `unexpected token "<EOF>"`},
		{"nothing after =", "a = \"x\"\nb = ⟦)", "b", `unexpected token ")"`},
		{"text before the first rule", `⟦"x" a = "y"`, "", `unexpected token "\"x\""`},
		{"undefined production", "net_path = \"//\" ⟦nte_loc\nnet_loc = \"a\"", "net_path", "undefined production nte_loc"},
		{"rule without =", "a = \"x\" ⟦b \"y\"", "a", "undefined production b"},
		{"defined twice", "a = \"x\"\n⟦a = \"y\"", "a", "production a defined again (first at line 1)"},
		{"empty literal", `a = "x" ⟦""`, "a", `empty literal ""`},
		{"count out of range", `a = ⟦99999999999999999999*"x"`, "a", "repetition count 99999999999999999999 out of range"},
		{"no rules", "; a comment only\n⟦", "", "no productions"},
		{"nested too deep", "a = " + strings.Repeat("( ", bnf.MaxDepth) + "⟦[ \"x\" ]" + strings.Repeat(" )", bnf.MaxDepth), "a", "nested deeper than 64"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			at := strings.Index(tc.src, "⟦")
			src := strings.Replace(tc.src, "⟦", "", 1)
			_, err := bnf.Parse("test.bnf", []byte(src))
			var list bnf.ErrorList
			if !errors.As(err, &list) || len(list) != 1 {
				t.Fatalf("Parse(%q) = %v, want one error", src, err)
			}
			e := list[0]
			if tc.msg == "no productions" {
				at = 0 // a file without rules is wrong as a whole
			}
			if e.Pos.Offset != at || e.Production != tc.production || !strings.Contains(e.Msg, tc.msg) {
				t.Errorf("Parse(%q):\n got offset %d, production %q, %q\nwant offset %d, production %q, %q",
					src, e.Pos.Offset, e.Production, e.Msg, at, tc.production, tc.msg)
			}
			line := 1 + strings.Count(src[:at], "\n")
			if e.Pos.Filename != "test.bnf" || e.Pos.Line != line {
				t.Errorf("position %v, want test.bnf line %d", e.Pos, line)
			}
			var one *bnf.Error
			if !errors.As(err, &one) || !strings.HasPrefix(err.Error(), "test.bnf:") {
				t.Errorf("error %q: want an *Error beginning with the file name", err)
			}
		})
	}
}

// TestErrorList: Err is nil for an empty list, never a typed nil.
func TestErrorList(t *testing.T) {
	var l bnf.ErrorList
	if l.Err() != nil {
		t.Error("empty ErrorList.Err() != nil")
	}
	e := &bnf.Error{Production: "net_path", Msg: "undefined production nte_loc"}
	e.Pos.Filename, e.Pos.Line, e.Pos.Column = "rfc1808.bnf", 9, 30
	l = append(l, e)
	if got := l.Err().Error(); got != "rfc1808.bnf:9:30: in net_path: undefined production nte_loc" {
		t.Errorf("Error() = %q", got)
	}
}

// TestHostile: inputs nobody wrote by hand get an error or a tree, fast,
// never a crash.
func TestHostile(t *testing.T) {
	for name, src := range map[string]string{
		"NUL":             "a = \"\x00\"",
		"invalid UTF-8":   "a = \"\xff\xfe\"\nb = \xc3",
		"deep nesting":    "a = " + strings.Repeat("(", 100_000),
		"many rules":      strings.Repeat("a = \"x\"\n", 10_000),
		"long sequence":   "a = " + strings.Repeat("\"x\" ", 100_000),
		"many repeats":    "a = " + strings.Repeat("*", 100_000) + "\"x\"",
		"long literal":    "a = \"" + strings.Repeat("x", 1<<20) + "\"",
		"unbalanced open": "a = " + strings.Repeat("[ ", 50) + "\"x\"",
	} {
		f, err := bnf.Parse("hostile.bnf", []byte(src))
		if f == nil && err == nil {
			t.Errorf("%s: neither a tree nor an error", name)
		}
	}
}

func TestGoName(t *testing.T) {
	for name, want := range map[string]string{"net_path": "NetPath", "generic-RL": "GenericRL", "absoluteURL": "AbsoluteURL", "URL": "URL"} {
		if got := bnf.GoName(name); got != want {
			t.Errorf("GoName(%s) = %s", name, got)
		}
	}
}
