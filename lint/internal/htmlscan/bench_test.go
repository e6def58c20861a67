package htmlscan

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// readAll reads every attribute of every start tag of doc, and every
// comment's text, with s: every value when decode is set, else those
// that hold no character reference, CR or NUL (a decoded value is a new
// string).
func readAll(s *Scanner, doc string, decode bool) (tags, attrs int) {
	s.Reset(doc)
	for {
		switch s.Next() {
		case EOF:
			return tags, attrs
		case StartTag:
			tags++
			_ = s.Name()
			for _, a := range s.Attrs() {
				if decode || !NeedsDecoding(s.doc[a.ValStart:a.ValEnd]) {
					_ = s.Value(a)
				}
				attrs++
			}
		case Comment:
			_ = s.Text()
		}
	}
}

// TestAllocations holds the scanner to no allocation per tag or
// attribute: reading the seed pages, a Scanner reset from page to page
// allocates nothing once its slice of attributes has grown.
func TestAllocations(t *testing.T) {
	pages, err := filepath.Glob(filepath.Join("testdata", "pages", "*.html"))
	if err != nil || len(pages) == 0 {
		t.Fatalf("no seed pages: %v", err)
	}
	var docs []string
	for _, p := range pages {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		docs = append(docs, string(data))
	}
	// Upper case names and attributes, and values that need no decoding.
	docs = append(docs, strings.Repeat(`<DIV CLASS="a" ID=b HREF='c' data-x=1 data-y=2><!-- c --></DIV>`, 100))
	s := New("")
	n := testing.AllocsPerRun(20, func() {
		for _, d := range docs {
			readAll(s, d, false)
		}
	})
	if n != 0 {
		t.Errorf("reading %d pages allocates %v times, want 0", len(docs), n)
	}
}

// benchTrees are the trees the benchmarks read: RELURL_BENCH_TREES, a
// list separated by the path list separator, or the Python, Apache and
// git documentation trees.
func benchTrees() []string {
	if v := os.Getenv("RELURL_BENCH_TREES"); v != "" {
		return filepath.SplitList(v)
	}
	return debianTrees[:3]
}

// benchDocs returns the pages of the tree root, skipping the benchmark
// when it is not installed.
func benchDocs(b *testing.B, root string) [][]byte {
	if _, err := os.Stat(root); err != nil {
		b.Skipf("%s is not installed", root)
	}
	var docs [][]byte
	for _, f := range htmlFiles(b, root) {
		data, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		docs = append(docs, data)
	}
	return docs
}

// treeName names a tree in a benchmark's name: python3.11, apache2-doc, git.
func treeName(root string) string {
	return strings.Split(strings.TrimPrefix(root, "/usr/share/doc/"), "/")[0]
}

// BenchmarkHTML reads every start tag's name, attributes and values,
// and every comment's text, of the pages of each tree, with the Scanner
// (impl=htmlscan) and, as its baseline in the same run, with x/net/html's
// Tokenizer (impl=tokenizer); make bench's report sets them side by side.
func BenchmarkHTML(b *testing.B) {
	for _, root := range benchTrees() {
		docs := benchDocs(b, root)
		strs := make([]string, len(docs))
		size := 0
		for i, d := range docs {
			strs[i] = string(d)
			size += len(d)
		}
		b.Run("tree="+treeName(root)+"/impl=htmlscan", func(b *testing.B) {
			s := New("")
			b.SetBytes(int64(size))
			b.ReportAllocs()
			for b.Loop() {
				for _, d := range strs {
					readAll(s, d, true)
				}
			}
		})
		b.Run("tree="+treeName(root)+"/impl=tokenizer", func(b *testing.B) {
			b.SetBytes(int64(size))
			b.ReportAllocs()
			for b.Loop() {
				for _, d := range docs {
					z := html.NewTokenizer(bytes.NewReader(d))
					for {
						tt := z.Next()
						if tt == html.ErrorToken {
							break
						}
						switch tt {
						case html.StartTagToken, html.SelfClosingTagToken:
							_, more := z.TagName()
							for more {
								_, _, more = z.TagAttr()
							}
						case html.CommentToken:
							_ = z.Text()
						}
					}
				}
			}
		})
	}
}
