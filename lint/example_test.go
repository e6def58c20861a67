package lint_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"

	"github.com/relurl/relurl/ast"
	"github.com/relurl/relurl/lint"
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
	for _, f := range l.File("page.html", page, lint.KindHTML) {
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
	// base/header (RFC 1808 §3.1, warning)
}

func ExampleLookup() {
	r, _ := lint.Lookup("fsegment/colon")
	fmt.Println(r.Summary)
	fmt.Println(r.Fix)
	// Output:
	// a relative path whose first segment holds ":"
	// precede the path with "./" ("./this:that"), which the RFC prefers, or escape the colon as %3A
}

func ExampleDetectKind() {
	fmt.Println(lint.DetectKind("index.htm", nil))
	fmt.Println(lint.DetectKind("-", []byte("Subject: hi\nBase: <URL:http://a/>\n\nbody")))
	fmt.Println(lint.DetectKind("-", []byte("http://a/\n")))
	// Output:
	// html
	// message
	// text
}

func ExampleKindByName() {
	k, ok := lint.KindByName("mail/digest.eml")
	fmt.Println(k, ok)
	_, ok = lint.KindByName("notes.md")
	fmt.Println(ok)
	// Output:
	// message true
	// false
}

func ExampleParseKind() {
	k, err := lint.ParseKind("html")
	fmt.Println(k, err)
	// Output: html <nil>
}

func ExampleParseSeverity() {
	s, err := lint.ParseSeverity("warning")
	fmt.Println(s, err)
	// Output: warning <nil>
}

func ExampleWriteText() {
	l, _ := lint.New(lint.Options{})
	findings := l.File("links.urls", []byte("http://a/ok\nhttp://a/%zz\n"), lint.KindText)
	_ = lint.WriteText(os.Stdout, findings, true)
	// Output:
	// links.urls:2:10: error: "%zz" is not an escape: escape = "%" hex hex; write a literal "%" as %25 [escape/malformed]
	//     http://a/%zz
	//              ^^^
	//     fix: write a literal "%" as %25
}

func ExampleWriteJSON() {
	l, _ := lint.New(lint.Options{})
	_ = lint.WriteJSON(os.Stdout, l.File("links.urls", []byte("a|b\n"), lint.KindText))
	// Output:
	// {"file":"links.urls","line":1,"column":2,"end_line":1,"end_column":3,"offset":1,"end_offset":2,"rule":"fsegment/char","severity":"error","message":"national character '|' is not allowed in fsegment; write it as %7C","fix":"write \"|\" as %7C","production":"fsegment","text":"|","url":"a|b","where":"line","base":""}
}

func ExampleWriteSARIF() {
	l, _ := lint.New(lint.Options{})
	var buf bytes.Buffer
	_ = lint.WriteSARIF(&buf, l.File("docs/links.urls", []byte("é\n"), lint.KindText), l.Rules(), lint.SARIFOptions{Root: "."})
	var log struct {
		Version string
		Runs    []struct {
			Results []struct {
				RuleID    string
				Level     string
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct{ URI string }
						Region           struct{ StartLine, StartColumn, EndColumn int }
					}
				}
			}
		}
	}
	_ = json.Unmarshal(buf.Bytes(), &log)
	r := log.Runs[0].Results[0]
	loc := r.Locations[0].PhysicalLocation
	fmt.Println(log.Version, r.RuleID, r.Level, loc.ArtifactLocation.URI, loc.Region.StartLine, loc.Region.StartColumn, loc.Region.EndColumn)
	// Output: 2.1.0 fsegment/char error docs/links.urls 1 1 2
}
