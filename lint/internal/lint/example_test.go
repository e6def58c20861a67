package lint_test

import (
	"fmt"

	"github.com/relurl/relurl/ast"
	"github.com/relurl/relurl/lint/internal/extract"
	"github.com/relurl/relurl/lint/internal/lint"
)

func ExampleNew() {
	l, err := lint.New(lint.Options{
		Retrieval: "http://a/b/c/d;p?q",
		Enable:    []string{"rfc1738"},
		Disable:   []string{lint.RulePortabilityResolution},
		Severity:  map[string]ast.Severity{"rfc1808": ast.SeverityError},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(l.Enabled(lint.RuleRFC1738Host), l.Enabled(lint.RulePortabilityResolution), l.Severity(lint.RuleFsegmentColon))
	_, err = lint.New(lint.Options{Disable: []string{"no-such-rule"}})
	fmt.Println(err)
	// Output:
	// true false error
	// unknown rule or family "no-such-rule" (see relurl rules)
}

func ExampleLinter_URL() {
	l, _ := lint.New(lint.Options{Retrieval: "http://a/b/c/d;p?q"})
	for _, ref := range []string{"g;x?y#s", "http:g", "../../../g", "a b"} {
		for _, f := range l.URL(ref) {
			fmt.Printf("%s at %d: %s\n", f.Rule, f.Offset, f.Text)
		}
	}
	// Output:
	// scheme/relative-form at 0: http:
	// portability/rfc3986-resolution at 0: ../../../g
	// fsegment/char at 1:
}

func ExampleLinter_File() {
	page := []byte(`<html><head><base href="http://www.example.com/a/b/c"></head>
<body><a href="../x">fine</a> <a href="a_b:c">colon</a>
<img srcset="one.png 1x, t{w}o.png 2x"></body></html>
`)
	l, _ := lint.New(lint.Options{})
	for _, f := range l.File("page.html", page, extract.KindHTML) {
		fmt.Printf("%s:%d:%d: %s [%s] in %s\n", f.File, f.Line, f.Column, f.Text, f.Rule, f.Where)
	}
	// Output:
	// page.html:2:43: : [fsegment/colon] in <a href>
	// page.html:3:27: { [fsegment/char] in <img srcset>
	// page.html:3:29: } [fsegment/char] in <img srcset>
}

func ExampleRules() {
	for _, r := range lint.Rules() {
		if r.Family == lint.FamilyRFC1808 {
			fmt.Printf("%s (%s, %s)\n", r.ID, r.Section, r.Severity)
		}
	}
	// Output:
	// scheme/relative-form (RFC 1808 §5.2, warning)
	// fsegment/colon (RFC 1808 §5.3, warning)
	// params/ftp-type-d (RFC 1808 §5.3, warning)
	// base/scheme-no-relative (RFC 1808 §2.3, warning)
	// base/not-absolute (RFC 1808 §2, §10, warning)
	// base/not-generic-RL (RFC 1808 §2, warning)
	// reference/result-not-generic-RL (RFC 1808 §2, §4, warning)
	// base/header (RFC 1808 §3.1, warning)
}

func ExampleLinter_Rules() {
	l, _ := lint.New(lint.Options{Enable: []string{"rfc1738"}, Severity: map[string]ast.Severity{"rfc1738": ast.SeverityWarning}})
	for _, s := range l.Rules() {
		if s.Rule.ID == lint.RuleRFC1738Host {
			fmt.Printf("%s: on by default %v, here %v; severity by default %s, here %s\n",
				s.Rule.ID, s.Rule.Default, s.Enabled, s.Rule.Severity, s.Severity)
		}
	}
	// Output: rfc1738/host: on by default false, here true; severity by default error, here warning
}

func ExampleLookup() {
	r, _ := lint.Lookup("fsegment/colon")
	fmt.Println(r.Summary)
	fmt.Println(r.Fix)
	// Output:
	// a relative path whose first segment holds ":"
	// precede the path with "./" ("./this:that"), which the RFC prefers, or escape the colon as %3A
}

func ExampleLinter_Check() {
	l, _ := lint.New(lint.Options{})
	page := "<!-- relurl:ignore fsegment/char -- a legacy link -->\n<a href=\"/a b\">x</a>\n<a href=\"a_b:c\">y</a>\n"
	// As a runner calls it: the file's kind, and its retrieval URL.
	c := l.Check("docs/page.html", page, extract.KindHTML, "http://www.example.com/docs/page.html", nil)
	fmt.Println(c.URLs, "URLs,", c.Suppressed, "suppressed")
	for _, f := range c.Findings {
		fmt.Printf("%s:%d:%d: %s\n", f.File, f.Line, f.Column, f.Rule)
	}
	// Output:
	// 2 URLs, 1 suppressed
	// docs/page.html:3:13: fsegment/colon
}

func ExampleLinter_WithLevels() {
	l, _ := lint.New(lint.Options{Levels: map[string]lint.Level{"rfc1808": lint.LevelInfo}})
	// A configuration's [[override]] that matches a file, over its [rules].
	legacy, err := l.WithLevels(map[string]lint.Level{lint.RuleFsegmentColon: lint.LevelOff})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(l.Enabled(lint.RuleFsegmentColon), l.Severity(lint.RuleFsegmentColon))
	fmt.Println(legacy.Enabled(lint.RuleFsegmentColon), legacy.Severity(lint.RuleSchemeRelativeForm))
	// Output:
	// true info
	// false info
}

func ExampleApplyFixes() {
	l, _ := lint.New(lint.Options{Fixes: true})
	src := []byte(`<a href="/a b">x</a> <a href="/c|d">y</a>` + "\n")
	findings := l.File("page.html", src, extract.KindHTML)
	fixed, edits, mended, err := lint.ApplyFixes(src, findings, extract.KindHTML, "")
	fmt.Printf("%d edits mend %d findings: %s%v\n", len(edits), mended, fixed, err)
	// Output:
	// 2 edits mend 2 findings: <a href="/a%20b">x</a> <a href="/c%7Cd">y</a>
	// <nil>
}
