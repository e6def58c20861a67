package lint

import (
	"strings"
	"testing"
)

// The targets of the controls (directives, the configuration file,
// patterns) are in this file with nothing they need elsewhere but in the
// package's non-test files, as OSS-Fuzz compiles them. Their seeds are
// testdata/fuzz/<target>: a few directives, files (the example
// configuration among them) and patterns written by hand, and what "make
// corpus" writes for their arguments (URLs, random bytes, pairs).

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

// FuzzParseConfig: any file is read or refused with a *ConfigError naming
// it, never a panic. Its seeds include the example file.
func FuzzParseConfig(f *testing.F) {
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := ParseConfig("f.toml", data)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "f.toml") {
				t.Errorf("%q: %v does not name the file", data, err)
			}
			return
		}
		if _, err := New(c.Options()); err != nil {
			t.Errorf("%q: a configuration read makes no linter: %v", data, err)
		}
	})
}

// FuzzPatterns: any pattern compiles or fails, and matching never panics.
func FuzzPatterns(f *testing.F) {
	f.Fuzz(func(t *testing.T, pattern, path string) {
		ps, err := ParsePatterns([]string{pattern})
		if err != nil {
			return
		}
		ps.Match(path, false)
		ps.Match(path, true)
	})
}
