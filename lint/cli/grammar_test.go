package cli

import (
	"encoding/xml"
	"os"
	"strings"
	"testing"

	"github.com/relurl/relurl/grammar"
	"github.com/relurl/relurl/internal/rfcbnf"
)

func TestGrammar(t *testing.T) {
	golden, err := os.ReadFile("../../grammar/testdata/grammar.ebnf")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		args []string
		want string // the whole output, or with prefix, its beginning
		// prefix says want is the output's beginning.
		prefix bool
	}{
		{"the BNF file", []string{"grammar"}, grammar.BNF(), false},
		{"one rule", []string{"grammar", "net_path"}, `net_path    = "//" net_loc [ abs_path ]` + "\n", false},
		{"a rule of two lines", []string{"grammar", "--format", "bnf", "hex"},
			`hex         = digit | "A" | "B" | "C" | "D" | "E" | "F" |` + "\n" + `                      "a" | "b" | "c" | "d" | "e" | "f"` + "\n", false},
		{"Go's spelling", []string{"grammar", "GenericRL"}, `generic-RL  = scheme ":" relativeURL` + "\n", false},
		{"the EBNF", []string{"grammar", "--format", "ebnf"}, string(golden), false},
		{"one production's EBNF", []string{"grammar", "--format", "ebnf", "net_path"}, "NetPath = <slash> <slash> NetLoc AbsPath? .\n", false},
		{"a diagram", []string{"grammar", "--format", "svg", "path"}, `<?xml version="1.0" encoding="UTF-8"?>` + "\n<svg", true},
		{"every diagram", []string{"grammar", "--format=svg"}, `<?xml version="1.0" encoding="UTF-8"?>` + "\n<svg", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, stderr, code := runCmd(t, "", tc.args...)
			if code != exitOK || stderr != "" {
				t.Fatalf("relurl %q: exit %d, %s", tc.args, code, stderr)
			}
			if tc.prefix && !strings.HasPrefix(out, tc.want) || !tc.prefix && out != tc.want {
				t.Errorf("relurl %q:\n%s\nwant\n%s", tc.args, out, tc.want)
			}
		})
	}
	svg, _, _ := runCmd(t, "", "grammar", "--format", "svg", "path")
	if err := xml.Unmarshal([]byte(svg), new(struct{})); err != nil || !strings.Contains(svg, `data-production="path"`) ||
		!strings.Contains(svg, `data-name="fsegment"`) || !strings.Contains(svg, `data-name="segment"`) {
		t.Errorf("the diagram of path: %v\n%s", err, svg)
	}
	all, _, _ := runCmd(t, "", "grammar", "--format", "svg")
	for _, name := range rfcbnf.RFC1808().Names() {
		if !strings.Contains(all, `data-production="`+name+`"`) {
			t.Errorf("every diagram: none of %s", name)
		}
	}
}

// TestGrammarUsage: an unknown production, a character production's
// EBNF, an unknown format and two productions exit 2, with what to do.
func TestGrammarUsage(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want []string
	}{
		{[]string{"grammar", "nte_loc"}, []string{`no production "nte_loc"`, "URL, absoluteURL, generic-RL", "net_loc", "punctuation"}},
		{[]string{"grammar", "--format", "ebnf", "pchar"}, []string{"pchar is a character production", "its productions: URL,", "fragment"}},
		{[]string{"grammar", "--format", "png"}, []string{`--format "png": want bnf, ebnf or svg`}},
		{[]string{"grammar", "path", "segment"}, []string{"one production at most"}},
	} {
		out, stderr, code := runCmd(t, "", tc.args...)
		if code != exitUsage || out != "" {
			t.Errorf("relurl %q: exit %d, stdout %q", tc.args, code, out)
		}
		for _, w := range tc.want {
			if !strings.Contains(stderr, w) {
				t.Errorf("relurl %q: stderr %q lacks %q", tc.args, stderr, w)
			}
		}
	}
}
