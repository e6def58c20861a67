package fuzz

import (
	"strings"
	"testing"

	"github.com/relurl/relurl/internal/rules"
	"github.com/relurl/relurl/validate"
)

// FuzzValidate checks the diagnostics themselves: each one's text is
// input[offset:end], offsets increase, every field is set, and a URL has
// errors exactly when it is not Valid.
func FuzzValidate(f *testing.F) {
	f.Fuzz(func(t *testing.T, s string) {
		_, diags := validate.Validate(s)
		prev := 0
		for _, d := range diags {
			if d.Offset < prev || d.End <= d.Offset || d.End > len(s) || d.Text != s[d.Offset:d.End] {
				t.Fatalf("%q: bad span %+v", s, d)
			}
			if d.Production == "" || d.Message == "" || d.Rule == "" || !strings.HasPrefix(d.Rule, d.Production+"/") {
				t.Fatalf("%q: incomplete diagnostic %+v", s, d)
			}
			if r, ok := rules.Lookup(d.Rule); !ok || r.Reader == rules.ReaderGrammar {
				t.Fatalf("%q: diagnostic %+v of a rule that is not validate's in ast's table of syntax rules", s, d)
			}
			prev = d.End
		}
		if validate.Valid(s) != (diags == nil) {
			t.Fatalf("%q: Valid and Validate disagree", s)
		}
		_ = diags.Err()
		if len(diags) > 0 {
			_ = diags[0].Caret(s)
		}
	})
}
