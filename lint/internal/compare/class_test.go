package compare

import (
	"slices"
	"testing"
)

// TestClassTable holds the table to the constants: one row per class, in
// order, with an id, a name, a description and a source; ids unique.
func TestClassTable(t *testing.T) {
	seen := map[string]bool{}
	for i, r := range Classes() {
		if r.Class != Class(i) {
			t.Errorf("row %d holds class %d", i, r.Class)
		}
		if r.ID == "" || r.Name == "" || r.Description == "" || r.Source == "" {
			t.Errorf("class %d (%q) lacks an id, name, description or source", i, r.ID)
		}
		if r.Class != Unclassified && r.Decides == "" {
			t.Errorf("class %q does not say what decides the RFC 1808 reading", r.ID)
		}
		if seen[r.ID] {
			t.Errorf("class id %q twice", r.ID)
		}
		seen[r.ID] = true
		if k, ok := ParseClass(r.ID); !ok || k != r.Class {
			t.Errorf("ParseClass(%q) = %v, %v", r.ID, k, ok)
		}
	}
	for i, f := range FixUps() {
		if f.FixUp != FixUp(i+1) || f.ID == "" || f.Description == "" {
			t.Errorf("fix-up row %d: %+v", i, f)
		}
	}
}

// classCases is the table test per class: the 2022 study's own public
// examples (Claroty Team82 and Snyk, "Exploiting URL Parsing Confusion")
// where they are, RFC 1808 §5's where the class is RFC 1808's, and an
// example of ours otherwise. want lists the classes of the report's
// divergences, in the order of the table; parts the components of the
// divergence of class want[0].
var classCases = []struct {
	name      string
	base, ref string
	want      []Class
	parts     []string
}{
	// The study's five classes, on its examples.
	{"study: scheme confusion", "", "google.com/abc", []Class{SchemeConfusion}, []string{"verdict"}},
	{"study: slash confusion, three slashes", "", "http:///google.com", []Class{SlashConfusion}, []string{"net_loc", "path"}},
	{"study: slash confusion, one slash", "", "http:/google.com", []Class{SlashConfusion}, []string{"net_loc", "path"}},
	{"study: backslash confusion", "", `http:\\google.com`, []Class{BackslashConfusion}, []string{"net_loc", "path", "verdict"}},
	{"backslash before @", "", `http://evil.com\@google.com/`, []Class{BackslashConfusion}, []string{"net_loc", "path", "verdict"}},
	{"study: URL-encoded data confusion", "", "http://%67oogle.com/", []Class{EncodedData, PercentEncoding}, []string{"net_loc"}},
	// The study's scheme mixup (Log4Shell) was between Java's URI and LDAP;
	// these three readers agree on it: the host is 127.0.0.1.
	{"study: scheme mixup, which these readers agree on", "", "ldap://127.0.0.1#.evilhost.com:1389/a", nil, nil},
	{"scheme mixup: the empty path of a special URL", "", "http://a", []Class{SchemeMixup}, []string{"path"}},
	{"scheme mixup: file host", "", "file://localhost/etc", []Class{SchemeMixup}, []string{"net_loc"}},
	// RFC 1808's own, on §5.
	{"§5.1 ;x", section5Base, ";x", []Class{Params}, []string{"path"}},
	{"params not path", section5Base, "g;x=1/../y", []Class{Params}, []string{"path", "params"}},
	// The base's params hold "\", a "/" to a browser: its base path is
	// "/;/", RFC 1808's "/" (net/url rejects "%").
	{"params of the base holding a backslash", `http://a/;\`, "%", []Class{BackslashConfusion, Params}, []string{"verdict"}},
	{"§5.2 http:g", section5Base, "http:g", []Class{Loophole}, []string{"net_loc", "path"}},
	{"§5.2 http:", section5Base, "http:", []Class{Loophole}, []string{"net_loc", "path", "params", "query"}},
	{"§5.2 ../../../g", section5Base, "../../../g", []Class{DotDotAboveRoot}, []string{"path"}},
	{"§5.2 ../../../../g", section5Base, "../../../../g", []Class{DotDotAboveRoot}, []string{"path"}},
	{"step 6 empty segment", section5Base, "../..//g", []Class{EmptySegment}, []string{"path"}},
	{"§2.4.3 ? in net_loc", "", "http://a?q", []Class{NetLocDelimiters}, []string{"net_loc", "path", "query"}},
	{"national character", "", "http://a/~user", []Class{PercentEncoding}, []string{"verdict"}},
	{"encoded dot segments", section5Base, "%2e%2e/g", []Class{PercentEncoding}, []string{"path"}},
	// net/url cannot keep the raw path (">" must be escaped), escapes the
	// decoded one and writes "%3B" as ";": params to the others' split.
	{"escaped semicolon decoded", "", "http://h/>/w%3Bx", []Class{PercentEncoding}, []string{"path", "params", "verdict"}},
	// An absolute reference is read without the base (§4 step 2b): a base
	// with one slash, or an opaque one, is not the cause of what the
	// readers do to it (OSS-Fuzz).
	{"escaped semicolon decoded, base aside (OSS-Fuzz)", "http:/.g/F", "EeUOGdym:/>/user:pnews://w%3B@host~80",
		[]Class{PercentEncoding, Case}, []string{"path", "params", "verdict"}},
	// The params part for the decoded "%3B" alone, the path for the base's
	// one slash too (which a browser reads as http://0.0.0.0/).
	{"escaped semicolon decoded, base of one slash", "http:/0/", `"0%3B`,
		[]Class{SlashConfusion, PercentEncoding}, []string{"net_loc", "path"}},
	// The params part for the decoded "%3B" alone, the path for the space
	// a browser trims too.
	{"escaped semicolon decoded, white space trimmed", "a:/", " 0 %3B",
		[]Class{PercentEncoding, EmptyComponent, WhiteSpace}, []string{"params"}},
	// net/url decodes "%3A" too, and writes "./" before the ":" it made.
	{"escaped colon decoded in a first segment", "", `"B%3A`, []Class{PercentEncoding}, []string{"path", "verdict"}},
	// net/url decodes "%2F" too: the relative path becomes "/%22", an
	// absolute one, or the ".." takes another segment.
	{"escaped slash decoded", "a://h/b/", `%2f"`, []Class{PercentEncoding}, []string{"path", "verdict"}},
	{"escaped slash decoded before ..", "a://h/b/", "a%2Fb/../c>", []Class{PercentEncoding}, []string{"path", "verdict"}},
	// A browser refuses the base: the readers agree once "%2F" is another
	// escape.
	{"escaped slash decoded, no browser reading", "http://a:99999/b/", `%2f"`, []Class{PercentEncoding}, []string{"path", "verdict"}},
	{"escape decoded, opaque base aside", "mailto:x", "http://h/>/a%2Fb", []Class{PercentEncoding}, []string{"path", "verdict"}},
	{"case", "", "HTTP://A/b", []Class{Case}, []string{"scheme", "net_loc"}},
	{"§5.2 empty reference", section5Base, "", []Class{EmptyComponent}, []string{"fragment"}},
	{"step 5b empty query", section5Base, "?", []Class{EmptyComponent}, []string{"query"}},
	{"step 5a empty params", section5Base, ";", []Class{EmptyComponent}, []string{"path", "params", "query"}},
	// net/url resolves against a base without a net_loc and prints an empty
	// one: a:///b.
	{"empty net_loc net/url adds", "a:/", "b", []Class{EmptyComponent}, []string{"net_loc"}},
	{"§5.2 /./g", section5Base, "/./g", []Class{DotSegments}, []string{"path"}},
	{"§5.2 /../g", section5Base, "/../g", []Class{DotSegments}, []string{"path"}},
	{"dot segments in an absolute URL", "", "http://a/b/../c", []Class{DotSegments}, []string{"path"}},
	// file:/// is a file URL's empty host, not slash confusion (found on
	// real documentation: file:///usr/a/../b was said to be slash confusion).
	{"dot segments in a file URL", "", "file:///usr/a/../b", []Class{DotSegments}, []string{"path"}},
	{"dot segments in the base of a relative reference (OSS-Fuzz)", "x.://h/g./h/..", "q", []Class{DotSegments}, []string{"path"}},
	{"dot segments in the base, white space trimmed", "a://h/0/.. ", "00", []Class{DotSegments, WhiteSpace}, []string{"path"}},
	{"slash confusion, file:////", "", "file:////a/../b", []Class{SlashConfusion}, []string{"path"}},
	{"tab", "", "http://a/b\tc", []Class{WhiteSpace}, []string{"path", "verdict"}},
	{"leading space", "", " http://a/b", []Class{WhiteSpace}, []string{"scheme", "net_loc", "path", "verdict"}},
	{"IPv4 in hex", "", "http://0x7f.1/", []Class{Host}, []string{"net_loc"}},
	{"bad port", "", "http://a:99999/", []Class{Host}, []string{"verdict"}},
	// RFC 1808's net_loc is all of "[::1]]:80" (ast.SplitNetLoc keeps what
	// follows the literal's "]" in the host): it differs from the host a
	// browser repairs it to.
	{"text after an IPv6 literal", "", "http://[::1]]:80/", []Class{PercentEncoding, Host}, []string{"verdict"}},
	{"opaque base", "mailto:x", "g", []Class{OpaquePath}, []string{"net_loc", "path", "verdict"}},
	// "\" is a slash to a browser after a special scheme alone; RFC 1808
	// rejects the base for it.
	{"opaque base, backslash after a scheme not special", `a:\`, "0", []Class{PercentEncoding, OpaquePath}, []string{"verdict"}},
}

func TestClasses(t *testing.T) {
	covered := map[Class]bool{}
	for _, tc := range classCases {
		t.Run(tc.name, func(t *testing.T) {
			rep := Reference(tc.base, tc.ref)
			checkReport(t, rep)
			var got []Class
			for _, d := range rep.Divergences {
				got = append(got, d.Class)
				covered[d.Class] = true
			}
			if !slices.Equal(got, tc.want) {
				t.Fatalf("classes %v, want %v\n%s", got, tc.want, dump(rep))
			}
			if len(tc.want) == 0 {
				return
			}
			var parts []string
			for _, p := range rep.Divergences[0].Parts {
				parts = append(parts, p.Component)
			}
			if !slices.Equal(parts, tc.parts) {
				t.Errorf("%v in %v, want %v", tc.want[0], parts, tc.parts)
			}
		})
	}
	for k := Class(1); k < numClasses; k++ {
		if !covered[k] {
			t.Errorf("no case shows class %v", k)
		}
	}
}

// TestSection5 pins the three readings of every RFC 1808 §5 example: RFC
// 1808's answer is the RFC's (package resolve holds that), and a
// divergence appears exactly where a browser answers otherwise.
func TestSection5(t *testing.T) {
	diverging := map[string]Class{
		"//g": SchemeMixup, ";x": Params, "": EmptyComponent, "../../../g": DotDotAboveRoot,
		"../../../../g": DotDotAboveRoot, "/./g": DotSegments, "/../g": DotSegments,
		"http:g": Loophole, "http:": Loophole,
	}
	b := NewBase(section5Base)
	for _, r := range section5 {
		rep := b.Reference(r)
		want, diverges := diverging[r]
		switch {
		case !diverges && !rep.Agree:
			t.Errorf("%q: divergences %v", r, rep.Divergences)
		case diverges && (len(rep.Divergences) != 1 || rep.Divergences[0].Class != want):
			t.Errorf("%q: divergences %v, want one of class %v", r, rep.Divergences, want)
		}
		if rep.Readings[RFC1808].Verdict != Accepted {
			t.Errorf("%q: RFC 1808 %v", r, rep.Readings[RFC1808].Verdict)
		}
	}
}
