package lint

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/relurl/relurl/lint/internal/extract"
)

func TestParseIgnore(t *testing.T) {
	for _, c := range []struct {
		text string
		want Ignore
		err  string // part of the error, or "" for none
	}{
		{text: "relurl:ignore", want: Ignore{}},
		{text: "relurl:ignore fsegment/colon", want: Ignore{Rules: []string{"fsegment/colon"}}},
		{text: "relurl:ignore fsegment/colon,query/char -- a legacy page", want: Ignore{Rules: []string{"fsegment/colon", "query/char"}, Reason: "a legacy page"}},
		{text: "relurl:ignore fsegment/colon, query/char syntax", want: Ignore{Rules: []string{"fsegment/colon", "query/char", "syntax"}}},
		{text: "relurl:ignore\tportability--why -- not", want: Ignore{Rules: []string{"portability"}, Reason: "why -- not"}},
		{text: "relurl:ignore -- only a reason", want: Ignore{Reason: "only a reason"}},
		{text: "relurl:ignore-file rfc1738", want: Ignore{File: true, Rules: []string{"rfc1738"}}},
		{text: "relurl:ignore-file", want: Ignore{File: true}},
		{text: "relurl:ignroe", err: `unknown directive "relurl:ignroe"`},
		{text: "relurl:", err: "unknown directive"},
		{text: "relurl:ignore fsegment/colons,query/chars", err: `unknown rule or family "fsegment/colons", "query/chars"`},
		{text: "relurl:ignore a,,b", err: "empty rule name"},
		{text: "lint:ignore x", err: "not a relurl directive"},
	} {
		got, err := ParseIgnore(c.text)
		switch {
		case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)):
			t.Errorf("ParseIgnore(%q): %v, want an error saying %s", c.text, err, c.err)
		case c.err == "" && err != nil:
			t.Errorf("ParseIgnore(%q): %v", c.text, err)
		case c.err == "" && !reflect.DeepEqual(got, c.want):
			t.Errorf("ParseIgnore(%q) = %+v, want %+v", c.text, got, c.want)
		}
	}
}

func TestSuppressions(t *testing.T) {
	const page = `<html><body>
<!-- relurl:ignore segment/char -- legacy -->
<p>no URL on this line</p>
<a href="/x/a b">1</a> <a href="/x/c d">2</a>
<a href="/x/e f">3</a>
<!-- relurl:ignore fsegment/colon -->
<a href="/x/g h">4</a>
<!-- relurl:ignore-file query/char -->
<a href="/?q=a b">5</a>
<!-- relurl:ignore rfc1738/host -->
<a href="http://a_b/">6</a>
<!-- relurl:ignor -->
<!-- relurl:ignore --><a href="/x/i j">7</a> <a href="/x/k l">8</a>
<!-- relurl:ignore syntax -->
</body></html>
`
	l := mustNew(t, Options{})
	fc := l.Check("page.html", page, extract.KindHTML, "", nil)
	var got []string
	for _, f := range fc.Findings {
		got = append(got, fmt.Sprintf("%d %s", f.Line, f.Rule))
	}
	want := []string{
		"5 segment/char",    // the line after the one the directive applied to
		"6 suppress/unused", // fsegment/colon: not on line 7
		"7 segment/char",    //
		"12 suppress/malformed",
		"14 suppress/unused", // ignore syntax: no URL follows
	}
	if strings.Join(got, "; ") != strings.Join(want, "; ") {
		t.Errorf("findings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// 1, 2 (line 4), 5 (the file's query/char), 7 and 8 (line 13).
	if fc.Suppressed != 5 {
		t.Errorf("suppressed %d findings, want 5", fc.Suppressed)
	}
	for _, f := range fc.Findings {
		if f.Rule == RuleSuppressUnused && f.Line == 6 &&
			(f.Column != 1 || f.Severity.String() != "info" || !strings.Contains(f.Message, "nothing on line 7")) {
			t.Errorf("unused: %+v", f)
		}
	}
	// An ignore-file without rules suppresses every finding, wherever it is.
	fc = l.Check("page.html", page+"<!-- relurl:ignore-file -- generated -->\n", extract.KindHTML, "", nil)
	for _, f := range fc.Findings {
		if !strings.HasPrefix(f.Rule, "suppress/") {
			t.Errorf("ignore-file: %v", f)
		}
	}
	if fc.Suppressed != 7 {
		t.Errorf("ignore-file: suppressed %d, want 7", fc.Suppressed)
	}
	// With the directives' rules off, nothing about them is said.
	l = mustNew(t, Options{Disable: []string{"suppress"}})
	for _, f := range l.File("page.html", []byte(page), extract.KindHTML) {
		if strings.HasPrefix(f.Rule, "suppress/") {
			t.Errorf("suppress rules off: %v", f)
		}
	}
}

// TestIgnoreMatches checks what a directive names, as relurl lint and the
// Go analyzer read it: every rule when none, a rule by id or by family,
// never the suppress family's; and whether it names a rule that is on.
func TestIgnoreMatches(t *testing.T) {
	for _, c := range []struct {
		text    string
		matches []string
		not     []string
	}{
		{"relurl:ignore", []string{"fsegment/char", "portability/rfc3986-parse", "rfc1738/host"}, []string{RuleSuppressUnused, RuleSuppressMalformed}},
		{"relurl:ignore fsegment/colon", []string{"fsegment/colon"}, []string{"fsegment/char", "segment/char"}},
		{"relurl:ignore syntax, portability/rfc3986-parse", []string{"fsegment/char", "escape/malformed", "portability/rfc3986-parse"}, []string{"fsegment/colon", "portability/whatwg-parse"}},
		{"relurl:ignore suppress", nil, []string{RuleSuppressUnused, RuleSuppressMalformed, "fsegment/char"}},
	} {
		ig, err := ParseIgnore(c.text)
		if err != nil {
			t.Fatal(err)
		}
		for _, id := range c.matches {
			if !ig.Matches(id) {
				t.Errorf("%q does not match %s", c.text, id)
			}
		}
		for _, id := range c.not {
			if ig.Matches(id) {
				t.Errorf("%q matches %s", c.text, id)
			}
		}
	}
	l, err := New(Options{Disable: []string{"portability", "fsegment/colon"}})
	if err != nil {
		t.Fatal(err)
	}
	for text, want := range map[string]bool{
		"relurl:ignore":                               true,
		"relurl:ignore fsegment/colon":                false,
		"relurl:ignore portability":                   false,
		"relurl:ignore portability, fsegment/char":    true,
		"relurl:ignore rfc1738":                       false,
		"relurl:ignore rfc1808 -- fsegment/colon off": true,
	} {
		ig, err := ParseIgnore(text)
		if err != nil {
			t.Fatal(err)
		}
		if got := ig.NamesOn(l); got != want {
			t.Errorf("%q NamesOn: %v, want %v", text, got, want)
		}
	}
}
