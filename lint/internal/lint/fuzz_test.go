package lint

import (
	"strings"
	"testing"

	"github.com/relurl/relurl/lint/internal/extract"
)

// FuzzFile: no file panics the linter, read as a URL list, HTML or a
// message, and every finding lies inside the file with positions that
// agree (checkInvariants). Its seeds are testdata/fuzz/FuzzFile: documents
// of each kind around generated URLs (written by "make corpus"), and three
// by hand (for the WHATWG rules, a base and links browsers read
// otherwise; a multipart message); TestHostileInput runs the
// hostile inputs. It holds only what it needs, in this file: OSS-Fuzz
// compiles it with the package's non-test files alone.
func FuzzFile(f *testing.F) {
	l, err := New(Options{Enable: []string{"rfc1738"}, Retrieval: "http://a/b/c/d;p?q"})
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, data []byte, kind uint8) {
		k := []extract.Kind{extract.KindText, extract.KindHTML, extract.KindMessage}[kind%3]
		checkInvariants(t, data, l.File("fuzz", data, k))
	})
}

// checkInvariants: findings lie inside the file, and positions agree.
func checkInvariants(t *testing.T, data []byte, fs []Finding) {
	t.Helper()
	for _, f := range fs {
		if f.Offset < 0 || f.Offset > f.EndOffset || f.EndOffset > len(data) {
			t.Fatalf("finding %s: span [%d,%d) outside a file of %d bytes", f.Rule, f.Offset, f.EndOffset, len(data))
		}
		if f.Line < 1 || f.Column < 1 || f.EndLine < f.Line || f.EndLine == f.Line && f.EndColumn < f.Column {
			t.Fatalf("finding %s: bad position %d:%d-%d:%d", f.Rule, f.Line, f.Column, f.EndLine, f.EndColumn)
		}
		if _, ok := Lookup(f.Rule); !ok {
			t.Fatalf("finding of unknown rule %q", f.Rule)
		}
		if !strings.Contains(f.URL, f.Text) {
			t.Fatalf("finding %s: text %q is not in its URL %q", f.Rule, f.Text, f.URL)
		}
		_ = f.Caret()
	}
}
