package lint

import (
	"fmt"
	"strings"
	"testing"

	"github.com/relurl/relurl/ast"
	"github.com/relurl/relurl/lint/internal/extract"
)

// findingsOf lints ref and writes each finding as "rule ⟦text⟧".
func findingsOf(l *Linter, ref string) []string {
	var out []string
	for _, f := range l.URL(ref) {
		out = append(out, fmt.Sprintf("%s ⟦%s⟧", f.Rule, f.Text))
	}
	return out
}

func TestAllowChars(t *testing.T) {
	strict := mustNew(t, Options{})
	l := mustNew(t, Options{AllowChars: "~^", Retrieval: "http://a/b/c/d;p?q#f"})
	for _, c := range []struct {
		url  string
		want []string
	}{
		{"http://a/~user/", nil},
		{"/~user/{x}", []string{"segment/char ⟦{⟧", "segment/char ⟦}⟧"}},
		// A run is reported as the runs of the characters not allowed.
		{"/x/a{~}b|^|c", []string{"segment/char ⟦{⟧", "segment/char ⟦}⟧", "segment/char ⟦|⟧", "segment/char ⟦|⟧"}},
		{"/x/a 日~本", []string{"segment/char ⟦ 日⟧", "segment/char ⟦本⟧"}},
		// A URL whose only faults are allowed is valid for the other rules.
		{"http:~g", []string{"scheme/relative-form ⟦http:⟧"}},
		{"?q=~#~", nil},
	} {
		if got := findingsOf(l, c.url); strings.Join(got, "; ") != strings.Join(c.want, "; ") {
			t.Errorf("%q: %q, want %q", c.url, got, c.want)
		}
	}
	// The message of a part of a run is worded for the part.
	fs := l.URL("/x/a{~}")
	if len(fs) != 2 || !strings.HasPrefix(fs[0].Message, `national character '{' is not allowed in segment; write it as %7B`) ||
		fs[0].Fix != `write "{" as %7B` {
		t.Errorf("messages: %+v", fs)
	}
	if got := findingsOf(strict, "http://a/~user/"); len(got) != 1 {
		t.Errorf("strict: %q, want the ~", got)
	}
	for _, bad := range []string{"%", "a", " ", "é", "~/"} {
		if _, err := New(Options{AllowChars: bad}); err == nil {
			t.Errorf("AllowChars %q: no error", bad)
		}
	}
	if _, err := New(Options{AllowChars: "{}|\\^~[]`<>\"#"}); err != nil {
		t.Errorf("every national and punctuation character but %%: %v", err)
	}
	hash := mustNew(t, Options{AllowChars: "#"})
	if got := findingsOf(hash, "/a#b#c##"); got != nil {
		t.Errorf("# allowed: %q", got)
	}
}

func TestAllowIPv6Hosts(t *testing.T) {
	strict := mustNew(t, Options{Enable: []string{"rfc1738"}})
	l := mustNew(t, Options{AllowIPv6Hosts: true, Enable: []string{"rfc1738"}})
	for _, c := range []struct {
		url        string
		want       []string // with the allowance
		strictWant int      // findings without it: the syntax ones alone
	}{
		{"http://[::1]/", nil, 2},
		{"http://[::1]:8080/x", nil, 2},
		{"http://[2001:db8::7]", nil, 2},
		{"ftp://anna@[::ffff:192.0.2.1]:21/", nil, 2},
		{"//[fe80::1]/a", nil, 2},
		{"http://[::1]:/", []string{"rfc1738/port ⟦:⟧"}, 2},
		// Not RFC 2732 literals: the brackets stay findings.
		{"http://[::1%25eth0]/", []string{"net_loc/char ⟦[⟧", "net_loc/char ⟦]⟧"}, 2},
		{"http://[192.0.2.1]/", []string{"net_loc/char ⟦[⟧", "net_loc/char ⟦]⟧"}, 2},
		{"http://[::1]x/", []string{"net_loc/char ⟦[⟧", "net_loc/char ⟦]⟧"}, 2},
		{"http://[::1]?q", []string{"net_loc/char ⟦[⟧", "net_loc/char ⟦]⟧"}, 2},
		{"http://[::1]:8o/", []string{"net_loc/char ⟦[⟧", "net_loc/char ⟦]⟧"}, 2},
		{"http://[::g]/", []string{"net_loc/char ⟦[⟧", "net_loc/char ⟦]⟧"}, 2},
		{"http://x/y/[::1]/", []string{"segment/char ⟦[⟧", "segment/char ⟦]⟧"}, 2},
		{"http://[::1]^/", []string{"net_loc/char ⟦[⟧", "net_loc/char ⟦]^⟧"}, 2},
	} {
		if got := findingsOf(l, c.url); strings.Join(got, "; ") != strings.Join(c.want, "; ") {
			t.Errorf("%q: %q, want %q", c.url, got, c.want)
		}
		if got := findingsOf(strict, c.url); len(got) != c.strictWant {
			t.Errorf("strict %q: %q, want %d findings", c.url, got, c.strictWant)
		}
	}
}

// TestBracketsAsCharacters: with "[" and "]" allowed as characters but
// not IPv6 hosts, the RFC 1738 profile reads a bracketed host as
// ast.SplitNetLoc cuts it (its ":" are not the port's) and reports the
// host alone; a port after it is checked as a port.
func TestBracketsAsCharacters(t *testing.T) {
	l := mustNew(t, Options{AllowChars: "[]", Enable: []string{"rfc1738"}})
	for _, c := range []struct {
		url  string
		want []string
	}{
		{"http://⟦[::1]⟧:80/", []string{"rfc1738/host"}},
		{"http://⟦[::1]x⟧:80/", []string{"rfc1738/host"}},
		{"http://⟦[::1:80⟧/", []string{"rfc1738/host"}},
		{"ftp://a:b@⟦[::1]⟧:21/", []string{"rfc1738/host"}},
		{"http://⟦[::1]⟧⟦:8o⟧/", []string{"rfc1738/host", "rfc1738/port"}},
	} {
		in := strings.NewReplacer("⟦", "", "⟧", "").Replace(c.url)
		var got, want []string
		for _, f := range l.URL(in) {
			got = append(got, f.Rule+" "+in[f.Offset:f.EndOffset])
		}
		rest := c.url
		for _, rule := range c.want {
			open := strings.Index(rest, "⟦")
			end := strings.Index(rest, "⟧")
			want = append(want, rule+" "+rest[open+len("⟦"):end])
			rest = rest[end+len("⟧"):]
		}
		if strings.Join(got, "; ") != strings.Join(want, "; ") {
			t.Errorf("%q: %q, want %q", in, got, want)
		}
	}
}

// TestAllowedBase: a base whose only faults are allowed characters serves
// as one, embedded or given as the retrieval URL.
func TestAllowedBase(t *testing.T) {
	page := []byte(`<head><base href="http://a/~u/b/c"></head><a href="../..//g">x</a> <a href="../../../g">y</a>`)
	strict := mustNew(t, Options{})
	if fs := strict.File("a.html", page, extract.KindHTML); len(fs) != 1 || fs[0].Rule != ast.RuleFsegmentChar {
		t.Errorf("strict: %v, want the ~ alone (the base cannot serve)", fs)
	}
	l := mustNew(t, Options{AllowChars: "~"})
	var got []string
	for _, f := range l.File("a.html", page, extract.KindHTML) {
		got = append(got, f.Rule)
	}
	// "../..//g" gets result-not-generic-RL alone (one fault, one finding:
	// decision L-25), "../../../g" the RFC 3986 rule.
	if strings.Join(got, " ") != RuleResultNotGenericRL+" "+RulePortabilityResolution {
		t.Errorf("allowed: %q, want the references checked against the base", got)
	}
	if _, err := New(Options{Retrieval: "http://a/~u/"}); err == nil {
		t.Error("a retrieval URL with ~, strict: no error")
	}
	l = mustNew(t, Options{AllowChars: "~", Retrieval: "http://a/~u/b/c"})
	if fs := l.URL("../..//g"); len(fs) != 1 || fs[0].Rule != RuleResultNotGenericRL {
		t.Errorf("allowed retrieval URL: %v", fs)
	}
}
