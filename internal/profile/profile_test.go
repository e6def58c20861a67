package profile

import (
	"strings"
	"testing"

	"github.com/relurl/relurl/ast"
	"github.com/relurl/relurl/validate"
)

// marked returns s with the text of each hit marked ⟦so⟧ and the rule
// ids, for the tests' tables.
func marked(s string, hits []Hit) string {
	var b strings.Builder
	at := 0
	var rules []string
	for _, h := range hits {
		if h.Offset < at {
			rules = append(rules, h.Rule+"(overlaps)")
			continue
		}
		b.WriteString(s[at:h.Offset])
		b.WriteString("⟦" + s[h.Offset:h.End] + "⟧")
		at = h.End
		rules = append(rules, h.Rule)
	}
	b.WriteString(s[at:])
	return b.String() + " " + strings.Join(rules, " ")
}

func TestRFC1738(t *testing.T) {
	cases := []struct {
		url, base string
		ipv6      bool
		want      string // the URL with each finding marked, then the rule ids
	}{
		// §3.1, the login.
		{url: "ftp://anna:pass:word@ftp.example.com/", want: "ftp://anna:pass⟦:⟧word@ftp.example.com/ rfc1738/userinfo-char"},
		{url: "http://www_example.com/", want: "http://⟦www_example.com⟧/ rfc1738/host"},
		{url: "http://www.example.com:8o/", want: "http://www.example.com⟦:8o⟧/ rfc1738/port"},
		{url: "http://www.example.com:/", want: "http://www.example.com⟦:⟧/ rfc1738/port"},
		{url: "http://192.0.2.1:80/", want: "http://192.0.2.1:80/ "},
		{url: "http://a.1b/", want: "http://⟦a.1b⟧/ rfc1738/host"},
		{url: "http://-a.b/", want: "http://⟦-a.b⟧/ rfc1738/host"},
		{url: "http://a..b/", want: "http://⟦a..b⟧/ rfc1738/host"},
		// §3.3: no user in an http URL.
		{url: "http://anna:secret@www.example.com/", want: "http://⟦anna:secret@⟧www.example.com/ rfc1738/http-userinfo"},
		// §5: the scheme in lower case, a warning.
		{url: "HTTP://www.example.com/", want: "⟦HTTP⟧://www.example.com/ rfc1738/scheme-case"},
		{url: "http://www.example.com/search?q=a/b", want: "http://www.example.com/search?q=a⟦/⟧b rfc1738/http"},
		{url: "ftp://ftp.example.com/pub/f.txt;type=x", want: "ftp://ftp.example.com/pub/f.txt;⟦type=x⟧ rfc1738/ftp"},
		{url: "ftp://ftp.example.com/pub/f.txt;type=i", want: "ftp://ftp.example.com/pub/f.txt;type=i "},
		{url: "file://localhost/etc/hosts?x", want: "file://localhost/etc/hosts⟦?x⟧ rfc1738/file"},
		{url: "file:///etc/hosts", want: "file:///etc/hosts "},
		{url: "mailto:", want: "⟦mailto:⟧ rfc1738/mailto"},
		{url: "telnet://host.example.com/login", want: "telnet://host.example.com⟦/login⟧ rfc1738/telnet"},
		{url: "wais://wais.example.com/db;x", want: "wais://wais.example.com/db⟦;x⟧ rfc1738/wais"},
		// Schemes RFC 1738 does not give the common Internet syntax are
		// not read by §3.1.
		{url: "foo://www_example.com:x/", want: "foo://www_example.com:x/ "},
		// A relative net_path is read with its base's scheme.
		{url: "//www_example.com/", base: "HTTP", want: "//⟦www_example.com⟧/ rfc1738/host"},
		{url: "//www_example.com/", want: "//www_example.com/ "},
		// An IPv6 literal is a host when RFC 2732 is accepted.
		{url: "http://[::1]:8080/", ipv6: true, want: "http://[::1]:8080/ "},
		{url: "http://[::1]:/", ipv6: true, want: "http://[::1]⟦:⟧/ rfc1738/port"},
	}
	var s Subject
	for _, c := range cases {
		u, diags := (&Allowance{ipv6: c.ipv6}).Validate(c.url)
		if diags.HasErrors() {
			t.Errorf("%q: %v", c.url, diags)
			continue
		}
		s.Reset(c.url, &u, c.base, c.ipv6)
		s.CheckAll()
		if got := marked(c.url, s.Hits); got != c.want {
			t.Errorf("%q:\n got %s\nwant %s", c.url, got, c.want)
		}
	}
}

func TestHostPortHits(t *testing.T) {
	for _, c := range []struct {
		host string
		want string
	}{
		{"www.example.com", ""},
		{"a", ""},
		{"1.2.3.4", ""},
		{"1.2.3", `the top label "3" of the host "1.2.3" begins with a digit, and the host is not four groups of digits: host = hostname | hostnumber (RFC 1738 §3.1)`},
		{"", "the host is empty: host = hostname | hostnumber (RFC 1738 §3.1)"},
		{"a%41", `the host "a%41" holds "%", and a hostname is letters, digits, "-" and ".": host = hostname | hostnumber (RFC 1738 §3.1)`},
	} {
		h, bad := HostHit(c.host, 7)
		if got := h.Message; bad != (c.want != "") || got != c.want || bad && (h.Offset != 7 || h.End != 7+len(c.host) || h.Rule != RuleHost) {
			t.Errorf("HostHit(%q) = %+v, %v; want %q", c.host, h, bad, c.want)
		}
	}
	for _, c := range []struct {
		port string
		want string
	}{
		{"80", ""},
		{"", `the port is empty, and "if the port is omitted, the colon is as well" (RFC 1738 §3.1: port = digits)`},
		{"8o", `the port "8o" is not decimal digits (RFC 1738 §3.1: port = digits)`},
	} {
		h, bad := PortHit(c.port, 3)
		if got := h.Message; bad != (c.want != "") || got != c.want || bad && (h.Offset != 3 || h.End != 4+len(c.port) || h.Rule != RulePort) {
			t.Errorf("PortHit(%q) = %+v, %v; want %q", c.port, h, bad, c.want)
		}
	}
}

func TestAllowance(t *testing.T) {
	for _, c := range []struct {
		chars string
		ipv6  bool
		url   string
		want  string // the URL with each diagnostic marked, then the rule ids
	}{
		{"~", false, "http://a/~user/", "http://a/~user/ "},
		{"~", false, "/x/a{~}b", "/x/a⟦{⟧~⟦}⟧b segment/char segment/char"},
		{"", false, "http://a/~user/", "http://a/⟦~⟧user/ fsegment/char"},
		{"#", false, "/a#b#c##", "/a#b#c## "},
		{"", true, "http://[::1]:8080/", "http://[::1]:8080/ "},
		{"", true, "http://[::1%25eth0]/", "http://⟦[⟧::1%25eth0⟦]⟧/ net_loc/char net_loc/char"},
		{"", true, "http://[192.0.2.1]/", "http://⟦[⟧192.0.2.1⟦]⟧/ net_loc/char net_loc/char"},
	} {
		a, err := NewAllowance(c.chars, c.ipv6)
		if err != nil {
			t.Fatal(err)
		}
		_, diags := a.Validate(c.url)
		var hits []Hit
		for _, d := range diags {
			hits = append(hits, Hit{Rule: d.Rule, Offset: d.Offset, End: d.End})
		}
		if got := marked(c.url, hits); got != c.want {
			t.Errorf("%q with %q, ipv6 %v:\n got %s\nwant %s", c.url, c.chars, c.ipv6, got, c.want)
		}
	}
	// The parts of a run are worded as validate words a run.
	a, _ := NewAllowance("~", false)
	_, diags := a.Validate("/x/a{~}")
	if len(diags) != 2 || diags[0].Message != validate.RunMessage("segment", "{") {
		t.Errorf("messages: %+v", diags)
	}
	for _, bad := range []string{"%", "a", " ", "é", "~/"} {
		if _, err := NewAllowance(bad, false); err == nil {
			t.Errorf("NewAllowance(%q): no error", bad)
		}
	}
	all := "\"#<>[\\]^`{|}~"
	if a, err := NewAllowance(all, false); err != nil || a.Chars() != all {
		t.Errorf("every national and punctuation character but %%: %q, %v", a.Chars(), err)
	}
	for b := 0; b < 256; b++ {
		if Allowable(byte(b)) != (b < 0x80 && strings.IndexByte(all, byte(b)) >= 0) {
			t.Errorf("Allowable(%q) = %v", b, Allowable(byte(b)))
		}
	}
	if (&Allowance{}).On() {
		t.Error("the zero Allowance accepts something")
	}
}

// TestRules: every rule has an id in the rfc1738 family and a severity,
// and the ids are unique.
func TestRules(t *testing.T) {
	seen := map[string]bool{}
	for _, r := range RFC1738() {
		if !strings.HasPrefix(r.ID, "rfc1738/") || !r.Severity.Valid() || seen[r.ID] || r.check == nil {
			t.Errorf("rule %+v", r)
		}
		seen[r.ID] = true
		if got, ok := LookupRFC1738(r.ID); !ok || got.ID != r.ID {
			t.Errorf("LookupRFC1738(%q) = %v, %v", r.ID, got.ID, ok)
		}
	}
	if _, ok := LookupRFC1738(ast.RuleQueryChar); ok {
		t.Error("LookupRFC1738 finds a syntax rule")
	}
}
