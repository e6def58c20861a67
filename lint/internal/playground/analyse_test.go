package playground_test

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/relurl/relurl/lint/internal/lint"
	"github.com/relurl/relurl/lint/internal/playground"
	"github.com/relurl/relurl/resolve"
	"github.com/relurl/relurl/validate"
)

var update = flag.Bool("update", false, "rewrite testdata/*.golden.json")

const rfcBase = "http://a/b/c/d;p?q#f"

// section5 is every reference of RFC 1808 §5.1 and §5.2.
var section5 = []string{
	"g:h", "g", "./g", "g/", "/g", "//g", "?y", "g?y", "g?y/./x", "#s", "g#s", "g#s/./x", "g?y#s", ";x",
	"g;x", "g;x?y#s", ".", "./", "..", "../", "../g", "../..", "../../", "../../g",
	"", "../../../g", "../../../../g", "/./g", "/../g", "g.", ".g", "g..", "..g", "./../g", "./g/.",
	"g/./h", "g/../h", "http:g", "http:",
}

// TestSection5 holds the report's resolution to the library's on every
// §5 example: the same result, steps that end where the trace says, and a
// way back that resolves to the result.
func TestSection5(t *testing.T) {
	for _, ref := range section5 {
		rep := playground.Analyse(ref, rfcBase)
		want, err := resolve.Resolve(rfcBase, ref)
		if err != nil {
			t.Fatal(err)
		}
		res := rep.Resolution
		if res == nil || !res.Strict || res.Result != want.String() {
			t.Fatalf("Analyse(%q): resolution %+v, want %q", ref, res, want)
		}
		if len(res.Steps) == 0 || res.Decided == "" || res.Form != want.Form.String() {
			t.Errorf("Analyse(%q): steps %v decided %q form %q", ref, res.Steps, res.Decided, res.Form)
		}
		if res.Relative == nil {
			t.Fatalf("Analyse(%q): no way back: %s", ref, res.RelativeError)
		}
		if back, err := resolve.Resolve(rfcBase, *res.Relative); err != nil || back.String() != res.Result {
			t.Errorf("Analyse(%q): the way back %q resolves to %q, %v", ref, *res.Relative, back, err)
		}
		if !rep.URL.Valid || len(rep.BaseURL.Diagnostics) != 0 {
			t.Errorf("Analyse(%q): valid %v, base diagnostics %v", ref, rep.URL.Valid, rep.BaseURL.Diagnostics)
		}
		for i, c := range res.Components {
			if c.Origin == "" || c.Origin == "none" || c.Start != -1 {
				t.Errorf("Analyse(%q): result component %d: %+v", ref, i, c)
			}
		}
	}
}

// TestInvalid: an invalid URL has its diagnostics, each with a caret, a
// fix where the catalog has one and the address of its documentation, its
// components cut by §2.4, no parse tree but the reason, and a lenient
// resolution that says it is one.
func TestInvalid(t *testing.T) {
	for _, c := range []struct{ in, base, rule string }{
		{"http://a/%zz", "", "escape/malformed"},
		{"a b", rfcBase, "fsegment/char"},
		{"g#s#t", rfcBase, "fragment/hash"},
		{"日本", "", "fsegment/char"},
	} {
		rep := playground.Analyse(c.in, c.base)
		if rep.URL.Valid || len(rep.URL.Diagnostics) == 0 {
			t.Fatalf("Analyse(%q): valid %v, %d diagnostics", c.in, rep.URL.Valid, len(rep.URL.Diagnostics))
		}
		d := rep.URL.Diagnostics[0]
		if d.Rule != c.rule || d.Fix == "" || d.Summary == "" || !strings.HasSuffix(d.Doc, "#"+strings.ReplaceAll(c.rule, "/", "-")) {
			t.Errorf("Analyse(%q): diagnostic %+v", c.in, d)
		}
		if lines := strings.Split(d.Caret, "\n"); len(lines) != 2 || !strings.Contains(lines[1], "^") {
			t.Errorf("Analyse(%q): caret %q", c.in, d.Caret)
		}
		if d.Text != c.in[d.Offset:d.End] {
			t.Errorf("Analyse(%q): text %q at [%d,%d)", c.in, d.Text, d.Offset, d.End)
		}
		if rep.URL.Tree != nil || !strings.Contains(rep.URL.TreeNote, "reference parser stops at byte") {
			t.Errorf("Analyse(%q): tree %v, note %q", c.in, rep.URL.Tree, rep.URL.TreeNote)
		}
		cut := validate.Split(c.in)
		if rep.URL.Components[2].Value != cut.Path.Value {
			t.Errorf("Analyse(%q): path %q, cut %q", c.in, rep.URL.Components[2].Value, cut.Path.Value)
		}
		if c.base != "" {
			res := rep.Resolution
			if res.Strict || !strings.Contains(res.Note, "not a URL") || res.Relative != nil {
				t.Errorf("Analyse(%q, %q): resolution %+v", c.in, c.base, res)
			}
			if want := resolve.Lenient(c.base, c.in).String(); res.Result != want {
				t.Errorf("Analyse(%q, %q): lenient result %q, want %q", c.in, c.base, res.Result, want)
			}
		}
	}
}

// TestBadBase: a base that cannot serve says why, under the base.
func TestBadBase(t *testing.T) {
	for _, c := range []struct{ base, rule string }{
		{"/b/c", "base/not-absolute"},
		{"http://a//b", "base/not-generic-RL"},
		{"http://a/%zz", "escape/malformed"},
	} {
		rep := playground.Analyse("g", c.base)
		if len(rep.BaseURL.Diagnostics) == 0 || rep.BaseURL.Diagnostics[0].Rule != c.rule {
			t.Errorf("Analyse(g, %q): base diagnostics %+v", c.base, rep.BaseURL.Diagnostics)
		}
		if rep.Resolution.Strict || !strings.Contains(rep.Resolution.Note, "cannot serve") {
			t.Errorf("Analyse(g, %q): resolution %+v", c.base, rep.Resolution)
		}
	}
}

// TestLong: past MaxTreeInput the tree is left out, with a note, and the
// rest is there.
func TestLong(t *testing.T) {
	in := "http://a/" + strings.Repeat("b/", playground.MaxTreeInput)
	rep := playground.Analyse(in, "")
	if rep.URL.Tree != nil || !strings.Contains(rep.URL.TreeNote, "up to") || !rep.URL.Valid {
		t.Errorf("tree %v, note %q, valid %v", rep.URL.Tree != nil, rep.URL.TreeNote, rep.URL.Valid)
	}
}

// TestGolden keeps the report of the issue's example, but for the three
// readings (package compare's, which has its own tests), in testdata: the
// JSON the page reads. Run with -update after a deliberate change, and
// check app.js still reads it.
func TestGolden(t *testing.T) {
	for _, c := range []struct{ name, in, base string }{
		{"dotdot", "../../g;x?y#s", rfcBase},
		{"invalid", "http://a/b c/%zz", ""},
	} {
		rep := playground.Analyse(c.in, c.base)
		rep.Readings, rep.Classes = nil, nil
		got, err := json.MarshalIndent(rep, "", "  ")
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, '\n')
		golden := "testdata/" + c.name + ".golden.json"
		if *update {
			if err := os.WriteFile(golden, got, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		want, err := os.ReadFile(golden)
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != string(want) {
			t.Errorf("%s: the report changed; run go test ./playground -update and review the diff:\n%s", golden, got)
		}
	}
}

func ExampleAnalyse() {
	rep := playground.Analyse("../../g;x?y#s", "http://a/b/c/d;p?q#f")
	res := rep.Resolution
	fmt.Println(rep.URL.Valid, rep.URL.Form, "->", res.Result, "decided by step", res.Decided)
	for _, rule := range res.Path.Rules {
		fmt.Println(rule.ID, rule.Path, rule.Removed)
	}
	fmt.Println("back:", *res.Relative)
	// Output:
	// true relativeURL -> http://a/g;x?y#s decided by step 6
	// 6a /b/c/../../g []
	// 6b /b/c/../../g []
	// 6c /g [c/../ b/../]
	// 6d /g []
	// back: /g;x?y#s
}

// TestBaseSeverity: a base that cannot serve is shown with the severity
// the catalog gives its rule, as relurl lint reports it.
func TestBaseSeverity(t *testing.T) {
	for _, base := range []string{"a/b", "//host/x", "http://a/%zz"} {
		rep := playground.Analyse("g", base)
		if rep.BaseURL == nil || len(rep.BaseURL.Diagnostics) == 0 {
			t.Fatalf("playground.Analyse(g, %q): no diagnostic of the base", base)
		}
		for _, d := range rep.BaseURL.Diagnostics {
			r, ok := lint.Lookup(d.Rule)
			if !ok || d.Severity != r.Severity.String() {
				t.Errorf("base %q: %s shown as %s; the catalog says %v", base, d.Rule, d.Severity, r.Severity)
			}
		}
	}
	if d := playground.Analyse("g", "a/b").BaseURL.Diagnostics[0]; d.Rule != "base/not-absolute" || d.Severity != "warning" {
		t.Errorf("base a/b: %s %s; want base/not-absolute, warning", d.Rule, d.Severity)
	}
}
