package conformance

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/relurl/relurl/internal/testtool"
)

// TestConformanceDoc holds docs/conformance.md to the recording it is
// written from: every figure on the page is the recording's.
func TestConformanceDoc(t *testing.T) {
	rec, err := LoadRecording(root)
	if err != nil {
		t.Fatal(err)
	}
	got, err := rec.Render()
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile(filepath.Join(root, DocPath))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("%s is not what the recording %s gives: run make conformance", DocPath, RecordingPath)
	}
}

// TestRecordingCurrent: the recording was made on the data as it is.
func TestRecordingCurrent(t *testing.T) {
	rec, err := LoadRecording(root)
	if err != nil {
		t.Fatal(err)
	}
	sum, err := DataSum(root)
	if err != nil {
		t.Fatal(err)
	}
	if rec.Data != sum {
		t.Fatalf("%s was recorded on other data than %s: run make conformance", RecordingPath, DataPath)
	}
	if len(rec.Rows) != len(Adapters) {
		t.Errorf("%d rows recorded for %d adapters (missing: %v)", len(rec.Rows), len(Adapters), rec.Missing)
	}
}

// TestAdapters runs the harness with each adapter whose interpreter or
// library is installed, and skips the others with a message naming what
// they need (with RELURL_REQUIRE_ADAPTERS=1, as CI sets it, a missing
// one fails). Each adapter must answer every case; where the library's
// version is the one recorded, its row must be the recorded row.
func TestAdapters(t *testing.T) {
	cases, err := Load(filepath.Join(root, DataPath))
	if err != nil {
		t.Fatal(err)
	}
	rec, err := LoadRecording(root)
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range Adapters {
		t.Run(a.Name, func(t *testing.T) {
			row, err := RunAdapter(context.Background(), a, root, cases)
			if errors.Is(err, ErrMissing) {
				testtool.Missing(t, testtool.Adapters, err)
			}
			if err != nil {
				t.Fatal(err)
			}
			if row.All.Of != len(cases) {
				t.Fatalf("%d cases scored of %d", row.All.Of, len(cases))
			}
			want := rec.Row(a.Name)
			switch {
			case want == nil:
				t.Errorf("no row recorded for %s: run make conformance", a.Name)
			case want.Version != row.Version:
				t.Logf("%s %s here, %s recorded: its row is not compared", row.Implementation, row.Version, want.Version)
			case !reflect.DeepEqual(*want, row):
				t.Errorf("%s %s: the row differs from the recording: run make conformance\nrecorded: %+v\nhere:     %+v",
					row.Implementation, row.Version, want, row)
			}
		})
	}
}

// TestScore scores made-up answers: a pass, a different URL, an error
// where RFC 1808 gives a URL, a URL where it gives none.
func TestScore(t *testing.T) {
	base := "http://a/b/c/d;p?q#f"
	str := func(s string) *string { return &s }
	cases := []*Case{
		{Input: "g", Base: &base, Href: "http://a/b/c/g", Parts: Parts{Scheme: Some("http"), NetLoc: Some("a"), Path: "/b/c/g"}, Valid: true, Source: SourceSection51},
		{Input: ";x", Base: &base, Href: "http://a/b/c/d;x", Parts: Parts{Scheme: Some("http"), NetLoc: Some("a"), Path: "/b/c/d", Params: Some("x")}, Valid: true, Source: SourceSection51},
		{Input: "g:h", Base: nil, Href: "g:h", Parts: Parts{Scheme: Some("g"), Path: "h"}, Valid: true, Source: "x"},
		{Input: "a b", Base: nil, Failure: true, Source: "x"},
	}
	answers := []Answer{
		{Href: str("http://a/b/c/g"), Scheme: str("http"), NetLoc: str("a"), Path: str("/b/c/g")},
		{Href: str("http://a/b/c/;x"), Scheme: str("http"), NetLoc: str("a"), Path: str("/b/c/;x")},
		{Error: "no"},
		{Href: str("a%20b"), Path: str("a%20b")},
	}
	r := Score("test", Meta{Implementation: "test", Validity: true, EmptyComponents: true}, cases, answers)
	if r.Section5 != (Ratio{1, 2}) || r.All != (Ratio{1, 4}) || r.Split != (Ratio{1, 1}) || *r.Verdict != (Ratio{2, 4}) {
		t.Errorf("§5 %v, all %v, split %v, verdict %v", r.Section5, r.All, r.Split, *r.Verdict)
	}
	classes := map[string]int{}
	for _, c := range r.Classes {
		classes[c.Class] = c.N
	}
	if !reflect.DeepEqual(classes, map[string]int{"params": 1, "slash-confusion": 1, "percent-encoding": 1}) {
		t.Errorf("classes %v", classes)
	}
}
