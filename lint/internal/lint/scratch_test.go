package lint

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/relurl/relurl/lint/internal/extract"
)

// scratchDocs are documents to lint in turn: the sample of the Python
// documentation, pages that repeat each other's URLs against other bases,
// one of more URLs than a kept memo may have held, and a list of URLs,
// which keeps no memo.
func scratchDocs(t *testing.T) (names, srcs []string) {
	t.Helper()
	add := func(name, src string) { names, srcs = append(names, name), append(srcs, src) }
	err := filepath.WalkDir(filepath.Join("..", "..", "..", "testdata", "bench", "pydocs"), func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".html") {
			return err
		}
		data, err := os.ReadFile(p)
		add(p, string(data))
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(names) < 5 {
		t.Fatalf("the sample has %d pages", len(names))
	}
	page := `<head><link href="s.css"></head><a href="a b">x</a><a href="%zz">y</a><a href="../up">z</a><a href="http://h/%7e">w</a>`
	add("one/page.html", page)
	add("two/page.html", `<head><base href="ftp://o.example/d/"></head>`+page)
	add("three/page.html", `<base href="http://a b/">`+page)
	// "../x" climbs above the root against the second base alone, which
	// browsers read apart: the two pages' findings differ for one same
	// URL. It comes second, after the URL whose check makes the memo.
	add("deep.html", `<base href="http://h/a/b/c/"><a href="%zz">y</a><a href="../x">x</a>`)
	add("top.html", `<base href="http://h/"><a href="%zz">y</a><a href="../x">x</a>`)
	var many strings.Builder
	for i := range maxKeptMemo + 10 {
		fmt.Fprintf(&many, "<a href=\"p%d.html\">%d</a><a href=\"q %d\">x</a>\n", i, i, i)
	}
	add("many.html", many.String())
	add("list.urls", "http://a/b c\n../d\n%zz\n")
	return names, srcs
}

// TestScratchReuse lints documents in turn with one linter, forward and
// then backward, and holds each one's findings to those a new linter
// finds in it alone: what a check reuses from the check before changes
// nothing. The scratch a check gives back holds an empty memo (decision
// S-23).
func TestScratchReuse(t *testing.T) {
	opts := Options{Fixes: true, Enable: []string{"rfc1738", "portability"}, Retrieval: "http://example.com/docs/"}
	names, srcs := scratchDocs(t)
	l, err := New(opts)
	if err != nil {
		t.Fatal(err)
	}
	order := make([]int, len(names))
	for i := range order {
		order[i] = i
	}
	back := slices.Clone(order)
	slices.Reverse(back)
	findings := 0
	for _, i := range append(order, back...) {
		kind, _ := extract.KindByName(names[i])
		got := l.Check(names[i], srcs[i], kind, l.retrieval, nil)
		fresh, err := New(opts)
		if err != nil {
			t.Fatal(err)
		}
		want := fresh.Check(names[i], srcs[i], kind, l.retrieval, nil)
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: linted after another document, %d findings; alone, %d", names[i], len(got.Findings), len(want.Findings))
		}
		findings += len(want.Findings)
		// A pool may drop what it is given (it does at random under the
		// race detector): what it holds, if anything, holds nothing.
		if sc, ok := l.scratch.Get().(*scratch); ok {
			if len(sc.memo) != 0 {
				t.Errorf("%s: the scratch given back holds a memo of %d URLs", names[i], len(sc.memo))
			}
			l.scratch.Put(sc)
		}
	}
	if findings == 0 {
		t.Error("no document has a finding: the test compares nothing")
	}
}

// TestPutScratch: a memo that held at most maxKeptMemo URLs is kept,
// emptied; a larger one is let go.
func TestPutScratch(t *testing.T) {
	l, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []int{0, 1, maxKeptMemo, maxKeptMemo + 1} {
		sc := &scratch{}
		m := map[string]memoEntry{}
		for i := range n {
			m[fmt.Sprint(i)] = memoEntry{id: i}
		}
		l.putScratch(sc, m)
		kept := sc.takeMemo()
		switch {
		case n <= maxKeptMemo && (kept == nil || len(kept) != 0):
			t.Errorf("a memo of %d URLs: kept one of %d (nil: %t)", n, len(kept), kept == nil)
		case n > maxKeptMemo && kept != nil:
			t.Errorf("a memo of %d URLs: kept, past %d", n, maxKeptMemo)
		}
		if sc.takeMemo() != nil {
			t.Errorf("a memo of %d URLs: taken twice", n)
		}
	}
}
