package format

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/relurl/relurl/ast"
	"github.com/relurl/relurl/lint"
	"github.com/relurl/relurl/lint/extract"
)

// failingWriter fails every write.
type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

// TestFormats: every format is a lint.Reporter made by name, writes
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
	err := s.File(&lint.FileResult{Findings: []lint.Finding{{Rule: "no/such-rule", Severity: ast.SeverityError}}})
	if err == nil {
		t.Error("a finding of an unlisted rule was written")
	}
}

func TestArtifactURI(t *testing.T) {
	for _, tt := range []struct{ file, root, want string }{
		{"a/b c.html", "", "a/b%20c.html"},
		{"a/b.html", "a", "b.html"},
		{"../x.html", ".", "../x.html"},
		{"a/#b.html", "", "a/%23b.html"},
	} {
		if got := artifactURI(tt.file, tt.root); got != tt.want {
			t.Errorf("artifactURI(%q, %q) = %q, want %q", tt.file, tt.root, got, tt.want)
		}
	}
}
