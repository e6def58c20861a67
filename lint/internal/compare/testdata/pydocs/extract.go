//go:build ignore

// extract writes the corpus of real documentation links that the
// prefilter's differential test and BenchmarkPyDocs read: the href and src
// values of the Python 3.11 documentation as Debian ships it
// (apt-get install python3.11-doc), each with the URL its page is served
// at, https://docs.python.org/3.11/<path>, as its base.
//
//	go run ./compare/testdata/pydocs/extract.go /usr/share/doc/python3.11/html > compare/testdata/pydocs/links.jsonl
//
// Values are read as the linter reads them: by x/net/html's tokenizer,
// character references decoded, HTML white space trimmed. Pairs are
// deduplicated by (page, value), as the linter compares each distinct URL
// of a document once, and a fixed sample of them is kept, in the order of
// the walk: every pair whose FNV-1a hash falls in the sample's share.
// Each line is a JSON array: [page path, value].
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"golang.org/x/net/html"
)

const keep = 4000 // about how many pairs to keep

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: go run extract.go HTMLDIR")
		os.Exit(2)
	}
	root := os.Args[1]
	type pair struct{ page, ref string }
	var pairs []pair
	seen := map[[2]string]bool{}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".html") {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		page := filepath.ToSlash(rel)
		f, err := os.Open(p)
		if err != nil {
			return err
		}
		defer f.Close()
		z := html.NewTokenizer(bufio.NewReader(f))
		for {
			tt := z.Next()
			if tt == html.ErrorToken {
				break
			}
			if tt != html.StartTagToken && tt != html.SelfClosingTagToken {
				continue
			}
			_, more := z.TagName()
			for more {
				var k, v []byte
				k, v, more = z.TagAttr()
				if string(k) != "href" && string(k) != "src" {
					continue
				}
				ref := strings.Trim(string(v), " \t\n\f\r")
				key := [2]string{page, ref}
				if !seen[key] {
					seen[key] = true
					pairs = append(pairs, pair{page, ref})
				}
			}
		}
		return nil
	})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	share := uint32(float64(keep) / float64(len(pairs)) * (1<<32 - 1))
	out := bufio.NewWriter(os.Stdout)
	enc := json.NewEncoder(out)
	enc.SetEscapeHTML(false)
	n := 0
	for _, p := range pairs {
		h := fnv.New32a()
		h.Write([]byte(p.page + "\x00" + p.ref))
		if len(pairs) > keep && h.Sum32() > share {
			continue
		}
		if err := enc.Encode([]string{p.page, p.ref}); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		n++
	}
	out.Flush()
	fmt.Fprintf(os.Stderr, "%d distinct (page, value) pairs, %d kept\n", len(pairs), n)
}
