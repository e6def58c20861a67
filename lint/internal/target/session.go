package target

import "github.com/relurl/relurl/lint/internal/extract"

// Session is the target rules' work on one file, under each of its
// names: made for the file by the linter's check (package lint's
// Linter.CheckWith), which calls it at a few points: it takes the
// document's anchors and notes as the document is read ([Session.Anchor],
// [Session.Note]), and gives the file's own anchors at the end
// ([Session.Anchors]), against which its same-document fragments are
// checked.
type Session struct {
	// Files are where the file is under each of its names (Files[i] for
	// Scope.Paths[i]).
	Files []*File
	// Shared are the destinations that the checks of the file's names
	// share among their URLs.
	Shared *Shared
	// ShareSelf says that the file's same-document references are kept
	// under its own name for all its names: the file is the same document
	// under each, served at its own URL ([File.SameSelf]), and the check
	// keeps no references.
	ShareSelf bool

	// one holds Files when the file has one name.
	one         [1]*File
	scope       *Scope
	kind        extract.Kind
	anchors     []extract.Anchor
	anchorsRead bool
	own         *Anchors
	ownRead     bool
	// spare is the memory the session takes from its tree and gives
	// back at its end (Release).
	spare *spare
}

// NewSession returns the session of a file of kind k, at the places t
// says.
func NewSession(t *Scope, k extract.Kind) *Session {
	s := &Session{}
	s.Init(t, k)
	return s
}

// Init makes s the session of a file of kind k, at the places t says: a
// session kept in a value of the caller's (the linter's check of the
// file), which costs no allocation of its own.
func (s *Session) Init(t *Scope, k extract.Kind) {
	*s = Session{Shared: NewShared(), scope: t, kind: k, anchorsRead: true, spare: t.Tree.spares.take()}
	s.anchors = s.spare.anchors
	s.Files = s.one[:0]
	for i := range t.Paths {
		f := NewFile(t, i)
		f.spare = s.spare
		s.Files = append(s.Files, f)
	}
	if len(s.Files) > 1 && !t.References && s.Files[0].SameSelf(s.Files[1:]) {
		s.ShareSelf = true
	}
}

// NameOf returns the name that findings give the file under its name i,
// where own is the name it is linted under.
func (s *Session) NameOf(i int, own string) string {
	if i > 0 && i < len(s.scope.Names) {
		return s.scope.Names[i]
	}
	return own
}

// ReadsAnchors reports whether the file's anchors are read: a document
// of a kind fragments name parts of (HTML, Markdown).
func (s *Session) ReadsAnchors() bool {
	return hasAnchors(s.kind)
}

// Anchor takes an anchor of the document, as it is read.
func (s *Session) Anchor(a extract.Anchor) { s.anchors = append(s.anchors, a) }

// Note takes a note of the document's reading: a Markdown document too
// costly to read whole has no anchors to check against.
func (s *Session) Note(n extract.Note) {
	if n.Kind == extract.NoteMarkdownTooCostly {
		s.anchorsRead = false
	}
}

// Anchors returns the file's own anchors, made from those the document
// gave, once it is read: the target of its same-document fragments, and
// what the tree is handed ([Tree.SetAnchors]); nil when the document is
// not an HTML or Markdown document read whole.
func (s *Session) Anchors() *Anchors {
	if !s.ownRead {
		s.ownRead = true
		if s.anchorsRead && s.ReadsAnchors() {
			s.own = NewAnchors(s.kind, s.anchors, s.Files[0].Tree.Options().MarkdownAnchors)
		}
		s.spare.anchors, s.anchors = s.anchors, nil
	}
	return s.own
}

// Release gives the memory the session used back to its tree, for the
// next file's, once the work on the file is done: its findings made, its
// fragments checked or deferred. Nothing the session or its names gave
// before may be used after: their destinations ([Dest]) are made anew.
func (s *Session) Release() {
	if s.spare == nil {
		return
	}
	if s.anchors != nil {
		s.spare.anchors, s.anchors = s.anchors, nil
	}
	s.scope.Tree.spares.give(s.spare, s.Files)
	s.spare = nil
}

// AnchorSeen reports whether one of the last few anchors an HTML
// document has given so far is an id or a name that is frag, as written:
// the file's anchors then have frag ([Anchors.Find]). A page links to
// the anchor it has just given nearly every time (a heading's or a
// definition's own link, "¶"), and such a fragment is settled at once
// ([Name.Take]) rather than kept for the end of the file.
func (s *Session) AnchorSeen(frag string) bool {
	if s.kind != extract.KindHTML {
		return false
	}
	as := s.anchors
	for i := len(as) - 1; i >= max(0, len(as)-recentAnchors); i-- {
		if (as[i].Kind == extract.AnchorID || as[i].Kind == extract.AnchorName) && as[i].Value == frag {
			return true
		}
	}
	return false
}

// recentAnchors is how many of the last anchors AnchorSeen looks at.
const recentAnchors = 4
