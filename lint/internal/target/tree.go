package target

import (
	"path"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/relurl/relurl/lint/internal/extract"
)

// Options are a tree's settings: the configuration's [targets] table.
type Options struct {
	// Index are the names of the file a directory is served as, tried in
	// order; nil is [DefaultIndex].
	Index []string
	// TryExtensions are the extensions tried, in order, after the path of
	// a target that does not exist when its last segment has none (".html"
	// makes "a/b" "a/b.html"). Static hosts differ: none by default.
	TryExtensions []string
	// MarkdownAnchors is the algorithm of Markdown headings' anchors.
	MarkdownAnchors Slugs
	// Ignore, when not nil, reports whether a path under the root names a
	// target made at build time, which may not exist yet: such a target
	// is taken to exist, and its fragments are not checked.
	Ignore func(path string) bool
	// Load, when not nil, reads the anchors of a document under the root
	// that no one handed to [Tree.SetAnchors], at its path with symbolic
	// links followed ([Target.Real]), as a document of kind k; nil anchors
	// say it could not be read. It is asked once per document, and again
	// for the name of an anchor a fragment names but for letter case,
	// when the tree keeps anchors compactly.
	Load func(real string, k extract.Kind) *Anchors
	// MayRedirect, when not nil, reports whether the HTML document at
	// real (as for Load) may be a redirect page: false only when it
	// certainly is not ([extract.MayRedirect] of its text). A chain of
	// redirects that reaches a document no one handed anchors for ends
	// there, without Load, when it is not (decision S-25).
	MayRedirect func(real string) bool
	// Redirects says whether redirect pages are followed (redirect.go).
	Redirects Redirects
	// LineRanges are the conventions of fragments that name a range of
	// lines (ranges.go); nil is [DefaultLineRanges], empty none.
	LineRanges []string
	// Scripted are the fragments the targets' scripts read themselves,
	// each "path#fragment" (scripted.go).
	Scripted []string
	// Compact says that the tree keeps the documents' anchors compactly
	// ([Anchors.Compact]): a run keeps every document's (decision S-13).
	// The name of an anchor a fragment names but for letter case, for
	// its finding, is then read again with Load.
	Compact bool
}

// DefaultIndex are the index files of a directory when the options name
// none.
var DefaultIndex = []string{"index.html", "index.htm"}

// maxLinks is the most symbolic links followed in resolving one path, as
// Linux's MAXSYMLINKS: past it, the path is a loop.
const maxLinks = 40

// Tree is a tree of files served at a URL, as the target rules read it:
// where a URL leads under the root ([Tree.Locate]), whether a file is
// there ([Tree.Resolve]), and the anchors of its documents
// ([Tree.Fragment]). It reads directory listings and symbolic links
// through its [FS] as they are needed, once each, and keeps what it
// reads; its documents' anchors are handed to it ([Tree.SetAnchors]) as
// they are read, or read on demand ([Options.Load]). It holds no walker:
// a run of the linter or an editor drives it. A Tree is safe for
// concurrent use.
type Tree struct {
	fsys FS
	root rootURL
	opts Options

	mu sync.RWMutex
	// dirs are the listings read, by directory path; links the symbolic
	// links read, by path.
	dirs  map[string]*listing
	links map[string]linkRead
	// resolved are the answers of Resolve, by path (and "/" when the path
	// was written with a trailing "/"); raws those of raw.
	resolved, raws map[string]*Target
	// anchors are the documents' anchors by their real path, each in
	// its slot, which the Targets Resolve finds hold too.
	anchors map[string]*anchorSlot
	// fragments are the answers of Fragment, by real path and fragment;
	// nearDirs the directories of Dir.
	fragments map[[2]string]Fragment
	nearDirs  map[string]*Dir
	// chains are where the chains of redirects end, by the real path of
	// the redirect page they begin at (redirect.go), made on first need.
	chains map[string]*chain
	// refs are the real paths each document's references lead to, by its
	// path, and referrers their inverse ([Tree.SetReferences]).
	refs      map[string][]string
	referrers map[string]map[string]bool

	// spares is the memory sessions give back for the next files'.
	spares spares
	// named are documents' anchors read again with their names, by real
	// path, for the findings of fragments that name an anchor but for
	// letter case (Options.Compact): a few, forgotten when they are
	// maxNamed.
	namedMu sync.Mutex
	named   map[string]*Anchors
}

// maxNamed is the most documents whose anchors a tree keeps read again
// with their names ([Tree.named]).
const maxNamed = 16

// linkRead is a symbolic link as it was read.
type linkRead struct {
	link Link
	err  error
}

// readLink reads the symbolic link at name, once.
func (t *Tree) readLink(name string) (Link, error) {
	r, ok := lookup(&t.mu, t.links, name)
	if !ok {
		r.link, r.err = t.fsys.ReadLink(name)
		r = keep(&t.mu, t.links, name, r)
	}
	return r.link, r.err
}

// listing is a directory as it was read.
type listing struct {
	entries []Entry // sorted by name
	err     error
	// lower maps each name in lower case to the names that are it, made
	// on first need.
	once  sync.Once
	lower map[string][]string
}

func (l *listing) find(name string) (Entry, bool) {
	i, ok := slices.BinarySearchFunc(l.entries, name, func(e Entry, n string) int { return strings.Compare(e.Name, n) })
	if !ok {
		return Entry{}, false
	}
	return l.entries[i], true
}

func (l *listing) fold(name string) []string {
	l.once.Do(func() {
		l.lower = map[string][]string{}
		for _, e := range l.entries {
			k := strings.ToLower(e.Name)
			l.lower[k] = append(l.lower[k], e.Name)
		}
	})
	return l.lower[strings.ToLower(name)]
}

// NewTree returns the tree of the files fsys holds, served at the URL
// rootURL ("" for [SiteURL]), which must be able to serve as a base
// (RFC 1808 §2).
func NewTree(fsys FS, rootURL string, opts Options) (*Tree, error) {
	r, err := parseRoot(rootURL)
	if err != nil {
		return nil, err
	}
	if opts.Index == nil {
		opts.Index = DefaultIndex
	}
	return &Tree{fsys: fsys, root: r, opts: opts,
		dirs: map[string]*listing{}, links: map[string]linkRead{}, resolved: map[string]*Target{}, raws: map[string]*Target{}, anchors: map[string]*anchorSlot{},
		fragments: map[[2]string]Fragment{}, nearDirs: map[string]*Dir{}, refs: map[string][]string{}, referrers: map[string]map[string]bool{}}, nil
}

// Options returns the tree's options.
func (t *Tree) Options() Options { return t.opts }

func (t *Tree) listing(dir string) *listing {
	if l, ok := lookup(&t.mu, t.dirs, dir); ok {
		return l
	}
	entries, err := t.fsys.ReadDir(dir)
	slices.SortFunc(entries, func(a, b Entry) int { return strings.Compare(a.Name, b.Name) })
	return keep(&t.mu, t.dirs, dir, &listing{entries: entries, err: err})
}

// Status is what a target is.
type Status uint8

// The statuses of a target.
const (
	// Found: the file (or the directory's index file) exists.
	Found Status = iota + 1
	// Missing: nothing is there.
	Missing
	// Case: it exists only with other letter case: found on a file
	// system blind to case, not on most servers.
	Case
	// LinkOut: the path reaches it, or reaches nothing, only through a
	// symbolic link that leads out of the tree.
	LinkOut
	// Ignored: nothing is there, but Options.Ignore says a build makes
	// it.
	Ignored
)

// Target is what a path under the root leads to.
type Target struct {
	Status Status
	// Path is the path as served, with each name as the directory lists
	// it (its letter case, for Case) and, for a directory, its index file
	// after it; Real is the file's path with every symbolic link followed,
	// which documents' anchors are kept by. Both are "" for Missing.
	Path, Real string
	// Kind is the kind of document the served name says (an extension
	// package extract knows), or 0.
	Kind extract.Kind
	// Index says the path named a directory, served as its index file.
	Index bool
	// Why, for Missing, says what is missing, in a phrase.
	Why string
	// Names, for Case, are the spellings of the path that exist, when
	// there are several; Fixable says there is exactly one, and that it
	// differs from the path written only in the letter case of names the
	// path itself holds (not those of a symbolic link's text).
	Names   []string
	Fixable bool
	// Via, for LinkOut, is the link the path leads out through (its path
	// under the root) and LinkTarget what it holds; what is there is not
	// looked at (decision L-59).
	Via, LinkTarget string
	// anchors is the slot of the document's anchors, for a document
	// Resolve found (HTML or Markdown); nil otherwise.
	anchors *anchorSlot
	// asked is the path Resolve was asked for, as [Tree.Near] places it.
	asked string
}

// document reports whether the target is a document whose anchors
// fragments name: found (in its letter case or another), HTML or
// Markdown.
func (tg *Target) document() bool {
	return (tg.Status == Found || tg.Status == Case) && hasAnchors(tg.Kind)
}

// Resolve returns what the path p under the root leads to (dir: written
// with a trailing "/"): each name looked up in its directory's listing,
// symbolic links followed (at most 40: past that it is a loop), a
// directory served as the first of its index files that exists, and,
// for a path not found whose last segment has no extension, the path
// with each of Options.TryExtensions after it in turn. A name that the
// listing holds only in other letter case is taken, and the target is
// then Case. The answers are kept, and shared: do not modify one.
func (t *Tree) Resolve(p string, dir bool) *Target {
	if kept, ok := lookup(&t.mu, t.resolved, targetKey(p, dir)); ok {
		return kept
	}
	return t.resolveNew(p, dir)
}

// resolveKey is Resolve of the path whose key (targetKey) is key, looked
// up without a copy of it.
func (t *Tree) resolveKey(key []byte, dir bool) *Target {
	t.mu.RLock()
	kept, ok := t.resolved[string(key)]
	t.mu.RUnlock()
	if ok {
		return kept
	}
	p := key
	if dir {
		p = p[:len(p)-1]
	}
	return t.resolveNew(string(p), dir)
}

// resolveNew is Resolve of a path not resolved yet. The answer is raw's,
// the same Target, unless an extension tried or an ignored path makes it
// another: the two maps share what they keep (decision S-22). It is
// made without the lock held, since making it reads the tree.
func (t *Tree) resolveNew(p string, dir bool) *Target {
	tg := t.raw(p, dir, 0)
	// The answers kept must not hold on to the caller's string (a piece
	// of a document): raw's copy is theirs.
	p = tg.asked
	if tg.Status == Missing && !dir && len(t.opts.TryExtensions) > 0 && p != "" && !strings.Contains(path.Base(p), ".") {
		for _, ext := range t.opts.TryExtensions {
			if alt := t.raw(p+ext, false, 0); alt.Status != Missing {
				c := *alt
				c.asked = p
				tg = &c
				break
			}
		}
	}
	if (tg.Status == Missing || tg.Status == Case) && t.opts.Ignore != nil && t.opts.Ignore(p) {
		tg = &Target{Status: Ignored, Path: p, asked: p}
	}
	return keep(&t.mu, t.resolved, targetKey(p, dir), tg)
}

// targetKey is the key of the answers kept for the path p: with a "/"
// after it when it was written with one.
func targetKey(p string, dir bool) string {
	if dir {
		return p + "/"
	}
	return p
}

// lookup returns what m (one of the tree's maps, guarded by mu) keeps
// for key.
func lookup[V any](mu *sync.RWMutex, m map[string]V, key string) (V, bool) {
	mu.RLock()
	defer mu.RUnlock()
	v, ok := m[key]
	return v, ok
}

// keep keeps v in m (one of the tree's maps, guarded by mu) for key, and
// returns what is kept: what another goroutine kept first, when one did.
// The value is made without the lock held, since making it may read the
// tree.
func keep[V any](mu *sync.RWMutex, m map[string]V, key string, v V) V {
	mu.Lock()
	defer mu.Unlock()
	if old, ok := m[key]; ok {
		return old
	}
	m[key] = v
	return v
}

// raw returns what the path p leads to, as resolve finds it, after links
// symbolic links followed to reach it; the answers are kept, so that the
// paths a link leads into are resolved once, whatever the links to them.
func (t *Tree) raw(p string, dir bool, links int) *Target {
	if kept, ok := lookup(&t.mu, t.raws, targetKey(p, dir)); ok {
		return kept
	}
	p = strings.Clone(p)
	tg := t.resolve(p, dir, links)
	tg.asked = p
	// One copy of the path, not three, where they are the same.
	if tg.Path == p {
		tg.Path = p
	}
	if tg.Real == tg.Path {
		tg.Real = tg.Path
	}
	if tg.document() {
		tg.anchors = t.slot(tg.Real)
	}
	return keep(&t.mu, t.raws, targetKey(p, dir), &tg)
}

// resolve is Resolve without the extensions, the ignored paths and the
// answers kept, after links symbolic links followed to reach p: each name
// looked up in its directory's listing, in other letter case when it is
// not there as written; at a symbolic link, the path it leads to and the
// rest of p resolved in turn (raw).
func (t *Tree) resolve(p string, dir bool, links int) Target {
	var segs []string
	if p != "" {
		segs = strings.Split(p, "/")
	}
	// served is the path as written, each name as found.
	served := slices.Clone(segs)
	cased, fixable := false, true
	var names []string
	real := ""
	isDir := true // real is a directory
	for i, name := range segs {
		l := t.listing(real)
		if l.err != nil && len(l.entries) == 0 {
			return Target{Status: Missing, Why: "no such file"}
		}
		e, ok := l.find(name)
		if !ok {
			alts := l.fold(name)
			if len(alts) == 0 {
				why := "no such file"
				if i < len(segs)-1 {
					why = "no such directory " + join(served[:i+1])
				}
				return Target{Status: Missing, Why: why}
			}
			cased, served[i] = true, alts[0]
			e, _ = l.find(alts[0])
			if len(alts) > 1 {
				fixable, names = false, alts
			}
		}
		next := join2(real, e.Name)
		switch e.Type {
		case TypeLink:
			if links >= maxLinks {
				return Target{Status: Missing, Why: "a loop of symbolic links"}
			}
			lk, err := t.readLink(next)
			if err != nil {
				return Target{Status: Missing, Why: "a symbolic link that cannot be read"}
			}
			if lk.Outside {
				return Target{Status: LinkOut, Via: join(served[:i+1]), LinkTarget: lk.Target}
			}
			// The path the link leads to, and the rest.
			var linkSegs []string
			if lk.Path != "" {
				linkSegs = strings.Split(lk.Path, "/")
			}
			sub := t.raw(join(append(slices.Clone(linkSegs), segs[i+1:]...)), dir, links+1)
			if sub.Status != Found && sub.Status != Case {
				return *sub
			}
			tg := *sub
			// As served: the names up to the link as found, then the rest
			// as the link's path found them (and an index file).
			rest := strings.Split(sub.Path, "/")
			if sub.Path == "" {
				rest = nil
			}
			tg.Path = join(append(served[:i+1:i+1], rest[min(len(linkSegs), len(rest)):]...))
			tg.Kind, _ = extract.KindByName(tg.Path)
			switch {
			case sub.Status == Case:
				// Fixable when the names that differ are the rest's, which
				// the reference writes, not the link's text.
				tg.Fixable = sub.Fixable && fixable && len(rest) >= len(linkSegs) && slices.Equal(rest[:len(linkSegs)], linkSegs)
				if len(tg.Names) == 0 {
					tg.Names = names
				}
			case cased:
				tg.Status, tg.Names, tg.Fixable = Case, names, fixable
			}
			return tg
		case TypeDir:
			real, isDir = next, true
		default:
			if i < len(segs)-1 {
				return Target{Status: Missing, Why: join(served[:i+1]) + " is a file, not a directory"}
			}
			real, isDir = next, false
		}
	}
	tg := Target{Status: Found, Path: join(served), Real: real}
	switch {
	case isDir:
		idx, why := t.index(real)
		if idx == "" {
			return Target{Status: Missing, Why: why}
		}
		tg.Index = true
		tg.Path, tg.Real = join2(tg.Path, idx), join2(real, idx)
		if r := t.raw(tg.Real, false, links+1); r.Status == Found {
			tg.Real = r.Real
		}
	case dir:
		return Target{Status: Missing, Why: join(served) + " is a file, not a directory"}
	}
	tg.Kind, _ = extract.KindByName(tg.Path)
	if cased {
		tg.Status, tg.Names, tg.Fixable = Case, names, fixable
	}
	return tg
}

// index returns the name of the index file of the directory dir, or ""
// and why there is none.
func (t *Tree) index(dir string) (string, string) {
	l := t.listing(dir)
	for _, name := range t.opts.Index {
		if e, ok := l.find(name); ok && e.Type != TypeDir {
			return name, ""
		}
	}
	what := "the root"
	if dir != "" {
		what = "the directory " + dir + "/"
	}
	return "", what + " has no index file (" + strings.Join(t.opts.Index, ", ") + ")"
}

func join(segs []string) string { return strings.Join(segs, "/") }

func join2(dir, name string) string {
	if dir == "" {
		return name
	}
	return dir + "/" + name
}

// anchorSlot is where the tree keeps a document's anchors: known once
// set (nil anchors: a document that could not be read), unknown before.
// A Target that Resolve found holds its document's slot, so that the
// target rules, which ask of a target's anchors for nearly every
// fragment, ask without a lock or a hash of its path.
type anchorSlot struct {
	p atomic.Pointer[knownAnchors]
}

// knownAnchors are anchors known: a document's, or nil for one that could
// not be read.
type knownAnchors struct{ a *Anchors }

// load returns the anchors in the slot, and whether they are known.
func (s *anchorSlot) load() (*Anchors, bool) {
	if s == nil {
		return nil, false
	}
	k := s.p.Load()
	if k == nil {
		return nil, false
	}
	return k.a, true
}

// slot returns the slot of the document at real, made on first need.
func (t *Tree) slot(real string) *anchorSlot {
	if s, ok := lookup(&t.mu, t.anchors, real); ok {
		return s
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.slotLocked(real)
}

// slotLocked is slot, with t.mu held.
func (t *Tree) slotLocked(real string) *anchorSlot {
	s := t.anchors[real]
	if s == nil {
		s = &anchorSlot{}
		t.anchors[strings.Clone(real)] = s
	}
	return s
}

// SetAnchors sets the anchors of the document at real (its path under the
// root, symbolic links followed: [Target.Real]); nil forgets them. A run
// of the linter hands each document's anchors as it reads it; an editor
// as a document is opened, changed or saved.
func (t *Tree) SetAnchors(real string, a *Anchors) {
	if t.opts.Compact {
		a = a.Compact()
	}
	t.namedMu.Lock()
	delete(t.named, real)
	t.namedMu.Unlock()
	t.mu.Lock()
	defer t.mu.Unlock()
	if len(t.chains) > 0 {
		// A chain kept read the page's anchors known: it holds while
		// they make the same redirect, or none.
		if old, known := t.anchors[real].load(); known && (old == nil) != (a == nil) || old != nil && a != nil && !sameRedirect(old, a) {
			clear(t.chains)
		}
	}
	switch s := t.anchors[real]; {
	case a == nil && s != nil:
		s.p.Store(nil)
	case a != nil:
		t.slotLocked(real).p.Store(&knownAnchors{a})
	}
	if len(t.fragments) > 0 {
		for k := range t.fragments {
			if k[0] == real {
				delete(t.fragments, k)
			}
		}
	}
}

// Known returns the anchors set for the document at real, and whether
// they are known (set, or read by Options.Load: nil anchors are a
// document that could not be read); it never reads them.
func (t *Tree) Known(real string) (*Anchors, bool) {
	s, _ := lookup(&t.mu, t.anchors, real)
	return s.load()
}

// KnownOf is Known for the document of the target tg.
func (t *Tree) KnownOf(tg *Target) (*Anchors, bool) {
	if tg.anchors != nil {
		return tg.anchors.load()
	}
	return t.Known(tg.Real)
}

// Anchors returns the anchors of the document at real, reading them
// with Options.Load when no one set them; nil when they are not known.
func (t *Tree) Anchors(real string, k extract.Kind) *Anchors {
	s, _ := lookup(&t.mu, t.anchors, real)
	return t.anchorsIn(s, real, k)
}

// anchorsOf is Anchors for the document of the target tg.
func (t *Tree) anchorsOf(tg *Target) *Anchors {
	s := tg.anchors
	if s == nil {
		s, _ = lookup(&t.mu, t.anchors, tg.Real)
	}
	return t.anchorsIn(s, tg.Real, tg.Kind)
}

// anchorsIn is Anchors of the document at real, whose slot is s (nil:
// none yet).
func (t *Tree) anchorsIn(s *anchorSlot, real string, k extract.Kind) *Anchors {
	if a, known := s.load(); known || t.opts.Load == nil {
		return a
	}
	a := t.opts.Load(real, k)
	if t.opts.Compact {
		a = a.Compact()
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	s = t.slotLocked(real)
	if kept, known := s.load(); known {
		return kept // another goroutine read them first
	}
	s.p.Store(&knownAnchors{a})
	return a
}

// Fragment is what a fragment names in a target.
type Fragment struct {
	// Checked says that the target's anchors are known: it is an HTML or
	// Markdown document that was read. Otherwise the fragment is not
	// checked (an image, a PDF, a style sheet; a document not read).
	Checked bool
	Match
	// Via, when the target is a redirect page, is the way the fragment
	// went on (redirect.go); nil otherwise.
	Via *Via
	// RangeMissing, when the fragment is a range of lines whose ends are
	// not both anchors, names the ends that are not (ranges.go).
	RangeMissing string
}

// Fragment returns what the fragment frag names in the target tg, a
// target Resolve found; the answers are kept.
func (t *Tree) Fragment(tg *Target, frag string) Fragment {
	if !tg.document() {
		return Fragment{}
	}
	key := [2]string{tg.Real, frag}
	t.mu.RLock()
	f, ok := t.fragments[key]
	t.mu.RUnlock()
	if ok {
		return f
	}
	f = t.FragmentOnce(tg, frag)
	if f.Via != nil {
		return f // it hangs on other documents' anchors, which may change
	}
	key[1] = strings.Clone(frag)
	t.mu.Lock()
	t.fragments[key] = f
	t.mu.Unlock()
	return f
}

// FragmentOnce is Fragment for a question asked once, whose answer is
// not worth keeping: the fragments checked at the end of a run.
func (t *Tree) FragmentOnce(tg *Target, frag string) Fragment {
	if !tg.document() {
		return Fragment{}
	}
	if a := t.anchorsOf(tg); a != nil {
		f, _ := t.answer(tg, a, frag, true)
		if f.CaseFound && f.CaseOnly == "" {
			at := tg
			if f.Via != nil && f.Via.Final != nil {
				at = f.Via.Final
			}
			f.CaseOnly = t.caseName(at, frag)
		}
		return f
	}
	return Fragment{}
}

// caseName returns the anchor of the document of tg that frag names but
// for letter case, from the document read again with its names
// (Options.Load): compact anchors keep none. It is asked only for a
// finding; "" when the document cannot be read, or has it no more.
func (t *Tree) caseName(tg *Target, frag string) string {
	if t.opts.Load == nil {
		return ""
	}
	t.namedMu.Lock()
	a, ok := t.named[tg.Real]
	t.namedMu.Unlock()
	if !ok {
		a = t.opts.Load(tg.Real, tg.Kind)
		t.namedMu.Lock()
		if len(t.named) >= maxNamed || t.named == nil {
			t.named = make(map[string]*Anchors, maxNamed)
		}
		t.named[strings.Clone(tg.Real)] = a
		t.namedMu.Unlock()
	}
	if a == nil {
		return ""
	}
	return a.Find(frag).CaseOnly
}

// SetReferences records the real paths of the targets the document at
// path refers to (an editor's index: which documents to check again when
// one changes); nil forgets them.
func (t *Tree) SetReferences(path string, reals []string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	for _, r := range t.refs[path] {
		delete(t.referrers[r], path)
		if len(t.referrers[r]) == 0 {
			delete(t.referrers, r)
		}
	}
	if reals == nil {
		delete(t.refs, path)
		return
	}
	t.refs[path] = slices.Clone(reals)
	for _, r := range reals {
		if t.referrers[r] == nil {
			t.referrers[r] = map[string]bool{}
		}
		t.referrers[r][path] = true
	}
}

// Referrers returns the paths of the documents whose references lead to
// the target at real, sorted.
func (t *Tree) Referrers(real string) []string {
	t.mu.RLock()
	defer t.mu.RUnlock()
	var out []string
	for p := range t.referrers[real] {
		out = append(out, p)
	}
	slices.Sort(out)
	return out
}

// Invalidate forgets the directory listings and the targets resolved,
// after files were added, removed or renamed; the anchors set stay.
func (t *Tree) Invalidate() {
	t.mu.Lock()
	defer t.mu.Unlock()
	clear(t.dirs)
	clear(t.links)
	clear(t.resolved)
	clear(t.raws)
	clear(t.fragments)
	clear(t.chains)
}
