package suggest

import (
	"slices"
	"testing"
)

func TestClosest(t *testing.T) {
	flags := []string{"base", "root", "baseline", "write-baseline", "fail-on", "format", "fix", "diff", "type", "config", "no-config"}
	severities := []string{"error", "warning", "info", "none"}
	rules := []string{"target/missing", "target/fragment", "target/case", "target/outside", "fsegment/char", "segment/char", "fsegment/colon"}
	families := []string{"syntax", "rfc1808", "rfc1738", "portability", "target", "suppress", "input"}
	for _, tc := range []struct {
		name       string
		candidates []string
		want       []string
	}{
		{"bse", flags, []string{"base"}},          // a letter missing
		{"baes", flags, []string{"base"}},         // two swapped
		{"bsae", flags, []string{"base"}},         // two swapped
		{"basee", flags, []string{"base"}},        // one too many
		{"BASE", flags, []string{"base"}},         // in other case
		{"fial-on", flags, []string{"fail-on"}},   // swapped
		{"formt", flags, []string{"format"}},      // missing
		{"nocfg", flags, nil},                     // too far
		{"x", flags, nil},                         // nothing near
		{"", flags, nil},                          // nothing asked
		{"warn", severities, []string{"warning"}}, // a prefix
		{"eror", severities, []string{"error"}},
		{"infos", severities, []string{"info"}},
		{"target/mising", rules, []string{"target/missing"}},
		{"target/fragmnet", rules, []string{"target/fragment"}},
		{"fsegment/chars", rules, []string{"fsegment/char", "segment/char"}},
		{"portabilty", families, []string{"portability"}},
		{"rfc1807", families, []string{"rfc1808"}},
		{"targets", families, []string{"target"}},
		{"write-base", flags, []string{"write-baseline"}}, // a prefix, farther than the bound
		{"portab", append(rules, "portability/whatwg-parse", "portability"), []string{"portability", "portability/whatwg-parse"}}, // the nearer in length first
		{"target/mising", append(rules, "target"), []string{"target/missing"}},                                                    // a near miss hides the prefixes
	} {
		if got := Closest(tc.name, tc.candidates); !slices.Equal(got, tc.want) {
			t.Errorf("Closest(%q) = %q, want %q", tc.name, got, tc.want)
		}
	}
}

// TestClosestAtMost: never more than Max names, the closest first.
func TestClosestAtMost(t *testing.T) {
	got := Closest("ab", []string{"ax", "ay", "az", "ab0", "a"})
	if len(got) != Max || got[0] != "ax" {
		t.Errorf("Closest = %q, want %d names beginning with ax", got, Max)
	}
}

func TestDistance(t *testing.T) {
	for _, tc := range []struct {
		a, b  string
		bound int
		want  int
	}{
		{"", "", 3, 0},
		{"abc", "abc", 3, 0},
		{"abc", "acb", 3, 1}, // a swap is one edit
		{"abc", "", 3, 3},
		{"abcd", "", 3, 4}, // past the bound
		{"kitten", "sitting", 3, 3},
		{"kitten", "sitting", 2, 3},
		{"héllo", "hello", 3, 1}, // runes, not bytes
	} {
		if got := distance(tc.a, tc.b, tc.bound); got != tc.want {
			t.Errorf("distance(%q, %q, %d) = %d, want %d", tc.a, tc.b, tc.bound, got, tc.want)
		}
	}
}

func TestPhrase(t *testing.T) {
	for _, tc := range []struct {
		names []string
		quote func(string) string
		want  string
	}{
		{nil, nil, ""},
		{[]string{"warning"}, nil, "; did you mean warning?"},
		{[]string{"base", "root"}, func(s string) string { return "--" + s }, "; did you mean --base or --root?"},
		{[]string{"a", "b", "c"}, nil, "; did you mean a, b or c?"},
	} {
		if got := Phrase(tc.names, tc.quote); got != tc.want {
			t.Errorf("Phrase(%q) = %q, want %q", tc.names, got, tc.want)
		}
	}
}
