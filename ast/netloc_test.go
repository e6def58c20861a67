package ast_test

import (
	"strings"
	"testing"

	"github.com/relurl/relurl/ast"
)

// TestSplitNetLoc: the login of RFC 1738 §3.1 with the IPv6 literals of
// RFC 2732 §3. Each part is written as it is found, "-" for a part that
// is absent.
func TestSplitNetLoc(t *testing.T) {
	for _, tc := range []struct {
		netloc, userinfo, host, port string
	}{
		{"", "-", "", "-"},
		{"a", "-", "a", "-"},
		{"a:80", "-", "a", "80"},
		{"a:", "-", "a", ""},
		{":80", "-", "", "80"},
		{"a:b:c", "-", "a", "b:c"}, // the first ":" ends the host
		{"u@a", "u", "a", "-"},
		{"@a", "", "a", "-"},
		{"u:p@a:80", "u:p", "a", "80"},
		{"u@v@a", "u@v", "a", "-"}, // the last "@" ends the userinfo
		{"u:p@", "u:p", "", "-"},
		{"a@b:c@d:1", "a@b:c", "d", "1"},
		// IPv6 literals: their ":" are the address's.
		{"[::1]", "-", "[::1]", "-"},
		{"[::1]:8080", "-", "[::1]", "8080"},
		{"[::1]:", "-", "[::1]", ""},
		{"anna@[::ffff:192.0.2.1]:21", "anna", "[::ffff:192.0.2.1]", "21"},
		{"[2001:db8::7]", "-", "[2001:db8::7]", "-"},
		{"[::1%25eth0]:1", "-", "[::1%25eth0]", "1"},
		{"[]", "-", "[]", "-"},
		{"[]:1", "-", "[]", "1"},
		// Malformed literals lose nothing: text after the "]" stays in
		// the host, and a "[" without "]" leaves no port.
		{"[::1]x", "-", "[::1]x", "-"},
		{"[::1]x:80", "-", "[::1]x", "80"},
		{"[::1", "-", "[::1", "-"},
		{"[::1:80", "-", "[::1:80", "-"},
		{"u@[::1", "u", "[::1", "-"},
		{"[", "-", "[", "-"},
		{"a[::1]:80", "-", "a[", ":1]:80"}, // not a literal: the first ":" ends the host
		{"[a]b]:1", "-", "[a]b]", "1"},
		{"[a@b]:1", "[a", "b]", "1"}, // brackets do not hide an "@"
	} {
		p := ast.SplitNetLoc(tc.netloc)
		show := func(c ast.Component) string {
			if !c.Present {
				return "-"
			}
			return c.Value
		}
		if got := [3]string{show(p.UserInfo), show(p.Host), show(p.Port)}; got != [3]string{tc.userinfo, tc.host, tc.port} {
			t.Errorf("SplitNetLoc(%q) = %q, want %q", tc.netloc, got, [3]string{tc.userinfo, tc.host, tc.port})
		}
		checkParts(t, tc.netloc, p)
	}
}

// checkParts holds p to the net_loc it was cut from: each part's span
// holds its value, and the parts with their delimiters are the net_loc.
func checkParts(t *testing.T, netloc string, p ast.NetLocParts) {
	t.Helper()
	var b strings.Builder
	for _, part := range []struct {
		c     ast.Component
		delim string
	}{{p.UserInfo, ""}, {p.Host, ""}, {p.Port, ":"}} {
		if !part.c.Present {
			continue
		}
		if s := part.c.Span; s.Start < 0 || s.End > len(netloc) || s.Start > s.End || netloc[s.Start:s.End] != part.c.Value {
			t.Errorf("SplitNetLoc(%q): span %v does not hold %q", netloc, s, part.c.Value)
		}
		b.WriteString(part.delim + part.c.Value)
		if part.c == p.UserInfo {
			b.WriteString("@")
		}
	}
	if !p.Host.Present {
		t.Errorf("SplitNetLoc(%q): no host", netloc)
	}
	if b.String() != netloc {
		t.Errorf("SplitNetLoc(%q): the parts give back %q", netloc, b.String())
	}
}

// TestSplitNetLocExhaustive: every net_loc of up to 7 characters from
// "a@:[]" is cut into parts that give it back.
func TestSplitNetLocExhaustive(t *testing.T) {
	const alphabet = "a@:[]"
	var walk func(prefix string)
	walk = func(prefix string) {
		checkParts(t, prefix, ast.SplitNetLoc(prefix))
		if len(prefix) == 7 || t.Failed() {
			return
		}
		for i := range len(alphabet) {
			walk(prefix + alphabet[i:i+1])
		}
	}
	walk("")
}
