package compare

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// section5Base is the base of RFC 1808 §5.
const section5Base = "http://a/b/c/d;p?q#f"

// section5 lists the references of RFC 1808 §5.1 and §5.2.
var section5 = []string{
	// §5.1
	"g:h", "g", "./g", "g/", "/g", "//g", "?y", "g?y", "g?y/./x", "#s", "g#s", "g#s/./x", "g?y#s",
	";x", "g;x", "g;x?y#s", ".", "./", "..", "../", "../g", "../..", "../../", "../../g",
	// §5.2
	"", "../../../g", "../../../../g", "/./g", "/../g", "g.", ".g", "g..", "..g",
	"./../g", "./g/.", "g/./h", "g/../h", "http:g", "http:",
}

// TestSeedsClassified runs the properties on the seeds alone, so that
// go test (without -fuzz) holds every WPT case and every §5 example, with
// §5's base and with none.
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
