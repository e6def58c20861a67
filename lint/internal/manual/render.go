package manual

import (
	"bytes"
	"fmt"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"unicode"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	extast "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer/html"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// newMarkdown is goldmark as the manual is rendered: GitHub's extensions
// (tables, strikethrough, autolinks, task lists) and footnotes, raw HTML
// kept (the pages are the repository's own), and transform run on each
// document after it is parsed.
func newMarkdown(transform parser.ASTTransformer) goldmark.Markdown {
	return goldmark.New(
		goldmark.WithExtensions(extension.GFM, extension.Footnote),
		goldmark.WithParserOptions(parser.WithASTTransformers(util.Prioritized(transform, 1000))),
		goldmark.WithRendererOptions(html.WithUnsafe()),
	)
}

// renderer renders one page, rewriting its links (see the package
// documentation) and giving its headings GitHub's ids.
type renderer struct {
	root   string
	page   *page
	pages  map[string]*page
	assets map[string]bool
	errs   []error
	// sections are the page's parts for the search index: the text
	// before its first heading, then each heading's.
	sections []section
}

// section is a part of a page in the search index: its heading and the
// heading's id ("" for the text before the first), and its text.
type section struct {
	Heading string `json:"heading"`
	ID      string `json:"id"`
	Text    string `json:"text"`
}

// render returns the page's HTML, or the page's broken links.
func (r *renderer) render() ([]byte, error) {
	var b bytes.Buffer
	if err := newMarkdown(r).Convert(r.page.text, &b); err != nil {
		return nil, err
	}
	if len(r.errs) > 0 {
		return nil, joinErrs(r.errs)
	}
	return b.Bytes(), nil
}

func joinErrs(errs []error) error {
	msgs := make([]string, len(errs))
	for i, e := range errs {
		msgs[i] = e.Error()
	}
	return fmt.Errorf("%s", strings.Join(msgs, "; "))
}

// Transform rewrites the links and images of the page and sets the ids
// of its headings.
func (r *renderer) Transform(doc *ast.Document, reader text.Reader, _ parser.Context) {
	src := reader.Source()
	slugs := slugger{}
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.Heading:
			if _, ok := n.AttributeString("id"); !ok {
				n.SetAttributeString("id", []byte(slugs.slug(plainText(n, src))))
			}
		case *ast.Link:
			n.Destination = []byte(r.rewrite(string(n.Destination), false))
		case *ast.Image:
			n.Destination = []byte(r.rewrite(string(n.Destination), true))
		}
		return ast.WalkContinue, nil
	})
	r.sections = sections(doc, src)
}

// sections cuts a document at its headings, for the search index: each
// part's plain text, code blocks included, in one line.
func sections(doc *ast.Document, src []byte) []section {
	out := []section{{}}
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		if h, ok := n.(*ast.Heading); ok {
			id, _ := h.AttributeString("id")
			idText, _ := id.([]byte)
			out = append(out, section{Heading: strings.TrimSpace(plainText(h, src)), ID: string(idText)})
			continue
		}
		text := searchText(n, src)
		if n.Kind() == ast.KindFencedCodeBlock || n.Kind() == ast.KindCodeBlock {
			var b strings.Builder
			lines := n.Lines()
			for i := 0; i < lines.Len(); i++ {
				seg := lines.At(i)
				b.Write(seg.Value(src))
			}
			text = b.String()
		}
		last := &out[len(out)-1]
		last.Text = strings.TrimSpace(last.Text + " " + strings.Join(strings.Fields(text), " "))
	}
	if out[0].Text == "" {
		out = out[1:]
	}
	return out
}

// searchText is the text of a block as the search reads it: plainText's,
// with autolinks' URLs, raw HTML left out, and a space between blocks
// and table cells.
func searchText(n ast.Node, src []byte) string {
	var b strings.Builder
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			if c.Type() == ast.TypeBlock || c.Kind() == extast.KindTableCell {
				b.WriteByte(' ')
			}
			return ast.WalkContinue, nil
		}
		switch c := c.(type) {
		case *ast.Text:
			b.Write(c.Segment.Value(src))
			if c.SoftLineBreak() || c.HardLineBreak() {
				b.WriteByte(' ')
			}
		case *ast.String:
			b.Write(c.Value)
		case *ast.AutoLink:
			b.Write(c.Label(src))
			return ast.WalkSkipChildren, nil
		case *ast.RawHTML, *ast.HTMLBlock:
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
	return b.String()
}

// rewrite returns where a link (or an image, when image) of the page
// goes on the site; a broken link is recorded in r.errs.
func (r *renderer) rewrite(dest string, image bool) string {
	if rest, ok := strings.CutPrefix(dest, Blob); ok {
		// The repository's own page on GitHub, written as an absolute
		// URL (a rule's documentation, lint.RulesDocURL): its page on
		// the site, when the site has it.
		name, frag, _ := strings.Cut(rest, "#")
		if q, ok := r.pages[name]; ok && !strings.Contains(name, "?") {
			if frag != "" {
				frag = "#" + frag
			}
			return relative(r.page.site, q.site) + frag
		}
	}
	if dest == "" || strings.HasPrefix(dest, "#") || strings.HasPrefix(dest, "//") || hasScheme(dest) {
		return dest
	}
	rest := ""
	if i := strings.IndexAny(dest, "?#"); i >= 0 {
		dest, rest = dest[:i], dest[i:]
	}
	p, err := url.PathUnescape(dest)
	if err != nil {
		r.errs = append(r.errs, fmt.Errorf("link %q: %w", dest, err))
		return dest + rest
	}
	target := path.Clean(path.Join(path.Dir(r.page.src), p))
	if target == ".." || strings.HasPrefix(target, "../") || path.IsAbs(target) {
		r.errs = append(r.errs, fmt.Errorf("link %q leaves the repository", dest))
		return dest + rest
	}
	if q, ok := r.pages[target]; ok {
		return relative(r.page.site, q.site) + rest
	}
	if target == PlaygroundSource {
		return relative(r.page.site, Playground+"/") + rest
	}
	info, err := os.Stat(filepath.Join(r.root, filepath.FromSlash(target)))
	switch {
	case err != nil:
		r.errs = append(r.errs, fmt.Errorf("link %q: no such file in the repository (%s)", dest, target))
		return dest + rest
	case info.IsDir():
		return tree + target + rest
	case image || isImage(target):
		r.assets[target] = true
		return relative(r.page.site, target) + rest
	}
	return Blob + target + rest
}

// hasScheme reports whether a link begins with a scheme ("https:",
// "mailto:").
func hasScheme(s string) bool {
	i := strings.IndexAny(s, ":/?#")
	if i <= 0 || s[i] != ':' {
		return false
	}
	for j, c := range s[:i] {
		if !(unicode.IsLetter(c) || j > 0 && (unicode.IsDigit(c) || strings.ContainsRune("+-.", c))) {
			return false
		}
	}
	return true
}

// isImage reports whether a file is an image the site shows as it is.
func isImage(name string) bool {
	switch strings.ToLower(path.Ext(name)) {
	case ".png", ".jpg", ".jpeg", ".gif", ".svg", ".webp":
		return true
	}
	return false
}

// plainText is the text of a node as it reads, without its markup: the
// text GitHub makes a heading's id from.
func plainText(n ast.Node, src []byte) string {
	var b strings.Builder
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch c := c.(type) {
		case *ast.Text:
			b.Write(c.Segment.Value(src))
			if c.SoftLineBreak() {
				b.WriteByte(' ')
			}
		case *ast.String:
			b.Write(c.Value)
		case *ast.RawHTML:
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
	return b.String()
}

// slugger gives headings GitHub's ids: the text in lower case, every
// character but letters, digits, marks, connector punctuation ("_"), "-"
// and the space left out, each space a "-"; the second heading of the
// same id gets "-1" after it, the third "-2", and so on.
type slugger map[string]int

func (s slugger) slug(heading string) string {
	var b strings.Builder
	for _, c := range strings.ToLower(heading) {
		switch {
		case c == ' ':
			b.WriteByte('-')
		case c == '-' || unicode.IsLetter(c) || unicode.IsDigit(c) || unicode.IsNumber(c) || unicode.IsMark(c) || unicode.Is(unicode.Pc, c):
			b.WriteRune(c)
		}
	}
	base := b.String()
	id := base
	for {
		if _, taken := s[id]; !taken {
			break
		}
		s[base]++
		id = base + "-" + strconv.Itoa(s[base])
	}
	s[id] = 0
	return id
}

// navTitle is the short title of a page in the navigation: its title up
// to the first colon ("Linting" of "Linting: `relurl lint`").
func navTitle(title string) string {
	if short, _, ok := strings.Cut(title, ": "); ok && short != "" {
		return short
	}
	return title
}

// title is the text of the page's first level-one heading, or its name.
func title(src []byte, name string) string {
	doc := newMarkdown(nopTransformer{}).Parser().Parse(text.NewReader(src))
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		if h, ok := n.(*ast.Heading); ok && h.Level == 1 {
			return strings.TrimSpace(plainText(h, src))
		}
	}
	return strings.TrimSuffix(path.Base(name), ".md")
}

// blockLinks returns the destinations of the links of a page, in order,
// block by block (a paragraph, a list, a table: each child of the
// document).
func blockLinks(src []byte) [][]string {
	doc := newMarkdown(nopTransformer{}).Parser().Parse(text.NewReader(src))
	var out [][]string
	for block := doc.FirstChild(); block != nil; block = block.NextSibling() {
		var dests []string
		_ = ast.Walk(block, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
			if l, ok := n.(*ast.Link); ok && entering {
				dests = append(dests, string(l.Destination))
			}
			return ast.WalkContinue, nil
		})
		out = append(out, dests)
	}
	return out
}

type nopTransformer struct{}

func (nopTransformer) Transform(*ast.Document, text.Reader, parser.Context) {}
