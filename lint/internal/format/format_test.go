package format

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"path/filepath"
	"strings"
	"testing"

	"github.com/relurl/relurl/ast"
	"github.com/relurl/relurl/lint/internal/extract"
	"github.com/relurl/relurl/lint/internal/lint"
	"github.com/relurl/relurl/lint/internal/report"
)

// failingWriter fails every write.
type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

// TestFormats: every format is a report.Reporter made by name, writes
// nothing for no findings but its frame, and reports a failing writer.
func TestFormats(t *testing.T) {
	l, err := lint.New(lint.Options{})
	if err != nil {
		t.Fatal(err)
	}
	findings := l.File("a.urls", []byte("a b\n"), extract.KindText)
	for _, name := range Names() {
		var buf bytes.Buffer
		rep, err := New(name, &buf, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if err := Write(rep, l.Rules(), findings); err != nil || !strings.Contains(buf.String(), "fsegment/char") {
			t.Errorf("%s: %v\n%s", name, err, buf.String())
		}
		rep, _ = New(name, failingWriter{}, Options{})
		if err := Write(rep, l.Rules(), findings); err == nil || !strings.Contains(err.Error(), "disk full") {
			t.Errorf("%s: a failing writer gives %v", name, err)
		}
	}
}

// TestSARIFUnknownRule: a finding of a rule the log does not list is an
// error, not a result pointing at another rule.
func TestSARIFUnknownRule(t *testing.T) {
	s := NewSARIF(&bytes.Buffer{}, Options{})
	_ = s.Start(nil)
	err := s.File(&report.FileResult{Findings: []lint.Finding{{Rule: "no/such-rule", Severity: ast.SeverityError}}})
	if err == nil {
		t.Error("a finding of an unlisted rule was written")
	}
}

func TestArtifactURI(t *testing.T) {
	abs, _ := filepath.Abs("x/../../y.html")
	for _, tt := range []struct{ file, root, want, base string }{
		{"a/b c.html", "", "a/b%20c.html", "%SRCROOT%"},
		{"a/b.html", "a", "b.html", "%SRCROOT%"},
		{"a/#b.html", "", "a/%23b.html", "%SRCROOT%"},
		// Outside the root: an absolute file: URI, no base.
		{"../y.html", ".", "file://" + filepath.ToSlash(abs), ""},
	} {
		if got, base := artifactURI(tt.file, tt.root); got != tt.want || base != tt.base {
			t.Errorf("artifactURI(%q, %q) = %q, %q, want %q, %q", tt.file, tt.root, got, base, tt.want, tt.base)
		}
	}
}

func TestEscapes(t *testing.T) {
	in := "100% a:b,c\r\nd"
	if got, want := escapeData(in), "100%25 a:b,c%0D%0Ad"; got != want {
		t.Errorf("escapeData = %q, want %q", got, want)
	}
	if got, want := escapeProperty(in), "100%25 a%3Ab%2Cc%0D%0Ad"; got != want {
		t.Errorf("escapeProperty = %q, want %q", got, want)
	}
}

// TestWindow: a long string is cut to at most size bytes on character
// boundaries, around the offset, and said to be cut.
func TestWindow(t *testing.T) {
	for _, tt := range []struct {
		s        string
		at, size int
		want     string
		cut      bool
	}{
		{"abc", 1, 8, "abc", false},
		{strings.Repeat("a", 8), 3, 8, strings.Repeat("a", 8), false},
		{"0123456789abcdef", 0, 8, "01234567", true},
		{"0123456789abcdef", 8, 8, "6789abcd", true},
		{"0123456789abcdef", 16, 8, "89abcdef", true},
		{strings.Repeat("é", 10), 10, 5, "éé", true},
	} {
		got, cut := window(tt.s, tt.at, tt.size)
		if got != tt.want || cut != tt.cut {
			t.Errorf("window(%q, %d, %d) = %q, %v, want %q, %v", tt.s, tt.at, tt.size, got, cut, tt.want, tt.cut)
		}
	}
}

// TestBoundedOutput: a 10 MB URL with 20 findings writes 20 windows, not
// 200 MB, in every format.
func TestBoundedOutput(t *testing.T) {
	l, err := lint.New(lint.Options{})
	if err != nil {
		t.Fatal(err)
	}
	src := "http://a/" + strings.Repeat(strings.Repeat("x", 512<<10)+" ", 20) + "\n"
	findings := l.File("big.urls", []byte(src), extract.KindText)
	if len(findings) != 20 {
		t.Fatalf("%d findings, want 20", len(findings))
	}
	for _, name := range Names() {
		var buf bytes.Buffer
		rep, _ := New(name, &buf, Options{Verbose: true})
		if err := Write(rep, l.Rules(), findings); err != nil {
			t.Fatal(err)
		}
		if buf.Len() > 20*8<<10+100<<10 {
			t.Errorf("%s: %d bytes for 20 findings", name, buf.Len())
		}
	}
	var buf bytes.Buffer
	_ = Write(NewJSON(&buf), l.Rules(), findings[:1])
	var raw map[string]any
	_ = json.Unmarshal(buf.Bytes(), &raw)
	if u := raw["url"].(string); len(u) > URLWindow || raw["url_cut"] != true || raw["text_cut"] != false || !strings.Contains(u, " ") {
		t.Errorf("url of %d bytes, cut %v, text cut %v", len(u), raw["url_cut"], raw["text_cut"])
	}
}

// TestSARIFLog: the streamed log is one SARIF 2.1.0 document: its driver
// names the version, its rules their help pages; a file outside the root
// has an absolute URI; an input not read is a notification; past 25 000
// results the format says GitHub keeps only the first.
func TestSARIFLog(t *testing.T) {
	l, _ := lint.New(lint.Options{})
	var buf bytes.Buffer
	var warned []string
	s := NewSARIF(&buf, Options{Root: "docs", Version: "v1.2.3", Warn: func(m string) { warned = append(warned, m) }})
	_ = s.Start(l.Rules())
	_ = s.File(&report.FileResult{Name: "docs/a.urls", Findings: l.File("docs/a.urls", []byte("a b\n"), extract.KindText)})
	_ = s.File(&report.FileResult{Name: "other/b.urls", Findings: l.File("other/b.urls", []byte("c d\n"), extract.KindText)})
	_ = s.File(&report.FileResult{Name: "docs/gone.html", Err: errors.New("open docs/gone.html: no such file or directory")})
	if err := s.End(&report.Summary{}); err != nil {
		t.Fatal(err)
	}
	var log sarifLog
	dec := json.NewDecoder(bytes.NewReader(buf.Bytes()))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&log); err != nil {
		t.Fatalf("%v\n%s", err, buf.String())
	}
	run := log.Runs[0]
	d := run.Tool.Driver
	if d.Version != "v1.2.3" || d.InformationURI != lint.RepositoryURL {
		t.Errorf("driver %q %q", d.Version, d.InformationURI)
	}
	for _, r := range d.Rules {
		if rule, _ := lint.Lookup(r.ID); r.HelpURI != rule.DocURL() || !strings.Contains(r.Help.Markdown, rule.Summary) {
			t.Errorf("rule %s: helpUri %q, markdown %q", r.ID, r.HelpURI, r.Help.Markdown)
		}
	}
	if len(run.Results) != 2 {
		t.Fatalf("%d results", len(run.Results))
	}
	in, out := run.Results[0].Locations[0].PhysicalLocation.ArtifactLocation, run.Results[1].Locations[0].PhysicalLocation.ArtifactLocation
	if in.URI != "a.urls" || in.URIBaseID != "%SRCROOT%" || !strings.HasPrefix(out.URI, "file:///") || out.URIBaseID != "" {
		t.Errorf("locations %+v, %+v", in, out)
	}
	inv := run.Invocations
	if len(inv) != 1 || inv[0].ExecutionSuccessful || len(inv[0].Notifications) != 1 ||
		!strings.Contains(inv[0].Notifications[0].Message.Text, "gone.html") {
		t.Errorf("invocations %+v", inv)
	}
	if len(warned) != 0 {
		t.Errorf("warned %q", warned)
	}

	// Past GitHub's limit.
	many := make([]lint.Finding, GitHubMaxResults+1)
	for i := range many {
		many[i] = lint.Finding{File: "a", Line: i + 1, Column: 1, EndLine: i + 1, EndColumn: 2, Rule: "fsegment/char", Severity: ast.SeverityError}
	}
	s = NewSARIF(io.Discard, Options{Warn: func(m string) { warned = append(warned, m) }})
	_ = Write(s, l.Rules(), many)
	if len(warned) != 1 || !strings.Contains(warned[0], "25000") {
		t.Errorf("warned %q", warned)
	}
}

// TestFixesInOutput: SARIF results carry the finding's edit and its
// suggestions as fixes whose replacement counts bytes, and applying the
// replacements gives the fixed file; JSON carries the same edit, and why a
// finding has none.
func TestFixesInOutput(t *testing.T) {
	l, err := lint.New(lint.Options{Fixes: true, Retrieval: "http://a/b/c/d"})
	if err != nil {
		t.Fatal(err)
	}
	src := `<p><a href="http://bücher.example/a b">x</a> <a href="http:g">y</a> <a href="http://[::1]/">z</a>` + "\n"
	findings := l.File("docs/p.html", []byte(src), extract.KindHTML)

	var buf bytes.Buffer
	if err := Write(NewSARIF(&buf, Options{Root: "docs"}), l.Rules(), findings); err != nil {
		t.Fatal(err)
	}
	var log sarifLog
	dec := json.NewDecoder(bytes.NewReader(buf.Bytes()))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&log); err != nil {
		t.Fatalf("%v\n%s", err, buf.String())
	}
	fixed, suggestions := map[int]sarifReplacement{}, 0
	for _, r := range log.Runs[0].Results {
		for _, f := range r.Fixes {
			if len(f.ArtifactChanges) != 1 || f.ArtifactChanges[0].ArtifactLocation.URI != "p.html" || len(f.ArtifactChanges[0].Replacements) != 1 {
				t.Fatalf("%s: fix %+v", r.RuleID, f)
			}
			rp := f.ArtifactChanges[0].Replacements[0]
			if strings.HasPrefix(f.Description.Text, "suggestion") {
				suggestions++
				continue
			}
			fixed[rp.DeletedRegion.ByteOffset] = rp
		}
	}
	if len(fixed) != 1 || suggestions != 2 {
		t.Fatalf("%d edits, %d suggestions:\n%s", len(fixed), suggestions, buf.String())
	}
	for _, rp := range fixed {
		d := rp.DeletedRegion
		got := src[:d.ByteOffset] + rp.InsertedContent.Text + src[d.ByteOffset+d.ByteLength:]
		if want := strings.Replace(src, "bücher.example/a b", "xn--bcher-kva.example/a%20b", 1); got != want {
			t.Errorf("the SARIF replacement gives\n%s\nwant\n%s", got, want)
		}
	}

	buf.Reset()
	if err := Write(NewJSON(&buf), l.Rules(), findings); err != nil {
		t.Fatal(err)
	}
	var edits, ipv6, loophole int
	for line := range strings.Lines(buf.String()) {
		var jf jsonFinding
		if err := json.Unmarshal([]byte(line), &jf); err != nil {
			t.Fatal(err)
		}
		switch {
		case jf.Edit != nil:
			edits++
			if jf.Edit.URL != "http://xn--bcher-kva.example/a%20b" || jf.NoFix != "" {
				t.Errorf("%+v", jf)
			}
		case jf.NoFix == "ipv6-literal" && jf.NoFixDetail != "":
			ipv6++
		case jf.NoFix == "loophole" && len(jf.Suggestions) == 2:
			loophole++
		default:
			t.Errorf("%s", line)
		}
	}
	if edits != 2 || ipv6 != 2 || loophole != 1 {
		t.Errorf("%d findings with the edit, %d IPv6, %d loophole:\n%s", edits, ipv6, loophole, buf.String())
	}
}

// TestSkippedOutside: a file not read for leading out of the root is a
// warning notification in SARIF (the run still successful) and a ::warning
// in GitHub's annotations; text and JSON, which report findings alone,
// write nothing of it (it is said on standard error); no format writes
// anything but its name and where it leads.
func TestSkippedOutside(t *testing.T) {
	l, _ := lint.New(lint.Options{})
	res := &report.FileResult{Name: "docs/pw.urls", Skipped: report.SkippedOutside, Outside: "/etc/passwd"}
	want := map[string]string{
		"text":   "",
		"json":   "",
		"github": "::warning file=pw.urls,title=input::skipped: leading out of the root, to /etc/passwd (through a symbolic link): not read; --follow-outside reads it\n",
	}
	for _, name := range Names() {
		var buf bytes.Buffer
		rep, err := New(name, &buf, Options{Root: "docs"})
		if err != nil {
			t.Fatal(err)
		}
		if err := rep.Start(l.Rules()); err != nil {
			t.Fatal(err)
		}
		if err := rep.File(res); err != nil {
			t.Fatal(err)
		}
		if err := rep.End(&report.Summary{}); err != nil {
			t.Fatal(err)
		}
		if name != "sarif" {
			if got := buf.String(); got != want[name] {
				t.Errorf("%s: %q, want %q", name, got, want[name])
			}
			continue
		}
		var log sarifLog
		if err := json.Unmarshal(buf.Bytes(), &log); err != nil {
			t.Fatal(err)
		}
		inv := log.Runs[0].Invocations
		if len(inv) != 1 || !inv[0].ExecutionSuccessful || len(inv[0].Notifications) != 1 || inv[0].Notifications[0].Level != "warning" ||
			inv[0].Notifications[0].Message.Text != "docs/pw.urls: skipped: "+res.SkipWhy() ||
			inv[0].Notifications[0].Locations[0].PhysicalLocation.ArtifactLocation.URI != "pw.urls" {
			t.Errorf("sarif: invocations %+v", inv)
		}
	}
}
