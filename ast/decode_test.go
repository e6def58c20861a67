package ast

import "testing"

// TestPercentDecode: every escape decoded, in either case; a "%" that
// begins no escape kept; the inverse of PercentEncode.
func TestPercentDecode(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"", ""},
		{"abc", "abc"},
		{"a%20b", "a b"},
		{"%7e%7E", "~~"},
		{"%C3%A9", "é"},
		{"%", "%"},
		{"%2", "%2"},
		{"%zz%41", "%zzA"},
		{"%%41", "%A"},
		{"100%25", "100%"},
	} {
		if got := PercentDecode(tt.in); got != tt.want {
			t.Errorf("PercentDecode(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	for _, s := range []string{"", "a b", "\x00\xff%", "é~"} {
		if got := PercentDecode(PercentEncode(s)); got != s {
			t.Errorf("PercentDecode(PercentEncode(%q)) = %q", s, got)
		}
	}
}
