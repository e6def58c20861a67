package fuzz

import "testing"

// FuzzStructuredParse is grammar-aware: it reads its input as the choices
// of package gen's productions (gen.Bytes), so every input is a URL built
// production by production, and a mutation of the bytes is a mutation of
// the URL's structure. Three times in four the URL is valid: both readers
// accept it, agree, and read back exactly the generated components. Once
// in four it carries one known violation: both readers reject it, agree on
// the offset, and the validator reports exactly that violation. The bytes
// the productions leave unread then edit the URL a few bytes at a time,
// and the readers must agree on the result too: structure first, then
// the noise that reaches their error paths. It is the structured twin of
// the raw-string agreement target in parse_test.go.
func FuzzStructuredParse(f *testing.F) {
	f.Fuzz(func(t *testing.T, data []byte) {
		u, inv, invalid, edited := drawCase(data)
		msg := ""
		if invalid {
			msg = violationReported(inv)
		} else {
			msg = validRoundTrip(u)
		}
		if msg == "" {
			msg = disagreement(edited)
		}
		if msg != "" {
			t.Fatalf("%q: %s", edited, msg)
		}
	})
}
