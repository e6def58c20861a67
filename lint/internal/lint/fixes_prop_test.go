package lint_test

import (
	"fmt"
	mrand "math/rand"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/leanovate/gopter"

	"github.com/relurl/relurl/ast"
	"github.com/relurl/relurl/internal/gen"
	"github.com/relurl/relurl/internal/testseed"
	"github.com/relurl/relurl/lint/internal/extract"
	"github.com/relurl/relurl/lint/internal/fix"
	"github.com/relurl/relurl/lint/internal/lint"
)

// The properties of fixes (docs/fixes.md), over generated documents of every
// kind: the edits lie inside the spans of the URLs they fix, so every
// other byte of the file is unchanged; the fixed file reads back as the
// fixed URLs; linting it again reports none of the findings fixed, and
// offers no fix (so --fix is idempotent). RELURL_SEED sets the seed (it
// is printed on failure), RELURL_PROPCOUNT the number of documents; -short
// lowers the default.

// urlPool draws URLs: generated ones, valid and with a known violation,
// mutated with characters that need a fix, and the cases the issue names.
type urlPool struct {
	r      *rand.Rand
	params *gopter.GenParameters
	urls   gopter.Gen
	bad    gopter.Gen
}

var trickyURLs = []string{
	"http://bücher.example/a b", "http://[::1]:8080/status", "http://[::1]/a b", "/~user/", "100%", "g#a#b",
	"my_notes:v2.html", "http:g", "http:", "a b:c", `http://a/b\c`, "//a//b c", "caf\xe9", "HTTP://A/x y",
	"http://jürgen@example.com/", "?q=a&b c", "http://日本.jp/", "%zz", "a|b", "http://a/?x=\"y\"",
	"https://www.example.com/a b#c d", "../../../g h", "http://WWW.Bücher.DE/", "ftp://u:p:q@h/a b",
	"mailto:a b@example.com", "file:///C:/a b", "http://a:80/b c", "http://a b/", "#frag ment", "",
	"http://ex\u00e4mple.com:8080/~x?y=ö#z", "a;b c/d", "http://a/b%2", "http://xn--bcher-kva.example/é",
}

var insertions = []string{" ", "|", "^", "{", "}", "~", "[", "]", "<", ">", `"`, "#", "%", `\`, "é", "日本", "\t", "`", "\x7f", "\xe9"}

func (p *urlPool) draw() string {
	switch p.r.IntN(5) {
	case 0:
		return trickyURLs[p.r.IntN(len(trickyURLs))]
	case 1:
		if v, ok := p.bad(p.params).Retrieve(); ok {
			return v.(gen.Violation).Input
		}
	}
	v, ok := p.urls(p.params).Retrieve()
	if !ok {
		return "g"
	}
	s := v.(ast.URL).String()
	for range p.r.IntN(3) {
		i := p.r.IntN(len(s) + 1)
		s = s[:i] + insertions[p.r.IntN(len(insertions))] + s[i:]
	}
	return s
}

// A docKind writes URLs into a document of its kind, as the kind's
// encoding wants them.
type docKind struct {
	kind  extract.Kind
	write func(r *rand.Rand, urls []string) string
}

// htmlAttr writes s as an attribute value in double quotes, with some
// characters as character references at random.
func htmlAttr(r *rand.Rand, s string) string {
	var b strings.Builder
	for _, c := range s {
		switch {
		case c == '&':
			b.WriteString("&amp;")
		case c == '"':
			b.WriteString("&quot;")
		case c != '\n' && c != '\r' && r.IntN(12) == 0:
			fmt.Fprintf(&b, "&#x%X;", c)
		default:
			b.WriteRune(c)
		}
	}
	return b.String()
}

func noNewlines(s string) string { return strings.NewReplacer("\n", "", "\r", "").Replace(s) }

var docKinds = []docKind{
	{extract.KindHTML, func(r *rand.Rand, urls []string) string {
		var b strings.Builder
		b.WriteString("<!DOCTYPE html><html><head>")
		if r.IntN(3) == 0 {
			fmt.Fprintf(&b, `<base href="%s">`, htmlAttr(r, urls[0]))
			urls = urls[1:]
		}
		b.WriteString("<title>t</title></head><body>\n")
		for i, u := range urls {
			switch i % 4 {
			case 0:
				fmt.Fprintf(&b, "<p><a href=\"%s\">link %d</a></p>\n", htmlAttr(r, u), i)
			case 1:
				fmt.Fprintf(&b, "<img src=\"%s\" alt=\"&amp; x\">\n", htmlAttr(r, u))
			case 2:
				fmt.Fprintf(&b, "<div style=\"background: url('%s')\">x</div>\n", htmlAttr(r, strings.NewReplacer(`\`, `\\`, "'", `\'`, "\n", "").Replace(u)))
			default:
				fmt.Fprintf(&b, "<form action=\"%s\"></form>\n", htmlAttr(r, u))
			}
		}
		b.WriteString("</body></html>\n")
		return b.String()
	}},
	{extract.KindMarkdown, func(r *rand.Rand, urls []string) string {
		var b strings.Builder
		b.WriteString("# Title\n\n")
		for i, u := range urls {
			u = noNewlines(u)
			switch i % 3 {
			case 0:
				esc := strings.NewReplacer(`\`, `\\`, "<", `\<`, ">", `\>`).Replace(u)
				fmt.Fprintf(&b, "See [link %d](<%s>) here.\n\n", i, esc)
			case 1:
				fmt.Fprintf(&b, "[ref%d]: <%s>\n\n[ref%d] is used.\n\n", i, strings.NewReplacer(`\`, `\\`, "<", `\<`, ">", `\>`).Replace(u), i)
			default:
				fmt.Fprintf(&b, "Raw <a href=\"%s\">html</a>.\n\n", htmlAttr(r, u))
			}
		}
		return b.String()
	}},
	{extract.KindCSS, func(r *rand.Rand, urls []string) string {
		var b strings.Builder
		for i, u := range urls {
			esc := strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\a `, "\r", `\d `).Replace(u)
			if i%2 == 0 {
				fmt.Fprintf(&b, "@import \"%s\";\n", esc)
			} else {
				fmt.Fprintf(&b, ".c%d { background: url(\"%s\") no-repeat; }\n", i, esc)
			}
		}
		return b.String()
	}},
	{extract.KindXML, func(r *rand.Rand, urls []string) string {
		esc := func(s string) string {
			return strings.NewReplacer("&", "&amp;", "<", "&lt;", `"`, "&quot;", "\n", "&#10;", "\r", "&#13;", "\t", "&#9;").Replace(s)
		}
		var b strings.Builder
		b.WriteString(`<?xml version="1.0" encoding="utf-8"?>` + "\n" + `<feed xmlns="http://www.w3.org/2005/Atom">` + "\n")
		for i, u := range urls {
			if i%2 == 0 {
				fmt.Fprintf(&b, "  <entry><link href=\"%s\"/></entry>\n", esc(u))
			} else {
				fmt.Fprintf(&b, "  <entry><content type=\"xhtml\" src=\"%s\"/></entry>\n", esc(u))
			}
		}
		b.WriteString("</feed>\n")
		return b.String()
	}},
	{extract.KindMessage, func(r *rand.Rand, urls []string) string {
		var b strings.Builder
		b.WriteString("From: a@example.com\nSubject: links\n")
		if len(urls) > 1 {
			fmt.Fprintf(&b, "X-Link: <URL:%s>\n", strings.ReplaceAll(noNewlines(urls[0]), ">", ""))
			urls = urls[1:]
		}
		b.WriteString("Content-Type: text/plain\n\n")
		for _, u := range urls {
			fmt.Fprintf(&b, "See <URL:%s> now.\n", strings.ReplaceAll(noNewlines(u), ">", ""))
		}
		return b.String()
	}},
	{extract.KindText, func(r *rand.Rand, urls []string) string {
		var b strings.Builder
		for _, u := range urls {
			if u = noNewlines(u); u != "" {
				b.WriteString(u + "\n")
			}
		}
		return b.String()
	}},
}

// propSeedCount returns the seed (internal/testseed, RELURL_SEED) and the
// number of documents: count, a fifth of it under -short, or
// RELURL_PROPCOUNT.
func propSeedCount(t *testing.T, count int) (uint64, int) {
	t.Helper()
	seed := uint64(testseed.Seed(t, 1212))
	if testing.Short() {
		count /= 5
	}
	if s := os.Getenv("RELURL_PROPCOUNT"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil {
			t.Fatalf("RELURL_PROPCOUNT: %v", err)
		}
		count = n
	}
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("with RELURL_PROPCOUNT=%d", count)
		}
	})
	return seed, count
}

func TestFixProperties(t *testing.T) {
	seed, count := propSeedCount(t, 600)
	r := rand.New(rand.NewPCG(seed, seed^0x12))
	params := gopter.DefaultGenParameters()
	params.Rng = mrand.New(mrand.NewSource(int64(seed)))
	params.MaxSize = 12
	pool := &urlPool{r: r, params: params, urls: gen.URL(), bad: gen.Invalid()}
	configs := []lint.Options{
		{},
		{AllowChars: "~|", AllowIPv6Hosts: true},
		{Enable: []string{"rfc1738", "portability"}},
		{Disable: []string{"segment/char"}},
	}
	retrievals := []string{"", "http://a/b/c/d;p?q", "https://docs.example.org/dir/page.html", "mailto:x@example.com"}
	fixed := 0
	for i := range count {
		dk := docKinds[i%len(docKinds)]
		urls := make([]string, 1+r.IntN(6))
		for j := range urls {
			urls[j] = pool.draw()
		}
		doc := dk.write(r, urls)
		opts := configs[r.IntN(len(configs))]
		opts.Retrieval, opts.Fixes = retrievals[r.IntN(len(retrievals))], true
		l, err := lint.New(opts)
		if err != nil {
			t.Fatal(err)
		}
		fixed += checkFixProperties(t, l, dk.kind, opts.Retrieval, doc)
		if t.Failed() {
			t.Fatalf("document %d (%v, options %+v):\n%s", i, dk.kind, opts, doc)
		}
	}
	if fixed < count/2 {
		t.Errorf("only %d edits in %d documents: the generator misses what fixes are for", fixed, count)
	}
	t.Logf("%d documents, %d edits", count, fixed)
}

// checkFixProperties checks the properties on one document and returns how
// many edits it had.
func checkFixProperties(t *testing.T, l *lint.Linter, kind extract.Kind, retrieval, doc string) int {
	t.Helper()
	fs := l.File("doc", []byte(doc), kind)
	var edits []fix.Edit
	var ptrs []*fix.Edit
	seen := map[*fix.Edit]bool{}
	for _, f := range fs {
		switch {
		case f.Edit == nil && f.NoFix == "":
			t.Errorf("%s %q: neither a fix nor a reason", f.Rule, f.Text)
		case f.Edit != nil && !seen[f.Edit]:
			seen[f.Edit] = true
			edits, ptrs = append(edits, *f.Edit), append(ptrs, f.Edit)
		}
	}
	out, err := fix.ApplyEdits([]byte(doc), edits)
	if err != nil {
		t.Errorf("applying the edits: %v", err)
		return 0
	}
	fixedDoc := string(out)

	refs := func(src string) []extract.Ref {
		var rs []extract.Ref
		extract.Extract(src, kind, retrieval, extract.Handler{Ref: func(r extract.Ref) { rs = append(rs, r) }})
		return rs
	}
	before, after := refs(doc), refs(fixedDoc)
	if len(before) != len(after) {
		t.Errorf("the fixed document holds %d URLs, the original %d:\n%s", len(after), len(before), fixedDoc)
		return len(edits)
	}
	// Each edit lies inside the span of the URLs it fixes (every other
	// byte is unchanged), and the fixed document reads back as the fixed
	// URLs.
	used := make([]bool, len(edits))
	refOf := map[*fix.Edit]int{} // by the findings' shared pointer
	for k, rb := range before {
		want := rb.URL
		if rb.Mappable() {
			start, end := rb.Map.At(0), rb.Map.At(len(rb.URL))
			for i, e := range edits {
				if e.Offset >= start && e.End <= end && fix.Apply(rb.URL, e.Changes) == e.URL {
					want, used[i] = e.URL, true
					refOf[ptrs[i]] = k
				}
			}
		}
		if after[k].URL != want {
			t.Errorf("URL %d reads back as %q, want %q", k, after[k].URL, want)
		}
	}
	for i, u := range used {
		if !u {
			t.Errorf("edit %+v lies in no URL's span", edits[i])
		}
	}
	// Linting the fixed document: no fix is left to make, and no finding
	// of a rule a fix mended is left on the URL it fixed.
	mended := map[int]map[string]bool{}
	for _, f := range fs {
		if f.Edit == nil {
			continue
		}
		k, ok := refOf[f.Edit]
		if !ok {
			continue
		}
		if mended[k] == nil {
			mended[k] = map[string]bool{}
		}
		mended[k][f.Rule] = true
	}
	for _, f := range l.File("doc", out, kind) {
		if f.Edit != nil {
			t.Errorf("linted again, %s %q in %q has a fix %+v: --fix is not idempotent", f.Rule, f.Text, f.URL, *f.Edit)
		}
		for k, rules := range mended {
			ra := after[k]
			if start, end := ra.Map.At(0), ra.Map.At(len(ra.URL)); f.Offset >= start && f.Offset <= end && rules[f.Rule] {
				t.Errorf("linted again, the fixed URL %q still has %s at %q", ra.URL, f.Rule, f.Text)
			}
		}
	}
	return len(edits)
}
