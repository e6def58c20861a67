// Package manual builds relurl's site (make site): the manual, README.md
// and the pages of docs/ rendered to HTML, with the playground beside
// it, in one directory of static files any web server can serve
// (decision W-11).
//
// The Markdown is rendered by goldmark with GitHub's extensions, as
// GitHub shows the pages in the repository: tables, autolinks,
// footnotes, raw HTML (the rules page's anchors), and headings given the
// ids GitHub gives them. A link between two pages of the manual goes to
// the other page's HTML; a link to the playground (its package's
// directory, lint/internal/playground/, as the
// rules page's "Try it" links) to the playground of the site; an image
// is copied beside its page; a link to any other file of the repository
// goes to that file on GitHub. A link that leaves the repository, or
// names a file that does not exist, fails the build.
//
// The site:
//
//	index.html          README.md
//	docs/NAME.html      docs/NAME.md, and the images the pages show
//	CHANGELOG.html      CHANGELOG.md
//	search-index.js     the search's index of every page, and search.js
//	manual.css          the manual's style sheet
//	playground/         the playground (package lint/internal/playground/site)
package manual

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"io/fs"
	"maps"
	"os"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/relurl/relurl/lint/internal/lint"
)

// Options say what to build.
type Options struct {
	// Root is the repository: README.md and docs/*.md.
	Root string
	// Out is the directory the site is written into, created if need
	// be. Files of an earlier build that this one does not write are left
	// as they are: make site removes the directory first.
	Out string
	// Playground is the playground's files (site.Files), written into
	// Out's playground/; nil leaves the playground out.
	Playground fs.FS
	// Version, when not "", is the release the manual describes, shown
	// beside the name on every page with a link to the changelog.
	Version string
}

// Playground is the directory of the site that holds the playground.
const Playground = "playground"

// PlaygroundSource is the playground's directory in the repository: a
// page's link to it goes to the site's playground.
const PlaygroundSource = "lint/internal/playground"

// Stylesheet is the manual's style sheet, at the root of the site.
const Stylesheet = "manual.css"

// Blob is where a file of the repository is shown on GitHub: Blob and
// the file's path.
const Blob = lint.RepositoryURL + "/blob/main/"

// tree is where a directory of the repository is shown on GitHub.
const tree = lint.RepositoryURL + "/tree/main/"

//go:embed manual.css
var stylesheet []byte

//go:embed layout.html
var layoutHTML string

//go:embed search.js
var searchJS []byte

// SearchScript and SearchIndex are the search's script and its index of
// every page, at the root of the site.
const (
	SearchScript = "search.js"
	SearchIndex  = "search-index.js"
)

var layout = template.Must(template.New("layout").Parse(layoutHTML))

// page is one page of the manual.
type page struct {
	src   string // its path in the repository: README.md, docs/NAME.md
	site  string // its path in the site: index.html, docs/NAME.html
	title string
	text  []byte
}

// sitePath is the path in the site of the page at src in the repository.
func sitePath(src string) string {
	if src == "README.md" {
		return "index.html"
	}
	return strings.TrimSuffix(src, ".md") + ".html"
}

// Result is what [Build] wrote.
type Result struct {
	// Pages are the pages written, by their path in the site, in the
	// order of the navigation.
	Pages []string
	// Assets are the files copied beside the pages (images).
	Assets []string
}

// Build builds the site.
func Build(opts Options) (*Result, error) {
	pages, err := findPages(opts.Root)
	if err != nil {
		return nil, err
	}
	bySrc := map[string]*page{}
	for _, p := range pages {
		bySrc[p.src] = p
	}
	order(pages, bySrc)
	res := &Result{}
	assets := map[string]bool{}
	var errs []error
	var index []indexPage
	for _, p := range pages {
		r := &renderer{root: opts.Root, page: p, pages: bySrc, assets: assets}
		body, err := r.render()
		if err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", p.src, err))
			continue
		}
		index = append(index, indexPage{Title: navTitleOf(p), URL: p.site, Sections: r.sections})
		var b bytes.Buffer
		if err := layout.Execute(&b, layoutData(p, pages, body, opts.Playground != nil, opts.Version)); err != nil {
			return nil, err
		}
		if err := write(opts.Out, p.site, b.Bytes()); err != nil {
			return nil, err
		}
		res.Pages = append(res.Pages, p.site)
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	for _, a := range slices.Sorted(maps.Keys(assets)) {
		data, err := os.ReadFile(filepath.Join(opts.Root, filepath.FromSlash(a)))
		if err != nil {
			return nil, err
		}
		if err := write(opts.Out, a, data); err != nil {
			return nil, err
		}
		res.Assets = append(res.Assets, a)
	}
	if err := write(opts.Out, Stylesheet, stylesheet); err != nil {
		return nil, err
	}
	js, err := searchIndex(index)
	if err != nil {
		return nil, err
	}
	if err := write(opts.Out, SearchIndex, js); err != nil {
		return nil, err
	}
	if err := write(opts.Out, SearchScript, searchJS); err != nil {
		return nil, err
	}
	if opts.Playground != nil {
		if err := writeFS(opts.Playground, filepath.Join(opts.Out, Playground)); err != nil {
			return nil, err
		}
	}
	return res, nil
}

// Changelog is the repository's changelog, a page of the site when the
// repository has it.
const Changelog = "CHANGELOG.md"

// findPages reads README.md, docs/*.md and the changelog.
func findPages(root string) ([]*page, error) {
	srcs := []string{"README.md"}
	docs, err := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	if err != nil {
		return nil, err
	}
	sort.Strings(docs)
	for _, d := range docs {
		srcs = append(srcs, "docs/"+filepath.Base(d))
	}
	if _, err := os.Stat(filepath.Join(root, Changelog)); err == nil {
		srcs = append(srcs, Changelog)
	}
	var pages []*page
	for _, src := range srcs {
		text, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(src)))
		if err != nil {
			return nil, err
		}
		pages = append(pages, &page{src: src, site: sitePath(src), title: title(text, src), text: text})
	}
	return pages, nil
}

// order puts the pages in the order of the navigation: README.md first,
// then the pages of docs/ in the order of the README's index (its block,
// a table or a list, that links to the most pages), then those the index
// does not link to, by name.
func order(pages []*page, bySrc map[string]*page) {
	rank := map[string]int{"README.md": 0}
	var index []string
	for _, block := range blockLinks(pages[0].text) {
		var linked []string
		for _, dest := range block {
			target := path.Clean(strings.SplitN(dest, "#", 2)[0])
			if bySrc[target] != nil && !slices.Contains(linked, target) {
				linked = append(linked, target)
			}
		}
		if len(linked) > len(index) {
			index = linked
		}
	}
	for _, target := range index {
		rank[target] = len(rank)
	}
	slices.SortStableFunc(pages, func(a, b *page) int {
		ra, oka := rank[a.src]
		rb, okb := rank[b.src]
		switch {
		case oka && okb:
			return ra - rb
		case oka:
			return -1
		case okb:
			return 1
		}
		return strings.Compare(a.src, b.src)
	})
}

// navItem is a link of the navigation.
type navItem struct {
	Title, Href string
	Current     bool
}

// layoutData is what the layout shows of page p; the navigation links to
// the playground when the site has it, and names the version when it is
// not "".
func layoutData(p *page, pages []*page, body []byte, playground bool, version string) any {
	root := relative(p.site, "")
	var nav []navItem
	for _, q := range pages {
		nav = append(nav, navItem{Title: navTitleOf(q), Href: relative(p.site, q.site), Current: q == p})
	}
	data := struct {
		Title, Root, Source, Stylesheet, Playground string
		Version, Changelog                          string
		SearchScript, SearchIndex                   string
		Nav                                         []navItem
		Body                                        template.HTML
	}{
		Title: p.title, Root: root, Source: Blob + p.src, Stylesheet: root + Stylesheet, Nav: nav,
		SearchScript: root + SearchScript, SearchIndex: root + SearchIndex,
		Version: version, Changelog: relative(p.site, sitePath(Changelog)),
		Body: template.HTML(body), // the manual's own Markdown, rendered by goldmark
	}
	if playground {
		data.Playground = root + Playground + "/"
	}
	return data
}

// relative returns the link from the page at from (a path in the site)
// to the path to; a to ending in "/" or "" is a directory.
func relative(from, to string) string {
	dir := path.Dir(from)
	if dir == "." {
		return to
	}
	up := strings.Repeat("../", strings.Count(dir, "/")+1)
	// Leave the directories from and to share.
	for _, d := range strings.Split(dir, "/") {
		if rest, ok := strings.CutPrefix(to, d+"/"); ok {
			to, up = rest, up[3:]
			continue
		}
		break
	}
	return up + to
}

// write writes data to name in the site at out, creating directories.
func write(out, name string, data []byte) error {
	dst := filepath.Join(out, filepath.FromSlash(name))
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		return err
	}
	return os.WriteFile(dst, data, 0o644)
}

// writeFS writes the files of fsys into dir.
func writeFS(fsys fs.FS, dir string) error {
	return fs.WalkDir(fsys, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := fs.ReadFile(fsys, name)
		if err != nil {
			return err
		}
		return write(dir, name, data)
	})
}

// navTitleOf is the page's title in the navigation and the search:
// "Home" for the README, else its short title.
func navTitleOf(p *page) string {
	if p.src == "README.md" {
		return "Home"
	}
	return navTitle(p.title)
}

// indexPage is a page in the search index.
type indexPage struct {
	Title    string    `json:"title"`
	URL      string    `json:"url"`
	Sections []section `json:"sections"`
}

// searchIndex returns search-index.js: the pages' sections as a script
// that sets window.relurlSearchIndex (a script, not a JSON file to fetch,
// so that the site works opened from the file system too).
func searchIndex(pages []indexPage) ([]byte, error) {
	var b bytes.Buffer
	b.WriteString("// The index of the manual's search, written by make site (package internal/manual).\nwindow.relurlSearchIndex = ")
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(true)
	if err := enc.Encode(pages); err != nil {
		return nil, err
	}
	b.WriteString(";\n")
	return b.Bytes(), nil
}
