package compare

import (
	"encoding/json"
	"testing"
	"unicode/utf8"
)

// checkReport holds the properties every report has: every divergence is
// classified and names its components, the JSON form round-trips its
// field names, and Agree says whether there are divergences.
func checkReport(t *testing.T, rep *Report) {
	t.Helper()
	for _, d := range rep.Divergences {
		if d.Class == Unclassified || d.Class >= numClasses {
			t.Errorf("base %q, ref %q: unclassified divergence %v\n%s", rep.Base.Value, rep.Input, d, dump(rep))
		}
		if len(d.Parts) == 0 {
			t.Errorf("base %q, ref %q: divergence %v names no component", rep.Base.Value, rep.Input, d)
		}
	}
	if rep.Agree != (len(rep.Divergences) == 0) {
		t.Errorf("Agree is %v with %d divergences", rep.Agree, len(rep.Divergences))
	}
	for i, rd := range rep.Readings {
		if rd.Reader != Reader(i) {
			t.Errorf("reading %d is by %v", i, rd.Reader)
		}
		if rd.Verdict == Repaired && len(rd.FixUps) == 0 || rd.Verdict != Repaired && len(rd.FixUps) != 0 {
			t.Errorf("%q: %v %v with fix-ups %v", rep.Input, rd.Reader, rd.Verdict, rd.FixUps)
		}
		if rd.Verdict == Rejected && rd.Error == "" {
			t.Errorf("%q: %v rejects it without saying why", rep.Input, rd.Reader)
		}
		if len(rd.Error) > maxError {
			t.Errorf("%q: %v's error is %d bytes long", rep.Input, rd.Reader, len(rd.Error))
		}
	}
	if rd := rep.Readings[RFC1808]; !rd.URL.Present {
		t.Errorf("%q: RFC 1808 produced no URL", rep.Input)
	}
}

func dump(rep *Report) string {
	b, _ := json.MarshalIndent(rep, "", "  ")
	return string(b)
}

// FuzzCompare is the differential target over the three readers: every
// divergence between RFC 1808, net/url and the URL Standard must fall in a
// documented class. Its seeds are testdata/fuzz/FuzzCompare (the crashers
// found, references without a base, and the pairs "make corpus" writes:
// §5's and generated ones); TestSeedsClassified runs §5 with and without
// its base and the Web Platform Tests' cases. It holds only what it needs,
// in this file: OSS-Fuzz compiles it with the package's non-test files
// alone.
func FuzzCompare(f *testing.F) {
	f.Fuzz(func(t *testing.T, base, ref string) {
		if len(base)+len(ref) > 4096 || !utf8.ValidString(base) || !utf8.ValidString(ref) {
			return // the URL Standard reads code points; bytes that are not UTF-8 are the caller's to decode
		}
		checkReport(t, Reference(base, ref))
	})
}
