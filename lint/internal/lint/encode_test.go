package lint

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/relurl/relurl/lint/internal/extract"
)

// TestFindingEncoding: a finding decoded from its encoding writes as the
// finding did in every format: the same fields, caret view, readings
// table, fix and suggestions; every finding of the test site's documents,
// with fixes and the WHATWG rules on, some on lines of a minified page.
func TestFindingEncoding(t *testing.T) {
	l, err := New(Options{Fixes: true, Enable: []string{"portability", "rfc1738"}, Retrieval: "http://www.example.com/Test/a/b/c"})
	if err != nil {
		t.Fatal(err)
	}
	var findings []Finding
	err = filepath.WalkDir("testdata", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || filepath.Ext(p) == ".golden" {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		k := extract.Detect(p, data)
		if k == 0 {
			return nil
		}
		findings = append(findings, l.File(p, data, k)...)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	long := "<p>" + strings.Repeat("<a href=\"a b\">x</a> ", 2000) + "\n"
	findings = append(findings, l.File("long.html", []byte(long), extract.KindHTML)...)
	var tables, sgs, edits, carets int
	for i := range findings {
		f := &findings[i]
		b, err := f.AppendBinary(nil)
		if err != nil {
			t.Fatal(err)
		}
		var g Finding
		if err := g.UnmarshalBinary(b); err != nil {
			t.Fatalf("%s:%d:%d [%s]: %v", f.File, f.Line, f.Column, f.Rule, err)
		}
		want := *f
		want.Readings, want.line, want.lineFrom, want.suggestions, want.readings = nil, "", 0, nil, ""
		got := g
		got.line, got.lineFrom, got.suggestions, got.readings = "", 0, nil, ""
		if !reflect.DeepEqual(got, want) {
			t.Errorf("decoded\n%+v\nwant\n%+v", got, want)
		}
		if g.Caret() != f.Caret() {
			t.Errorf("%s:%d:%d [%s]: caret\n%s\nwant\n%s", f.File, f.Line, f.Column, f.Rule, g.Caret(), f.Caret())
		}
		if g.ReadingsTable() != f.ReadingsTable() {
			t.Errorf("%s:%d:%d [%s]: readings\n%s\nwant\n%s", f.File, f.Line, f.Column, f.Rule, g.ReadingsTable(), f.ReadingsTable())
		}
		if !reflect.DeepEqual(g.Suggestions(), f.Suggestions()) {
			t.Errorf("%s:%d:%d [%s]: suggestions %+v, want %+v", f.File, f.Line, f.Column, f.Rule, g.Suggestions(), f.Suggestions())
		}
		if len(g.SourceLine()) > 200 {
			t.Errorf("%s:%d:%d [%s]: keeps %d bytes of its line", f.File, f.Line, f.Column, f.Rule, len(g.SourceLine()))
		}
		tables += len(f.ReadingsTable())
		sgs += len(f.Suggestions())
		carets += len(f.Caret())
		if f.Edit != nil {
			edits++
		}
	}
	if tables == 0 || sgs == 0 || edits == 0 || carets == 0 {
		t.Errorf("%d findings with %d bytes of readings, %d suggestions, %d edits, %d bytes of carets: want some of each",
			len(findings), tables, sgs, edits, carets)
	}
}

// TestFindingEncodingBad: what is not an encoding is refused, never a
// panic: each encoding cut short, and with a byte changed.
func TestFindingEncodingBad(t *testing.T) {
	l, err := New(Options{Fixes: true})
	if err != nil {
		t.Fatal(err)
	}
	fs := l.File("a.urls", []byte("http://a/b c\nhttp:g\n"), extract.KindText)
	for i := range fs {
		b, _ := fs[i].AppendBinary(nil)
		for n := range len(b) {
			var g Finding
			if err := g.UnmarshalBinary(b[:n]); !errors.Is(err, ErrEncoding) {
				t.Errorf("%d of %d bytes: %v", n, len(b), err)
			}
		}
		var g Finding
		if err := g.UnmarshalBinary(append(b, 0)); !errors.Is(err, ErrEncoding) {
			t.Errorf("a byte more: %v", err)
		}
	}
}
