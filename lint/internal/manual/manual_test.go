package manual

import (
	"bytes"
	"encoding/json"
	"net/url"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"golang.org/x/net/html"

	"github.com/relurl/relurl/lint/internal/playground/site"
)

func TestSlug(t *testing.T) {
	s := slugger{}
	for _, c := range []struct{ heading, want string }{
		{"Performance and scaling", "performance-and-scaling"},
		{"escape/malformed", "escapemalformed"},
		{"The playground: RFC 1808 in the browser", "the-playground-rfc-1808-in-the-browser"},
		{"§2.2 and §4, step by step", "22-and-4-step-by-step"},
		{"Fixes: relurl lint --fix and --diff", "fixes-relurl-lint---fix-and---diff"},
		{"net_loc and Ünïcode Straße", "net_loc-and-ünïcode-straße"},
		{"  two  spaces ", "--two--spaces-"},
		{"Again", "again"},
		{"Again", "again-1"},
		{"again-1", "again-1-1"},
		{"Again", "again-2"},
		{"", ""},
		{"", "-1"},
	} {
		if got := s.slug(c.heading); got != c.want {
			t.Errorf("slug(%q) = %q, want %q", c.heading, got, c.want)
		}
	}
}

func TestRelative(t *testing.T) {
	for _, c := range []struct{ from, to, want string }{
		{"index.html", "docs/lint.html", "docs/lint.html"},
		{"index.html", "playground/", "playground/"},
		{"docs/rules.html", "docs/lint.html", "lint.html"},
		{"docs/rules.html", "index.html", "../index.html"},
		{"docs/rules.html", "playground/", "../playground/"},
		{"docs/rules.html", "", "../"},
		{"docs/a/b.html", "docs/c.html", "../c.html"},
		{"docs/a/b.html", "x.css", "../../x.css"},
	} {
		if got := relative(c.from, c.to); got != c.want {
			t.Errorf("relative(%q, %q) = %q, want %q", c.from, c.to, got, c.want)
		}
	}
}

func TestHasScheme(t *testing.T) {
	for s, want := range map[string]bool{
		"https://a/": true, "mailto:x@y": true, "a+b-c.d:x": true, "docs/a.md": false, "a.md#x:y": false,
		"./x:y": false, ":x": false, "1a:b": false, "../a": false, "?q:x": false,
	} {
		if got := hasScheme(s); got != want {
			t.Errorf("hasScheme(%q) = %v", s, got)
		}
	}
}

// page reads a page of the built site.
func readPage(t *testing.T, dir, name string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, name))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// TestBuild builds the site of a small repository (testdata/repo) and
// checks where each link of its pages goes, the headings' ids, the
// navigation and what is copied.
func TestBuild(t *testing.T) {
	out := t.TempDir()
	playground := fstest.MapFS{"index.html": {Data: []byte("<!doctype html><title>playground</title>")}}
	res, err := Build(Options{Root: "testdata/repo", Out: out, Playground: playground, Version: "v0.1.0"})
	if err != nil {
		t.Fatal(err)
	}
	// The index's order (the README's table), then the page it does not
	// link to.
	if want := []string{"index.html", "docs/rules.html", "docs/guide.html", "CHANGELOG.html", "docs/extra.html"}; !slices.Equal(res.Pages, want) {
		t.Errorf("pages %q, want %q", res.Pages, want)
	}
	if want := []string{"docs/shot.png"}; !slices.Equal(res.Assets, want) {
		t.Errorf("assets %q, want %q", res.Assets, want)
	}
	for _, name := range []string{"manual.css", "docs/shot.png", "playground/index.html"} {
		if _, err := os.Stat(filepath.Join(out, name)); err != nil {
			t.Error(err)
		}
	}
	for name, wants := range map[string][]string{
		"index.html": {
			`<title>example · relurl</title>`,
			`<link rel="stylesheet" href="manual.css">`,
			`<a href="docs/guide.html">the guide</a>`,
			`<a href="docs/rules.html#net_loc-char">the rules</a>`,
			`<a href="` + Blob + `lint/catalog.go"><code>lint/catalog.go</code></a>`,
			`<a href="` + tree + `lint">lint/</a>`,
			`<h2 id="the-pages">The pages</h2>`,
			`<li><a href="index.html" aria-current="page">Home</a></li>`,
			`<a class="version" href="CHANGELOG.html" title="The changelog">v0.1.0</a>`,
			`<li class="playground"><a href="playground/">Playground</a></li>`,
			`<a href="` + Blob + `README.md">its Markdown in the repository</a>`,
		},
		"docs/guide.html": {
			`<link rel="stylesheet" href="../manual.css">`,
			`<a href="../index.html">the README</a>`,
			`<a class="version" href="../CHANGELOG.html" title="The changelog">v0.1.0</a>`,
			`<a href="rules.html#net_loc-char">a rule</a>`,
			`<a href="#a-heading-with-code-and-12">a heading</a>`,
			`<img src="shot.png" alt="the playground">`,
			`<h2 id="a-heading-with-code-and-12">A heading with <code>code</code> and §1.2</h2>`,
			`<h2 id="a-heading-with-code-and-12-1">`,
			`<a href="https://www.rfc-editor.org/rfc/rfc1808">https://www.rfc-editor.org/rfc/rfc1808</a>`,
			`<a href="rules.html?x=1#the-rules">query</a>`,
			`<a href="` + Blob + `lint/catalog.go#L10">in a table</a>`,
			`<del>struck</del>`,
			`<li><a href="guide.html" aria-current="page">The guide</a></li>`,
			`<li><a href="extra.html">Not in the index</a></li>`,
			`class="footnotes"`,
			`<a href="rules.html#net_loc-char">on GitHub</a>`,
			`<script src="../search-index.js"></script>`,
			`<input type="search" id="search"`,
			`<body data-root="../">`,
		},
		"CHANGELOG.html": {
			`<a href="docs/guide.html">The guide</a>`,
			`<link rel="stylesheet" href="manual.css">`,
		},
		"docs/rules.html": {
			`<a id="net_loc-char"></a>`,
			`<a href="../playground/#url=http://%7Bhost%7D/">Try it in the playground</a>`,
			`<a href="guide.html">the guide</a>`,
			`<a href="https://www.rfc-editor.org/rfc/rfc1808#section-2.2">the spec</a>`,
		},
	} {
		page := readPage(t, out, name)
		for _, w := range wants {
			if !strings.Contains(page, w) {
				t.Errorf("%s lacks %s", name, w)
			}
		}
	}
	checkLinks(t, out)
	checkSearchIndex(t, out)

	// Without the playground, the navigation does not link to it.
	out = t.TempDir()
	if _, err := Build(Options{Root: "testdata/repo", Out: out}); err != nil {
		t.Fatal(err)
	}
	if page := readPage(t, out, "index.html"); strings.Contains(page, `class="playground"`) {
		t.Error("a site without the playground links to it")
	}
}

// TestBrokenLinks: a link to a file that is not in the repository, or
// out of it, fails the build, and the error names each.
func TestBrokenLinks(t *testing.T) {
	_, err := Build(Options{Root: "testdata/broken", Out: t.TempDir()})
	if err == nil {
		t.Fatal("no error")
	}
	for _, w := range []string{`README.md: link "docs/gone.md": no such file`, `link "../../outside.md" leaves the repository`,
		`docs/ok.md: link "missing.png": no such file`} {
		if !strings.Contains(err.Error(), w) {
			t.Errorf("the error %q does not say %q", err, w)
		}
	}
}

// TestRepositorySite builds the site of this repository, its README and
// every page of docs/ with the playground's page (a stand-in for its
// module: the playground's tests build it), checks its links, and lints
// it with relurl itself: it must be clean.
func TestRepositorySite(t *testing.T) {
	out := t.TempDir()
	playground := site.Files(fstest.MapFS{
		site.ModuleFile:  {Data: []byte("\x00asm\x01\x00\x00\x00")},
		site.SupportFile: {Data: []byte("// Go's wasm_exec.js")},
	})
	if _, err := Build(Options{Root: filepath.Join("..", "..", ".."), Out: out, Playground: playground}); err != nil {
		t.Fatal(err)
	}
	checkLinks(t, out)
	checkNavTitles(t, out)
	if testing.Short() {
		t.Skip("builds relurl to lint the site")
	}
	relurl := filepath.Join(t.TempDir(), "relurl")
	if msg, err := exec.Command("go", "build", "-o", relurl, "../../../cmd/relurl").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, msg)
	}
	cmd := exec.Command(relurl, "lint", "--no-config", "--base", "https://relurl.example.org/", "--root", out, out)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("relurl lint on the site: %v\n%s%s", err, stdout.String(), stderr.String())
	}
	t.Log(strings.TrimSpace(stderr.String()))
}

// maxNavWords is the most words a page's title in the navigation and
// the search may have: a title, not a sentence.
const maxNavWords = 4

// checkNavTitles holds the title of every page of the site in the
// search index, which is the navigation's, to maxNavWords.
func checkNavTitles(t *testing.T, dir string) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, SearchIndex))
	if err != nil {
		t.Fatal(err)
	}
	_, js, _ := strings.Cut(string(data), "window.relurlSearchIndex = ")
	var pages []indexPage
	if err := json.Unmarshal([]byte(strings.TrimSuffix(strings.TrimSpace(js), ";")), &pages); err != nil {
		t.Fatalf("%s: %v", SearchIndex, err)
	}
	if len(pages) < 10 {
		t.Fatalf("%s holds %d pages", SearchIndex, len(pages))
	}
	for _, p := range pages {
		if n := len(strings.Fields(p.Title)); n > maxNavWords {
			t.Errorf("%s: the navigation title %q has %d words; a title has at most %d (the part of the page's heading before \": \")", p.URL, p.Title, n, maxNavWords)
		}
	}
}

// checkLinks holds every link of the site's HTML pages to the site: a
// link to a page, a style sheet or an image names a file of the site, and
// a fragment an id of the page it is in (but for the playground's, which
// is its state).
func checkLinks(t *testing.T, dir string) {
	t.Helper()
	ids := map[string]map[string]bool{}
	type link struct{ page, ref string }
	var links []link
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".html") {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		name := filepath.ToSlash(rel)
		ids[name] = map[string]bool{}
		z := html.NewTokenizer(bytes.NewReader(data))
		for tt := z.Next(); tt != html.ErrorToken; tt = z.Next() {
			if tt != html.StartTagToken && tt != html.SelfClosingTagToken {
				continue
			}
			for _, a := range z.Token().Attr {
				switch a.Key {
				case "id":
					ids[name][a.Val] = true
				case "href", "src":
					links = append(links, link{name, a.Val})
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, l := range links {
		u, err := url.Parse(l.ref)
		if err != nil {
			t.Errorf("%s: link %q: %v", l.page, l.ref, err)
			continue
		}
		if u.Scheme != "" || u.Host != "" {
			continue // not the site's
		}
		target := l.page
		if u.Path != "" {
			target = path.Join(path.Dir(l.page), u.Path)
			if strings.HasSuffix(u.Path, "/") {
				target += "/index.html"
			}
		}
		target = path.Clean(target)
		if _, err := os.Stat(filepath.Join(dir, filepath.FromSlash(target))); err != nil {
			t.Errorf("%s: link %q: %s is not in the site", l.page, l.ref, target)
			continue
		}
		checked++
		if u.Fragment == "" || strings.HasPrefix(target, Playground+"/") {
			continue
		}
		if !ids[target][u.Fragment] {
			t.Errorf("%s: link %q: %s has no id %q", l.page, l.ref, target, u.Fragment)
		}
	}
	if checked == 0 {
		t.Error("no link checked")
	}
}

// checkSearchIndex: the site's search index has every page, cut at its
// headings, with the headings' ids and their text.
func checkSearchIndex(t *testing.T, out string) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(out, SearchIndex))
	if err != nil {
		t.Fatal(err)
	}
	_, js, ok := strings.Cut(string(data), "window.relurlSearchIndex = ")
	if !ok {
		t.Fatalf("%s does not set window.relurlSearchIndex", SearchIndex)
	}
	var pages []indexPage
	if err := json.Unmarshal([]byte(strings.TrimSuffix(strings.TrimSpace(js), ";")), &pages); err != nil {
		t.Fatalf("%s: %v", SearchIndex, err)
	}
	var urls []string
	found := false
	for _, p := range pages {
		urls = append(urls, p.URL)
		for _, s := range p.Sections {
			if p.URL == "docs/guide.html" && s.ID == "a-heading-with-code-and-12" && s.Heading == "A heading with code and §1.2" &&
				strings.Contains(s.Text, "A bare URL: https://www.rfc-editor.org/rfc/rfc1808") {
				found = true
			}
		}
	}
	if want := []string{"index.html", "docs/rules.html", "docs/guide.html", "CHANGELOG.html", "docs/extra.html"}; !slices.Equal(urls, want) {
		t.Errorf("the search index has the pages %q; want %q", urls, want)
	}
	if !found {
		t.Errorf("the search index has no section of docs/guide.html's heading with its text: %+v", pages)
	}
	if _, err := os.Stat(filepath.Join(out, SearchScript)); err != nil {
		t.Error(err)
	}
}

func TestNavTitle(t *testing.T) {
	for in, want := range map[string]string{
		"Linting: `relurl lint`":                    "Linting: `relurl lint`"[:7],
		"Getting started: from a docs folder to CI": "Getting started",
		"The command line":                          "The command line",
		": odd":                                     ": odd",
	} {
		if got := navTitle(in); got != want {
			t.Errorf("navTitle(%q) = %q; want %q", in, got, want)
		}
	}
}
