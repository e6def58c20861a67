package htmlscan

import (
	"os"
	"path/filepath"
	"testing"
)

// FuzzScanner holds the scanner to x/net/html's Tokenizer on any input:
// the same start tags (names, attributes, decoded values) and comments
// at the same offsets, with the departures of the decisions of group X
// (see tokenized). Its seeds are pages of the Debian documentation trees
// (testdata/pages) and the table tests' documents.
func FuzzScanner(f *testing.F) {
	pages, err := filepath.Glob(filepath.Join("testdata", "pages", "*.html"))
	if err != nil {
		f.Fatal(err)
	}
	for _, p := range pages {
		data, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(data))
	}
	for _, c := range scanCases {
		f.Add(c.doc)
	}
	f.Fuzz(func(t *testing.T, doc string) {
		if d := firstDifference(doc); d != "" {
			t.Fatalf("%q: %s", doc, d)
		}
	})
}
