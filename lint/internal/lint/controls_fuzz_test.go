package lint

import (
	"testing"
)

// The target of the suppression directives is in this file with nothing
// it needs elsewhere but in the package's non-test files, as OSS-Fuzz
// compiles it. Its seeds are testdata/fuzz/FuzzParseIgnore: a few
// directives written by hand, and what "make corpus" writes for its
// argument.

// FuzzParseIgnore: any comment text parses or fails, never panics, and a
// directive that parses names only known rules and families.
func FuzzParseIgnore(f *testing.F) {
	f.Fuzz(func(t *testing.T, s string) {
		ig, err := ParseIgnore(s)
		if err != nil {
			return
		}
		for _, name := range ig.Rules {
			if _, _, err := selectRules(name); err != nil {
				t.Errorf("%q: rule %q", s, name)
			}
		}
	})
}
