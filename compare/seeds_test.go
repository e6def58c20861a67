package compare

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// TestSeedsClassified runs the properties on the seeds alone, so that
// go test (without -fuzz) holds every WPT case and every §5 example.
func TestSeedsClassified(t *testing.T) {
	b5 := NewBase(section5Base)
	for _, r := range section5 {
		checkReport(t, b5.Reference(r))
		checkReport(t, URL(r))
	}
	for _, c := range wptCases(t) {
		base := ""
		if c.Base != nil {
			base = *c.Base
		}
		if !utf8.ValidString(c.Input) || strings.ContainsRune(c.Input, utf8.RuneError) {
			continue
		}
		checkReport(t, Reference(base, c.Input))
		checkReport(t, URL(c.Input))
	}
}
