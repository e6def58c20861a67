package compare

import (
	"encoding/json"
	"reflect"
	"testing"
	"unicode/utf8"
)

// FuzzPrefilter is the safety net of the shortcuts: for any base and
// reference, Reference must give the report the full path gives, and
// Agrees its verdict. Its seeds are testdata/fuzz/FuzzPrefilter (what it
// found, and the pairs "make corpus" writes); TestPrefilterDifferential
// runs the prefilter's seeds. It holds what it needs in this file:
// OSS-Fuzz compiles it with the package's non-test files alone.
func FuzzPrefilter(f *testing.F) {
	f.Fuzz(func(t *testing.T, base, ref string) {
		if len(base)+len(ref) > 4096 || !utf8.ValidString(base) || !utf8.ValidString(ref) {
			return // as the package's other fuzz target
		}
		checkShortcuts(t, NewBase(base), exactBase(base), ref)
	})
}

// checkShortcuts holds Reference with its shortcuts (the prefilter, and
// the WHATWG reading known without a base) to the full path: the reports
// must be identical, unexported fields and all, and Agrees must answer as
// the report does. It returns whether the prefilter took the input.
func checkShortcuts(t *testing.T, fast, exact *Base, ref string) bool {
	t.Helper()
	k, _ := fast.plainKindOf(ref)
	got, want := fast.Reference(ref), exact.Reference(ref)
	if !reflect.DeepEqual(got, want) {
		g, _ := json.MarshalIndent(got, "", "  ")
		w, _ := json.MarshalIndent(want, "", "  ")
		t.Errorf("base %q, ref %q (plain kind %d): the shortcut's report differs from the full path's\nshortcut: %s\nfull:     %s",
			fast.s, ref, k, g, w)
	}
	if a := fast.Agrees(ref); a != want.Agree {
		t.Errorf("base %q, ref %q: Agrees says %v, the report %v", fast.s, ref, a, want.Agree)
	}
	return k != notPlain
}

// exactBase is base read with every shortcut off: the full path, each
// reader run.
func exactBase(base string) *Base {
	b := NewBase(base)
	b.exact = true
	return b
}
