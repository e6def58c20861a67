package lint

import (
	"strings"
	"testing"
)

// FuzzParseIgnore: any comment text parses or fails, never panics, and a
// directive that parses names only known rules and families.
func FuzzParseIgnore(f *testing.F) {
	for _, s := range []string{"relurl:ignore", "relurl:ignore a,,b", "relurl:ignore-file syntax -- x", "relurl:ignore ,", "relurl:\t", "relurl:ignore\tfsegment/colon--"} {
		f.Add(s)
	}
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
// it, never a panic.
func FuzzParseConfig(f *testing.F) {
	f.Add([]byte(issueConfig))
	f.Add([]byte("[[override]]\npaths=[\"a\"]\nrules={syntax=\"off\"}\n"))
	f.Add([]byte("exclude=[\"[\"]"))
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
	f.Add("**/a/**", "a/b/a/c")
	f.Add("!x/", "x")
	f.Add("[!a-", "b")
	f.Fuzz(func(t *testing.T, pattern, path string) {
		ps, err := ParsePatterns([]string{pattern})
		if err != nil {
			return
		}
		ps.Match(path, false)
		ps.Match(path, true)
	})
}
