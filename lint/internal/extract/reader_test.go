package extract

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// found is what a handler got from one document, in order.
type found struct {
	refs    []Ref
	dirs    []Directive
	notes   []Note
	anchors []Anchor
}

// handler returns a handler that records what it gets in f.
func (f *found) handler() Handler {
	return Handler{
		Ref:       func(r Ref) { f.refs = append(f.refs, r) },
		Directive: func(d Directive) { f.dirs = append(f.dirs, d) },
		Note:      func(n Note) { f.notes = append(f.notes, n) },
		Anchor:    func(a Anchor) { f.anchors = append(f.anchors, a) },
	}
}

// readerDocs are documents whose HTML heads buffer URLs until their base
// is settled: with a BASE element and without, with a directive among
// the head's URLs, in parts of a message and of a mailbox, and one whose
// head holds more URLs than a Reader keeps the buffer of.
func readerDocs(t *testing.T) []struct {
	name string
	kind Kind
	src  string
} {
	t.Helper()
	links := strings.Repeat(`<link rel=stylesheet href="s.css"><script src="j.js"></script>`, maxKeptEvents/2+1)
	docs := []struct {
		name string
		kind Kind
		src  string
	}{
		{"base.html", KindHTML, `<html><head><link href="a.css"><!-- relurl:ignore --><base href="http://b.example/d/"><script src="x.js"></script></head><body><a href="y">y</a></body></html>`},
		{"nobase.html", KindHTML, `<head><link href="c.css"><meta http-equiv=refresh content="0; url=r.html"><title>t</title></head><p id=p><a href="#p">p</a>`},
		{"long-head.html", KindHTML, "<head>" + links + `<base href="http://l.example/"></head><body><a href="z">z</a>`},
		{"nohead.html", KindHTML, `<a href="first">x</a><base href="http://late.example/">`},
		{"message.eml", KindMessage, "Content-Type: multipart/alternative; boundary=XX\r\n\r\n--XX\r\nContent-Type: text/html\r\n\r\n" +
			`<head><link href="m.css"><base href="http://m.example/"></head><a href="n">n</a>` + "\r\n--XX\r\nContent-Type: text/html\r\n\r\n" +
			`<head><link href="o.css"></head><a href="p">p</a>` + "\r\n--XX--\r\n"},
		{"box.mbox", KindMbox, "From a@b Sat Jan  1 00:00:00 2000\nContent-Type: text/html\n\n<head><link href=\"q.css\"><base href=\"http://q.example/\"></head><a href=\"r\">r</a>\n\n" +
			"From a@b Sat Jan  1 00:00:00 2000\nContent-Type: text/html\n\n<head><link href=\"s.css\"></head><a href=\"t\">t</a>\n"},
	}
	files, err := filepath.Glob("testdata/golden/*")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if strings.HasSuffix(f, ".golden") {
			continue
		}
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		k, _ := KindByName(f)
		docs = append(docs, struct {
			name string
			kind Kind
			src  string
		}{filepath.Base(f), k, string(data)})
	}
	return docs
}

// TestReader reads documents in turn with one Reader, forward and then
// backward so that each follows another, and holds what it finds in each
// to what Extract finds alone; after each, what the reader keeps holds
// nothing of the document (decision S-23), and it keeps the HTML
// scanner (whose Reset keeps nothing either: TestResetKeepsNothing).
func TestReader(t *testing.T) {
	docs := readerDocs(t)
	want := make([]found, len(docs))
	for i, d := range docs {
		Extract(d.src, d.kind, goldenRetrieval, want[i].handler())
		if d.kind == KindHTML && len(want[i].refs) == 0 {
			t.Fatalf("%s: no URL found", d.name)
		}
	}
	order := make([]int, len(docs))
	for i := range order {
		order[i] = i
	}
	var rd Reader
	kept := false
	back := slices.Clone(order)
	slices.Reverse(back)
	for _, i := range append(order, back...) {
		d := docs[i]
		var got found
		rd.Extract(d.src, d.kind, goldenRetrieval, got.handler())
		if !reflect.DeepEqual(got, want[i]) {
			t.Errorf("%s: read after another document, differs from Extract alone:\n got %s\nwant %s", d.name, show(got), show(want[i]))
		}
		if len(rd.events) != 0 {
			t.Errorf("%s: the reader keeps %d events", d.name, len(rd.events))
		}
		for j, e := range rd.events[:cap(rd.events)] {
			if !reflect.ValueOf(e).IsZero() {
				t.Fatalf("%s: the reader's buffer holds, at %d, %+v", d.name, j, e)
			}
		}
		if cap(rd.events) > maxKeptEvents {
			t.Errorf("%s: the reader keeps a buffer of %d events, past %d", d.name, cap(rd.events), maxKeptEvents)
		}
		kept = kept || cap(rd.events) > 0
		if d.kind == KindHTML && rd.scanner == nil {
			t.Errorf("%s: the reader kept no scanner", d.name)
		}
	}
	if !kept {
		t.Error("the reader never kept a buffer: the test reads no head that needs one")
	}
}

// show describes what a handler got, for a test's message.
func show(f found) string {
	var b strings.Builder
	for _, r := range f.refs {
		base := ""
		if r.Base != nil {
			base = r.Base.URL.URL
		}
		fmt.Fprintf(&b, "[%q at %d (%s) against %q] ", r.URL, r.Map.At(0), r.Where, base)
	}
	fmt.Fprintf(&b, "%d directives, %d notes, %d anchors", len(f.dirs), len(f.notes), len(f.anchors))
	return b.String()
}
