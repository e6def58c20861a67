package scale

import (
	"os"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

// TestSizes holds every input to about the size asked for: the ratios
// are scaled by the actual sizes, but an input that did not grow with n
// would measure nothing.
func TestSizes(t *testing.T) {
	check := func(what string, got, n int) {
		t.Helper()
		if got < n/2 || got > 2*n+1024 {
			t.Errorf("%s: %d bytes for %d", what, got, n)
		}
	}
	for _, n := range []int{4 << 10, 256 << 10} {
		for _, kind := range Kinds {
			for _, shape := range Shapes {
				if doc, ok := Document(kind, shape, n); ok {
					check(kind+" "+shape, len(doc), n)
				}
			}
		}
		for _, shape := range Shapes {
			if u, ok := URL(shape, n); ok {
				check("URL "+shape, len(u), n)
			}
			if m, ok := Message(shape, n); ok {
				check("message "+shape, len(m), n)
			}
		}
		check("URLLines", len(URLLines(n)), n)
		check("HTMLLongHead", len(HTMLLongHead(n)), n)
		for _, h := range HostileShapes() {
			// Some hostile shapes are a few times their n (a unit per
			// byte); what counts is that they grow with it.
			if got := len(h.Make(n)); got < n/8 || got > 8*n+1024 {
				t.Errorf("hostile %s %q: %d bytes for %d", h.Kind, h.Name, got, n)
			}
		}
	}
}

// TestShapes: each shape is what it says.
func TestShapes(t *testing.T) {
	u, _ := URL(InvalidBytes, 1000)
	for i := 0; i < len(u); i++ {
		if c := u[i]; c > ' ' && c < 0x7f && !strings.ContainsRune("\"<>\\^`{|}", rune(c)) {
			t.Fatalf("invalid-bytes holds %q", c)
		}
	}
	if utf8.ValidString(u) {
		t.Error("invalid-bytes is valid UTF-8")
	}
	if u, _ := URL(DeepDotDot, 30); u != "../../../../../../../../../g" {
		t.Errorf("deep-dotdot: %q", u)
	}
	if doc, _ := Document("html", LongLine, 10000); strings.Count(doc, "\n") != 4 || strings.Count(doc, BadLink) < 300 {
		t.Errorf("long-line HTML is not one line of links:\n%.300s", doc)
	}
	if doc, _ := Document("html", ManyLines, 10000); strings.Count(doc, "\n") < 300 {
		t.Errorf("many-lines HTML has %d lines", strings.Count(doc, "\n"))
	}
	if _, ok := Document("text", DeepNesting, 1000); ok {
		t.Error("a list of URLs nests")
	}
	if _, ok := Document("html", ManyFiles, 1000); ok {
		t.Error("one document of many files")
	}
	if m, _ := Message(ManyFiles, 10000); strings.Count(m, "\n--b\n") < 100 {
		t.Errorf("many-files message has %d parts", strings.Count(m, "\n--b\n"))
	}
}

// TestHarness holds the harness to telling linear time from quadratic:
// a linear case well under Limit, a quadratic one over it. It is a timing
// test, so it runs with the suite (RELURL_SCALE=1, make scale) only.
func TestHarness(t *testing.T) {
	if os.Getenv("RELURL_SCALE") == "" || Race {
		t.Skip("a timing test: make scale runs it (RELURL_SCALE=1, no race detector)")
	}
	cfg := Config{Target: time.Millisecond, MinSize: 1 << 10, MaxSize: 64 << 10, Runs: 3}
	sink := 0
	linear := Case{Entry: "linear", Shape: "bytes", Prepare: func(n int) (func(), int) {
		s := strings.Repeat("ab", n/2)
		return func() {
			for i := range 20 {
				sink += strings.Count(s, "b") + i
			}
		}, len(s)
	}}
	quadratic := Case{Entry: "quadratic", Shape: "bytes", Prepare: func(n int) (func(), int) {
		s := strings.Repeat("ab", n/2)
		return func() {
			// Every 64th byte against every other: n²/64 steps.
			for i := 0; i < len(s); i += 64 {
				sink += strings.Count(s[i:], "b")
			}
		}, len(s)
	}}
	results := Suite([]Case{linear, quadratic}, cfg, nil)
	if r := results[0]; r.Over() || r.Ratio < 4 {
		t.Errorf("linear case: ratio %.1f (%v at %d bytes, %v at %d)", r.Ratio, r.Time, r.Size, r.Time8, r.Size8)
	}
	if r := results[1]; !r.Over() {
		t.Errorf("quadratic case: ratio %.1f, not over %g (%v at %d bytes, %v at %d)", r.Ratio, Limit, r.Time, r.Size, r.Time8, r.Size8)
	}
	_ = sink
}
