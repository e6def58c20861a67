package target

import (
	"hash/maphash"
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
//
// A fragment is looked for among the anchors' hashes, not their names:
// a run keeps the anchors of every document it reads, and a compact
// Anchors ([Anchors.Compact]) keeps 8 bytes for each (16 for one with
// upper-case letters) and no name (decision S-13).
type Anchors struct {
	// hashes are the anchors' hashes (hashAnchor), sorted, each once;
	// lower those of the anchors that have an upper-case letter, in lower
	// case, sorted, each once: an anchor in lower case is in hashes.
	hashes, lower []uint64
	// named are the anchors' names; nil in a compact Anchors.
	named *named
	// fold says that a fragment matches an anchor in any letter case:
	// GitHub's pages find a heading's anchor so.
	fold bool
	// redirect, for a redirect page, is the URL its refresh sends the
	// reader to, and carries says that a script of the page carries the
	// fragment on (redirect.go).
	redirect string
	carries  bool
	// refreshAt and refreshEnd are the span of the refresh's content
	// attribute in the document.
	refreshAt, refreshEnd int
}

// named are the names of an Anchors that keeps them.
type named struct {
	// names are the anchors, in the document's order, made sorted, each
	// once, on first need (sorted): most documents' names are never
	// asked for.
	names []string
	// once sorts names and makes lower, which maps each anchor in lower
	// case to the first anchor (in sorted order) that is it: the anchor
	// a fragment names but for letter case ([Match.CaseOnly]).
	once  sync.Once
	lower map[string]string
}

// sorted returns the names sorted, each once, and lower made.
func (nd *named) sorted() *named {
	nd.once.Do(func() {
		slices.Sort(nd.names)
		nd.names = slices.Clip(slices.Compact(nd.names))
		nd.lower = make(map[string]string, len(nd.names))
		for _, n := range nd.names {
			l := strings.ToLower(n)
			if _, seen := nd.lower[l]; !seen {
				nd.lower[l] = n
			}
		}
	})
	return nd
}

// anchorSeed is the seed of the anchors' hashes: made once as the
// program starts, and only read, so that every Anchors of a run and every
// fragment looked for hash alike, and a document cannot choose names
// whose hashes meet (decision S-13).
var anchorSeed = maphash.MakeSeed()

// hashAnchor returns the hash of an anchor's name, or of a fragment
// looked for among anchors.
func hashAnchor(name string) uint64 { return maphash.String(anchorSeed, name) }

// hashLower returns the hash of name in lower case, and whether that
// differs from name; an ASCII name is lowered without a copy of it.
func hashLower(name string) (uint64, bool) {
	var buf [64]byte
	if len(name) > len(buf) {
		l := strings.ToLower(name)
		return hashAnchor(l), l != name
	}
	upper := false
	for i := 0; i < len(name); i++ {
		c := name[i]
		if c >= utf8.RuneSelf {
			l := strings.ToLower(name)
			return hashAnchor(l), l != name
		}
		if 'A' <= c && c <= 'Z' {
			c, upper = c+'a'-'A', true
		}
		buf[i] = c
	}
	if !upper {
		return 0, false
	}
	return maphash.Bytes(anchorSeed, buf[:len(name)]), true
}

// hasAnchors reports whether documents of kind k have anchors that
// fragments name: HTML and Markdown.
func hasAnchors(k extract.Kind) bool {
	return k == extract.KindHTML || k == extract.KindMarkdown
}

// NewAnchors returns the anchors of a document of kind k (HTML or
// Markdown; nil for any other kind) from what package extract found in
// it, in document order: ids and names, and for Markdown the headings,
// which get their anchors by slugs. It keeps their names
// ([Anchors.Names]); [Anchors.Compact] drops them.
func NewAnchors(k extract.Kind, found []extract.Anchor, slugs Slugs) *Anchors {
	if !hasAnchors(k) {
		return nil
	}
	a := &Anchors{fold: k == extract.KindMarkdown && slugs == SlugsGitHub}
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
	names := make([]string, 0, len(found))
	var s *slugger
	for _, f := range found {
		switch f.Kind {
		case extract.AnchorID, extract.AnchorName:
			names = append(names, all[at:at+len(f.Value)])
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
			names = append(names, s.slug(f.Value, f.Source))
		}
	}
	a.named = &named{names: names}
	a.hashes = make([]uint64, len(names))
	var lower []uint64
	for i, name := range names {
		a.hashes[i] = hashAnchor(name)
		if h, ok := hashLower(name); ok {
			lower = append(lower, h)
		}
	}
	a.hashes = sortHashes(a.hashes)
	if lower != nil {
		a.lower = sortHashes(slices.Clone(lower))
	}
	return a
}

// sortHashes sorts hs and drops the hashes repeated, in place, and
// returns it with no room to spare.
func sortHashes(hs []uint64) []uint64 {
	slices.Sort(hs)
	return slices.Clip(slices.Compact(hs))
}

// Compact returns the anchors without their names: what a run keeps of
// each document, for the fragments of the documents that refer to it.
// A fragment that names one of them but for letter case is told so
// ([Match.CaseFound]), without the name, which the document read again
// gives ([Tree.Fragment]). It returns a itself when a is compact, or nil.
func (a *Anchors) Compact() *Anchors {
	if a == nil || a.named == nil {
		return a
	}
	return &Anchors{hashes: a.hashes, lower: a.lower, fold: a.fold,
		redirect: a.redirect, carries: a.carries, refreshAt: a.refreshAt, refreshEnd: a.refreshEnd}
}

// Len returns how many anchors the document has.
func (a *Anchors) Len() int { return len(a.hashes) }

// Names returns the anchors, sorted; nil for compact anchors. The slice
// is the Anchors' own: do not modify it.
func (a *Anchors) Names() []string {
	if a.named == nil {
		return nil
	}
	return a.named.sorted().names
}

// Same reports whether a and b are the same anchors, by their hashes.
func (a *Anchors) Same(b *Anchors) bool {
	return a.fold == b.fold && slices.Equal(a.hashes, b.hashes)
}

func (a *Anchors) has(name string) bool {
	_, ok := slices.BinarySearch(a.hashes, hashAnchor(name))
	return ok
}

// hasLower reports whether an anchor in lower case is lower, a name in
// lower case.
func (a *Anchors) hasLower(lower string) bool {
	h := hashAnchor(lower)
	_, ok := slices.BinarySearch(a.hashes, h)
	if !ok {
		_, ok = slices.BinarySearch(a.lower, h)
	}
	return ok
}

// caseName returns the first anchor, in sorted order, that is lower in
// lower case; "" for compact anchors.
func (a *Anchors) caseName(lower string) string {
	if a.named == nil {
		return ""
	}
	return a.named.sorted().lower[lower]
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
	// but for letter case; CaseFound says that there is one, when its
	// name is not known (compact anchors).
	CaseOnly  string
	CaseFound bool
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
	lower := strings.ToLower(dec)
	if a.fold && a.hasLower(lower) {
		return Match{Found: true, Decoded: dec}
	}
	if len(dec) == 3 && strings.EqualFold(dec, "top") {
		return Match{Top: true, Decoded: dec}
	}
	m := Match{Decoded: dec}
	if a.hasLower(lower) {
		m.CaseFound, m.CaseOnly = true, a.caseName(lower)
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
