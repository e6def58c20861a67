package lsp

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/sourcegraph/jsonrpc2"

	"github.com/relurl/relurl/ast"
	"github.com/relurl/relurl/lint/internal/compare"
	"github.com/relurl/relurl/lint/internal/extract"
	"github.com/relurl/relurl/lint/internal/lint"
	"github.com/relurl/relurl/lint/internal/markdown"
	"github.com/relurl/relurl/lint/internal/target"
	"github.com/relurl/relurl/resolve"
	"github.com/relurl/relurl/validate"
)

// maxPermalink is the longest URL and base, together, that a hover links
// to the playground with: the page's state is in the link.
const maxPermalink = 8 << 10

func (s *server) hover(req *jsonrpc2.Request) (func() (any, error), bool) {
	var p TextDocumentPositionParams
	err := s.decode(req, &p)
	var snap snapshot
	if err == nil {
		snap, err = s.snapshotOf(p.TextDocument.URI)
	}
	s.mu.Lock()
	enc, markdown, playground := s.enc, s.markdown, s.playground
	s.mu.Unlock()
	return func() (any, error) {
		if err != nil {
			return nil, err
		}
		d := snap.d
		kind := kindOf(d.path, d.lang, snap.text)
		if kind == 0 {
			return nil, nil
		}
		set := s.ws.setupFor(d.path)
		retrieval := set.retrieval
		ix := newLineIndex(snap.text, enc)
		ref, ok := refAt(snap.text, kind, retrieval, ix.offset(p.Position))
		if !ok {
			return nil, nil
		}
		start, end := ref.Map.At(0), ref.Map.At(len(ref.URL))
		rng := ix.rangeOf(start, end)
		h := &Hover{Range: &rng}
		served, leads := s.leadsTo(set, d.path, ref, markdown)
		h.Contents = describe(ref, playground, markdown, served, leads)
		return h, nil
	}, true
}

// refAt returns the URL of the document whose text holds offset off (or
// ends there), placed byte by byte.
func refAt(text string, kind extract.Kind, retrieval string, off int) (extract.Ref, bool) {
	var found extract.Ref
	ok := false
	extract.Extract(text, kind, retrieval, extract.Handler{Ref: func(r extract.Ref) {
		if ok || !r.Mappable() {
			return
		}
		if start, end := r.Map.At(0), r.Map.At(len(r.URL)); start <= off && off <= end {
			found, ok = r, true
		}
	}})
	return found, ok
}

// describe says what relurl makes of a URL: its verdict under RFC 1808
// §2.2, its form and six components; what §4 resolves it to against the
// document's base, or when it has none against served, the URL the file
// is served at under its root, as the target rules resolve it ("" when
// the document has no place in a tree); where that leads in the tree
// (leads, a paragraph, "" for none); the three readings of package
// compare where they differ; and a link to the playground with the URL
// and base.
func describe(r extract.Ref, playground string, markdown bool, served, leads string) MarkupContent {
	w := &writer{md: markdown}
	s := r.URL
	if r.Err != nil {
		w.para(fmt.Sprintf("%s %s in %s: %s", w.bold("relurl:"), w.code(s), w.text(r.Where), w.text(r.Err.Error())))
		return w.content()
	}
	u, diags := validate.Validate(s)
	verdict := "valid"
	if diags.HasErrors() {
		n := 0
		for i := range diags {
			if diags[i].Severity == ast.SeverityError {
				n++
			}
		}
		verdict = fmt.Sprintf("invalid (%d fault%s)", n, plural(n))
	}
	w.para(fmt.Sprintf("%s %s in %s: %s %s (RFC 1808 §2.2)", w.bold("relurl:"), w.code(s), w.text(r.Where), verdict, u.Form))
	// The six components as relurl parse prints them.
	opt := func(c ast.Component) string {
		if !c.Present {
			return "(absent)"
		}
		return quote(c.Value)
	}
	w.block([][]string{{"scheme", opt(u.Scheme)}, {"net_loc", opt(u.NetLoc)}, {"path", quote(u.Path.Value)},
		{"params", opt(u.Params)}, {"query", opt(u.Query)}, {"fragment", opt(u.Fragment)}})

	b := r.Base
	base := ""
	switch {
	case r.IsBase:
		if _, err := resolve.ParseBase(s); err != nil {
			w.para("The document's base, which cannot serve: " + err.Error() + ".")
		} else {
			w.para("The document's base (§3.1): its relative URLs resolve against it.")
		}
	case b == nil:
	case b.Err != nil:
		w.para(fmt.Sprintf("§4: no resolution: the base %s (%s, §%s) cannot serve: %v.", w.code(b.URL.URL), b.URL.Layer, b.URL.Layer.Section(), b.Err))
	case b.URL.URL == "" && served != "":
		base = served
		if res, err := resolve.Resolve(base, s); err == nil {
			w.para(fmt.Sprintf("§4 against %s (the URL the file is served at under its root, as the target rules read it; the document has no base, §3.4): %s",
				w.code(base), w.bold(w.code(res.String()))))
		} else {
			w.para(fmt.Sprintf("§4 against %s (the URL the file is served at under its root; the document has no base, §3.4): %s, read leniently: the reference is not valid",
				w.code(base), w.bold(w.code(resolve.Lenient(base, s).String()))))
		}
	case b.URL.URL == "":
		w.para("§4: no base (§3.4): the reference stays as it is.")
	default:
		base = b.URL.URL
		from := fmt.Sprintf("%s, §%s", b.URL.Layer, b.URL.Layer.Section())
		if src := b.URL.Source; src != "" && src != b.URL.Layer.String() {
			from = src + ", " + from
		}
		if res, err := resolve.Resolve(base, s); err == nil {
			w.para(fmt.Sprintf("§4 against %s (%s): %s", w.code(base), from, w.bold(w.code(res.String()))))
		} else {
			w.para(fmt.Sprintf("§4 against %s (%s): %s, read leniently: the reference is not valid", w.code(base), from,
				w.bold(w.code(resolve.Lenient(base, s).String()))))
		}
	}
	if leads != "" {
		w.para(leads)
	}
	switch {
	case base != "":
		readings(w, compare.NewBase(base).Reference(s))
	case u.Scheme.Present || r.IsBase:
		readings(w, compare.URL(s))
	default:
		// Browsers reject a relative reference without a base: read alone,
		// it parts the readings whatever it is.
		w.para("The three readings of a relative reference need a base.")
	}
	if len(s)+len(base) <= maxPermalink {
		w.link("Open in the relurl playground", playground+lint.PlaygroundState(s, base, ""))
	}
	return w.content()
}

// readings writes the components where the three readings differ, as
// relurl compare prints them, and the divergences' classes; or that they
// agree.
func readings(w *writer, rep *compare.Report) {
	if rep.Agree {
		w.para("RFC 1808, RFC 3986 (Go's net/url) and the WHATWG URL Standard read it alike.")
		return
	}
	rows := [][]string{{"", compare.RFC1808.String(), compare.RFC3986.String(), compare.WHATWG.String()}}
	seen := map[string]bool{}
	for _, d := range rep.Divergences {
		for _, p := range d.Parts {
			if seen[p.Component] {
				continue
			}
			seen[p.Component] = true
			row := []string{p.Component}
			for _, rd := range []compare.Reader{compare.RFC1808, compare.RFC3986, compare.WHATWG} {
				v := p.Value(rd)
				switch {
				case p.Component == "verdict":
					row = append(row, v.Value)
				case v.Present:
					row = append(row, quote(v.Value))
				default:
					row = append(row, "(absent)")
				}
			}
			rows = append(rows, row)
		}
	}
	w.para("The readings differ (RFC 1808; RFC 3986 as Go's net/url reads it; the WHATWG URL Standard):")
	w.block(rows)
	var lines []string
	for _, d := range rep.Divergences {
		name := d.Class.String()
		if n := d.Class.Info().Name; n != name {
			name += " (" + n + ")"
		}
		lines = append(lines, fmt.Sprintf("%s; RFC 1808: %s", name, d.Decides))
	}
	w.list(lines)
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// writer writes a hover in Markdown or in plain text.
type writer struct {
	md bool
	b  strings.Builder
}

func (w *writer) content() MarkupContent {
	kind := "plaintext"
	if w.md {
		kind = "markdown"
	}
	return MarkupContent{Kind: kind, Value: strings.TrimRight(w.b.String(), "\n")}
}

func (w *writer) para(s string) { w.b.WriteString(s + "\n\n") }

// text escapes what Markdown would read as markup ("<a href>" is a
// tag) with backslashes.
func (w *writer) text(s string) string {
	if !w.md {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		if strings.ContainsRune("\\`*_[]<>#|", r) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}

func (w *writer) bold(s string) string {
	if w.md {
		return "**" + s + "**"
	}
	return s
}

// maxQuoted is the longest string a hover quotes whole; a longer one is
// shown as a window of it (ast.Quote).
const maxQuoted = 1024

// quote quotes a URL or a piece of one as relurl parse prints it.
func quote(s string) string {
	if len(s) > maxQuoted {
		return ast.Quote(s, 0)
	}
	return strconv.Quote(s)
}

// code writes a quoted URL in a code span in Markdown.
func (w *writer) code(s string) string {
	q := quote(s)
	if !w.md {
		return q
	}
	return markdown.CodeSpan(q)
}

// block writes rows of cells in aligned columns, as relurl parse and
// relurl compare print them; in Markdown, in a code block, which every
// client shows as it is (Markdown tables are not rendered by all).
func (w *writer) block(rows [][]string) {
	width := map[int]int{}
	for _, r := range rows {
		for i, c := range r {
			width[i] = max(width[i], utf8.RuneCountInString(c))
		}
	}
	if w.md {
		w.b.WriteString("```text\n")
	}
	for _, r := range rows {
		var line strings.Builder
		for i, c := range r {
			line.WriteString(c + strings.Repeat(" ", width[i]-utf8.RuneCountInString(c)+2))
		}
		w.b.WriteString(strings.TrimRight(line.String(), " ") + "\n")
	}
	if w.md {
		w.b.WriteString("```\n")
	}
	w.b.WriteString("\n")
}

func (w *writer) list(items []string) {
	for _, it := range items {
		w.b.WriteString("- " + it + "\n")
	}
	w.b.WriteString("\n")
}

func (w *writer) link(text, url string) {
	if w.md {
		w.para("[" + text + "](" + url + ")")
		return
	}
	w.para(text + ": " + url)
}

// leadsTo says where the URL r leads in the tree of the document at path,
// as the target rules read it (target.Tree.Follow: RFC 1808 §4 against
// the document's own base, or the URL the file is served at; decision
// T-1; for a URL RFC 1808 does not read, the browsers' reading), and
// whether a file and its anchor are there: a paragraph, "" when the target
// rules are off or the document has no place in a tree, and for a base or
// a URL nobody reads. served is the URL the file is
// served at, "" when it has no place in a tree.
func (s *server) leadsTo(set setup, path string, r extract.Ref, markdown bool) (served, leads string) {
	if s.targets == nil || path == "" || r.Err != nil {
		return "", ""
	}
	st := s.targets.treeFor(set)
	if st == nil {
		return "", ""
	}
	rel, ok := st.rel(path)
	if !ok {
		return "", ""
	}
	served = st.tree.URLOf(rel)
	if r.IsBase {
		return served, ""
	}
	embedded, ok := target.EmbeddedBase(r.Base)
	if !ok {
		return served, ""
	}
	lead, ok := st.tree.Follow(rel, embedded, r.URL)
	if !ok {
		return served, "" // rejected by RFC 1808 and browsers alike
	}
	return served, leadMessage(st, lead, markdown)
}

// leadMessage says where a lead goes, in a paragraph.
func leadMessage(st *siteTree, lead target.Lead, markdown bool) string {
	msg := leadPlace(st, lead, markdown)
	if lead.Browser {
		msg = "As browsers read it (the URL is not valid under RFC 1808): " + strings.ToLower(msg[:1]) + msg[1:]
	}
	return msg
}

// leadPlace says where a lead goes, and what is there.
func leadPlace(st *siteTree, lead target.Lead, markdown bool) string {
	w := &writer{md: markdown}
	pl := lead.Place
	switch {
	case pl.Where == target.External:
		return "It leads to another site, which relurl never fetches."
	case pl.Where == target.Outside:
		return "It leads out of the tree (" + st.root + "): " + w.code(lead.Resolved) + "."
	case pl.Bad != "":
		return "It leads to no file: " + pl.Bad + "."
	}
	tg := lead.Target
	shown := w.code(pl.Path)
	switch tg.Status {
	case target.Missing:
		return fmt.Sprintf("It leads to %s under the root: %s.", shown, tg.Why)
	case target.Case:
		return fmt.Sprintf("It leads to %s under the root, which exists only as %s.", shown, w.code(tg.Path))
	case target.LinkOut:
		return fmt.Sprintf("It leads to %s under the root through the symbolic link %s, which leads out of the tree.", shown, w.code(tg.Via))
	case target.Ignored:
		return fmt.Sprintf("It leads to %s under the root, a target the build makes ([targets] ignore).", shown)
	}
	msg := fmt.Sprintf("It leads to %s under the root, which exists", w.code(tg.Path))
	frag := lead.Fragment
	f := st.tree.Fragment(tg, frag) // "" for none: a redirect page's way
	if v := f.Via; v != nil {
		// A redirect page: where it sends the reader, as the target
		// rules follow it (decision T-18), or what goes wrong.
		if target.RedirectFault(f) {
			return msg + "; " + w.text(target.RedirectMessage(frag, f)) + "."
		}
		msg = fmt.Sprintf("It leads to %s under the root, a redirect page that sends the reader on to %s", w.code(tg.Path), w.code(v.To))
		if v.Hops > 1 {
			msg += fmt.Sprintf(" (through %d redirect pages)", v.Hops)
		}
	}
	if lead.HasFragment {
		switch {
		case !f.Checked:
			msg += "; its fragment is not checked (not a document whose anchors are read)"
		case f.Params:
			msg += "; its fragment is parameters for the page, not an anchor (decision T-16)"
		case f.Found:
			msg += ", with the anchor " + w.code("#"+frag)
		case f.Top:
			msg += "; the fragment " + w.code("#"+frag) + " is its top"
		default:
			msg += ", but has no anchor " + w.code("#"+frag)
		}
	}
	return msg + "."
}
