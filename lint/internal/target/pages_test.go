package target

import "testing"

// TestGlob: "*" stands for any run of bytes, "/" too; every other byte
// for itself.
func TestGlob(t *testing.T) {
	tests := []struct {
		p, s string
		want bool
	}{
		{"/*", "/pet/addPet", true},
		{"/*", "pet", false},
		{"*", "", true},
		{"", "", true},
		{"", "a", false},
		{"api/*.html", "api/v1/index.html", true},
		{"a*b*c", "aXbYc", true},
		{"a*b*c", "aXbYcd", false},
		{"!/*", "!/users", true},
		{"*a", "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb", false},
	}
	for _, tc := range tests {
		if got := Glob(tc.p, tc.s); got != tc.want {
			t.Errorf("Glob(%q, %q) = %v, want %v", tc.p, tc.s, got, tc.want)
		}
	}
}

// TestParsePageSettings: the forms of line ranges, the patterns of
// fragments scripts read, the ways of reading redirect pages the
// configuration may give.
func TestParsePageSettings(t *testing.T) {
	for _, tc := range []struct {
		conv string
		ok   bool
	}{{"N-N", true}, {"LN-LN", true}, {"lineN-N", true}, {"N", false}, {"NN-N", false}, {"L10-L20", false}, {"N-N-N", false}, {"N#-N", false}} {
		if err := ParseLineRange(tc.conv); (err == nil) != tc.ok {
			t.Errorf("ParseLineRange(%q) = %v, want ok %v", tc.conv, err, tc.ok)
		}
	}
	for _, tc := range []struct {
		p  string
		ok bool
	}{{"api/index.html#/*", true}, {"*#!*", true}, {"#/*", false}, {"api.html", false}, {"api.html#", false}} {
		if err := ParseScripted(tc.p); (err == nil) != tc.ok {
			t.Errorf("ParseScripted(%q) = %v, want ok %v", tc.p, err, tc.ok)
		}
	}
	for s, want := range map[string]Redirects{"follow": RedirectsFollow, "off": RedirectsOff} {
		if got, err := ParseRedirects(s); err != nil || got != want {
			t.Errorf("ParseRedirects(%q) = %v, %v", s, got, err)
		}
	}
	if _, err := ParseRedirects("Follow"); err == nil {
		t.Error(`ParseRedirects("Follow"): no error`)
	}
}

// TestLineEnd: one end of a range of lines, by its form.
func TestLineEnd(t *testing.T) {
	for _, tc := range []struct {
		form, s, end, rest string
		ok                 bool
	}{
		{"N", "88-90", "88", "-90", true},
		{"LN", "L10-L20", "L10", "-L20", true},
		{"LN", "10-20", "", "", false},
		{"N", "-1", "", "", false},
		{"Nx", "12x", "12x", "", true},
		{"Nx", "12y", "", "", false},
	} {
		end, rest, ok := lineEnd(tc.form, tc.s)
		if end != tc.end || rest != tc.rest || ok != tc.ok {
			t.Errorf("lineEnd(%q, %q) = %q, %q, %v", tc.form, tc.s, end, rest, ok)
		}
	}
}
