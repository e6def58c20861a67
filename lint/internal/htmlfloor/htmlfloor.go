// Package htmlfloor is the floor of the linter's HTML path, the work no
// reader of URLs in HTML can skip: read the file, run x/net/html's
// Tokenizer over it, and read every start tag's name and attributes;
// nothing else. The linter's time on the same files, over this, is held
// at 1.25 or less by BenchmarkLintHTML against BenchmarkTokenizerFloor in
// package lint within one process, and at 0.4 or less for relurl lint -j 1
// --no-targets against the command floor (internal/htmlfloor/cmd/floor) as
// whole processes, which make bench runs (internal/benchratio): the linter
// reads HTML with its own scanner (internal/htmlscan).
package htmlfloor

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"golang.org/x/net/html"
)

// Counts are what the floor saw.
type Counts struct {
	// Files and Bytes are the files read and their size.
	Files, Bytes int
	// Tags and Attrs are the start tags (self-closing ones included) and
	// their attributes.
	Tags, Attrs int
}

// Tokenize runs the Tokenizer over doc and reads every start tag's name
// and attributes, and adds what it saw to c.
func (c *Counts) Tokenize(doc []byte) {
	z := html.NewTokenizer(bytes.NewReader(doc))
	for {
		switch z.Next() {
		case html.ErrorToken:
			return
		case html.StartTagToken, html.SelfClosingTagToken:
			_, more := z.TagName()
			c.Tags++
			for more {
				_, _, more = z.TagAttr()
				c.Attrs++
			}
		}
	}
}

// Read reads each file and tokenizes it.
func (c *Counts) Read(paths []string) error {
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		c.Files++
		c.Bytes += len(data)
		c.Tokenize(data)
	}
	return nil
}

// HTMLFiles returns the files named by args, and the .html and .htm
// files of the directories among them (walked in lexical order, hidden
// directories skipped), as relurl lint finds HTML files.
func HTMLFiles(args []string) ([]string, error) {
	var files []string
	for _, a := range args {
		info, err := os.Stat(a)
		if err != nil {
			return nil, err
		}
		if !info.IsDir() {
			files = append(files, a)
			continue
		}
		err = filepath.WalkDir(a, func(p string, d fs.DirEntry, err error) error {
			switch {
			case err != nil:
				return err
			case d.IsDir() && p != a && strings.HasPrefix(d.Name(), "."):
				return filepath.SkipDir
			case !d.IsDir() && (strings.HasSuffix(p, ".html") || strings.HasSuffix(p, ".htm")):
				files = append(files, p)
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	return files, nil
}
