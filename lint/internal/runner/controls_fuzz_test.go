package runner

import (
	"strings"
	"testing"

	"github.com/relurl/relurl/lint/internal/lint"
)

// The targets of the runner's controls (the configuration file, patterns)
// are in this file with nothing they need elsewhere but in the package's
// non-test files, as OSS-Fuzz compiles them. Their seeds are
// testdata/fuzz/<target>: files (the example configuration among
// them) and patterns written by hand, and what "make corpus" writes for
// their arguments (random bytes, pairs).

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
		l, err := lint.New(c.Options())
		if err != nil {
			t.Errorf("%q: a configuration read makes no linter: %v", data, err)
			return
		}
		for i, o := range c.Overrides {
			if _, err := l.WithLevels(o.Levels); err != nil {
				t.Errorf("%q: override %d makes no linter: %v", data, i+1, err)
			}
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
