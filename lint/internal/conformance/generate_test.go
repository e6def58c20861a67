package conformance

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/relurl/relurl/grammar"
)

const root = "../../.."

// TestDataUpToDate regenerates the data and compares it with the file
// committed: the generator is deterministic, and the file is its output
// (go generate ./internal/conformance rewrites it).
func TestDataUpToDate(t *testing.T) {
	entries, err := Generate(root)
	if err != nil {
		t.Fatal(err)
	}
	got, err := Encode(entries)
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile(filepath.Join(root, DataPath))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("%s is not what the generator writes: run go generate ./internal/conformance", DataPath)
	}
	back, err := Decode(got)
	if err != nil {
		t.Fatal(err)
	}
	again, err := Encode(back)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(again, got) {
		t.Fatal("the file does not read back into what writes it")
	}
	n := Count(Cases(entries))
	if n.Total < 2000 {
		t.Errorf("%d cases, fewer than 2000", n.Total)
	}
	for _, g := range []string{SourceSection51, SourceSection52, sourceTable, sourceDecisions, sourceCompare, sourceGen, sourceInvalid} {
		if !slices.ContainsFunc(n.Groups, func(c GroupCount) bool { return c.Group == g && c.N > 0 }) {
			t.Errorf("no case from %s", g)
		}
	}
	t.Logf("\n%s", n)
}

// TestSection5FromTheRFC: the RFC's text gives 24 normal and 15 abnormal
// examples against its base.
func TestSection5FromTheRFC(t *testing.T) {
	base, normal, abnormal, err := section5(root)
	if err != nil {
		t.Fatal(err)
	}
	if base != "http://a/b/c/d;p?q#f" || len(normal) != 24 || len(abnormal) != 15 {
		t.Fatalf("base %q, %d normal and %d abnormal examples", base, len(normal), len(abnormal))
	}
	if abnormal[0] != (example{"", "http://a/b/c/d;p?q#f"}) || normal[13] != (example{";x", "http://a/b/c/d;x"}) {
		t.Errorf("examples read wrong: %v, %v", abnormal[0], normal[13])
	}
}

// TestLiteralResolve pins the literal reading of §4 on the RFC's examples
// and on the points docs/decisions.md settles, each with its answer
// written out.
func TestLiteralResolve(t *testing.T) {
	for _, tc := range []struct{ base, ref, want string }{
		{"http://a/b/c/d;p?q#f", "g:h", "g:h"},
		{"http://a/b/c/d;p?q#f", "//g", "http://g"},
		{"http://a/b/c/d;p?q#f", "?y", "http://a/b/c/d;p?y"},
		{"http://a/b/c/d;p?q#f", ";x", "http://a/b/c/d;x"},
		{"http://a/b/c/d;p?q#f", "#s", "http://a/b/c/d;p?q#s"},
		{"http://a/b/c/d;p?q#f", "", "http://a/b/c/d;p?q#f"},
		{"http://a/b/c/d;p?q#f", ".", "http://a/b/c/"},
		{"http://a/b/c/d;p?q#f", "../..", "http://a/"},
		{"http://a/b/c/d;p?q#f", "../../../g", "http://a/../g"},
		{"http://a/b/c/d;p?q#f", "../../../../g", "http://a/../../g"},
		{"http://a/b/c/d;p?q#f", "/./g", "http://a/./g"},
		{"http://a/b/c/d;p?q#f", "./../g", "http://a/b/g"},
		{"http://a/b/c/d;p?q#f", "./g/.", "http://a/b/c/g/"},
		{"http://a/b/c/d;p?q#f", "g/../h", "http://a/b/c/h"},
		{"http://a/b/c/d;p?q#f", "..g", "http://a/b/c/..g"},
		{"http://a/b/c/d;p?q#f", "http:g", "http:g"},
		//
		{"http://a/b/c/d;p?q#f", "g;x=1/../y", "http://a/b/c/g;x=1/../y"},
		{"http://a/b/c/d;p?q#f", "?", "http://a/b/c/d;p?q"},
		{"http://a/b/c/d;p?q#f", "?#s", "http://a/b/c/d;p?q#s"},
		{"http://a/b/c/d;p?q#f", ";?y", "http://a/b/c/d;p?y"},
		{"http://a/b/c/d;p?q#f", "///g", "http://a/g"},
		{"http://a/b/c/d;p?q#f", "//", "http://a/b/c/d;p?q"},
		{"http://a/b", "?", "http://a/b"},
		{"http://a/b?", "?", "http://a/b?"},
		{"http://a/b/c/d;p?q#f", "g?", "http://a/b/c/g?"},
		{"http://a/b/c/d;p?q#f", "#", "http://a/b/c/d;p?q#"},
		//
		{"http://a", "g", "http://a/g"},
		{"http://a", "?y", "http://a/?y"},
		{"http://a", "#s", "http://a#s"},
		{"file:///etc/x", "../g", "file:///g"},
		{"http://a/b//c", "../g", "http://a/b/g"},
		{"http://a/b/c/d;p?q#f", "a//../b", "http://a/b/c/a/b"},
		{"http://a/b/c/d;p?q#f", "../..//g", "http://a//g"},
		{"http:/", ".//g", "http:/.//g"},
		{"http:.//x", "g", "http:.//g"},
		// Step 1
		{"", "g", "g"},
	} {
		b, err := grammar.Parse(tc.base)
		if tc.base == "" {
			err = nil
		}
		r, err2 := grammar.Parse(tc.ref)
		if err != nil || err2 != nil {
			t.Fatalf("%q, %q: %v %v", tc.base, tc.ref, err, err2)
		}
		if got := literalResolve(tc.base, partsOf(b), tc.ref, partsOf(r)); got != tc.want {
			t.Errorf("%q against %q: %q, want %q", tc.ref, tc.base, got, tc.want)
		}
	}
}

// TestStep6Rules pins each rule of step 6 on its own.
func TestStep6Rules(t *testing.T) {
	for _, tc := range []struct {
		rule     func(string) string
		in, want string
	}{
		{ruleA, "./a/./b/.", "a/b/."},
		{ruleA, "a./b/../c", "a./b/../c"},
		{ruleA, "././g", "g"},
		{ruleB, "a/.", "a/"},
		{ruleB, ".", ""},
		{ruleB, "a.", "a."},
		{ruleC, "a/b/../../c", "c"},
		{ruleC, "../a/../b", "../b"},
		{ruleC, "a//../b", "a/b"},
		{ruleC, "../../g", "../../g"},
		{ruleD, "a/b/..", "a/"},
		{ruleD, "../..", "../.."},
		{ruleD, "a/..", ""},
	} {
		if got := tc.rule(tc.in); got != tc.want {
			t.Errorf("%q: %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestDecisionsFor pins which decisions a case cites.
func TestDecisionsFor(t *testing.T) {
	s5 := "http://a/b/c/d;p?q#f"
	ptr := func(s string) *string { return &s }
	for _, tc := range []struct {
		base  *string
		input string
		want  []string
	}{
		{nil, "http://a/b", nil},
		{nil, "g:h", []string{"P-1"}},
		{nil, "1a:b", []string{"P-1", "P-2"}},
		{nil, ":a:b", []string{"P-3"}},
		{nil, "http://a//b", []string{"P-4"}},
		{nil, "//a//b", []string{"P-5"}},
		{nil, "http://a?q", []string{"P-6"}},
		{nil, "#", []string{"P-7"}},
		{nil, "#a#b", []string{"P-8"}},
		{nil, "é", []string{"P-9"}},
		{ptr(s5), "g", nil},
		{ptr(s5), "g;x=1/../y", []string{"R-2"}},
		{ptr(""), "g", []string{"R-3"}},
		{ptr(s5), "#", []string{"P-7", "R-4", "R-6"}},
		{ptr(s5), "?", []string{"R-4", "R-5"}},
		{ptr(s5), "///g", []string{"R-5"}},
		{ptr(s5), "g?", []string{"R-6"}},
		{ptr("http://a"), "g", []string{"R-8"}},
		{ptr("file:///etc/x"), "../g", []string{"R-9"}},
		{ptr(s5), "a//../b", []string{"R-10"}},
		{ptr(s5), "../../../g", []string{"R-11"}},
		{ptr(s5), "../..//g", []string{"R-10", "R-12"}},
		{ptr("http:/"), ".//g", []string{"R-10", "R-13"}},
		{ptr("http:.//x"), "g", []string{"R-10", "R-13", "R-16"}},
		{ptr("http://a//b"), "g", []string{"R-16"}},
		{ptr("mailto:x"), "g", []string{"R-16"}},
	} {
		if got := decisionsFor(tc.base, tc.input); !slices.Equal(got, tc.want) {
			b := "none"
			if tc.base != nil {
				b = *tc.base
			}
			t.Errorf("%q against %s: %v, want %v", tc.input, b, got, tc.want)
		}
	}
}
