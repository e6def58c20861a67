package format

import (
	"bytes"
	"strings"
	"testing"

	"github.com/relurl/relurl/ast"
	"github.com/relurl/relurl/lint/internal/extract"
	"github.com/relurl/relurl/lint/internal/lint"
	"github.com/relurl/relurl/lint/internal/report"
)

func TestSafe(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"", ""},
		{"docs/a b.html", "docs/a b.html"},
		{"n\x1b[32mame.urls", `n\x1b[32mame.urls`},
		{"a\tb\r\nc", `a\x09b\x0d\x0ac`},
		{"del\x7f", `del\x7f`},
		{"bad\xffbyte", `bad\xffbyte`},
		{"c1\u009bcsi", `c1\u009bcsi`},
		{"bidi\u202eevil", `bidi\u202eevil`},
		{"line\u2028sep", `line\u2028sep`},
		{"ünïcödé 日本 😀", "ünïcödé 日本 😀"},
		{`back\slash`, `back\slash`},
	} {
		if got := Safe(tc.in); got != tc.want {
			t.Errorf("Safe(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// textOf writes findings with the text format and opts, as one file each
// group of them.
func textOf(t *testing.T, opts Options, files ...[]lint.Finding) string {
	t.Helper()
	var buf bytes.Buffer
	rep := NewText(&buf, opts)
	for _, fs := range files {
		if err := rep.File(&report.FileResult{Findings: fs}); err != nil {
			t.Fatal(err)
		}
	}
	if err := rep.End(&report.Summary{}); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}

func missing(file string, line int, target string) lint.Finding {
	return lint.Finding{File: file, Line: line, Column: 3, Offset: 100 * line, Rule: lint.RuleTargetMissing, Severity: ast.SeverityError,
		Message: `"x" leads to "` + target + `" under the root: no such file`, URL: "../" + target, Target: target}
}

// TestTextColor: with Color, the place is bold, the severity and the rule
// id coloured; without, not an escape.
func TestTextColor(t *testing.T) {
	fs := []lint.Finding{
		missing("a.html", 1, "x.html"),
		{File: "a.html", Line: 2, Column: 1, Rule: "fsegment/colon", Severity: ast.SeverityWarning, Message: "m", URL: "a:b"},
		{File: "a.html", Line: 3, Column: 1, Rule: "suppress/unused", Severity: ast.SeverityInfo, Message: "i", URL: ""},
	}
	want := "\x1b[1ma.html:1:3:\x1b[0m \x1b[1;31merror\x1b[0m: \"x\" leads to \"x.html\" under the root: no such file \x1b[36m[target/missing]\x1b[0m\n" +
		"\x1b[1ma.html:2:1:\x1b[0m \x1b[1;33mwarning\x1b[0m: m \x1b[36m[fsegment/colon]\x1b[0m\n" +
		"\x1b[1ma.html:3:1:\x1b[0m \x1b[1;34minfo\x1b[0m: i \x1b[36m[suppress/unused]\x1b[0m\n"
	if got := textOf(t, Options{Color: true}, fs); got != want {
		t.Errorf("with colour:\n%q\nwant\n%q", got, want)
	}
	if got := textOf(t, Options{}, fs); strings.Contains(got, "\x1b") {
		t.Errorf("without colour: %q", got)
	}
}

// TestTextEscapes: a file name and a message holding control characters
// are written escaped, in the text and GitHub formats alike.
func TestTextEscapes(t *testing.T) {
	f := lint.Finding{File: "n\x1b[32mame.urls", Line: 1, Column: 1, Rule: "fsegment/char", Severity: ast.SeverityError,
		Message: "bad \u202e\x07 text", URL: "a b"}
	if got, want := textOf(t, Options{}, []lint.Finding{f}), "n\\x1b[32mame.urls:1:1: error: bad \\u202e\\x07 text [fsegment/char]\n"; got != want {
		t.Errorf("text: %q, want %q", got, want)
	}
	var buf bytes.Buffer
	g := NewGitHub(&buf, Options{})
	if err := Write(g, nil, []lint.Finding{f}); err != nil {
		t.Fatal(err)
	}
	if got := buf.String(); strings.ContainsAny(got, "\x1b\x07\u202e") || !strings.Contains(got, `n\x1b[32mame.urls`) {
		t.Errorf("github: %q", got)
	}
}

// TestTextRepeats: the text ends with the faults that have the most
// findings, grouped by rule and place (decision U-5), at most TopFaults
// of them, each with more than one finding; a run whose faults are each
// once ends with none. With Faults, each fault is written once, by its
// first finding, the faults with the most findings first.
func TestTextRepeats(t *testing.T) {
	a := []lint.Finding{missing("a.html", 1, "gone.html"), missing("a.html", 2, "gone.html"), missing("a.html", 3, "other.html"),
		{File: "a.html", Line: 4, Column: 1, Offset: 400, Rule: "fsegment/char", Severity: ast.SeverityError, Message: "space", URL: "a b"},
	}
	l, err := lint.New(lint.Options{})
	if err != nil {
		t.Fatal(err)
	}
	two := l.File("a.html", []byte("\n\n\n\nc d e\n"), extract.KindText) // two faults of one kind in one URL
	if len(two) != 2 {
		t.Fatalf("%d findings of \"c d e\", want 2", len(two))
	}
	a = append(a, two...)
	b := []lint.Finding{missing("b.html", 1, "gone.html"),
		{File: "b.html", Line: 2, Column: 1, Offset: 200, Rule: "fsegment/char", Severity: ast.SeverityError, Message: "space", URL: "a b"}}
	got := textOf(t, Options{}, a, b)
	// Two faults of one URL are not a repeat: "c d e" is one reference.
	wantEnd := "5 of 8 findings come from 2 faults (--faults lists each fault once):\n" +
		"  \"gone.html\" [target/missing]: 3 findings in 2 files\n" +
		"  \"a b\" [fsegment/char]: 2 findings in 2 files\n"
	if !strings.HasSuffix(got, wantEnd) || strings.Count(got, "\n") != 8+3 {
		t.Errorf("repeats:\n%s\nwant it to end with\n%s", got, wantEnd)
	}
	if got := textOf(t, Options{}, a[2:]); strings.Contains(got, "come from") {
		t.Errorf("no repeats, yet:\n%s", got)
	}
	got = textOf(t, Options{Faults: true}, a, b)
	want := "a.html:1:3: error: \"x\" leads to \"gone.html\" under the root: no such file [target/missing] (3 findings in 2 files)\n" +
		"a.html:4:1: error: space [fsegment/char] (2 findings in 2 files)\n" +
		"a.html:5:2: error: space is not allowed in fsegment; write it as %20 [fsegment/char] (2 findings in 1 file)\n" +
		"a.html:3:3: error: \"x\" leads to \"other.html\" under the root: no such file [target/missing] (1 finding in 1 file)\n"
	if got != want {
		t.Errorf("faults:\n%s\nwant\n%s", got, want)
	}
	// At most TopFaults, the most first.
	var many []lint.Finding
	for i := range TopFaults + 2 {
		for k := range i + 2 {
			many = append(many, missing("c.html", k+1, strings.Repeat("x", i+1)+".html"))
		}
	}
	got = textOf(t, Options{}, many)
	if n := strings.Count(got, "[target/missing]: "); n != TopFaults || !strings.Contains(got, "\"xxxxxxx.html\" [target/missing]: 8 findings in 1 file") {
		t.Errorf("%d faults named:\n%s", n, got)
	}
}
