package lint

import (
	"bytes"
	"testing"

	"github.com/relurl/relurl/lint/internal/extract"
)

// FuzzLint holds the linter to its promises on any file, read as a URL
// list, an HTML document or a message: no panic, and every finding inside
// the file, with a line and column from 1 that agree with its offset and a
// rule from the catalog. Its seeds (testdata/fuzz/FuzzLint) are documents
// of each kind around the §5 examples and generated URLs.
func FuzzLint(f *testing.F) {
	l, err := New(Options{Enable: []string{"rfc1738"}, Retrieval: "http://a/b/c/d;p?q"})
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, data []byte, kind uint8) {
		k := []extract.Kind{extract.KindText, extract.KindHTML, extract.KindMessage}[kind%3]
		for _, fd := range l.File("fuzz", data, k) {
			if fd.Offset < 0 || fd.EndOffset < fd.Offset || fd.EndOffset > len(data) {
				t.Fatalf("finding %+v outside the %d-byte file", fd, len(data))
			}
			line := 1 + bytes.Count(data[:fd.Offset], []byte("\n"))
			col := fd.Offset - bytes.LastIndexByte(data[:fd.Offset], '\n')
			if fd.Line != line || fd.Column != col {
				t.Fatalf("finding at %d:%d, offset %d is %d:%d", fd.Line, fd.Column, fd.Offset, line, col)
			}
			if _, ok := Lookup(fd.Rule); !ok {
				t.Fatalf("finding with unknown rule %q", fd.Rule)
			}
		}
	})
}
