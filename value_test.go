package relurl

import (
	"encoding/json"
	"errors"
	"flag"
	"io"
	"strings"
	"testing"

	"github.com/relurl/relurl/internal/benchdata"
)

// TestTextRoundTrip: every URL Parse accepts comes back from
// MarshalText and UnmarshalText as it was, through JSON too.
func TestTextRoundTrip(t *testing.T) {
	var inputs []string
	for _, name := range []string{"mix.txt", "realworld.txt", "section5.txt"} {
		inputs = append(inputs, benchdata.Lines(t, name)...)
	}
	inputs = append(inputs, "", "#", "?", ";", "//", "g:h", "http://a//b", "http:", `a"b`)
	n := 0
	for _, s := range inputs {
		u, err := Parse(s)
		if err != nil {
			continue
		}
		n++
		text, err := u.MarshalText()
		if err != nil || string(text) != s {
			t.Errorf("%q: MarshalText gives %q, %v", s, text, err)
		}
		var back URL
		if err := back.UnmarshalText(text); err != nil || back != u {
			t.Errorf("%q: UnmarshalText gives %+v, %v; want %+v", s, back, err, u)
		}
		type holder struct{ U URL }
		j, err := json.Marshal(holder{u})
		if err != nil {
			t.Fatalf("%q: %v", s, err)
		}
		var h holder
		if err := json.Unmarshal(j, &h); err != nil || h.U != u {
			t.Errorf("%q: JSON %s gives %+v, %v", s, j, h.U, err)
		}
	}
	if n < 50 {
		t.Errorf("only %d valid URLs tried", n)
	}
}

// TestUnmarshalTextRefuses: UnmarshalText is Parse: strict RFC 1808, so a
// URL valid only under a profile is refused, and the receiver is left as
// it was.
func TestUnmarshalTextRefuses(t *testing.T) {
	for _, s := range []string{"http://a/~joe", "http://[::1]/", "a b", "%"} {
		u := Split("kept")
		err := u.UnmarshalText([]byte(s))
		var e *Error
		if !errors.Is(err, ErrSyntax) || !errors.As(err, &e) || e.Op != "parse" || u != Split("kept") {
			t.Errorf("UnmarshalText(%q): %v, left %v", s, err, u)
		}
	}
	var u URL
	if err := json.Unmarshal([]byte(`"http://a/b c"`), &u); !errors.Is(err, ErrSyntax) {
		t.Errorf("json.Unmarshal of an invalid URL: %v", err)
	}
}

func TestFormText(t *testing.T) {
	for _, f := range []Form{FormRelative, FormGenericRL, FormOpaque} {
		text, _ := f.MarshalText()
		var back Form
		if err := back.UnmarshalText(text); err != nil || back != f {
			t.Errorf("%v: %q reads back as %v, %v", f, text, back, err)
		}
	}
	var f Form
	for _, bad := range []string{"", "Generic-RL", "generic-rl", "absoluteURL", "Form(3)"} {
		if err := f.UnmarshalText([]byte(bad)); err == nil {
			t.Errorf("Form.UnmarshalText(%q): no error", bad)
		}
	}
}

func TestSeverityText(t *testing.T) {
	for _, c := range []struct {
		text string
		want Severity
	}{{"error", SeverityError}, {"WARNING", SeverityWarning}, {"info", SeverityInfo}, {"note", SeverityInfo}} {
		var s Severity
		if err := s.UnmarshalText([]byte(c.text)); err != nil || s != c.want {
			t.Errorf("%q: %v, %v", c.text, s, err)
		}
	}
	var s Severity
	if err := s.UnmarshalText([]byte("fatal")); err == nil {
		t.Error("fatal: no error")
	}
	if _, err := Severity(0).MarshalText(); err == nil {
		t.Error("the zero Severity marshals")
	}
}

func TestProfileText(t *testing.T) {
	for _, c := range []struct {
		text, want string
	}{
		{"", "rfc1808"},
		{"rfc1808", "rfc1808"},
		{"rfc1738", "rfc1738"},
		{"rfc2732, rfc1738", "rfc1738,rfc2732"},
		{"rfc1808,allow:~", "allow:~"},
		{"allow:~^,allow:|", "allow:^|~"},
		{"allow:~,rfc2732,rfc1738,rfc1738", "rfc1738,rfc2732,allow:~"},
	} {
		p, err := ParseProfile(c.text)
		if err != nil || p.String() != c.want {
			t.Errorf("ParseProfile(%q) = %v, %v; want %s", c.text, p, err, c.want)
			continue
		}
		back, err := ParseProfile(p.String())
		if err != nil || back != p {
			t.Errorf("%q does not read back: %v, %v", p, back, err)
		}
	}
	for _, c := range []struct{ text, want string }{
		{"rfc3986", `profile "rfc3986": "rfc3986" is none of rfc1808, rfc1738, rfc2732 and allow:CHARS`},
		{"allow:", `profile "allow:": "allow:" is none of rfc1808, rfc1738, rfc2732 and allow:CHARS`},
		{"rfc1738,,", `profile "rfc1738,,": "" is none of rfc1808, rfc1738, rfc2732 and allow:CHARS`},
		{"allow:%", `profile "allow:%": allowed characters "%": "%" cannot be allowed: only the national characters { } | \ ^ ~ [ ] ` + "`" + ` and the punctuation < > " # of RFC 1808 §2.2 can be`},
	} {
		if _, err := ParseProfile(c.text); err == nil || err.Error() != c.want {
			t.Errorf("ParseProfile(%q): %v\nwant %s", c.text, err, c.want)
		}
	}
	// A flag holds one (flag.TextVar), and so does JSON.
	fs := flag.NewFlagSet("t", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var p Profile
	fs.TextVar(&p, "profile", Profile{}, "the rules URLs are read under")
	if err := fs.Parse([]string{"-profile", "rfc1738,allow:~"}); err != nil || p.String() != "rfc1738,allow:~" {
		t.Errorf("flag: %v, %v", p, err)
	}
	if err := fs.Parse([]string{"-profile", "rfc3986"}); err == nil {
		t.Error("flag: rfc3986 taken")
	}
	j, _ := json.Marshal(map[string]Profile{"p": p})
	var m map[string]Profile
	if err := json.Unmarshal(j, &m); err != nil || m["p"] != p || string(j) != `{"p":"rfc1738,allow:~"}` {
		t.Errorf("JSON %s: %v, %v", j, m, err)
	}
}

// marked returns s with the text of each diagnostic marked ⟦so⟧, then the
// rule ids and severities.
func marked(s string, diags Diagnostics) string {
	var b strings.Builder
	at := 0
	var rules []string
	for _, d := range diags {
		if d.Offset < at {
			rules = append(rules, d.Rule+"(overlaps)")
			continue
		}
		b.WriteString(s[at:d.Offset] + "⟦" + s[d.Offset:d.End] + "⟧")
		at = d.End
		rules = append(rules, d.Rule+":"+d.Severity.String())
	}
	b.WriteString(s[at:])
	return strings.TrimSpace(b.String() + " " + strings.Join(rules, " "))
}

func TestProfileValidate(t *testing.T) {
	cases := []struct {
		profile, url string
		want         string // the URL with each diagnostic marked, then the rules
		valid        bool
	}{
		{"", "http://a/b", "http://a/b", true},
		{"", "http://a/~joe", "http://a/⟦~⟧joe fsegment/char:error", false},
		{"allow:~", "http://a/~joe", "http://a/~joe", true},
		{"allow:~", "http://a/~joe{x}", "http://a/~joe⟦{⟧x⟦}⟧ fsegment/char:error fsegment/char:error", false},
		{"", "http://[::1]:80/", "http://⟦[⟧::1⟦]⟧:80/ net_loc/char:error net_loc/char:error", false},
		{"rfc2732", "http://[::1]:80/", "http://[::1]:80/", true},
		{"rfc2732", "http://[::1%25en0]/", "http://⟦[⟧::1%25en0⟦]⟧/ net_loc/char:error net_loc/char:error", false},
		{"rfc1738", "http://www_example.com/", "http://⟦www_example.com⟧/ rfc1738/host:error", false},
		{"rfc1738", "HTTP://www.example.com/", "⟦HTTP⟧://www.example.com/ rfc1738/scheme-case:warning", true},
		// Rules in order of offset, whatever order they run in.
		{"rfc1738", "HTTP://anna@www_x.com:8o/?a/b", "⟦HTTP⟧://⟦anna@⟧⟦www_x.com⟧⟦:8o⟧/?a⟦/⟧b rfc1738/scheme-case:warning rfc1738/http-userinfo:error rfc1738/host:error rfc1738/port:error rfc1738/http:error", false},
		// A syntax error leaves the rules of RFC 1738 unread.
		{"rfc1738", "http://www_example.com/a b", "http://www_example.com/a⟦ ⟧b fsegment/char:error", false},
		{"rfc1738", "http://[::1]/", "http://⟦[⟧::1⟦]⟧/ net_loc/char:error net_loc/char:error", false},
		{"rfc1738,rfc2732", "http://[::1]:8080/", "http://[::1]:8080/", true},
		// A relative net_path has no scheme the rules could read it by.
		{"rfc1738", "//www_example.com/", "//www_example.com/", true},
	}
	for _, c := range cases {
		p, err := ParseProfile(c.profile)
		if err != nil {
			t.Fatal(err)
		}
		u, diags := p.Validate(c.url)
		if got := marked(c.url, diags); got != c.want || u != Split(c.url) {
			t.Errorf("%s: Validate(%q):\n got %s\nwant %s", p, c.url, got, c.want)
		}
		v, err := p.Parse(c.url)
		if (err == nil) != c.valid || v != u || err != nil && !errors.Is(err, ErrSyntax) {
			t.Errorf("%s: Parse(%q): %v, valid %v", p, c.url, err, c.valid)
		}
		var list Diagnostics
		if err != nil && (!errors.As(err, &list) || len(list) != len(diags)) {
			t.Errorf("%s: Parse(%q): errors.As finds %v, want the %d diagnostics", p, c.url, list, len(diags))
		}
	}
}

func TestHostPort(t *testing.T) {
	cases := []struct {
		url, host, port string
		err             string // the *Error's message
	}{
		{url: "http://www.example.com:80/", host: "www.example.com", port: "80"},
		{url: "ftp://anna:x@192.0.2.1/", host: "192.0.2.1"},
		{url: "file:///etc/hosts"},
		{url: "g", host: "", port: ""},
		{url: "http://a:/", host: "a", err: `port "http://a:/": offset 8: net_loc: the port is empty, and "if the port is omitted, the colon is as well" (RFC 1738 §3.1: port = digits)`},
		{url: "http://a:8o/", host: "a", err: `port "http://a:8o/": offset 8: net_loc: the port "8o" is not decimal digits (RFC 1738 §3.1: port = digits)`},
		{url: "http:///x", err: `host "http:///x": offset 7: net_loc: the host is empty: host = hostname | hostnumber (RFC 1738 §3.1)`},
		{url: "http://www_x.com/", err: `host "http://www_x.com/": offset 7: net_loc: the host "www_x.com" holds "_", and a hostname is letters, digits, "-" and ".": host = hostname | hostnumber (RFC 1738 §3.1)`},
		{url: "http://[::1]:8080/", host: "[::1]", port: "8080"},
	}
	for _, c := range cases {
		u := Split(c.url)
		host, herr := u.Host()
		port, perr := u.Port()
		err := errors.Join(herr, perr)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if host != c.host || port != c.port || got != c.err {
			t.Errorf("%q: host %q, port %q, %v\nwant %q, %q, %s", c.url, host, port, got, c.host, c.port, c.err)
		}
		var d *Diagnostic
		if err != nil && (!errors.Is(err, ErrSyntax) || !errors.As(err, &d) || c.url[d.Offset:d.End] != d.Text) {
			t.Errorf("%q: %v, want ErrSyntax and a diagnostic of the offending text", c.url, err)
		}
	}
}
