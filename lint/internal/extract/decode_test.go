package extract

import (
	"strings"
	"testing"
)

// TestRefreshURL holds refreshURL to the HTML standard's shared
// declarative refresh steps; ⟦…⟧ marks the URL found.
func TestRefreshURL(t *testing.T) {
	for _, tt := range []string{
		"5; url=⟦http://a/b⟧",
		"5;URL=⟦http://a/b⟧",
		"0 ; url = '⟦next page.html⟧' and more",
		`0; url="⟦q⟧"`,
		"0,⟦other.html⟧",
		"1.5; ⟦x⟧",
		".5 ⟦x⟧",
		"0; ⟦urx=y⟧",
		"0; ⟦url x⟧", // no "=": the steps jump to "parse" with the string from "url" on
		"3; url=⟦a b⟧  ",
		"0; url=⟦⟧",
	} {
		want := tt
		from := strings.Index(want, "⟦")
		to := strings.Index(want, "⟧") - len("⟦")
		v := strings.NewReplacer("⟦", "", "⟧", "").Replace(want)
		f, e, ok := refreshURL(v)
		if !ok || f != from || e != to {
			t.Errorf("refreshURL(%q) = %d, %d, %v; want %q", v, f, e, ok, v[from:to])
		}
	}
	for _, v := range []string{"", "5", " 5 ", "x; url=a", "5x; url=a", "5;", "5 ;  "} {
		if f, e, ok := refreshURL(v); ok {
			t.Errorf("refreshURL(%q) = %q, want no URL", v, v[f:e])
		}
	}
}

// TestMarkdownUnescape: destinations decode as in the CommonMark spec's
// examples (the numbers are the spec's, 0.31.2).
func TestMarkdownUnescape(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{`foo\bar`, `foo\bar`},                  // 502: a backslash before a letter stays
		{`\(foo\)`, `(foo)`},                    // 503
		{`foo\)\:`, `foo):`},                    // 499
		{`foo%20b&auml;`, `foo%20bä`},           // 507
		{`&quot;`, `"`},                         // entity
		{`&#35;&#1234;&#992;&#0;`, "#ӒϠ\uFFFD"}, // 26
		{`&#X22;&#XD06;&#xcab;`, "\"ആಫ"},        // 27
		{`&nbsp &x; &#; &#x; &#87654321; &#abcdef0; &ThisIsNotDefined; &hi?;`, `&nbsp &x; &#; &#x; &#87654321; &#abcdef0; &ThisIsNotDefined; &hi?;`}, // 28
		{`&copy`, `&copy`},  // 29
		{`\&amp;`, `&amp;`}, // one pass: the escaped "&" begins no reference
		{`a\\b`, `a\b`},
		{`tr\ail\`, `tr\ail\`},
	} {
		got, sub := markdownUnescape(tt.in)
		if got != tt.want {
			t.Errorf("markdownUnescape(%q) = %q, want %q", tt.in, got, tt.want)
		}
		if sub != nil && (len(sub) != len(got)+1 || sub[len(got)] != len(tt.in)) {
			t.Errorf("markdownUnescape(%q): places %v", tt.in, sub)
		}
	}
}

// TestCSSUnescape: escapes decode as CSS Syntax §4.3.7 says.
func TestCSSUnescape(t *testing.T) {
	for _, tt := range []struct {
		in, want string
		inString bool
	}{
		{`a\20 b`, "a b", true},
		{`\68 ttp`, "http", false},
		{`\7C\7c`, "||", false},
		{`x\0 y`, "x\uFFFDy", false},
		{`x\110000 y`, "x\uFFFDy", false},
		{`x\D800 y`, "x\uFFFDy", false},
		{"a\\\nb", "ab", true},
		{"a\\\r\nb", "ab", true},
		{`\"q\'`, `"q'`, true},
		{`end\`, "end", true},
		{`end\`, "end\uFFFD", false},
		{"nul\x00", "nul\uFFFD", false},
		{`\1F600 x`, "😀x", false},
		{`\é`, "é", false},
	} {
		got, _ := cssUnescape(tt.in, 0, len(tt.in), tt.inString)
		if got != tt.want {
			t.Errorf("cssUnescape(%q, string %v) = %q, want %q", tt.in, tt.inString, got, tt.want)
		}
	}
}

// TestXMLDecode: references and white space in attribute values and
// character data (XML 1.0 §2.11, §3.3.3, §4.1, §4.6).
func TestXMLDecode(t *testing.T) {
	for _, tt := range []struct {
		in        string
		attr      bool
		want, ent string
	}{
		{"a&amp;b&lt;&gt;&apos;&quot;", true, `a&b<>'"`, ""},
		{"&#65;&#x42;&#X43;", true, "AB&#X43;", ""},
		{"&#0;&#xD800;&#1114112;", false, "\uFFFD\uFFFD\uFFFD", ""},
		{"a\tb\nc\r\nd\re", true, "a b c d e", ""},
		{"a\tb\nc\r\nd\re", false, "a\tb\nc\nd\ne", ""},
		{"&#10;", true, "\n", ""},
		{"x&site;y", true, "x&site;y", "site"},
		{"a & b &; &#; &#x;", true, "a & b &; &#; &#x;", ""},
		{"&#" + strings.Repeat("0", 100) + "65;", true, "A", ""},
	} {
		d := xmlDecode(tt.in, 0, len(tt.in), tt.attr)
		if d.s != tt.want || d.entity != tt.ent {
			t.Errorf("xmlDecode(%q, attr %v) = %q, entity %q; want %q, %q", tt.in, tt.attr, d.s, d.entity, tt.want, tt.ent)
		}
	}
}

// TestLooksLikeXML: content detection of XML (decision L-15).
func TestLooksLikeXML(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want bool
	}{
		{`<?xml version="1.0"?><feed/>`, true},
		{"\uFEFF\n <?xml version='1.0'?>\n<!-- c -->\n<!DOCTYPE svg>\n<svg/>", true},
		{`<?xml version="1.0"?><!DOCTYPE html><html xmlns="http://www.w3.org/1999/xhtml"/>`, false},
		{`<?xml version="1.0"?><h:html xmlns:h="http://www.w3.org/1999/xhtml"/>`, false},
		{`<?xml-stylesheet href="a"?><x/>`, false},
		{`<feed/>`, false},
		{`<html>`, false},
		{``, false},
	} {
		if got := looksLikeXML([]byte(tt.in)); got != tt.want {
			t.Errorf("looksLikeXML(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}
