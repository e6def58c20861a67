package extract

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// goldenRetrieval is the retrieval URL the golden documents are read with.
const goldenRetrieval = "http://example.com/docs/guide/page"

// TestGolden reads every document of testdata/golden, by the kind its name
// says, and compares what the handler gets with NAME.golden: each URL at
// its line:column span, with a caret under the bytes the span covers,
// its base and encodings; each directive and note. go test -update
// rewrites the golden files.
func TestGolden(t *testing.T) {
	files, err := filepath.Glob("testdata/golden/*")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, f := range files {
		if strings.HasSuffix(f, ".golden") {
			continue
		}
		n++
		t.Run(filepath.Base(f), func(t *testing.T) {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			k, ok := KindByName(f)
			if !ok {
				t.Fatalf("%s: no kind by its name", f)
			}
			src := string(data)
			got := describe(t, src, k, goldenRetrieval)
			name := strings.TrimSuffix(f, filepath.Ext(f)) + ".golden"
			if *update {
				if err := os.WriteFile(name, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(name)
			if err != nil {
				t.Fatalf("%v (go test -update writes it)", err)
			}
			if got != string(want) {
				t.Errorf("%s differs (go test -update rewrites it); got:\n%s", name, got)
			}
		})
	}
	if n == 0 {
		t.Fatal("no golden documents")
	}
}

// describe extracts src and describes what it finds, checking each Ref's
// invariants on the way (checkRef).
func describe(t *testing.T, src string, k Kind, retrieval string) string {
	t.Helper()
	var b strings.Builder
	Extract(src, k, retrieval, Handler{
		Ref: func(r Ref) {
			checkRef(t, src, r)
			start, end := r.Map.At(0), r.Map.At(len(r.URL))
			var enc []string
			for _, e := range r.Encodings {
				enc = append(enc, e.String())
			}
			base := "(none)"
			if r.Base != nil {
				base = r.Base.URL.URL
				if base == "" {
					base = `""`
				}
				if r.Base.Err != nil {
					base += " (cannot serve)"
				}
			}
			fmt.Fprintf(&b, "%s %s %q", span(src, start, end), r.Where, r.URL)
			if r.IsBase {
				b.WriteString(" is-base")
			}
			fmt.Fprintf(&b, " base=%s enc=[%s]", base, strings.Join(enc, ","))
			if !r.Mappable() {
				b.WriteString(" inexact")
			}
			if r.Unwritable != "" {
				b.WriteString(" unwritable")
			}
			b.WriteString("\n")
			b.WriteString(carets(src, start, end))
		},
		Directive: func(d Directive) {
			fmt.Fprintf(&b, "directive %s %q\n", span(src, d.Offset, d.End), d.Text)
		},
		Note: func(n Note) {
			fmt.Fprintf(&b, "note %s %s [%s] %s\n", span(src, n.Offset, max(n.Offset, n.End)), n.Where, n.Kind, n.Message)
		},
	})
	return b.String()
}

// lineCol returns the line and byte column, from 1, of offset off.
func lineCol(src string, off int) (int, int) {
	line := 1 + strings.Count(src[:off], "\n")
	return line, off - (strings.LastIndexByte(src[:off], '\n') + 1) + 1
}

func span(src string, start, end int) string {
	l1, c1 := lineCol(src, start)
	l2, c2 := lineCol(src, end)
	return fmt.Sprintf("%d:%d-%d:%d", l1, c1, l2, c2)
}

// carets renders the line holding start with "^" under src[start:end]
// (to the end of the line when the span goes on), "|" for an empty span.
func carets(src string, start, end int) string {
	ls := strings.LastIndexByte(src[:start], '\n') + 1
	le := strings.IndexByte(src[start:], '\n')
	if le < 0 {
		le = len(src)
	} else {
		le += start
	}
	line := strings.TrimSuffix(src[ls:le], "\r")
	pad := make([]byte, 0, start-ls)
	for _, c := range []byte(src[ls:start]) {
		if c == '\t' {
			pad = append(pad, '\t')
		} else {
			pad = append(pad, ' ')
		}
	}
	mark := "|"
	if end > start {
		mark = strings.Repeat("^", min(end, ls+len(line))-start)
		if end > le {
			mark += "…"
		}
	}
	return "    " + line + "\n    " + string(pad) + mark + "\n"
}
