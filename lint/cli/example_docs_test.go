package cli

import (
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// exampleDocs is the bundled example the README's first command lints.
const exampleDocs = "../../examples/docs"

// TestExampleDocs holds the bundled example to what the README says of it:
// relurl lint --no-config on it shows findings, of several rules and kinds of document,
// and exits 1; with its own .relurl.toml (a base for every file), found or
// named, it shows
// the same, and more of the target rules': the base makes the page's BASE
// element, on the same site, lead into the tree.
func TestExampleDocs(t *testing.T) {
	want := []string{
		"escape/malformed", "fragment/hash", "fsegment/char", "fsegment/colon", "net_loc/char",
		"portability/whatwg-resolution", "scheme/relative-form", "segment/char", "target/fragment", "target/missing",
	}
	for _, args := range [][]string{
		{"lint", "--no-config", exampleDocs},
		{"lint", exampleDocs}, // its .relurl.toml, found from the directory named
		{"lint", "--config", exampleDocs + "/.relurl.toml", exampleDocs},
	} {
		if args[1] != "--no-config" && !slices.Contains(want, "target/outside") {
			want = append(want, "target/outside")
		}
		out, stderr, code := runCmd(t, "", args...)
		if code != exitInvalid {
			t.Errorf("relurl %q: exit %d, want %d (findings)\n%s%s", args, code, exitInvalid, out, stderr)
		}
		var rules []string
		kinds := map[string]bool{}
		for _, m := range regexp.MustCompile(`(?m)^\S+/docs/\S+?\.(\w+):\d+:\d+: \w+: .* \[([^\]]+)\]$`).FindAllStringSubmatch(out, -1) {
			kinds[m[1]] = true
			if !slices.Contains(rules, m[2]) {
				rules = append(rules, m[2])
			}
		}
		slices.Sort(rules)
		if !slices.Equal(rules, want) {
			t.Errorf("relurl %q reports the rules %q, want %q\n%s", args, rules, want, out)
		}
		if len(kinds) != 3 {
			t.Errorf("relurl %q reports findings in files of the kinds %v, want HTML, Markdown and CSS", args, kinds)
		}
		if !strings.Contains(stderr, "5 files linted") {
			t.Errorf("relurl %q: summary %q, want 5 files linted", args, stderr)
		}
		// The README gives the counts of both runs.
		counts := regexp.MustCompile(`(\d+ errors), (\d+ warnings)`).FindStringSubmatch(stderr)
		if counts == nil {
			t.Errorf("relurl %q: summary %q counts no errors", args, stderr)
		} else if readme, err := os.ReadFile("../../README.md"); err != nil {
			t.Fatal(err)
		} else if want := counts[1] + ", " + counts[2]; !strings.Contains(string(readme), want) {
			t.Errorf("relurl %q prints %s, which README.md does not say", args, want)
		}
	}
}
