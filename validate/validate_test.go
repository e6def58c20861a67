package validate_test

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"

	"github.com/relurl/relurl/ast"
	"github.com/relurl/relurl/internal/cases"
	"github.com/relurl/relurl/validate"
)

func loadCases(t *testing.T) []cases.Case {
	t.Helper()
	cs, err := cases.Load("../testdata/urls.txt")
	if err != nil {
		t.Fatal(err)
	}
	return cs
}

// TestCases checks the validator against every case of testdata/urls.txt:
// valid inputs give no diagnostics and the expected components; invalid
// inputs give exactly the marked diagnostics, in order.
func TestCases(t *testing.T) {
	for _, c := range loadCases(t) {
		t.Run(fmt.Sprintf("line%d", c.Line), func(t *testing.T) {
			u, diags := validate.Validate(c.Input)
			if c.Valid {
				if diags != nil {
					t.Fatalf("%s: Validate(%q) = %v, want valid", c.Section, c.Input, diags)
				}
				if got := u.WithoutSpans(); got != c.Want {
					t.Errorf("%s: Validate(%q)\n got %#v\nwant %#v", c.Section, c.Input, got, c.Want)
				}
				return
			}
			if len(diags) != len(c.Marks) {
				t.Fatalf("%s: Validate(%q) = %d diagnostics %v, want %d", c.Section, c.Input, len(diags), diags, len(c.Marks))
			}
			for i, m := range c.Marks {
				d := diags[i]
				if d.Offset != m.Offset || d.End != m.End || d.Rule != m.Rule {
					t.Errorf("%s: Validate(%q)[%d] = %d..%d %s, want %d..%d %s", c.Section, c.Input, i, d.Offset, d.End, d.Rule, m.Offset, m.End, m.Rule)
				}
				if d.Text != c.Input[d.Offset:d.End] || d.Severity != ast.SeverityError || d.Message == "" || d.Production == "" {
					t.Errorf("%s: Validate(%q)[%d] = %+v: text, severity, message and production must be set", c.Section, c.Input, i, d)
				}
			}
		})
	}
}

// TestSpans checks that every component's span locates its value in the
// input, and that printing gives back the input, for valid and invalid
// cases alike.
func TestSpans(t *testing.T) {
	for _, c := range loadCases(t) {
		u := validate.Split(c.Input)
		for name, comp := range map[string]ast.Component{
			"scheme": u.Scheme, "net_loc": u.NetLoc, "params": u.Params, "query": u.Query, "fragment": u.Fragment,
		} {
			if comp.Present && c.Input[comp.Span.Start:comp.Span.End] != comp.Value {
				t.Errorf("line %d: %s span %v does not hold %q in %q", c.Line, name, comp.Span, comp.Value, c.Input)
			}
			if !comp.Present && comp != (ast.Component{}) {
				t.Errorf("line %d: absent %s is not the zero Component: %#v", c.Line, name, comp)
			}
		}
		if c.Input[u.Path.Span.Start:u.Path.Span.End] != u.Path.Value {
			t.Errorf("line %d: path span %v does not hold %q", c.Line, u.Path.Span, u.Path.Value)
		}
		if got := u.String(); got != c.Input {
			t.Errorf("line %d: Split(%q).String() = %q", c.Line, c.Input, got)
		}
	}
}

// TestErr checks that the error of the diagnostics holds every diagnostic
// and that errors.As finds them.
func TestErr(t *testing.T) {
	_, diags := validate.Validate("http://a/%zz b")
	err := diags.Err()
	var list ast.Diagnostics
	if !errorsAs(err, &list) || len(list) != 2 {
		t.Fatalf("Parse error %v: want ast.Diagnostics of 2", err)
	}
	var d *ast.Diagnostic
	if !errorsAs(err, &d) || d.Rule != ast.RuleEscapeMalformed || d.Offset != 9 {
		t.Fatalf("errors.As(%v, *ast.Diagnostic) = %+v, want the escape at 9", err, d)
	}
	if _, diags := validate.Validate("http://a/b"); diags.Err() != nil {
		t.Fatalf("Validate(valid).Err() = %v (%T), want nil", diags.Err(), diags.Err())
	}
	if !validate.Valid("g;x?y#s") || validate.Valid("g#s#") {
		t.Fatal("Valid disagrees with the table")
	}
}

// TestNoAllocs holds the fast path to its promise: validating a valid URL
// allocates nothing.
func TestNoAllocs(t *testing.T) {
	for _, s := range []string{"http://a/b/c/d;p?q#f", "../../g", "http://a//b;p?q#f", "//user:pw@host:80/%7Ex"} {
		if n := testing.AllocsPerRun(100, func() { validate.Validate(s) }); n != 0 {
			t.Errorf("Validate(%q) allocates %v times, want 0", s, n)
		}
	}
}

// TestMaxDiagnostics holds the cap at the limit and one past it: the
// first diagnostic never moves, and the last says how many were not
// listed and spans them.
func TestMaxDiagnostics(t *testing.T) {
	runs := func(n int) string { return strings.Repeat("a<", n) } // one run per "<"
	if _, diags := validate.Validate(runs(validate.MaxDiagnostics)); len(diags) != validate.MaxDiagnostics ||
		diags[len(diags)-1].Rule != ast.RuleFsegmentChar {
		t.Fatalf("%d runs: %d diagnostics, the last %+v; want every one listed", validate.MaxDiagnostics, len(diags), diags[len(diags)-1])
	}
	if _, diags := validate.Validate("a b"); validate.More(diags) != 0 || validate.More(nil) != 0 {
		t.Error("More of a short list is not 0")
	}
	for _, n := range []int{validate.MaxDiagnostics + 1, validate.MaxDiagnostics + 2, 10_000} {
		s := runs(n)
		_, diags := validate.Validate(s)
		if len(diags) != validate.MaxDiagnostics {
			t.Fatalf("%d runs: %d diagnostics, want %d", n, len(diags), validate.MaxDiagnostics)
		}
		if diags[0].Offset != 1 {
			t.Errorf("%d runs: the first diagnostic moved to %d", n, diags[0].Offset)
		}
		last := diags[len(diags)-1]
		more := n - (validate.MaxDiagnostics - 1)
		wantFrom := 2*(validate.MaxDiagnostics-1) + 1
		if last.Rule != ast.RuleTooManyErrors || last.Offset != wantFrom || last.End != len(s) ||
			last.Text != s[last.Offset:last.End] || !strings.Contains(last.Message, fmt.Sprintf("and %d more", more)) {
			t.Errorf("%d runs: last diagnostic %d..%d %s %q, want %s from %d to %d saying %d more",
				n, last.Offset, last.End, last.Rule, last.Message, ast.RuleTooManyErrors, wantFrom, len(s), more)
		}
		if got := validate.More(diags); got != more {
			t.Errorf("%d runs: More = %d, want %d", n, got, more)
		}
		if diags[len(diags)-2].Rule != ast.RuleFsegmentChar {
			t.Errorf("%d runs: the one before the last is %+v", n, diags[len(diags)-2])
		}
	}
}

// TestRunMessages: a run is one diagnostic whose message names its
// characters and says how to write them, within a bounded length.
func TestRunMessages(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"a b", `space is not allowed in fsegment; write it as %20`},
		{"a?&amp;     sektion=9", `5 spaces are not allowed in query; write them as %20%20%20%20%20`},
		{"日本", `non-ASCII characters "日本" are not allowed in fsegment; write them as %E6%97%A5%E6%9C%AC`},
		{"a{}", `national characters "{}" are not allowed in fsegment; write them as %7B%7D`},
		{"a <", `characters " <" are not allowed in fsegment; write them as %20%3C`},
		{"a\xff\xfe", `bytes (not UTF-8) "\xff\xfe" are not allowed in fsegment; write them as %FF%FE`},
		{"é", `non-ASCII character 'é' (U+00E9) is not allowed in fsegment; write it as %C3%A9`},
		{"%zz", `"%zz" is not an escape: escape = "%" hex hex; write a literal "%" as %25`},
		{"%zz%", `"%zz%" holds 2 malformed escapes: escape = "%" hex hex; write each literal "%" as %25`},
		{"#a##", `2 "#" are not allowed in a fragment: only the first "#" begins the fragment (§2.4.1); write each as %23`},
		{"a" + strings.Repeat(" ", 1<<20), `1048576 spaces are not allowed in fsegment; write each byte as %XX: ` +
			strings.Repeat("%20", 16) + `…`},
	} {
		_, diags := validate.Validate(c.in)
		if len(diags) != 1 || diags[0].Message != c.want {
			t.Errorf("Validate(%.20q) = %v, want one diagnostic saying %s", c.in, diags, c.want)
		}
	}
	// Every message is bounded, whatever the run.
	for _, s := range []string{strings.Repeat("\xff", 1<<20), strings.Repeat("日", 1<<18), strings.Repeat("%", 1<<20), "#" + strings.Repeat("#", 1<<20)} {
		_, diags := validate.Validate(s)
		for _, d := range diags {
			if len(d.Message) > 512 {
				t.Errorf("Validate(%d bytes of %.4q): a message of %d bytes", len(s), s, len(d.Message))
			}
		}
	}
}

// TestMemoryBounded: validating all-invalid input allocates a bounded
// amount, not one diagnostic per bad byte.
func TestMemoryBounded(t *testing.T) {
	for _, s := range allInvalid(1 << 20) {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		_, diags := validate.Validate(s.text)
		runtime.ReadMemStats(&after)
		if got := after.TotalAlloc - before.TotalAlloc; got > 64<<10 {
			t.Errorf("Validate(1 MB of %s) allocated %d bytes, want at most 64 KB", s.name, got)
		}
		if len(diags) == 0 || len(diags) > validate.MaxDiagnostics {
			t.Errorf("Validate(1 MB of %s): %d diagnostics", s.name, len(diags))
		}
	}
}

type shape struct{ name, text string }

// allInvalid returns inputs of about n bytes in which every byte is
// invalid: one long run, and runs as short as they can be.
func allInvalid(n int) []shape {
	rep := func(unit string) string { return strings.Repeat(unit, n/len(unit)) }
	return []shape{
		{"NUL", rep("\x00")},
		{"space", rep(" ")},
		{"xff", rep("\xff")},
		{"pct", rep("%")},
		{"hash", "#" + rep("#")},
		{"alternating", rep("%\x00")}, // a run of each rule in turn
	}
}

// TestRunsMaximal: on random strings over an alphabet of delimiters,
// escapes and bad bytes, no two diagnostics are adjacent with the same
// rule in the same production (a run is one diagnostic), every diagnostic
// is input[offset:end] in order, and the first is where it was before runs
// were grouped: at the first bad unit.
func TestRunsMaximal(t *testing.T) {
	alphabet := []string{"a", "/", ";", "?", "#", "%", "%4", "%41", "z", " ", "<", "é", "\xff", "\x00", "//", ":", "{"}
	rng := rand.New(rand.NewPCG(3, 4))
	for range 20000 {
		var b strings.Builder
		for range rng.IntN(24) {
			b.WriteString(alphabet[rng.IntN(len(alphabet))])
		}
		s := b.String()
		_, diags := validate.Validate(s)
		for i, d := range diags {
			if d.Offset >= d.End || d.Text != s[d.Offset:d.End] || i > 0 && d.Offset < diags[i-1].End {
				t.Fatalf("%q: diagnostic %d %+v", s, i, d)
			}
			if i > 0 {
				p := diags[i-1]
				if p.End == d.Offset && p.Rule == d.Rule && p.Production == d.Production && d.Rule != ast.RuleNetPathEmptySegment {
					t.Fatalf("%q: adjacent diagnostics of one run: %+v, %+v", s, p, d)
				}
			}
		}
	}
}
