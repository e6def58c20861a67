package site_test

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/relurl/relurl/ast"
	"github.com/relurl/relurl/grammar"
	"github.com/relurl/relurl/internal/resolution"
	"github.com/relurl/relurl/lint/internal/compare"
	"github.com/relurl/relurl/lint/internal/lint"
	"github.com/relurl/relurl/lint/internal/manual"
	"github.com/relurl/relurl/lint/internal/playground/site"
	"github.com/relurl/relurl/resolve"
	"github.com/relurl/relurl/validate"
)

var update = flag.Bool("update", false, "rewrite the manual's screenshot, docs/playground.png, from the browser test")

const rfcBase = "http://a/b/c/d;p?q#f"

// The §5 examples: every reference of §5.1 and §5.2.
var section5 = []string{
	"g:h", "g", "./g", "g/", "/g", "//g", "?y", "g?y", "g?y/./x", "#s", "g#s", "g#s/./x", "g?y#s", ";x",
	"g;x", "g;x?y#s", ".", "./", "..", "../", "../g", "../..", "../../", "../../g",
	"", "../../../g", "../../../../g", "/./g", "/../g", "g.", ".g", "g..", "..g", "./../g", "./g/.",
	"g/./h", "g/../h", "http:g", "http:",
}

// Inputs the grammar rejects, each with a base or without.
var invalid = [][2]string{
	{"http://a/%zz", ""}, {"http://a/b c?d^", ""}, {"日本/⟨x⟩", rfcBase}, {"g#s#t", rfcBase},
	{"//a//b", ""}, {"http://a/b\x7fc", rfcBase}, {"http://a/b", "http://a//b"}, {"g", "/b/c"},
}

// pageState is what the page shows, read from its DOM.
type pageState struct {
	Input, Base   string
	Verdict, Form string
	Components    [][3]string // name, value as shown, bytes
	Rules         []string    // diagnostics of the URL, then of the base
	Docs          []string
	Fixes         int
	Steps         []string
	Decided       string
	Result        string
	Relative      string
	Step6         [][]string // id, path after, removed...
	Verdicts      []string
	Classes       []string
	Hash          string
}

const readState = `(() => {
  const q = (s) => [...document.querySelectorAll(s)];
  const t = (s) => { const e = document.querySelector(s); return e ? e.textContent : ""; };
  const box = document.getElementById("report");
  return {
    Input: box.dataset.input, Base: box.dataset.base,
    Verdict: t("#verdict-badge"), Form: t("#verdict-form"),
    Components: q("#components tbody tr").map((r) => [...r.cells].map((c) => c.textContent)),
    Rules: q("#diagnostics li[data-rule]").map((li) => li.dataset.rule),
    Docs: q("#diagnostics a.rule").map((a) => a.href),
    Fixes: q("#diagnostics .fix").length,
    Steps: q("#steps li").map((li) => li.dataset.step),
    Decided: (q("#steps li.decides")[0] || {dataset: {}}).dataset.step || "",
    Result: t("#result"), Relative: t("#relative"),
    Step6: q("#step6 tr[data-rule]").map((r) => [r.dataset.rule, r.cells[2].textContent, ...[...r.cells[3].querySelectorAll("del")].map((d) => d.textContent)]),
    Verdicts: q("#readings-table tr[data-field=verdict] td .badge").map((b) => b.textContent),
    Classes: q("#divergences li").map((li) => li.dataset.class),
    Hash: location.hash,
  };
})()`

// expected is what the library answers for url and base, computed here
// with the library's own entry points, not with the page's report.
func expected(t *testing.T, in, base string) pageState {
	t.Helper()
	u, diags := validate.Validate(in)
	st := pageState{Input: in, Base: base, Form: u.Form.String(), Verdict: "valid"}
	if diags.HasErrors() {
		st.Verdict = "invalid"
	}
	show := func(c ast.Component, name string) [3]string {
		if !c.Present {
			return [3]string{name, "(absent)", ""}
		}
		return [3]string{name, jsString(c.Value), fmt.Sprintf("[%d, %d)", c.Span.Start, c.Span.End)}
	}
	pathRow := [3]string{"path", jsString(u.Path.Value), fmt.Sprintf("[%d, %d)", u.Path.Span.Start, u.Path.Span.End)}
	if u.Path.Value == "" {
		pathRow[1] = "(empty)"
	}
	st.Components = [][3]string{show(u.Scheme, "scheme"), show(u.NetLoc, "net_loc"), pathRow,
		show(u.Params, "params"), show(u.Query, "query"), show(u.Fragment, "fragment")}
	l, err := lint.New(lint.Options{Retrieval: base})
	if err != nil {
		l, _ = lint.New(lint.Options{})
	}
	for _, f := range l.URL(in) {
		st.Rules = append(st.Rules, f.Rule)
	}
	if base != "" {
		_, err := resolve.ParseBase(base)
		var list ast.Diagnostics
		var one *ast.Diagnostic
		switch {
		case errors.As(err, &list):
			for _, d := range list {
				st.Rules = append(st.Rules, d.Rule)
			}
		case errors.As(err, &one):
			st.Rules = append(st.Rules, one.Rule)
		}
		// §4: the strict answer when both are fit for it, the lenient one
		// otherwise, and the steps that give it.
		b, berr := resolve.ParseBase(base)
		r, rerr := resolve.ParseRef(in)
		if berr == nil && rerr == nil {
			res, err := resolve.Resolve(base, in)
			if err != nil {
				t.Fatal(err)
			}
			st.Result = res.String()
			back, err := resolve.Relative(base, st.Result)
			if err == nil {
				st.Relative = jsString(back)
			}
		} else {
			b, r = validate.Split(base), validate.Split(in)
			st.Result = resolve.Lenient(base, in).String()
		}
		_, tr := resolution.ReferenceTrace(b, r)
		for _, s := range tr.Steps {
			st.Steps = append(st.Steps, s.ID)
		}
		st.Decided = tr.Decided
		if tr.Path != nil {
			for _, rule := range tr.Path.Rules {
				st.Step6 = append(st.Step6, append([]string{rule.ID, rule.Path}, rule.Removed...))
			}
		}
	}
	rep := compare.Reference(base, in)
	for _, rd := range rep.Readings {
		st.Verdicts = append(st.Verdicts, rd.Verdict.String())
	}
	for _, d := range rep.Divergences {
		st.Classes = append(st.Classes, d.Class.Info().ID)
	}
	st.Hash = "#url=" + encodeURIComponent(in)
	if base != "" {
		st.Hash += "&base=" + encodeURIComponent(base)
	}
	return st
}

// encodeURIComponent is JavaScript's: every byte but A-Z a-z 0-9 - _ . ! ~ * ' ( ) escaped.
func encodeURIComponent(s string) string {
	const keep = "-_.!~*'()"
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte(keep, c) >= 0 {
			b.WriteByte(c)
			continue
		}
		fmt.Fprintf(&b, "%%%02X", c)
	}
	return b.String()
}

// TestBrowser drives headless Chromium through the page as a person would,
// on the site as make site builds it (the manual and the playground,
// package manual) served as static files: it types the §5 examples and
// invalid URLs, moves the caret, hovers a component, follows a permalink
// and the rules page's links to its examples, and holds what the page
// shows to the library's own answers; it checks that the page fetches nothing after it
// has loaded and nothing from elsewhere, that it fits 375 px, and that it
// raises no error; it saves screenshots (go test -artifacts keeps them;
// -update rewrites the manual's).
func TestBrowser(t *testing.T) {
	path := findBrowser(t)
	// The site as make site builds it, served as a static host serves it:
	// the manual, and the playground at playground/.
	dir := t.TempDir()
	if _, err := manual.Build(manual.Options{Root: filepath.Join("..", "..", "..", ".."), Out: dir, Playground: site.Files(builtModule(t))}); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(http.FileServer(http.Dir(dir)))
	defer srv.Close()
	playgroundURL := srv.URL + "/" + manual.Playground + "/"
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
	defer cancel()
	b := startBrowser(t, path, t.TempDir())
	p, err := b.newPage(ctx)
	if err != nil {
		t.Fatalf("%v\n%s", err, lastLines(b.stderr.String(), 10))
	}
	// cur is the test the helpers below report to: the subtest running.
	cur := t
	sub := func(name string, f func(t *testing.T)) {
		t.Run(name, func(t *testing.T) {
			cur = t
			f(t)
		})
		cur = t
	}
	must := func(err error) {
		cur.Helper()
		if err != nil {
			cur.Fatal(err)
		}
	}
	for _, domain := range []string{"Page", "Runtime", "Network", "Log"} {
		must(p.call(ctx, domain+".enable", nil, nil))
	}
	viewport := func(width, height int, mobile bool) {
		must(p.call(ctx, "Emulation.setDeviceMetricsOverride", map[string]any{
			"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile}, nil))
	}
	viewport(1280, 900, false)

	// The events since the last look: requests, errors.
	var requests []string
	var problems []string
	drain := func() {
		for {
			select {
			case ev := <-b.events:
				var prm struct {
					Request          struct{ URL string } `json:"request"`
					Entry            struct{ Level, Text, URL string }
					Type             string
					Args             []struct{ Value any }
					ExceptionDetails struct {
						Text      string
						Exception struct{ Description string }
					}
				}
				json.Unmarshal(ev.Params, &prm)
				switch ev.Method {
				case "Network.requestWillBeSent":
					requests = append(requests, prm.Request.URL)
				case "Log.entryAdded":
					if prm.Entry.Level == "error" {
						problems = append(problems, "log: "+prm.Entry.Text+" "+prm.Entry.URL)
					}
				case "Runtime.consoleAPICalled":
					if prm.Type == "error" {
						problems = append(problems, fmt.Sprintf("console.error: %v", prm.Args))
					}
				case "Runtime.exceptionThrown":
					problems = append(problems, "exception: "+prm.ExceptionDetails.Text+" "+prm.ExceptionDetails.Exception.Description)
				}
			default:
				return
			}
		}
	}
	checkProblems := func() {
		cur.Helper()
		drain()
		if len(problems) > 0 {
			cur.Fatalf("the page reported errors:\n%s", strings.Join(problems, "\n"))
		}
	}

	open := func(fragment string) {
		cur.Helper()
		must(p.call(ctx, "Page.navigate", map[string]any{"url": playgroundURL + fragment}, nil))
		if err := p.waitFor(ctx, `document.documentElement.dataset.ready === "true" && !document.getElementById("report").hidden`); err != nil {
			var status string
			p.eval(ctx, `document.getElementById("status").textContent`, &status)
			cur.Fatalf("%v; status: %q", err, status)
		}
	}
	state := func(in, base string) pageState {
		cur.Helper()
		cond := fmt.Sprintf(`document.getElementById("report").dataset.input === %s && document.getElementById("report").dataset.base === %s`, jsString(in), jsString(base))
		must(p.waitFor(ctx, cond))
		var st pageState
		must(p.eval(ctx, readState, &st))
		return st
	}
	// typeInto replaces an input's text as typing does: the whole text at
	// once, or a character at a time.
	typeInto := func(id, text string, perChar bool) {
		cur.Helper()
		must(p.eval(ctx, fmt.Sprintf(`(() => { const e = document.getElementById(%q); e.focus(); e.select(); })()`, id), nil))
		if text == "" {
			for _, typ := range []string{"rawKeyDown", "keyUp"} {
				must(p.call(ctx, "Input.dispatchKeyEvent", map[string]any{"type": typ, "key": "Backspace", "code": "Backspace", "windowsVirtualKeyCode": 8}, nil))
			}
			return
		}
		if !perChar {
			must(p.call(ctx, "Input.insertText", map[string]any{"text": text}, nil))
			return
		}
		for _, r := range text {
			must(p.call(ctx, "Input.insertText", map[string]any{"text": string(r)}, nil))
		}
	}
	compareState := func(in, base string) {
		cur.Helper()
		got, want := state(in, base), expected(cur, in, base)
		if !reflect.DeepEqual(got.Rules, want.Rules) && !(len(got.Rules) == 0 && len(want.Rules) == 0) {
			cur.Errorf("%q against %q: diagnostics %q, the library %q", in, base, got.Rules, want.Rules)
		}
		for _, d := range got.Docs {
			// The site's rules page (the playground is served on the site);
			// the repository's when served alone.
			if !strings.HasPrefix(d, srv.URL+"/docs/rules.html#") && !strings.HasPrefix(d, "https://") || !strings.Contains(d, "#") {
				cur.Errorf("%q: rule documentation %q", in, d)
			}
		}
		if got.Fixes == 0 && len(got.Rules) > 0 && want.Verdict == "invalid" {
			cur.Errorf("%q: no fix shown for %q", in, got.Rules)
		}
		got.Rules, want.Rules, got.Docs, got.Fixes = nil, nil, nil, 0
		if got.Steps == nil {
			got.Steps = nil
		}
		if !reflect.DeepEqual(normalize(got), normalize(want)) {
			g, _ := json.MarshalIndent(got, "", " ")
			w, _ := json.MarshalIndent(want, "", " ")
			cur.Errorf("%q against %q: the page shows\n%s\nthe library answers\n%s", in, base, g, w)
		}
	}

	// Opening the page: the default, the example, is resolved
	// step by step without typing.
	open("")
	compareState("../../g;x?y#s", rfcBase)
	checkProblems()
	for _, r := range requests {
		if !strings.HasPrefix(r, srv.URL+"/") && !strings.HasPrefix(r, "data:") {
			t.Errorf("the page fetched %s, not from its own server", r)
		}
	}
	loaded := len(requests)

	sub("done-when", func(t *testing.T) {
		// The test: paste ../../g;x?y#s with the §5 base, see
		// the steps that give http://a/g;x?y#s.
		typeInto("url", "", false)
		typeInto("base", rfcBase, false)
		typeInto("url", "../../g;x?y#s", false)
		st := state("../../g;x?y#s", rfcBase)
		if st.Result != "http://a/g;x?y#s" || st.Decided != "6" {
			t.Errorf("result %q decided by %q", st.Result, st.Decided)
		}
		want := [][]string{{"6a", "/b/c/../../g"}, {"6b", "/b/c/../../g"}, {"6c", "/g", "c/../", "b/../"}, {"6d", "/g"}}
		if !reflect.DeepEqual(st.Step6, want) {
			t.Errorf("step 6 %q, want %q", st.Step6, want)
		}
		shot(ctx, t, p, "playground.png", `document.getElementById("resolution-card")`, *update)
	})

	sub("§5", func(t *testing.T) {
		for _, ref := range section5 {
			typeInto("url", ref, false)
			compareState(ref, rfcBase)
		}
	})

	sub("invalid", func(t *testing.T) {
		for _, c := range invalid {
			typeInto("base", c[1], false)
			typeInto("url", c[0], false)
			compareState(c[0], c[1])
		}
	})

	sub("as-you-type", func(t *testing.T) {
		typeInto("base", "", false)
		typeInto("url", "http://a/%z", true) // a character at a time
		compareState("http://a/%z", "")
		typeInto("url", "http://a/%zz%41", false)
		compareState("http://a/%zz%41", "")
	})

	sub("caret", func(t *testing.T) {
		in := "http://a/b/c;p?q#f"
		typeInto("url", in, false)
		state(in, "")
		root, err := grammar.Outline(in)
		must(err)
		u, _ := validate.Validate(in)
		for at := 0; at < len(in); at++ {
			must(p.eval(ctx, fmt.Sprintf(`(() => { const e = document.getElementById("url"); e.focus(); e.setSelectionRange(%d, %d); })()`, at, at), nil))
			prod := innermost(root, at).Production
			must(p.waitFor(ctx, fmt.Sprintf(`(document.getElementById("url-production") || {}).textContent === %q && document.getElementById("url-caret").textContent.startsWith("Caret at byte %d:")`, prod, at)))
			var row string
			must(p.eval(ctx, `(document.querySelector("#components tr.at-caret") || {dataset: {}}).dataset.component || ""`, &row))
			if want := componentAt(u, at); row != want {
				t.Errorf("caret at %d of %q: row %q highlighted, want %q", at, in, row, want)
			}
			var node string
			must(p.eval(ctx, `(document.querySelector("#tree .at-caret") || {dataset: {}}).dataset.label || ""`, &node))
			if node != prod {
				t.Errorf("caret at %d of %q: tree node %q highlighted, want %q", at, in, node, prod)
			}
			// The production under the caret is drawn, the way the
			// input took through it marked.
			must(p.waitFor(ctx, fmt.Sprintf(`(document.querySelector("#grammar-diagram svg") || {dataset: {}}).dataset.production === %q`, prod)))
			var marked []string
			must(p.eval(ctx, `[...document.querySelectorAll("#grammar-diagram .taken")].map((g) => g.dataset.name || JSON.stringify(g.dataset.literal))`, &marked))
			if want, ok := grammarPaths[at]; ok && !reflect.DeepEqual(marked, want) {
				t.Errorf("caret at %d of %q: %s drawn with %q marked, want %q", at, in, prod, marked, want)
			}
			if len(marked) == 0 {
				t.Errorf("caret at %d of %q: nothing marked in the diagram of %s", at, in, prod)
			}
			if at == 10 {
				shot(ctx, t, p, "playground-grammar.png", `document.getElementById("grammar-card")`, *update)
			}
		}
		// A box of another production shows that production.
		must(p.eval(ctx, `(() => { const e = document.getElementById("url"); e.focus(); e.setSelectionRange(10, 10); })()`, nil))
		must(p.waitFor(ctx, `document.querySelector("#grammar-diagram svg").dataset.production === "path"`))
		must(p.eval(ctx, `document.querySelector('#grammar-diagram .rr-nonterminal[data-name="segment"]').dispatchEvent(new MouseEvent("click"))`, nil))
		must(p.waitFor(ctx, `document.querySelector("#grammar-diagram svg").dataset.production === "segment" && document.getElementById("grammar-rule").textContent.startsWith("segment ")`))
	})

	sub("hover", func(t *testing.T) {
		in := "http://a/b/c;p?q#f"
		typeInto("url", in, false)
		state(in, "")
		u, _ := validate.Validate(in)
		for _, c := range []struct {
			name, want string
		}{{"net_loc", u.NetLoc.Value}, {"path", u.Path.Value}, {"query", u.Query.Value}} {
			var at struct{ X, Y float64 }
			must(p.eval(ctx, fmt.Sprintf(`(() => { const r = document.querySelector('#components tr[data-component=%q]');
				r.scrollIntoView({block: "center"}); const b = r.getBoundingClientRect(); return {X: b.x + 20, Y: b.y + b.height / 2}; })()`, c.name), &at))
			must(p.call(ctx, "Input.dispatchMouseEvent", map[string]any{"type": "mouseMoved", "x": at.X, "y": at.Y}, nil))
			must(p.waitFor(ctx, fmt.Sprintf(`(document.querySelector("#url-field .backdrop .hl") || {}).textContent === %q`, c.want)))
		}
		must(p.call(ctx, "Input.dispatchMouseEvent", map[string]any{"type": "mouseMoved", "x": 1, "y": 1}, nil))
	})

	sub("no-requests-after-load", func(t *testing.T) {
		checkProblems()
		if extra := requests[loaded:]; len(extra) > 0 {
			t.Errorf("the page made requests after it had loaded: %q", extra)
		}
	})

	sub("permalink", func(t *testing.T) {
		// Typing writes the state into the fragment, each value
		// percent-encoded; opening that link shows the same without
		// typing, for values that need escaping too.
		for _, c := range [][2]string{{"a b&c=d#e%zz 日本", "http://a/b?x=1&y=2#f"}, {"../../g;x?y#s", rfcBase}, {"g", ""}} {
			typeInto("base", c[1], false)
			typeInto("url", c[0], false)
			st := state(c[0], c[1])
			want := expected(t, c[0], c[1])
			if st.Hash != want.Hash {
				t.Errorf("fragment %q, want %q", st.Hash, want.Hash)
			}
			open("#about:blank") // leave the state behind
			open(want.Hash)
			var inputs [2]string
			must(p.eval(ctx, `[document.getElementById("url").value, document.getElementById("base").value]`, &inputs))
			if inputs != c {
				t.Errorf("opening %s filled in %q, want %q", want.Hash, inputs, c)
			}
			compareState(c[0], c[1])
		}
	})

	sub("rules", func(t *testing.T) {
		// The rules page's links open each example in the playground:
		// followed from the page, the playground shows the bad example
		// reported by the rule and the good one not.
		must(p.call(ctx, "Page.navigate", map[string]any{"url": srv.URL + "/docs/rules.html#scheme-relative-form"}, nil))
		must(p.waitFor(ctx, `document.readyState === "complete" && document.getElementById("escape-malformed") !== null`))
		var links map[string][]string
		must(p.eval(ctx, `(() => {
			const out = {};
			let rule = "";
			for (const a of document.querySelectorAll('a[id], a[href*="playground/#"]')) {
				if (a.id) { rule = a.id; continue; }
				(out[rule] = out[rule] || []).push(a.href);
			}
			return out;
		})()`, &links))
		shotBetween(ctx, t, p, "rules.png", `document.getElementById("rfc1738-host")`, `document.getElementById("rfc1738-port")`)
		checked := 0
		for _, c := range []struct {
			anchor, rule string
			verdicts     [2]string // of the bad and of the good example
		}{
			{"escape-malformed", "escape/malformed", [2]string{"invalid", "valid"}},
			{"scheme-relative-form", "scheme/relative-form", [2]string{"valid", "valid"}},
			{"base-not-absolute", "base/not-absolute", [2]string{"valid", "valid"}},
			{"portability-whatwg-resolution", "portability/whatwg-resolution", [2]string{"valid", "valid"}},
			{"rfc1738-host", "rfc1738/host", [2]string{"valid", "valid"}},
		} {
			if len(links[c.anchor]) != 2 {
				t.Errorf("%s: the rules page has links %q, want two", c.rule, links[c.anchor])
				continue
			}
			for i, href := range links[c.anchor] {
				if !strings.HasPrefix(href, playgroundURL+"#") {
					t.Errorf("%s: link %q, not to the site's playground", c.rule, href)
					continue
				}
				in, base, enable := fragmentState(t, strings.TrimPrefix(href, playgroundURL+"#"))
				must(p.call(ctx, "Page.navigate", map[string]any{"url": href}, nil))
				must(p.waitFor(ctx, `document.documentElement.dataset.ready === "true" && !document.getElementById("report").hidden`))
				st := state(in, base)
				var shown string
				must(p.eval(ctx, `document.getElementById("enable").value`, &shown))
				if st.Verdict != c.verdicts[i] || shown != enable {
					t.Errorf("%s, example %d: verdict %q, enable %q; want %q, %q", c.rule, i+1, st.Verdict, shown, c.verdicts[i], enable)
				}
				if reported := slices.Contains(st.Rules, c.rule); reported != (i == 0) {
					t.Errorf("%s, example %d (%s): the playground shows %q", c.rule, i+1, href, st.Rules)
				}
				if i == 0 {
					// On the site, the playground links back to the
					// manual: the rule's id to its section of the
					// site's rules page.
					must(p.waitFor(ctx, `document.getElementById("manual").getAttribute("href") === "../docs/playground.html"`))
					var ruleHref string
					must(p.eval(ctx, `(() => {
						const a = [...document.querySelectorAll("a.rule")].find((a) => a.textContent === `+strconv.Quote(c.rule)+`);
						return a ? a.href : "";
					})()`, &ruleHref))
					if want := srv.URL + "/docs/rules.html#" + c.anchor; ruleHref != want {
						t.Errorf("%s: the playground links the rule to %q; want the site's %q", c.rule, ruleHref, want)
					}
				}
				if i == 0 && c.rule == "rfc1738/host" {
					shot(ctx, t, p, "rules-example.png", `document.getElementById("diagnostics")`, false)
				}
				checked++
			}
		}
		checkProblems()
		if checked < 10 {
			t.Errorf("%d links followed", checked)
		}
	})

	sub("375px", func(t *testing.T) {
		viewport(375, 812, true)
		typeInto("base", rfcBase, false)
		typeInto("url", "../../g;x?y#s", false)
		state("../../g;x?y#s", rfcBase)
		var width int
		must(p.eval(ctx, `document.documentElement.scrollWidth`, &width))
		if width > 375 {
			t.Errorf("at 375 px the page is %d px wide", width)
		}
		shot(ctx, t, p, "playground-375.png", "", false)
		viewport(1280, 900, false)
	})

	sub("dark", func(t *testing.T) {
		must(p.call(ctx, "Emulation.setEmulatedMedia", map[string]any{"features": []map[string]string{{"name": "prefers-color-scheme", "value": "dark"}}}, nil))
		var bg string
		must(p.eval(ctx, `getComputedStyle(document.body).backgroundColor`, &bg))
		if bg != "rgb(21, 23, 26)" {
			t.Errorf("dark mode background %q", bg)
		}
		shot(ctx, t, p, "playground-dark.png", `document.getElementById("resolution-card")`, false)
		must(p.call(ctx, "Emulation.setEmulatedMedia", map[string]any{"features": []map[string]string{{"name": "prefers-color-scheme", "value": "light"}}}, nil))
	})

	checkProblems()
}

// fragmentState reads the playground's state from a fragment as the page
// does (split at "&", then at the first "=", each value decoded as
// decodeURIComponent decodes).
func fragmentState(t *testing.T, frag string) (in, base, enable string) {
	t.Helper()
	for _, part := range strings.Split(frag, "&") {
		k, v, _ := strings.Cut(part, "=")
		v, err := url.PathUnescape(v)
		if err != nil {
			t.Fatalf("fragment %q: %v", frag, err)
		}
		switch k {
		case "url":
			in = v
		case "base":
			base = v
		case "enable":
			enable = v
		}
	}
	return in, base, enable
}

// normalize makes empty and nil lists alike, for comparing states.
func normalize(s pageState) pageState {
	for _, l := range []*[]string{&s.Rules, &s.Docs, &s.Steps, &s.Verdicts, &s.Classes} {
		if len(*l) == 0 {
			*l = nil
		}
	}
	if len(s.Step6) == 0 {
		s.Step6 = nil
	}
	return s
}

// jsString quotes s as JavaScript's JSON.stringify does (which escapes no
// HTML characters, unlike json.Marshal).
func jsString(s string) string {
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.Encode(s)
	return strings.TrimSuffix(b.String(), "\n")
}

// grammarPaths are the boxes the page marks in the diagram of the
// production under the caret, by the caret's byte in
// "http://a/b/c;p?q#f": the productions the input went through, and the
// literals (quoted).
var grammarPaths = map[int][]string{
	0:  {"alpha"},                                 // scheme "http"
	4:  {"scheme", `":"`, "relativeURL"},          // generic-RL
	7:  {"pchar"},                                 // net_loc "a"
	8:  {`"/"`, "rel_path"},                       // abs_path
	10: {"fsegment", `"/"`, "segment"},            // path "b/c"
	12: {"path", `";"`, "params", `"?"`, "query"}, // rel_path
	15: {"uchar"},                                 // query "q"
	16: {"absoluteURL", `"#"`, "fragment"},        // URL
}

// innermost is the deepest node of the outline that holds byte at.
func innermost(n grammar.Node, at int) grammar.Node {
	for _, c := range n.Children {
		if c.Start <= at && at < c.End {
			return innermost(c, at)
		}
	}
	return n
}

// componentAt names the §2.1 component byte at is in, or "" for a
// delimiter.
func componentAt(u ast.URL, at int) string {
	in := func(s ast.Span) bool { return s.Start <= at && at < s.End }
	switch {
	case u.Scheme.Present && in(u.Scheme.Span):
		return "scheme"
	case u.NetLoc.Present && in(u.NetLoc.Span):
		return "net_loc"
	case in(u.Path.Span):
		return "path"
	case u.Params.Present && in(u.Params.Span):
		return "params"
	case u.Query.Present && in(u.Query.Span):
		return "query"
	case u.Fragment.Present && in(u.Fragment.Span):
		return "fragment"
	}
	return ""
}

// shotBetween saves a screenshot of the page from the top of the element
// from to the top of the element to, into the test's artifact directory.
func shotBetween(ctx context.Context, t *testing.T, p *page, name, from, to string) {
	t.Helper()
	var clip struct{ Y, Height, Width float64 }
	expr := `(() => { const a = ` + from + `.getBoundingClientRect(), b = ` + to + `.getBoundingClientRect();
		return {Y: a.top + window.scrollY, Height: b.top - a.top, Width: document.documentElement.clientWidth}; })()`
	if err := p.eval(ctx, expr, &clip); err != nil {
		t.Fatal(err)
	}
	var out struct{ Data string }
	err := p.call(ctx, "Page.captureScreenshot", map[string]any{"format": "png", "captureBeyondViewport": true,
		"clip": map[string]any{"x": 0, "y": clip.Y, "width": clip.Width, "height": clip.Height, "scale": 1}}, &out)
	if err != nil {
		t.Fatal(err)
	}
	png, err := base64.StdEncoding.DecodeString(out.Data)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(t.ArtifactDir(), name), png, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshot: %s (%d bytes)", filepath.Join(t.ArtifactDir(), name), len(png))
}

// shot saves a screenshot of the page, from the top to the bottom of the
// element until (the whole page when ""), into the test's artifact
// directory, and into docs/ when toDocs.
func shot(ctx context.Context, t *testing.T, p *page, name, until string, toDocs bool) {
	t.Helper()
	expr := `document.documentElement.scrollHeight`
	if until != "" {
		expr = `(() => { window.scrollTo(0, 0); const r = ` + until + `.getBoundingClientRect(); return Math.ceil(r.bottom + window.scrollY + 16); })()`
	}
	var height float64
	if err := p.eval(ctx, expr, &height); err != nil {
		t.Fatal(err)
	}
	var width float64
	if err := p.eval(ctx, `document.documentElement.clientWidth`, &width); err != nil {
		t.Fatal(err)
	}
	var out struct{ Data string }
	err := p.call(ctx, "Page.captureScreenshot", map[string]any{"format": "png", "captureBeyondViewport": true,
		"clip": map[string]any{"x": 0, "y": 0, "width": width, "height": height, "scale": 1}}, &out)
	if err != nil {
		t.Fatal(err)
	}
	png, err := base64.StdEncoding.DecodeString(out.Data)
	if err != nil {
		t.Fatal(err)
	}
	dirs := []string{t.ArtifactDir()}
	if toDocs {
		dirs = append(dirs, filepath.Join("..", "..", "..", "..", "docs"))
	}
	for _, dir := range dirs {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), png, 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("screenshot: %s (%d bytes)", filepath.Join(dir, name), len(png))
	}
}
