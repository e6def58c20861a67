package lint

import (
	"strings"
	"testing"
)

// TestResultNotGenericRL: a relative reference whose §4 result does not fit
// generic-RL (decision L-27), and only that.
func TestResultNotGenericRL(t *testing.T) {
	const base = "http://a/b/c/d;p?q#f"
	for _, c := range []struct {
		base, ref string
		want      string // part of the message, or "" for no finding
	}{
		{base, "../..//g", `to "http://a//g"`},
		{base, "../../..//g", ""}, // http://a/..//g: the first segment is ".."
		{base, "..//g", ""},       // http://a/b//g: an empty segment, but not the first
		{base, "//g", ""},         // a net_path: http://g
		{base, "http://a//g", ""}, // absolute: as written, not a result of §4
		{base, "g", ""},
		{"http://a/b", ".//g", `to "http://a//g"`},
		{"http:/a/b", "..//g", ""}, // no net_loc: "http:/.//g" keeps a "." (decision R-13), generic-RL
	} {
		l := mustNew(t, Options{Retrieval: c.base})
		var got []Finding
		for _, f := range l.URL(c.ref) {
			if f.Rule == RuleResultNotGenericRL {
				got = append(got, f)
			}
		}
		switch {
		case c.want == "" && len(got) > 0:
			t.Errorf("%q against %q: %v, want no finding", c.ref, c.base, got[0].Message)
		case c.want != "" && (len(got) != 1 || !strings.Contains(got[0].Message, c.want)):
			t.Errorf("%q against %q: %v, want one finding saying %s", c.ref, c.base, got, c.want)
		case c.want != "" && (got[0].Column != 1 || got[0].EndColumn != len(c.ref)+1 || got[0].Severity.String() != "warning"):
			t.Errorf("%q against %q: %+v, want a warning spanning the reference", c.ref, c.base, got[0])
		}
	}
}
