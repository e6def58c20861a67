package lint

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/relurl/relurl/ast"
	"github.com/relurl/relurl/lint/internal/extract"
	"github.com/relurl/relurl/lint/internal/target"
)

// pagesTree returns a tree of the pages given (path: HTML), whose
// anchors are read from their text when a fragment names them, as a
// run reads the documents it does not lint, with opts.
func pagesTree(t testing.TB, pages map[string]string, opts target.Options) *target.Tree {
	t.Helper()
	opts.Load = func(real string, k extract.Kind) *target.Anchors {
		src, ok := pages[real]
		if !ok {
			return nil
		}
		return target.ReadAnchors(src, k, opts.MarkdownAnchors)
	}
	if opts.MayRedirect == nil {
		// As a run reads the disk (decision S-25).
		opts.MayRedirect = func(real string) bool {
			src, ok := pages[real]
			return !ok || extract.MayRedirect([]byte(src))
		}
	}
	paths := []string{"p.html"}
	for p := range pages {
		paths = append(paths, p)
	}
	tree, err := target.NewTree(target.Files(paths...), "", opts)
	if err != nil {
		t.Fatal(err)
	}
	return tree
}

// checkPages is checkPage, for a page whose fragments may all be
// settled as it is read (nothing deferred).
func checkPages(l *Linter, tree *target.Tree, src string, deferred bool) []Finding {
	c := l.CheckWith("p.html", src, extract.KindHTML, "", nil, &target.Scope{Tree: tree, Paths: []string{"p.html"}, Defer: deferred})
	if !deferred || len(c.Targets.Deferred) == 0 || c.Targets.Deferred[0] == nil {
		return c.Findings
	}
	tree.SetAnchors("p.html", c.Targets.Anchors)
	findings, _, _, _ := CheckDeferred(c.Targets.Deferred[0], tree, "p.html", nil)
	return append(c.Findings, findings...)
}

// The redirect pages of the generators that make them, as they write
// them, each leading to new.html.
var redirectForms = map[string]string{
	// rustdoc's stub: a refresh and a script that carries the hash on.
	"rustdoc.html": `<!DOCTYPE html><html lang="en"><head>
<meta http-equiv="refresh" content="0;URL=new.html"><title>Redirection</title></head>
<body><p>Redirecting to <a href="new.html">new.html</a>...</p>
<script>location.replace("new.html" + location.search + location.hash);</script></body></html>`,
	// Hugo's alias: a refresh and a canonical link, no script.
	"hugo.html": `<!DOCTYPE html><html lang="en-us"><head><title>/new.html</title>
<link rel="canonical" href="new.html"><meta name="robots" content="noindex">
<meta charset="utf-8"><meta http-equiv="refresh" content="0; url=new.html"></head></html>`,
	// Jekyll's redirect-from: a script that sets location, without the
	// hash.
	"jekyll.html": `<!DOCTYPE html><html lang="en-US"><meta charset="utf-8"><title>Redirecting…</title>
<link rel="canonical" href="new.html"><script>location="new.html"</script>
<meta http-equiv="refresh" content="0; url=new.html"><meta name="robots" content="noindex">
<h1>Redirecting…</h1><a href="new.html">Click here if you are not redirected.</a></html>`,
	// mkdocs-redirects: a script that appends window.location.hash.
	"mkdocs.html": `<!doctype html><html><head><meta charset="utf-8"><title>Redirecting...</title>
<link rel="canonical" href="new.html"><meta name="robots" content="noindex">
<script>var anchor=window.location.hash.substr(1);location.href="new.html"+(anchor?"#"+anchor:"")</script>
<meta http-equiv="refresh" content="0; url=new.html"></head><body>Redirecting...</body></html>`,
	// sphinx-reredirects' default template: a refresh alone.
	"sphinx.html": `<html><head><meta http-equiv="refresh" content="0; url=new.html"></head></html>`,
	// Docusaurus' client redirects: a script with the hash.
	"docusaurus.html": `<!DOCTYPE html><html><head><meta charset="UTF-8">
<meta http-equiv="refresh" content="0; url=new.html"><link rel="canonical" href="new.html"></head>
<script>window.location.href = 'new.html' + window.location.search + window.location.hash;</script></html>`,
	// texinfo's node page: a refresh to an anchor of its own.
	"texinfo.html": `<html><head><meta http-equiv="Refresh" content="0; url=new.html#node"></head>
<body><p>The node you are looking for is at <a href="new.html#node">Node</a>.</p></body></html>`,
	// javadoc's: the refresh inside <noscript>, read as text where
	// scripts run, and a script that replaces location: no redirect the
	// target rules read (decision T-24).
	"javadoc.html": `<html><head><script>window.location.replace('new.html')</script>
<noscript><meta http-equiv="Refresh" content="0;new.html"></noscript></head><body id="javadoc"></body></html>`,
	// A refresh with a delay: a page to read, not a redirect.
	"delay.html": `<meta http-equiv="refresh" content="5; url=new.html"><h1 id="wait">Moved</h1>`,
	// Two refreshes: the first that parses counts.
	"twice.html": `<meta http-equiv="refresh" content="3; url=gone.html"><meta http-equiv="refresh" content="0; url=new.html">`,
	"new.html":   `<h1 id="usage">Usage</h1><p id="node">`,
}

// TestRedirectForms: a link with a fragment to each generator's redirect
// page is checked where the redirect leads when the page carries the
// fragment on, and reported as dropped when it does not; a page with
// a delayed refresh, or a refresh the parser does not see, is a page.
func TestRedirectForms(t *testing.T) {
	tests := []struct {
		page, rule, says string
	}{
		{"rustdoc.html", "", ""},
		{"mkdocs.html", "", ""},
		{"docusaurus.html", "", ""},
		{"hugo.html", RuleTargetRedirect, `"hugo.html" is a redirect page that leads to "new.html", and it drops the fragment`},
		{"jekyll.html", RuleTargetRedirect, "drops the fragment"},
		{"sphinx.html", RuleTargetRedirect, "drops the fragment"},
		{"sphinx.html", RuleTargetRedirect, `link to "new.html#usage"`},
		{"texinfo.html", RuleTargetRedirect, `(its refresh's URL has a fragment of its own): the reader of "#usage" lands at "new.html#node"; link to "new.html#usage"`},
		{"javadoc.html", RuleTargetFragment, `names no anchor of "javadoc.html"`},
		{"delay.html", RuleTargetFragment, `names no anchor of "delay.html"`},
		{"twice.html", RuleTargetFragment, `names no anchor of "twice.html"`},
	}
	l, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	tree := pagesTree(t, redirectForms, target.Options{})
	for _, tc := range tests {
		for _, deferred := range []bool{false, true} {
			findings := checkPages(l, tree, fmt.Sprintf(`<a href="%s#usage">u</a>`, tc.page), deferred)
			var got []Finding
			for _, f := range findings {
				if f.Rule == RuleTargetFragment || f.Rule == RuleTargetRedirect {
					got = append(got, f)
				}
			}
			switch {
			case tc.rule == "" && len(got) > 0:
				t.Errorf("%s (deferred %v): %s: %s, want none", tc.page, deferred, got[0].Rule, got[0].Message)
			case tc.rule == "":
			case len(got) != 1 || got[0].Rule != tc.rule || !strings.Contains(got[0].Message, tc.says):
				t.Errorf("%s (deferred %v): %v, want one %s saying %q", tc.page, deferred, got, tc.rule, tc.says)
			}
		}
	}
	// A fragment carried on and named nowhere at the end is
	// target/fragment's, naming the page it ends at and the way there.
	findings := checkPages(l, tree, `<a href="rustdoc.html#nowhere">u</a>`, true)
	if len(findings) != 1 || findings[0].Rule != RuleTargetFragment ||
		!strings.Contains(findings[0].Message, `names no anchor of "new.html"`) ||
		!strings.Contains(findings[0].Message, `through the redirect page "rustdoc.html"`) {
		t.Errorf("carried, missing: %v", findings)
	}
	// Dropped, and named nowhere at the end either.
	findings = checkPages(l, tree, `<a href="hugo.html#nope">u</a>`, true)
	if len(findings) != 1 || findings[0].Rule != RuleTargetRedirect || !strings.Contains(findings[0].Message, `; "new.html" has no anchor the fragment names either`) {
		t.Errorf("dropped, missing: %v", findings)
	}
	// A texinfo node page without a fragment of the link's: nothing lost.
	if findings := checkPages(l, tree, `<a href="texinfo.html">u</a>`, true); len(findings) != 0 {
		t.Errorf("texinfo, no fragment: %v", findings)
	}
}

// TestRedirectFaults: a chain of redirects that loops, runs too long or
// leads to nothing is reported at the link, and at each page of it as
// its own finding; a chain through pages that carry the fragment is
// followed to its end; redirects = "off" reads redirect pages as pages.
func TestRedirectFaults(t *testing.T) {
	stub := func(to string) string {
		return `<meta http-equiv="refresh" content="0; url=` + to + `"><script>location.replace("` + to + `" + location.hash)</script>`
	}
	pages := map[string]string{
		"a.html": stub("b.html"), "b.html": stub("a.html"),
		"self.html": stub("self.html"),
		"gone.html": stub("x/missing.html"),
		"hop1.html": stub("gone.html"),
		"bad.html":  stub("x/%2F.html"), "out.html": stub("https://example.org/new"),
		"c1.html": stub("c2.html"), "c2.html": stub("d/c3.html"), "d/c3.html": stub("../new.html"),
		"new.html": `<h1 id="usage">Usage</h1>`,
	}
	for i := range target.MaxRedirects + 1 {
		pages[fmt.Sprintf("long%d.html", i)] = stub(fmt.Sprintf("long%d.html", i+1))
	}
	pages[fmt.Sprintf("long%d.html", target.MaxRedirects+1)] = `<h1 id="usage">`
	l, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	tree := pagesTree(t, pages, target.Options{})
	tests := []struct{ link, rule, says string }{
		{"a.html#usage", RuleTargetRedirect, `(the first of 2) whose redirects loop: "b.html" leads back to "a.html"`},
		{"self.html#usage", RuleTargetRedirect, "loop"},
		{"gone.html#usage", RuleTargetRedirect, `leads to nothing: "gone.html" refreshes to "x/missing.html"`},
		{"hop1.html#usage", RuleTargetRedirect, "leads to nothing"},
		{"bad.html#usage", RuleTargetRedirect, "leads to nothing"},
		{"out.html#usage", "", ""},
		{"long0.html#usage", RuleTargetRedirect, "longer than 20"},
		{"c1.html#usage", "", ""},
		{"c1.html#nope", RuleTargetFragment, `reached through 3 redirect pages from "c1.html"`},
	}
	for _, tc := range tests {
		for _, deferred := range []bool{false, true} {
			findings := checkPages(l, tree, `<a href="`+tc.link+`">u</a>`, deferred)
			switch {
			case tc.rule == "" && len(findings) > 0:
				t.Errorf("%s (deferred %v): %v, want none", tc.link, deferred, findings)
			case tc.rule == "":
			case len(findings) != 1 || findings[0].Rule != tc.rule || !strings.Contains(findings[0].Message, tc.says):
				t.Errorf("%s (deferred %v): %v, want one %s saying %q", tc.link, deferred, findings, tc.rule, tc.says)
			}
		}
	}
	// The pages' own findings: those of a chain that loops, or leads to
	// nothing past another page (a refresh to no file is
	// target/missing's).
	own := map[string]string{"a.html": "loops", "self.html": "loops", "hop1.html": "to nothing", "long0.html": "longer than 20", "gone.html": "", "c1.html": ""}
	// Each page with nothing read of the others, whose chains are read
	// as they are followed: by the tree that reads a page whole only
	// when it may redirect (decision S-25), and by one that reads each.
	every := func(string) bool { return true }
	for p, says := range own {
		for _, tree := range []*target.Tree{pagesTree(t, pages, target.Options{}), pagesTree(t, pages, target.Options{MayRedirect: every})} {
			checkOwn(t, l, tree, p, pages[p], says)
		}
	}
	// An editor's index: the pages a chain leads to are among the
	// targets a document's references reach, so that a change to the
	// page at the end checks the document again.
	c := l.CheckWith("p.html", `<a href="c1.html#usage">u</a>`, extract.KindHTML, "", nil, &target.Scope{Tree: tree, Paths: []string{"p.html"}, References: true})
	if want := []string{"c1.html", "c2.html", "d/c3.html", "new.html"}; !slices.Equal(c.Targets.Reals, want) {
		t.Errorf("reals %q, want %q", c.Targets.Reals, want)
	}
	// Read as pages, the stubs have no anchor.
	off := pagesTree(t, pages, target.Options{Redirects: target.RedirectsOff})
	findings := checkPages(l, off, `<a href="c1.html#usage">u</a>`, true)
	if len(findings) != 1 || findings[0].Rule != RuleTargetFragment || !strings.Contains(findings[0].Message, `names no anchor of "c1.html"`) {
		t.Errorf("redirects off: %v", findings)
	}
	// target/redirect off: a fragment dropped is no finding.
	quiet, err := New(Options{Disable: []string{RuleTargetRedirect}})
	if err != nil {
		t.Fatal(err)
	}
	if findings := checkPages(quiet, tree, `<a href="a.html#usage">u</a>`, true); len(findings) != 0 {
		t.Errorf("target/redirect off: %v", findings)
	}
}

// checkOwn checks the page p, whose text is src, in tree, and that its own
// finding of target/redirect says says ("": none), at its refresh.
func checkOwn(t *testing.T, l *Linter, tree *target.Tree, p, src, says string) {
	t.Helper()
	c := l.CheckWith(p, src, extract.KindHTML, "", nil, &target.Scope{Tree: tree, Paths: []string{p}})
	var got []Finding
	for _, f := range c.Findings {
		if f.Rule == RuleTargetRedirect {
			got = append(got, f)
		}
	}
	switch {
	case says == "" && len(got) != 0:
		t.Errorf("%s: %v, want none", p, got)
	case says == "":
	case len(got) != 1 || !strings.Contains(got[0].Message, says) || got[0].Line != 1 || got[0].Column != 37:
		t.Errorf("%s: %v, want one at 1:37 saying %q", p, got, says)
	}
}

// TestRedirectOwnRule: target/redirect is a rule of its own (decision
// T-25): on with target/fragment off, suppressed by its own id or its
// family and not by target/fragment's, with its own severity; and a link
// without a fragment is followed, reported when its chain loops, runs
// too long or leads to nothing, silent when it works.
func TestRedirectOwnRule(t *testing.T) {
	stub := func(to string) string {
		return `<meta http-equiv="refresh" content="0; url=` + to + `"><script>location.replace("` + to + `" + location.hash)</script>`
	}
	pages := map[string]string{
		"a.html": stub("b.html"), "b.html": stub("a.html"),
		"gone.html": stub("x/missing.html"), "out.html": stub("https://example.org/new"),
		"c1.html": stub("c2.html"), "c2.html": stub("new.html"),
		"hugo.html": `<meta http-equiv="refresh" content="0; url=new.html">`,
		"new.html":  `<h1 id="usage">Usage</h1>`,
	}
	for i := range target.MaxRedirects + 1 {
		pages[fmt.Sprintf("long%d.html", i)] = stub(fmt.Sprintf("long%d.html", i+1))
	}
	pages[fmt.Sprintf("long%d.html", target.MaxRedirects+1)] = `<h1 id="usage">`
	linter := func(o Options) *Linter {
		l, err := New(o)
		if err != nil {
			t.Fatal(err)
		}
		return l
	}
	all := linter(Options{})
	noFrag := linter(Options{Disable: []string{RuleTargetFragment}})
	raised := linter(Options{Severity: map[string]ast.Severity{RuleTargetRedirect: ast.SeverityError}})
	via := linter(Options{Enable: []string{RuleTargetVia}})
	tests := []struct {
		name string
		l    *Linter
		doc  string
		// want are the rules of the target findings, in order; says what
		// the first says, at column col with the text text.
		want      []string
		says      string
		col       int
		text      string
		wantError bool
	}{
		{name: "fragment off", l: noFrag, doc: `<a href="a.html#usage">u</a> <a href="c1.html#nope">v</a> <a href="hugo.html#usage">w</a>`,
			want: []string{RuleTargetRedirect, RuleTargetRedirect}, says: "loop", col: 17, text: "usage"},
		{name: "no fragment, loop", l: all, doc: `<a href="a.html">u</a>`,
			want: []string{RuleTargetRedirect}, says: `"a.html" is a redirect page (the first of 2) whose redirects loop`, col: 10, text: "a.html"},
		{name: "no fragment, nothing", l: all, doc: `<a href="gone.html">u</a>`,
			want: []string{RuleTargetRedirect}, says: "leads to nothing", col: 10, text: "gone.html"},
		{name: "no fragment, too long", l: noFrag, doc: `<a href="long0.html">u</a>`,
			want: []string{RuleTargetRedirect}, says: "longer than 20", col: 10, text: "long0.html"},
		{name: "no fragment, working", l: all, doc: `<a href="c1.html">u</a> <a href="hugo.html">v</a> <a href="out.html">w</a> <a href="new.html">x</a>`},
		{name: "own id suppresses", l: all, doc: "<!-- relurl:ignore target/redirect -->\n<a href=\"a.html#usage\">u</a> <a href=\"gone.html\">v</a>"},
		{name: "family suppresses", l: all, doc: "<!-- relurl:ignore target -->\n<a href=\"a.html#usage\">u</a>"},
		{name: "fragment's id does not", l: all, doc: "<!-- relurl:ignore target/fragment -->\n<a href=\"a.html#usage\">u</a> <a href=\"c1.html#nope\">v</a>",
			want: []string{RuleTargetRedirect}, says: "loop", col: 17, text: "usage"},
		{name: "file directive", l: all, doc: "<!-- relurl:ignore-file target/redirect -->\n<a href=\"a.html#usage\">u</a> <a href=\"c1.html#nope\">v</a>",
			want: []string{RuleTargetFragment}, says: "nope", col: 47, text: "nope", wantError: true},
		{name: "via, fragment", l: via, doc: `<a href="c1.html#usage">u</a> <a href="new.html#usage">v</a> <a href="out.html#x">w</a>`,
			want: []string{RuleTargetVia}, says: `"c1.html" is a redirect page (the first of 2) that leads to "new.html": the link works, and "new.html#usage" reaches`, col: 18, text: "usage"},
		{name: "via, no fragment", l: via, doc: `<a href="c1.html">u</a> <a href="out.html">v</a> <a href="new.html">w</a>`,
			want: []string{RuleTargetVia}, says: `and "new.html" reaches`, col: 10, text: "c1.html"},
		{name: "via, not on faults", l: via, doc: `<a href="hugo.html#usage">u</a> <a href="a.html">v</a> <a href="c1.html#nope">w</a>`,
			want: []string{RuleTargetRedirect, RuleTargetRedirect, RuleTargetFragment}, says: "drops the fragment", col: 20, text: "usage"},
		{name: "via suppressed", l: via, doc: "<!-- relurl:ignore target/via-redirect -->\n<a href=\"c1.html#usage\">u</a> <a href=\"c1.html\">v</a>"},
		{name: "own severity", l: raised, doc: `<a href="a.html">u</a>`,
			want: []string{RuleTargetRedirect}, says: "loop", col: 10, text: "a.html", wantError: true},
	}
	for _, tc := range tests {
		for _, known := range []bool{false, true} {
			for _, deferred := range []bool{false, true} {
				tree := pagesTree(t, pages, target.Options{})
				if known {
					// The pages' anchors known before the link is read:
					// settled as it is read.
					for p, src := range pages {
						tree.SetAnchors(p, target.ReadAnchors(src, extract.KindHTML, 0))
					}
				}
				var got []Finding
				for _, f := range checkPages(tc.l, tree, tc.doc, deferred) {
					if strings.HasPrefix(f.Rule, "target/") {
						got = append(got, f)
					}
				}
				rules := make([]string, len(got))
				for i, f := range got {
					rules[i] = f.Rule
				}
				where := fmt.Sprintf("%s (known %v, deferred %v)", tc.name, known, deferred)
				if !slices.Equal(rules, tc.want) {
					t.Errorf("%s: %v, want rules %v", where, got, tc.want)
					continue
				}
				if len(got) == 0 {
					continue
				}
				f := got[0]
				if !strings.Contains(f.Message, tc.says) || f.Column != tc.col || f.Text != tc.text || (f.Severity == ast.SeverityError) != tc.wantError {
					t.Errorf("%s: %+v, want at column %d, text %q, saying %q (error %v)", where, f, tc.col, tc.text, tc.says, tc.wantError)
				}
			}
		}
	}
	// A stub's own refresh is the stub's finding, not a link's too.
	c := all.CheckWith("a.html", pages["a.html"], extract.KindHTML, "", nil, &target.Scope{Tree: pagesTree(t, pages, target.Options{}), Paths: []string{"a.html"}})
	if n := len(c.Findings); n != 1 || c.Findings[0].Rule != RuleTargetRedirect || !strings.HasPrefix(c.Findings[0].Message, "this page redirects") {
		t.Errorf("a.html: %v, want its own finding alone", c.Findings)
	}
}

// TestLineRangesAndScripted: a range of lines is accepted when both its
// ends are anchors, reported naming the ends that are not; the
// conventions are a setting; a fragment a page's script reads, declared,
// is not looked for.
func TestLineRangesAndScripted(t *testing.T) {
	var src strings.Builder
	for i := 1; i <= 10; i++ {
		fmt.Fprintf(&src, `<span id="%d">%d</span><span id="L%d"></span>`, i, i, i)
	}
	pages := map[string]string{"src.html": src.String(), "api/index.html": `<div id="app"></div>`, "other.html": `<p>`}
	l, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		opts  target.Options
		links []string
		want  []string // the findings' messages' telling part, in order
	}{
		{target.Options{}, []string{"src.html#2-5", "src.html#L3-L10", "src.html#2-50", "src.html#0-99", "src.html#2-", "src.html#L2-5", "src.html#10-2", "src.html#L10-L3", "src.html#5-5", "src.html#50-2"},
			[]string{`and "50" names no anchor`, `and "0" and "99" name no anchor of "src.html": the page has no such lines`, `"#2-" names no anchor`, `"#L2-5" names no anchor`, `"50"`}},
		{target.Options{LineRanges: []string{}}, []string{"src.html#2-5"}, []string{`"#2-5" names no anchor`}},
		{target.Options{LineRanges: []string{"LN-LN"}}, []string{"src.html#2-5", "src.html#L2-L5"}, []string{`"#2-5" names no anchor`}},
		{target.Options{Scripted: []string{"api/index.html#/*"}}, []string{"api/index.html#/pet/addPet", "api/index.html#pet", "other.html#/pet"},
			[]string{`"#pet" names no anchor`, `"#/pet" names no anchor`}},
	}
	for i, tc := range tests {
		tree := pagesTree(t, pages, tc.opts)
		var doc strings.Builder
		for _, ln := range tc.links {
			fmt.Fprintf(&doc, "<a href=\"%s\">x</a>\n", ln)
		}
		for _, deferred := range []bool{false, true} {
			findings := checkPages(l, tree, doc.String(), deferred)
			var got []string
			for _, f := range findings {
				got = append(got, f.Message)
			}
			ok := len(got) == len(tc.want)
			for k := 0; ok && k < len(got); k++ {
				ok = strings.Contains(got[k], tc.want[k])
			}
			if !ok {
				t.Errorf("case %d (deferred %v): %q, want %q", i, deferred, got, tc.want)
			}
		}
	}
	if !slices.Equal(target.DefaultLineRanges, []string{"N-N", "LN-LN"}) {
		t.Errorf("default line ranges %q", target.DefaultLineRanges)
	}
}

// BenchmarkRedirects: a page of 1000 links with fragments to pages, each
// through a rustdoc stub ("follow"), beside the same links straight to
// the pages ("direct", the baseline) and through stubs read as pages
// ("off"), checked at the end of a run: the cost of following redirect
// pages.
func BenchmarkRedirects(b *testing.B) {
	const n = 1000
	pages := map[string]string{}
	var through, direct strings.Builder
	for i := range n {
		pages[fmt.Sprintf("stub%d.html", i)] = fmt.Sprintf(`<meta http-equiv="refresh" content="0;URL=p%d.html"><script>location.replace("p%d.html" + location.search + location.hash);</script>`, i, i)
		pages[fmt.Sprintf("p%d.html", i)] = fmt.Sprintf(`<h2 id="item%d">Item</h2><span id="1">1</span><span id="2">2</span>`, i)
		fmt.Fprintf(&through, "<a href=\"stub%d.html#item%d\">x</a>\n", i, i)
		fmt.Fprintf(&direct, "<a href=\"p%d.html#item%d\">x</a>\n", i, i)
	}
	l, err := New(Options{})
	if err != nil {
		b.Fatal(err)
	}
	for _, bc := range []struct {
		name string
		opts target.Options
		doc  string
	}{
		{"direct", target.Options{}, direct.String()},
		{"follow", target.Options{}, through.String()},
		{"off", target.Options{Redirects: target.RedirectsOff}, through.String()},
		// Each page linked ten times, as a generated page links an item
		// it names again and again: through a stub, each link after the
		// first costs a lookup of the chain kept (decision T-27).
		{"direct10", target.Options{}, strings.Repeat(direct.String(), 10)},
		{"follow10", target.Options{}, strings.Repeat(through.String(), 10)},
	} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				b.StopTimer()
				// A tree of its own each time: the pages' anchors read
				// again, as a run reads them once.
				tree := pagesTree(b, pages, bc.opts)
				b.StartTimer()
				checkPages(l, tree, bc.doc, true)
			}
		})
	}
}
