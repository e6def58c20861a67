package lint

import (
	"slices"
	"strings"
	"testing"

	"github.com/relurl/relurl/ast"
	"github.com/relurl/relurl/lint/internal/compare"
	"github.com/relurl/relurl/lint/internal/extract"
)

// portabilityRules are the ids TestPortabilityRules looks at.
var portabilityRules = []string{RuleWHATWGResolution, RuleWHATWGParse, RulePortabilityResolution, RulePortabilityParse,
	RuleSchemeRelativeForm, RuleFsegmentColon, RuleBaseSchemeNoRelative}

// portabilityFindings lints one URL written in a document of the given
// kind, against base, and returns the rules of the findings on it (among
// portabilityRules), with the findings.
func portabilityFindings(t *testing.T, l *Linter, kind extract.Kind, base, ref string) ([]string, []Finding) {
	t.Helper()
	var doc string
	switch kind {
	case extract.KindHTML:
		doc = `<html><head><base href="` + base + `"></head><body><a href="` + ref + `">x</a></body></html>`
		if base == "" {
			doc = `<html><body><a href="` + ref + `">x</a></body></html>`
		}
	case extract.KindMessage:
		doc = "Subject: x\nContent-Type: text/plain\n\nsee <URL:" + ref + ">\n"
		if base != "" {
			doc = "Subject: x\nBase: <URL:" + base + ">\nContent-Type: text/plain\n\nsee <URL:" + ref + ">\n"
		}
	case extract.KindText:
		doc = ref + "\n"
		if base != "" {
			l = l.withRetrieval(base)
		}
	}
	var rules []string
	var fs []Finding
	for _, f := range l.File("doc", []byte(doc), kind) {
		if f.URL == ref && slices.Contains(portabilityRules, f.Rule) {
			rules = append(rules, f.Rule)
			fs = append(fs, f)
		}
	}
	return rules, fs
}

// withRetrieval returns a linter like l with another retrieval URL.
func (l *Linter) withRetrieval(u string) *Linter {
	nl := *l
	nl.retrieval = u
	return &nl
}

// TestPortabilityRules: which portability rule (or RFC 1808 rule) reports
// a URL, in each kind of document: the WHATWG rules in HTML, where they are
// on by default, the RFC 3986 rules in URL lists and messages; one finding
// per fault.
func TestPortabilityRules(t *testing.T) {
	const b5 = "http://a/b/c/d;p?q#f"
	l := mustNew(t, Options{})
	html, text, msg := extract.KindHTML, extract.KindText, extract.KindMessage
	for _, tt := range []struct {
		name      string
		base, ref string
		// want is the rules reported in HTML, then in a URL list and a
		// message; "" for none.
		html, other string
	}{
		{"dotdot above the root", b5, "../../../g", RuleWHATWGResolution, RulePortabilityResolution},
		{"params alone", b5, ";x", RuleWHATWGResolution, RulePortabilityResolution},
		{"dot segments in an absolute path", b5, "/./g", RuleWHATWGResolution, RulePortabilityResolution},
		{"an escaped dot segment, decoded by browsers", b5, "%2e%2e/g", RuleWHATWGResolution, ""},
		{"an empty query", b5, "?", RuleWHATWGResolution, RulePortabilityResolution},
		{"a port browsers reject", b5, "http://a:99999/", RuleWHATWGParse, ""},
		{"a host browsers reject", "", "http://1.2.3.4.5/", RuleWHATWGParse, ""},
		{"a host browsers decode, net/url rejects", "", "http://%67oogle.com/", RuleWHATWGParse, RulePortabilityParse},
		{"an IPv4 number browsers rewrite", "", "http://0x7f.1/", RuleWHATWGParse, ""},
		{"a query after the net_loc", "", "http://a?q", RuleWHATWGParse, ""},
		{"slashes browsers ignore", b5, "http:///a", RuleWHATWGParse, ""},
		{"a scheme beginning with a digit", b5, "1a:b", RuleWHATWGResolution, RulePortabilityParse},
		{"a port net/url rejects, browsers too", "", "http://a:b/", RuleWHATWGParse, RulePortabilityParse},
		// Not worth a finding, or another rule's.
		{"agreeing", b5, "g", "", ""},
		{"plain absolute", "", "https://example.com/a/b?c#d", "", ""},
		{"a relative reference without a base", "", "../g", "", ""},
		{"case", "", "HTTP://A/b", "", ""},
		{"scheme mixup: the empty path", "", "http://a", "", ""},
		{"scheme mixup: file localhost", "", "file://localhost/x", "", ""},
		{"the same URL cut otherwise", b5, "g;x/h", "", ""},
		{"percent-encoding only written", b5, "g?c'd", "", ""},
		{"default port", "", "http://a:80/", "", ""},
		{"the loophole is scheme/relative-form's", b5, "http:g", RuleSchemeRelativeForm, RuleSchemeRelativeForm},
		{"a colon in the first segment is fsegment/colon's", b5, "a_b:c", RuleFsegmentColon, RuleFsegmentColon},
		{"a relative reference against mailto", "mailto:x@example.com", "g", RuleBaseSchemeNoRelative, RuleBaseSchemeNoRelative},
	} {
		t.Run(tt.name, func(t *testing.T) {
			for _, k := range []extract.Kind{html, text, msg} {
				want := tt.other
				if k == html {
					want = tt.html
				}
				if k != html && tt.base == "" && !strings.Contains(tt.ref, ":") {
					continue // a list or message has no way to say "no base" but none
				}
				got, fs := portabilityFindings(t, l, k, tt.base, tt.ref)
				if want == "" && len(got) != 0 || want != "" && !slices.Equal(got, []string{want}) {
					t.Errorf("%s: %q against %q: rules %q, want %q", k, tt.ref, tt.base, got, want)
					for _, f := range fs {
						t.Logf("  %s", f.Message)
					}
				}
				for _, f := range fs {
					if strings.HasPrefix(f.Rule, "portability/") && f.Readings == nil {
						t.Errorf("%s: %s on %q carries no readings", k, f.Rule, tt.ref)
					}
					if !strings.HasPrefix(f.Rule, "portability/") && f.Readings != nil {
						t.Errorf("%s: %s on %q carries readings", k, f.Rule, tt.ref)
					}
				}
			}
		})
	}
}

// TestWHATWGMessages: the messages say both readings and the class.
func TestWHATWGMessages(t *testing.T) {
	l := mustNew(t, Options{})
	for _, tt := range []struct{ base, ref, want string }{
		{"http://a/b/c/d;p?q#f", "../../../g", `"../../../g" resolves against "http://a/b/c/d;p?q#f" to "http://a/../g" under RFC 1808 ` +
			`but to "http://a/g" in browsers (the WHATWG URL Standard); RFC 3986 (Go's net/url) reads it as browsers do; ` +
			`divergence class dotdot-above-root (RFC 1808 §4 step 6c, 6d)`},
		{"", "http://%67oogle.com/", `browsers (the WHATWG URL Standard) repair it (host-percent-decoded) and read "http://google.com/"; ` +
			`RFC 1808 reads "http://%67oogle.com/"; RFC 3986 parsers (Go's net/url) reject it; divergence class url-encoded-data ` +
			`(RFC 1808 §2.2 escape, §2.4.3 net_loc)`},
		{"", "http://a:99999/", `browsers (the WHATWG URL Standard) reject it (`},
	} {
		_, fs := portabilityFindings(t, l, extract.KindHTML, tt.base, tt.ref)
		if len(fs) != 1 || !strings.HasPrefix(fs[0].Message, tt.want) {
			t.Errorf("%q against %q: %d findings, first %q; want one beginning %q", tt.ref, tt.base, len(fs), first(fs), tt.want)
		}
	}
}

// TestLongURLMessages: messages and the readings table quote a long URL
// as a window around where the readings part, so that their size is
// bounded whatever the URL's.
func TestLongURLMessages(t *testing.T) {
	l := mustNew(t, Options{})
	long := strings.Repeat("g", 100000)
	for _, ref := range []string{"../../../" + long, long + "/../../../../x", "http://%67oogle.com/" + long} {
		_, fs := portabilityFindings(t, l, extract.KindHTML, "http://a/b/c/d;p?q#f", ref)
		if len(fs) != 1 {
			t.Fatalf("%.20q...: %d findings", ref, len(fs))
		}
		if n := len(fs[0].Message); n > 2000 {
			t.Errorf("%.20q...: a message of %d bytes: %.300s", ref, n, fs[0].Message)
		}
		if n := len(fs[0].ReadingsTable()); n > 2000 {
			t.Errorf("%.20q...: a readings table of %d bytes", ref, n)
		}
		if long := len(fs[0].Readings.Reading(compare.WHATWG).URL.Value) > 1000; long && !strings.Contains(fs[0].ReadingsTable(), "…") {
			t.Errorf("%.20q...: no window in\n%s", ref, fs[0].ReadingsTable())
		}
	}
}

func first(fs []Finding) string {
	if len(fs) == 0 {
		return ""
	}
	return fs[0].Message
}

// TestBaseBrowsersReject: a base browsers reject is one finding, where it
// is written, not one per reference.
func TestBaseBrowsersReject(t *testing.T) {
	l := mustNew(t, Options{})
	doc := `<base href="http://a:99999/b/"><a href="g">x</a><a href="../h">y</a>`
	fs := l.File("t.html", []byte(doc), extract.KindHTML)
	if len(fs) != 1 || fs[0].Rule != RuleWHATWGParse || fs[0].URL != "http://a:99999/b/" {
		t.Errorf("want one whatwg-parse finding at the base; got %v", fs)
	}
}

// TestKindDefaults: the WHATWG rules are on by default in the kinds
// browsers read, named in the catalog; a setting that names them (by id or
// family) turns them on or off in every kind.
func TestKindDefaults(t *testing.T) {
	const ref = "../../../g"
	const base = "http://a/b/c/d;p?q#f"
	for _, tt := range []struct {
		name        string
		opts        Options
		html, other string
	}{
		{"defaults", Options{}, RuleWHATWGResolution, RulePortabilityResolution},
		{"enabled by id", Options{Enable: []string{RuleWHATWGResolution}}, RuleWHATWGResolution, RuleWHATWGResolution},
		{"enabled by family", Options{Enable: []string{"portability"}}, RuleWHATWGResolution, RuleWHATWGResolution},
		{"disabled by id", Options{Disable: []string{RuleWHATWGResolution}}, RulePortabilityResolution, RulePortabilityResolution},
		{"family off, one id on", Options{Disable: []string{"portability"}, Enable: []string{RuleWHATWGResolution}},
			RuleWHATWGResolution, RuleWHATWGResolution},
		{"all off", Options{Disable: []string{"portability"}}, "", ""},
	} {
		l := mustNew(t, tt.opts)
		for _, k := range []extract.Kind{extract.KindHTML, extract.KindText, extract.KindMessage} {
			want := tt.other
			if k == extract.KindHTML {
				want = tt.html
			}
			got, _ := portabilityFindings(t, l, k, base, ref)
			if want == "" && len(got) != 0 || want != "" && !slices.Equal(got, []string{want}) {
				t.Errorf("%s, %s: rules %q, want %q", tt.name, k, got, want)
			}
		}
	}
	// The settings say where a rule is on.
	l := mustNew(t, Options{Severity: map[string]ast.Severity{"portability": ast.SeverityInfo, "target": ast.SeverityInfo}})
	for _, s := range l.Rules() {
		if s.Rule.Kinds == "" {
			if s.Kinds != nil {
				t.Errorf("%s: kinds %q without a default restricted to some", s.Rule.ID, s.Kinds)
			}
			continue
		}
		if !s.Enabled || strings.Join(s.Kinds, ",") != s.Rule.Kinds || s.Severity != ast.SeverityInfo {
			t.Errorf("%s: %+v; a severity is no setting of where it is on", s.Rule.ID, s)
		}
	}
	l = mustNew(t, Options{Enable: []string{"portability", "target"}})
	for _, s := range l.Rules() {
		if s.Kinds != nil {
			t.Errorf("%s enabled: kinds %q, want every kind", s.Rule.ID, s.Kinds)
		}
	}
}

// TestKinds: every kind a rule's default names is a kind of package
// extract, or one being added (kindsToCome); each has its linter, holding
// the rules restricted to it.
func TestKinds(t *testing.T) {
	l := mustNew(t, Options{})
	for _, r := range Rules() {
		if r.Kinds == "" {
			continue
		}
		if !r.Default {
			t.Errorf("%s: kinds %q but off by default", r.ID, r.Kinds)
		}
		for _, k := range strings.Split(r.Kinds, ",") {
			if _, err := extract.ParseKind(k); err != nil && !slices.Contains(kindsToCome, k) {
				t.Errorf("%s: %q is no kind of package extract: %v", r.ID, k, err)
			}
			kl := l.byKind[k]
			if kl == nil || !slices.ContainsFunc(kl.active[readsValid], func(x *row) bool { return x.ID == r.ID }) {
				t.Errorf("%s: not active in the linter of %s", r.ID, k)
			}
			if slices.ContainsFunc(l.active[readsValid], func(x *row) bool { return x.ID == r.ID }) {
				t.Errorf("%s: active in every kind", r.ID)
			}
		}
	}
	for _, k := range kindsToCome {
		if _, err := extract.ParseKind(k); err == nil {
			t.Logf("%s is a kind of package extract now: kindsToCome may lose it", k)
		}
	}
}

// TestReadingsTable: the -v table of a portability finding.
func TestReadingsTable(t *testing.T) {
	l := mustNew(t, Options{})
	_, fs := portabilityFindings(t, l, extract.KindHTML, "http://a/b/c/d;p?q#f", "../../../g")
	if len(fs) != 1 {
		t.Fatalf("%d findings", len(fs))
	}
	want := `rfc1808  accepted  "http://a/../g"
rfc3986  accepted  "http://a/g"
whatwg   accepted  "http://a/g"
dotdot-above-root in path: RFC 1808 §4 step 6c, 6d`
	if got := fs[0].ReadingsTable(); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if got := (&Finding{}).ReadingsTable(); got != "" {
		t.Errorf("no readings: %q", got)
	}
	rep := compare.URL(`http://%67oogle.com/`)
	got := (&Finding{Readings: rep}).ReadingsTable()
	if !strings.Contains(got, `whatwg   repaired (host-percent-decoded)  "http://google.com/"`) ||
		!strings.Contains(got, "rfc3986  rejected                         —") {
		t.Errorf("got\n%s", got)
	}
}

// TestAbsoluteAloneOfBase: the findings about an absolute URL are the same
// whatever the base, in HTML (a BASE element) as in a URL list (the
// retrieval URL): "https://djangosites.org", whose empty path browsers
// write "/", was reported against a file: base alone (decision L-47).
// The §5.2 loophole, a scheme the base shares without "//", is the
// exception browsers make, and scheme/relative-form reports it.
func TestAbsoluteAloneOfBase(t *testing.T) {
	l := mustNew(t, Options{})
	bases := []string{"", "file:///home/me/site/index.html", "https://docs.example.org/a/b", "http://a/b/c/d;p?q#f",
		"ftp://h/pub/", "mailto:x@example.org"}
	refs := []string{"https://djangosites.org", "http://a", "HTTP://A/b", "https://a?q", "http://a:99999/", "http://1.2.3.4.5/",
		"http://%67oogle.com/", "file:///etc", "file://localhost/x", "file:c:/x", "ftp://a/%2e%2e/", "http://a/../b",
		"mailto:x@example.org", "data:,x", "urn:a:b", "news:comp.lang", "https://[::1]/", "http:///a", "https://a/b;p?q#f",
		"1a:b", "http:g"}
	for _, ref := range refs {
		for _, k := range []extract.Kind{extract.KindHTML, extract.KindText} {
			var first []Finding
			for i, base := range bases {
				if base != "" && strings.EqualFold(ref[:strings.IndexByte(ref, ':')], base[:strings.IndexByte(base, ':')]) &&
					!strings.Contains(ref, "://") || strings.HasPrefix(ref, "1") {
					continue // the loophole, and what browsers read as a relative path
				}
				_, fs := portabilityFindings(t, l, k, base, ref)
				var msgs []string
				for _, f := range fs {
					msgs = append(msgs, f.Rule+": "+f.Message)
				}
				if i == 0 {
					first = fs
					continue
				}
				var want []string
				for _, f := range first {
					want = append(want, f.Rule+": "+f.Message)
				}
				if !slices.Equal(msgs, want) {
					t.Errorf("%s: %q against %q:\n\t%q\nwithout a base:\n\t%q", k, ref, base, msgs, want)
				}
			}
		}
	}
}
