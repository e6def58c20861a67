package lint

import (
	"os"
	"strings"
	"testing"
)

// TestRuleExamples holds every rule of the catalog to its documentation:
// it quotes the RFC, and its bad example is reported by it (with the rule
// alone turned on) while its good example is not.
func TestRuleExamples(t *testing.T) {
	for _, r := range Rules() {
		t.Run(r.ID, func(t *testing.T) {
			// The suppress family is relurl's own, the input family about documents
			// (MIME, XML, Markdown), whose specifications relurl does not ship: no quote.
			if r.Quote == "" && r.Family != FamilySuppress && r.Family != FamilyInput || r.Bad.Text == "" || r.Good.Text == "" {
				t.Fatalf("rule %s lacks a quote or an example: %+v", r.ID, r)
			}
			if r.Bad.Text == r.Good.Text && r.Bad.Base == r.Good.Base {
				t.Errorf("the bad and the good example are the same")
			}
			count := func(ex Example) (n int) {
				for _, f := range r.lintExample(ex) {
					if f.Rule == r.ID {
						n++
					}
				}
				return n
			}
			if n := count(r.Bad); n == 0 {
				t.Errorf("bad example %+v: no finding of the rule", r.Bad)
			}
			if n := count(r.Good); n != 0 {
				t.Errorf("good example %+v: %d findings of the rule", r.Good, n)
			}
		})
	}
}

// TestRuleQuotes checks that every rule's quote is the text of the RFC it
// cites, white space aside (copies of RFC 1808 and of the excerpts of
// RFC 1738 are in testdata/spec).
func TestRuleQuotes(t *testing.T) {
	read := func(name string) string {
		b, err := os.ReadFile("testdata/spec/" + name)
		if err != nil {
			t.Fatal(err)
		}
		return strings.Join(strings.Fields(string(b)), " ")
	}
	specs := map[string]string{"RFC 1808": read("rfc1808.txt"), "RFC 1738": read("rfc1738-excerpts.txt")}
	for _, r := range Rules() {
		if r.Family == FamilySuppress || r.Family == FamilyInput {
			continue // relurl's own, or about documents: no RFC 1808 or 1738 text to quote
		}
		q := strings.Join(strings.Fields(r.Quote), " ")
		found := false
		for name, text := range specs {
			if strings.Contains(r.Section, name) && strings.Contains(text, q) {
				found = true
			}
		}
		if !found {
			t.Errorf("rule %s: the quote %q is not in the text of %s", r.ID, r.Quote, r.Section)
		}
	}
}

func TestAnchor(t *testing.T) {
	for id, want := range map[string]string{
		"escape/malformed":                "escape-malformed",
		"URL/too-many-errors":             "url-too-many-errors",
		"net_loc/char":                    "net_loc-char",
		"reference/result-not-generic-RL": "reference-result-not-generic-rl",
	} {
		r, ok := Lookup(id)
		if !ok {
			t.Fatalf("no rule %s", id)
		}
		if got := r.Anchor(); got != want {
			t.Errorf("%s: Anchor() = %q, want %q", id, got, want)
		}
		if got := r.DocURL(); got != RulesDocURL+"#"+want {
			t.Errorf("%s: DocURL() = %q", id, got)
		}
	}
	seen := map[string]string{}
	for _, r := range Rules() {
		if other, dup := seen[r.Anchor()]; dup {
			t.Errorf("rules %s and %s share the anchor %q", r.ID, other, r.Anchor())
		}
		seen[r.Anchor()] = r.ID
	}
}

// TestRulesPageFresh fails when docs/rules.md is not what "go generate
// ./lint" writes from the catalog.
func TestRulesPageFresh(t *testing.T) {
	got, err := os.ReadFile("../../../docs/rules.md")
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != RulesPage() {
		t.Error("docs/rules.md is stale: run go generate ./lint/internal/lint")
	}
	for _, r := range Rules() {
		if !strings.Contains(string(got), `<a id="`+r.Anchor()+`"></a>`) {
			t.Errorf("docs/rules.md has no anchor for %s", r.ID)
		}
	}
}

// TestRulesPageIsText: the rules page, and each rule's Markdown (SARIF's
// help.markdown), is UTF-8 text without control characters, so that
// GitHub renders the page every helpUri points to. The example of
// input/xml-encoding is UTF-16: its bytes made the page binary.
func TestRulesPageIsText(t *testing.T) {
	if page := RulesPage(); !isText(page) {
		t.Error("the rules page holds bytes that are not text")
	}
	for _, r := range Rules() {
		if !isText(r.Markdown()) {
			t.Errorf("%s: its Markdown holds bytes that are not text", r.ID)
		}
	}
	if !strings.Contains(RulesPage(), `"\xff\xfe<\x00a\x00/\x00>\x00"`) {
		t.Error("the UTF-16 example of input/xml-encoding is not shown as a Go string")
	}
}
