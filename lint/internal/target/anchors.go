package target

import (
	"maps"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/relurl/relurl/ast"
	"github.com/relurl/relurl/lint/internal/extract"
)

// Anchors are the names a fragment can name in one document: in HTML,
// the id of every element and the name of every a element (the HTML
// standard's "find a potential indicated element"); in Markdown, the
// anchors its headings get by the algorithm of [Slugs], and the ids and
// names of its raw HTML. An Anchors is immutable once made, and safe for
// concurrent use.
type Anchors struct {
	// set holds the anchors, each once; names are they, sorted, made on
	// first need (Names): a fragment is looked for in the set.
	set       map[string]struct{}
	namesOnce sync.Once
	names     []string
	// fold says that a fragment matches an anchor in any letter case:
	// GitHub's pages find a heading's anchor so.
	fold bool
	// lower maps each anchor in lower case to the first anchor that is
	// it, made on first need: for matching with fold, and for saying
	// that a fragment differs from an anchor in letter case only.
	lowerOnce sync.Once
	lower     map[string]string
	// redirect, for a redirect page, is the URL its refresh sends the
	// reader to, and carries says that a script of the page carries the
	// fragment on (redirect.go).
	redirect string
	carries  bool
	// refreshAt and refreshEnd are the span of the refresh's content
	// attribute in the document.
	refreshAt, refreshEnd int
}

// hasAnchors reports whether documents of kind k have anchors that
// fragments name: HTML and Markdown.
func hasAnchors(k extract.Kind) bool {
	return k == extract.KindHTML || k == extract.KindMarkdown
}

// NewAnchors returns the anchors of a document of kind k (HTML or
// Markdown; nil for any other kind) from what package extract found in
// it, in document order: ids and names, and for Markdown the headings,
// which get their anchors by slugs.
func NewAnchors(k extract.Kind, found []extract.Anchor, slugs Slugs) *Anchors {
	if !hasAnchors(k) {
		return nil
	}
	a := &Anchors{set: make(map[string]struct{}, len(found)), fold: k == extract.KindMarkdown && slugs == SlugsGitHub}
	// The ids and names are copied into one string, sliced: they may be
	// pieces of the document's text, which the anchors outlive.
	n := 0
	for _, f := range found {
		if f.Kind == extract.AnchorID || f.Kind == extract.AnchorName {
			n += len(f.Value)
		}
	}
	var b strings.Builder
	b.Grow(n)
	for _, f := range found {
		if f.Kind == extract.AnchorID || f.Kind == extract.AnchorName {
			b.WriteString(f.Value)
		}
	}
	all, at := b.String(), 0
	var s *slugger
	for _, f := range found {
		switch f.Kind {
		case extract.AnchorID, extract.AnchorName:
			a.set[all[at:at+len(f.Value)]] = struct{}{}
			at += len(f.Value)
		case extract.AnchorRefresh, extract.AnchorCarry:
			if k == extract.KindHTML {
				a.setRedirect(f)
			}
		case extract.AnchorHeading:
			if k != extract.KindMarkdown || slugs == SlugsNone {
				continue
			}
			if s == nil {
				s = newSlugger(slugs)
			}
			a.set[s.slug(f.Value, f.Source)] = struct{}{}
		}
	}
	return a
}

// Len returns how many anchors the document has.
func (a *Anchors) Len() int { return len(a.set) }

// Names returns the anchors, sorted. The slice is the Anchors' own: do
// not modify it.
func (a *Anchors) Names() []string {
	a.namesOnce.Do(func() {
		a.names = slices.Sorted(maps.Keys(a.set))
	})
	return a.names
}

func (a *Anchors) has(name string) bool {
	_, ok := a.set[name]
	return ok
}

func (a *Anchors) lowered() map[string]string {
	a.lowerOnce.Do(func() {
		a.lower = make(map[string]string, len(a.set))
		// In sorted order: the first anchor that is a lower-case name
		// is the same whatever order the set gives.
		for _, n := range a.Names() {
			l := strings.ToLower(n)
			if _, seen := a.lower[l]; !seen {
				a.lower[l] = n
			}
		}
	})
	return a.lower
}

// Match is what a fragment names in a document.
type Match struct {
	// Found says that it names an anchor; Top that it names the top of
	// the document ("" and "top", and parameters: see Params).
	Found, Top bool
	// Params says that the fragment is parameters, not an anchor's name
	// (it holds "="): a page's scripts read it ("#url=…&base=…"), or a
	// media player ("#t=10"); it names nothing to look for (decision
	// T-16), and Top is set.
	Params bool
	// Decoded is the fragment percent-decoded (and UTF-8 decoded) when
	// that is what named the anchor, or what was looked for last.
	Decoded string
	// CaseOnly, when the fragment names nothing, is an anchor it names
	// but for letter case.
	CaseOnly string
}

// Find finds what the fragment frag names, as the HTML standard's
// indicated part of the document does: the empty fragment is the top of
// the document; otherwise an anchor that is frag as written; otherwise
// one that is frag percent-decoded and read as UTF-8 (bytes that are not
// UTF-8 read as U+FFFD); otherwise, when the decoded fragment is "top" in
// any ASCII case, the top. For a Markdown document read with GitHub's
// anchors, the decoded fragment names an anchor in any letter case too.
//
// Before the search, the fragment directive (":~:" and what follows it,
// a text fragment's "#:~:text=…") is taken away, as browsers take it
// away; a fragment that then holds "=" is parameters, not an anchor's
// name: it names nothing to look for (Match.Params; decision T-16).
func (a *Anchors) Find(frag string) Match {
	if frag == "" {
		return Match{Top: true}
	}
	if a.has(frag) {
		return Match{Found: true, Decoded: frag}
	}
	if i := strings.Index(frag, fragmentDirective); i >= 0 {
		return a.Find(frag[:i])
	}
	if strings.IndexByte(frag, '=') >= 0 {
		return Match{Top: true, Params: true, Decoded: frag}
	}
	dec := DecodeFragment(frag)
	if dec != frag && a.has(dec) {
		return Match{Found: true, Decoded: dec}
	}
	if a.fold {
		if _, ok := a.lowered()[strings.ToLower(dec)]; ok {
			return Match{Found: true, Decoded: dec}
		}
	}
	if len(dec) == 3 && strings.EqualFold(dec, "top") {
		return Match{Top: true, Decoded: dec}
	}
	m := Match{Decoded: dec}
	if n, ok := a.lowered()[strings.ToLower(dec)]; ok {
		m.CaseOnly = n
	}
	return m
}

// fragmentDirective begins the fragment directive of a URL's fragment
// (the URL Fragment Text Directives specification), which browsers take
// away from the fragment before they look for the indicated part.
const fragmentDirective = ":~:"

// DecodeFragment returns a fragment percent-decoded and read as UTF-8
// (the HTML standard's "percent-decode" then "UTF-8 decode without BOM"):
// each byte that begins no UTF-8 sequence reads as U+FFFD.
func DecodeFragment(frag string) string {
	d := ast.PercentDecode(frag)
	if utf8.ValidString(d) {
		return d
	}
	var b strings.Builder
	for i := 0; i < len(d); {
		r, n := utf8.DecodeRuneInString(d[i:])
		b.WriteRune(r)
		i += n
	}
	return b.String()
}
