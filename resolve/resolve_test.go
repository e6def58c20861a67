package resolve_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/relurl/relurl/ast"
	"github.com/relurl/relurl/grammar"
	"github.com/relurl/relurl/resolve"
	"github.com/relurl/relurl/validate"
)

// rfcBase is the base of RFC 1808 §5: "Base: <URL:http://a/b/c/d;p?q#f>".
const rfcBase = "http://a/b/c/d;p?q#f"

type resolveCase struct {
	base, ref, want string
}

// §5.1 Normal Examples
var normalExamples = []resolveCase{
	{rfcBase, "g:h", "g:h"},
	{rfcBase, "g", "http://a/b/c/g"},
	{rfcBase, "./g", "http://a/b/c/g"},
	{rfcBase, "g/", "http://a/b/c/g/"},
	{rfcBase, "/g", "http://a/g"},
	{rfcBase, "//g", "http://g"},
	{rfcBase, "?y", "http://a/b/c/d;p?y"},
	{rfcBase, "g?y", "http://a/b/c/g?y"},
	{rfcBase, "g?y/./x", "http://a/b/c/g?y/./x"},
	{rfcBase, "#s", "http://a/b/c/d;p?q#s"},
	{rfcBase, "g#s", "http://a/b/c/g#s"},
	{rfcBase, "g#s/./x", "http://a/b/c/g#s/./x"},
	{rfcBase, "g?y#s", "http://a/b/c/g?y#s"},
	{rfcBase, ";x", "http://a/b/c/d;x"},
	{rfcBase, "g;x", "http://a/b/c/g;x"},
	{rfcBase, "g;x?y#s", "http://a/b/c/g;x?y#s"},
	{rfcBase, ".", "http://a/b/c/"},
	{rfcBase, "./", "http://a/b/c/"},
	{rfcBase, "..", "http://a/b/"},
	{rfcBase, "../", "http://a/b/"},
	{rfcBase, "../g", "http://a/b/g"},
	{rfcBase, "../..", "http://a/"},
	{rfcBase, "../../", "http://a/"},
	{rfcBase, "../../g", "http://a/g"},
}

// §5.2 Abnormal Examples
var abnormalExamples = []resolveCase{
	// An empty reference resolves to the complete base URL:
	{rfcBase, "", "http://a/b/c/d;p?q#f"},
	// more relative path ".." segments than there are hierarchical levels:
	{rfcBase, "../../../g", "http://a/../g"},
	{rfcBase, "../../../../g", "http://a/../../g"},
	// "." and ".." not special when not complete components:
	{rfcBase, "/./g", "http://a/./g"},
	{rfcBase, "/../g", "http://a/../g"},
	{rfcBase, "g.", "http://a/b/c/g."},
	{rfcBase, ".g", "http://a/b/c/.g"},
	{rfcBase, "g..", "http://a/b/c/g.."},
	{rfcBase, "..g", "http://a/b/c/..g"},
	// unnecessary or nonsensical forms of "." and "..":
	{rfcBase, "./../g", "http://a/b/g"},
	{rfcBase, "./g/.", "http://a/b/c/g/"},
	{rfcBase, "g/./h", "http://a/b/c/g/h"},
	{rfcBase, "g/../h", "http://a/b/c/h"},
	// the scheme name in a relative URL, a loophole to be avoided:
	{rfcBase, "http:g", "http:g"},
	{rfcBase, "http:", "http:"},
}

// Corners the RFC leaves open, each pinned by a decision of the package
// comment, and more that other libraries get wrong.
var decisionCases = map[string][]resolveCase{
	// §4: "Parameters ... do not form a part of the URL path".
	"params are not path": {
		{rfcBase, "g;x=1/../y", "http://a/b/c/g;x=1/../y"},
		{rfcBase, "g;x=1/./y", "http://a/b/c/g;x=1/./y"},
		{"ftp://a/b/c;type=d", "g", "ftp://a/b/g"},
		{"ftp://a/b/c/;type=d", "g", "ftp://a/b/c/g"},
	},
	// Step 1: the empty base returns the reference as it is.
	"empty base": {
		{"", "g", "g"},
		{"", "../g?y#s", "../g?y#s"},
		{"", "http://a/b", "http://a/b"},
		{"", "", ""},
	},
	// Step 2a: only "" is entirely empty.
	"entirely empty": {
		{rfcBase, "", "http://a/b/c/d;p?q#f"},
		{rfcBase, "#s", "http://a/b/c/d;p?q#s"},
		{rfcBase, "#", "http://a/b/c/d;p?q#"},
		{rfcBase, "?", "http://a/b/c/d;p?q"},
		{rfcBase, ";", "http://a/b/c/d;p?q"},
		{rfcBase, ";?", "http://a/b/c/d;p?q"},
		{"http://a/b", "", "http://a/b"},
	},
	// Steps 5a, 5b: an empty component with its delimiter counts as empty
	// and inherits; inheriting takes the base's component as it is.
	"empty vs absent in step 5": {
		{rfcBase, "?#s", "http://a/b/c/d;p?q#s"},
		{rfcBase, ";?y", "http://a/b/c/d;p?y"},
		{rfcBase, ";x?", "http://a/b/c/d;x?"},
		{rfcBase, ";x#s", "http://a/b/c/d;x#s"},
		{"http://a/b", "?", "http://a/b"},
		{"http://a/b", ";", "http://a/b"},
		{"http://a/b?", "?", "http://a/b?"},
		{"http://a/b;", "#s", "http://a/b;#s"},
		{"http://a/b?q", ";x", "http://a/b;x"},
	},
	// Step 7: a component that is not inherited keeps its delimiter.
	"trailing delimiters": {
		{rfcBase, "g?", "http://a/b/c/g?"},
		{rfcBase, "g;", "http://a/b/c/g;"},
		{rfcBase, "g#", "http://a/b/c/g#"},
		{rfcBase, "g;?#", "http://a/b/c/g;?#"},
		{rfcBase, "/g?", "http://a/g?"},
		{rfcBase, "//g?", "http://g?"},
		{rfcBase, "//g#", "http://g#"},
	},
	// Step 3: an empty net_loc inherits the base's.
	"empty net_loc": {
		{rfcBase, "///g", "http://a/g"},
		{rfcBase, "//", "http://a/b/c/d;p?q"},
		{rfcBase, "//#s", "http://a/b/c/d;p?q#s"},
		{"file:///etc/x", "g", "file:///etc/g"},
		{"file:///etc/x", "../g", "file:///g"},
		{"file:///etc/x", "../../g", "file:///../g"},
		{"file:///etc/x", "///g", "file:///g"},
		{"file:///etc/x", "//h/g", "file://h/g"},
		{"file:///etc/x", "?y", "file:///etc/x?y"},
		{"file:///", "g", "file:///g"},
		{"file://", "g", "file:///g"},
	},
	// A base with a net_loc and an empty path.
	"net_loc and empty path": {
		{"http://a", "g", "http://a/g"},
		{"http://a", "./g", "http://a/g"},
		{"http://a", "../g", "http://a/../g"},
		{"http://a", ".", "http://a/"},
		{"http://a", "..", "http://a/.."},
		{"http://a", "g/..", "http://a/"},
		{"http://a", "?y", "http://a/?y"},
		{"http://a", ";x", "http://a/;x"},
		{"http://a", "#s", "http://a#s"},
		{"http://a", "", "http://a"},
		{"http://a?q", "g", "http://a?q/g"},
		{"http://a?q", "?y", "http://a?q/?y"},
		{"http://a#f", "#s", "http://a#s"},
	},
	// Step 6c, 6d: an empty segment is a complete segment.
	"empty segments": {
		{"http://a/b/c/d", "a//../b", "http://a/b/c/a/b"},
		{"http://a/b//c", "../g", "http://a/b/g"},
		{"http://a/b//c", "../../g", "http://a/g"},
		{rfcBase, "g//..", "http://a/b/c/g/"},
		{rfcBase, "g//", "http://a/b/c/g//"},
		{rfcBase, ".//g", "http://a/b/c//g"},
	},
	// A path that begins with an empty segment. After a net_loc it is
	// written as steps 6 and 7 leave it, literally: the result fits only
	// the opaque form of absoluteURL and cannot serve as a base
	// (TestLiteralLeadingEmptySegment). Without a net_loc "//g" would read
	// as one, so a "." segment stays in front; a relative base path keeps
	// its "." too (§2.4.6's remembered slash cannot be written otherwise).
	"leading empty segment": {
		{rfcBase, "../..//g", "http://a//g"},
		{rfcBase, "../..//g;x?y#s", "http://a//g;x?y#s"},
		{"http://a/b/", "..//g", "http://a//g"},
		{"http://a", ".//g", "http://a//g"},
		{"file:///b", ".//", "file:////"},
		{"http:/b/c", "..//g", "http:/.//g"},
		{"http:/", ".//g", "http:/.//g"},
		{"http:/", ".//", "http:/.//"},
		{"http:.//x", "g", "http:.//g"},
		{"0:.///", "0", "0:.///0"},
		{"http:a/", "..//g", "http:.//g"},
	},
	// Bases without a net_loc, or without a path.
	"other bases": {
		{"http:", "g", "http:g"},
		{"http:", "?y", "http:?y"},
		{"http:", "//g", "http://g"},
		{"http:a/b", "../../g", "http:../g"},
		{"http:a/b", ".", "http:a/"},
		{"http:d", ".", "http:"},
		{"http:/b/c", "g", "http:/b/g"},
		{"mailto:x@y", "z@w", "mailto:z@w"},
		{"http://a/b/../c/d", "g", "http://a/c/g"},
		{"http://a/b/./c/d", "g", "http://a/b/c/g"},
		{"http://a/../d", "g", "http://a/../g"},
		{"http://a/b/c/", "..", "http://a/b/"},
		{"http://a/", "../../g", "http://a/../../g"},
		{"http://a/b/c/d", "../../../../..", "http://a/../../.."},
		{"http://a/b/c/d", "../../../../../.", "http://a/../../../"},
	},
	// Step 2b: an absolute reference is done, whatever its form.
	"absolute references": {
		{rfcBase, "http://x//y", "http://x//y"},
		{rfcBase, "ftp:/x#y", "ftp:/x#y"},
		{rfcBase, "g:h/../i", "g:h/../i"},
		{rfcBase, "HTTP:g", "HTTP:g"},
	},
	// §5.3: the reference "./this:that".
	"colons": {
		{rfcBase, "./this:that", "http://a/b/c/this:that"},
		{rfcBase, "this%3Athat", "http://a/b/c/this%3Athat"},
		{rfcBase, "g/this:that", "http://a/b/c/g/this:that"},
	},
}

func allCases() map[string][]resolveCase {
	m := map[string][]resolveCase{
		"§5.1 Normal Examples":   normalExamples,
		"§5.2 Abnormal Examples": abnormalExamples,
	}
	for k, v := range decisionCases {
		m[k] = v
	}
	return m
}

func TestResolve(t *testing.T) {
	for section, cases := range allCases() {
		t.Run(section, func(t *testing.T) {
			for _, c := range cases {
				got, err := resolve.Resolve(c.base, c.ref)
				if err != nil {
					t.Errorf("Resolve(%q, %q): %v", c.base, c.ref, err)
					continue
				}
				if got.String() != c.want {
					t.Errorf("Resolve(%q, %q) = %q, want %q", c.base, c.ref, got, c.want)
				}
				if lenient := resolve.Lenient(c.base, c.ref); lenient != got {
					t.Errorf("Lenient(%q, %q) = %#v, want Resolve's %#v", c.base, c.ref, lenient, got)
				}
			}
		})
	}
}

// TestRoundTrip holds every table row to the property the package promises:
// the result is a valid absoluteURL whose §2.4 cut is exactly the
// components step 7 recombined, of the form they say.
func TestRoundTrip(t *testing.T) {
	for section, cases := range allCases() {
		for _, c := range cases {
			got, err := resolve.Resolve(c.base, c.ref)
			if err != nil {
				continue // TestResolve reports it
			}
			back, err := grammar.Parse(got.String())
			if err != nil {
				t.Errorf("%s: Resolve(%q, %q) = %q, which does not parse: %v", section, c.base, c.ref, got, err)
				continue
			}
			if back.WithoutSpans() != got {
				t.Errorf("%s: Resolve(%q, %q) = %q\nrecombined %#v\nparsed     %#v", section, c.base, c.ref, got, got, back.WithoutSpans())
			}
		}
	}
}

// TestLiteralLeadingEmptySegment holds decision R-12: wherever
// the base has a net_loc, steps 6a–6d and 7 are read literally, so a merged
// path that begins with an empty segment gives an absoluteURL of the opaque
// form, whose §2.4 cut is exactly the recombined components, and which
// BaseReason says cannot serve as a base. Without a net_loc the result
// keeps a "." segment and stays generic-RL. (Python's urljoin and RFC 3986
// resolvers give the same literal answers.)
func TestLiteralLeadingEmptySegment(t *testing.T) {
	for _, c := range []struct {
		base, ref, want string
		reason          resolve.Reason
	}{
		{rfcBase, "../..//g", "http://a//g", resolve.ReasonNotGenericRL},
		{"http://a//b", "g", "http://a//g", resolve.ReasonNotGenericRL}, // lenient: an opaque base
		{"http://a/b/", "..//g", "http://a//g", resolve.ReasonNotGenericRL},
		{"file:///b", ".//", "file:////", resolve.ReasonNotGenericRL},
		{rfcBase, "http://x//y", "http://x//y", resolve.ReasonNotGenericRL}, // step 2b
		{rfcBase, "..//g", "http://a/b//g", 0},
		{"http:/b/c", "..//g", "http:/.//g", 0},
		{"http:.//x", "g", "http:.//g", 0},
	} {
		got := resolve.Lenient(c.base, c.ref)
		if got.String() != c.want {
			t.Errorf("Lenient(%q, %q) = %q, want %q", c.base, c.ref, got, c.want)
		}
		if cut := validate.Split(got.String()); cut.WithoutSpans() != got {
			t.Errorf("Lenient(%q, %q) = %q: its cut %#v is not the recombined %#v", c.base, c.ref, got, cut.WithoutSpans(), got)
		}
		if !validate.Valid(got.String()) || !got.IsAbsolute() {
			t.Errorf("Lenient(%q, %q) = %q, not a valid absoluteURL", c.base, c.ref, got)
		}
		if r := resolve.BaseReason(got); r != c.reason {
			t.Errorf("BaseReason(%q) = %v, want %v", got, r, c.reason)
		}
	}
}

func TestBaseReason(t *testing.T) {
	for s, want := range map[string]resolve.Reason{
		rfcBase: 0, "mailto:x": 0, "http:": 0, "http:.//g": 0, "http:/.//g": 0, "http://a/.//g": 0,
		"http://a//g": resolve.ReasonNotGenericRL, "http:////": resolve.ReasonNotGenericRL,
		"g": resolve.ReasonNotAbsolute, "//a/b": resolve.ReasonNotAbsolute, "": resolve.ReasonNotAbsolute,
	} {
		if got := resolve.BaseReason(validate.Split(s)); got != want {
			t.Errorf("BaseReason(%q) = %v, want %v", s, got, want)
		}
	}
}

func TestResolveDoesNotMutate(t *testing.T) {
	b, r := validate.Split(rfcBase), validate.Split("../g?y#s")
	b0, r0 := b, r
	_ = resolve.Reference(b, r)
	if b != b0 || r != r0 {
		t.Fatal("URL changed its inputs")
	}
}

func TestBaseErrors(t *testing.T) {
	cases := []struct {
		base   string
		reason resolve.Reason
		rule   string
		offset int
	}{
		{"http://a//b", resolve.ReasonNotGenericRL, resolve.RuleBaseNotGenericRL, 8},
		{"http://a//", resolve.ReasonNotGenericRL, resolve.RuleBaseNotGenericRL, 8},
		{"/b/c/d", resolve.ReasonNotAbsolute, resolve.RuleBaseNotAbsolute, 0},
		{"//a/b", resolve.ReasonNotAbsolute, resolve.RuleBaseNotAbsolute, 0},
		{"g", resolve.ReasonNotAbsolute, resolve.RuleBaseNotAbsolute, 0},
		{"#f", resolve.ReasonNotAbsolute, resolve.RuleBaseNotAbsolute, 0},
		{"http://a/%zz", resolve.ReasonSyntax, ast.RuleEscapeMalformed, 9},
		{"http://a/b c", resolve.ReasonSyntax, ast.RuleFsegmentChar, 10},
		{"http://a/b/c d", resolve.ReasonSyntax, ast.RuleSegmentChar, 12},
		{"http://a/b#f#g", resolve.ReasonSyntax, ast.RuleFragmentHash, 12},
	}
	for _, c := range cases {
		_, err := resolve.Resolve(c.base, "g")
		var be *resolve.BaseError
		if !errors.As(err, &be) {
			t.Errorf("Resolve(%q, g): error %v, want a *BaseError", c.base, err)
			continue
		}
		if be.Reason != c.reason || be.Base != c.base {
			t.Errorf("Resolve(%q, g): %+v, want reason %v", c.base, be, c.reason)
		}
		var d *ast.Diagnostic
		if !errors.As(err, &d) {
			t.Errorf("Resolve(%q, g): no *ast.Diagnostic in %v", c.base, err)
			continue
		}
		if d.Rule != c.rule || d.Offset != c.offset || d.Text != c.base[d.Offset:d.End] {
			t.Errorf("Resolve(%q, g): diagnostic %+v, want rule %s at %d", c.base, d, c.rule, c.offset)
		}
		if msg := err.Error(); !strings.HasPrefix(msg, "bad base URL ") || strings.Contains(msg, "\n") {
			t.Errorf("Resolve(%q, g): error %q is not one line about the base", c.base, msg)
		}
	}
}

func TestRefErrors(t *testing.T) {
	cases := []struct {
		base, ref string
		rule      string
		offset    int
	}{
		{rfcBase, "g h", ast.RuleFsegmentChar, 1},
		{rfcBase, "%", ast.RuleEscapeMalformed, 0},
		{rfcBase, "//a//b", ast.RuleNetPathEmptySegment, 4},
		{"", "a b", ast.RuleFsegmentChar, 1},
	}
	for _, c := range cases {
		_, err := resolve.Resolve(c.base, c.ref)
		var re *resolve.RefError
		if !errors.As(err, &re) || re.Ref != c.ref {
			t.Errorf("Resolve(%q, %q): error %v, want a *RefError", c.base, c.ref, err)
			continue
		}
		var diags ast.Diagnostics
		if !errors.As(err, &diags) || len(diags) == 0 {
			t.Errorf("Resolve(%q, %q): no ast.Diagnostics in %v", c.base, c.ref, err)
			continue
		}
		if d := diags[0]; d.Rule != c.rule || d.Offset != c.offset {
			t.Errorf("Resolve(%q, %q): first diagnostic %+v, want rule %s at %d", c.base, c.ref, d, c.rule, c.offset)
		}
	}
	// A bad base is reported before a bad reference.
	var be *resolve.BaseError
	if _, err := resolve.Resolve("g", "a b"); !errors.As(err, &be) {
		t.Errorf("Resolve(g, a b): %v, want a *BaseError", err)
	}
}

// TestLenient resolves what the strict mode refuses, by the §2.4 cut.
func TestLenient(t *testing.T) {
	cases := []resolveCase{
		{"http://a/b c/d", "../e f", "http://a/e f"},
		{"http://a//b/c", "g", "http://a//b/g"},
		{"http://a//b/c", "../../g", "http://a/g"},
		{"/b/c/d", "../g", "/b/g"},
		{"b/c/d", "../../../g", "../g"},
		{"x", "./c:d", "./c:d"},
		{"/", ".//g", "/.//g"},
		{"", "a b", "a b"},
		{"http://a/%zz", "g#%", "http://a/g#%"},
		{"http://a/b", "g#x#y", "http://a/g#x#y"},
	}
	for _, c := range cases {
		if got := resolve.Lenient(c.base, c.ref).String(); got != c.want {
			t.Errorf("Lenient(%q, %q) = %q, want %q", c.base, c.ref, got, c.want)
		}
	}
}

// TestLinear resolves references whose naive resolution is quadratic, and
// checks the output, never the time: 100 000 "../" and a 10 MB path.
func TestLinear(t *testing.T) {
	n := 100_000
	if testing.Short() {
		n = 10_000
	}
	got, err := resolve.Resolve(rfcBase, strings.Repeat("../", n)+"g")
	if err != nil {
		t.Fatal(err)
	}
	if want := "http://a/" + strings.Repeat("../", n-2) + "g"; got.String() != want {
		t.Errorf("%d \"../\": got %d bytes, want %d", n, len(got.String()), len(want))
	}

	got, err = resolve.Resolve(rfcBase, strings.Repeat("x/../", n)+"g")
	if err != nil {
		t.Fatal(err)
	}
	if got.String() != "http://a/b/c/g" {
		t.Errorf("%d \"x/../\": got %.40q", n, got.String())
	}

	size := 10 << 20
	if testing.Short() {
		size = 1 << 20
	}
	long := strings.Repeat("abcd/", size/5)
	got, err = resolve.Resolve(rfcBase, long+"../g")
	if err != nil {
		t.Fatal(err)
	}
	if want := "http://a/b/c/" + long[:len(long)-len("abcd/")] + "g"; got.String() != want {
		t.Errorf("10 MB path: got %d bytes, want %d", len(got.String()), len(want))
	}
	if !validate.Valid(got.String()) {
		t.Error("10 MB path: result is not valid")
	}

	// A long base path, popped by a long reference.
	longBase := "http://a/" + strings.Repeat("s/", size/2) + "d"
	got, err = resolve.Resolve(longBase, strings.Repeat("../", size/2)+"g")
	if err != nil {
		t.Fatal(err)
	}
	if got.String() != "http://a/g" {
		t.Errorf("long base: got %.40q", got.String())
	}
}
