package target

import (
	"strings"

	"github.com/relurl/relurl/ast"
	"github.com/relurl/relurl/lint/internal/extract"
	"github.com/relurl/relurl/resolve"
)

// Scope says where a file is in a tree of files, for the target rules
// (package lint's Linter.CheckWith).
type Scope struct {
	// Tree is the tree, its root and the URL it is served at.
	Tree *Tree
	// Paths are the file's paths under the root, slash-separated: the
	// first the path of the name it is linted under, the others those of
	// its other names (symbolic or hard links), each served with its own
	// base. Names are the others' names as findings give them
	// (Names[i] for Paths[i]; Names[0] is not read).
	Paths, Names []string
	// Defer says that the anchors of the tree's documents are not all
	// known yet (a run that reads them as it lints): the fragments of the
	// references are then left to be checked at the end ([Deferred]),
	// not checked.
	Defer bool
	// Reread says that the file can be read again at the end of the run,
	// as it was read: the references left to the end are then placed
	// (their lines and columns) only when they name nothing, from the
	// text read again, which must be the same ([Deferred.Unplaced];
	// decision L-56).
	Reread bool
	// External says to collect the references that lead to other sites
	// ([ExternalRef]); References the targets reached.
	External, References bool
}

// Stats count what the references of a file led to.
type Stats struct {
	// Internal counts the references that lead under the root, External
	// those that lead to other sites.
	Internal, External int
	// Unchecked counts the fragments not checked: those of targets whose
	// anchors are not known (not HTML or Markdown, or not read).
	Unchecked int
}

// Add adds o's counts to s.
func (s *Stats) Add(o Stats) {
	s.Internal += o.Internal
	s.External += o.External
	s.Unchecked += o.Unchecked
}

// ExternalRef is a reference that leads to another site.
type ExternalRef struct {
	// URL is the reference resolved by RFC 1808 §4.
	URL string
	// Offset, Line and Column are where it is first written in the file
	// (line and column from 1, the column in bytes).
	Offset, Line, Column int
}

// File is where a file is in its tree, under one of its names: what the
// target rules read of it for each of its references.
type File struct {
	Tree *Tree
	// Path is the name's path under the root; Served the URL it is
	// served at, read as a base (ServedOK says it can serve), ServedAt
	// that URL printed.
	Path     string
	Served   ast.URL
	ServedOK bool
	ServedAt string
	// Real is the file's path with symbolic links followed: the target
	// of its same-document references.
	Real string
	// Aliases says that the file is served under other names too: a fix
	// must suit every name, and none of target/case is made.
	Aliases bool
	// DeferFragments: see [Scope.Defer]; Reread, [Scope.Reread].
	DeferFragments bool
	Reread         bool
	External       bool
	References     bool
	// dirPath is the directory of Path, and dir the tree's directory of
	// it, for FastPlace; Depth is how many segments the served URL's path
	// has before its last "/".
	dirPath string
	dir     *Dir
	Depth   int
	// Self is what the file's path leads to, on first need.
	Self *Target
	// chunk is where destinations are allocated (NewDest), used of its
	// destChunk so far; chunks all those taken, from spare when it is
	// not nil (the file's Session gives them back at its end).
	chunk  *[destChunk]Dest
	used   int
	chunks []*[destChunk]Dest
	spare  *spare
}

// NewDest returns a new destination, allocated with others, destChunk
// at a time, from the memory the file's session keeps between files when
// it has one.
func (tc *File) NewDest() *Dest {
	if tc.chunk == nil || tc.used == destChunk {
		tc.chunk = tc.spare.chunk()
		tc.chunks = append(tc.chunks, tc.chunk)
		tc.used = 0
	}
	lk := &tc.chunk[tc.used]
	tc.used++
	*lk = Dest{FragAt: -1, Target: NoTarget}
	return lk
}

// GiveBack gives lk, the destination NewDest returned last, back, when
// it is; it reports whether it was.
func (tc *File) GiveBack(lk *Dest) bool {
	if tc.used > 0 && &tc.chunk[tc.used-1] == lk {
		*lk = Dest{}
		tc.used--
		return true
	}
	return false
}

// NewFile returns where the file of s is under its name i (s.Paths[i]).
func NewFile(t *Scope, i int) *File {
	tc := &File{Tree: t.Tree, Path: t.Paths[i], Aliases: len(t.Paths) > 1, DeferFragments: t.Defer, Reread: t.Reread,
		External: t.External && i == 0, References: t.References}
	tc.ServedAt = t.Tree.URLOf(tc.Path)
	var err error
	tc.Served, err = resolve.ParseBase(tc.ServedAt)
	tc.ServedOK = err == nil
	if r := tc.own(); r.Status == Found || r.Status == Case {
		tc.Real = r.Real
	}
	if i := strings.LastIndexByte(tc.Path, '/'); i >= 0 {
		tc.dirPath = tc.Path[:i]
	}
	tc.Depth = Depth(&tc.Served)
	tc.dir = t.Tree.Dir(tc.dirPath)
	return tc
}

// own returns what the file's path leads to, asked once: the document
// itself. A document under check is there even where the tree has no file
// at its path — one an editor has open and has not saved yet (decision
// E-13) —, and its path is then found, at its own name, with its own
// anchors.
func (tc *File) own() *Target {
	if tc.Self == nil {
		tc.Self = tc.Tree.Resolve(tc.Path, false)
		if tc.Self.Status == Missing {
			tc.Self = &Target{Status: Found, Path: tc.Path, Real: tc.Path}
			tc.Self.Kind, _ = extract.KindByName(tc.Path)
		}
	}
	return tc.Self
}

// IsOwn reports whether the place p, found missing in the tree, is the
// file's own path: the document under check, not yet on disk ([File.own]).
func (tc *File) IsOwn(p Place) bool {
	return p.Where == Inside && p.Bad == "" && !p.Dir && p.Path == tc.Path && tc.own().Status == Found
}

// FastPlace returns where the reference u leads when it is resolved
// against the URL the file is served at, for the references whose §4
// resolution is plain to see, and false for the others: the document
// itself (no path: "", "?q", "#f"), or a relative path of names after
// leading "." and then ".." segments that stay under the root, none with
// an escape, an empty segment or params. Its answer is LocateURL's of
// the resolution (TestFastPlace).
func (tc *File) FastPlace(u *ast.URL) (Place, *Target, bool) {
	if u.Scheme.Present || u.NetLoc.Present || u.Params.Present {
		return Place{}, nil, false
	}
	if u.Path.Value == "" {
		return Place{Where: Inside, Path: tc.Path}, tc.own(), true
	}
	pl, tg, ok := tc.dir.Near(u.Path.Value)
	if ok && tg.Status == Missing && tc.IsOwn(pl) {
		tg = tc.own()
	}
	return pl, tg, ok
}

// SameSelf reports whether the file is, under each of its names (tc's
// and the others'), the same document whose fragments are checked: each
// name served at a URL, its path leading to the file (found, or in
// other letter case), of one kind, HTML or Markdown.
func (tc *File) SameSelf(others []*File) bool {
	s := tc.own()
	if !tc.ServedOK || !s.document() {
		return false
	}
	for _, ot := range others {
		if !ot.ServedOK || ot.own().Status != s.Status || ot.Self.Kind != s.Kind || ot.Self.Real != s.Real || ot.Real != tc.Real {
			return false
		}
	}
	return true
}
