package target

import (
	"path/filepath"

	"strings"

	"github.com/relurl/relurl/lint/internal/extract"
)

// What drives a tree: a run of the linter hands it each document's
// anchors as it reads them; an editor (the language server) the anchors
// of its open documents, which stand for their files', and what changed
// on disk. Both find a file's place under the root with [Rel].

// Rel returns the path of the file at path under the directory root
// (both absolute, or both relative to one directory), slash-separated,
// and false when it is not under root: root itself, or outside it.
func Rel(root, path string) (string, bool) {
	rel, err := filepath.Rel(root, path)
	if err != nil || rel == "." || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return "", false
	}
	return filepath.ToSlash(rel), true
}

// ReadAnchors returns the anchors of src, the text of a document of kind
// k, with Markdown's anchors by slugs: what [Options.Load] gives for a
// document it read. nil for a document that cannot be read whole
// (Markdown too costly to read).
func ReadAnchors(src string, k extract.Kind, slugs Slugs) *Anchors {
	var found []extract.Anchor
	read := true
	extract.Extract(src, k, "", extract.Handler{
		Anchor: func(a extract.Anchor) { found = append(found, a) },
		Note: func(n extract.Note) {
			if n.Kind == extract.NoteMarkdownTooCostly {
				read = false
			}
		},
	})
	if !read {
		return nil
	}
	return NewAnchors(k, found, slugs)
}

// SetAnchorsAt sets the anchors of the document linted at path (a name
// of it under the root), when a file is found there: a run hands each
// document's own anchors ([Session.Anchors]) so. nil anchors are not set.
func (t *Tree) SetAnchorsAt(path string, a *Anchors) {
	if a == nil {
		return
	}
	if tg := t.Resolve(path, false); tg.Status == Found {
		t.SetAnchors(tg.Real, a)
	}
}

// Linted records what the lint of an open document at path found: the
// targets its references reach (reals), and its anchors a, which stand
// for the file's while it is open. It returns the real path of the
// document and true when its anchors changed from those known: the
// fragments of the documents that refer to it ([Tree.ReferrersBut]) are
// to be checked again.
func (t *Tree) Linted(path string, reals []string, a *Anchors) (string, bool) {
	t.SetReferences(path, reals)
	tg := t.Resolve(path, false)
	if tg.Status != Found || a == nil {
		return "", false
	}
	old, known := t.Known(tg.Real)
	if known && old != nil && old.Same(a) && sameRedirect(old, a) {
		return "", false
	}
	t.SetAnchors(tg.Real, a)
	if !known {
		return "", false // nothing was checked against anchors not read
	}
	return tg.Real, true
}

// Closed forgets what the open document at path said of itself: its
// anchors are the file's on disk again. It returns the real path of the
// document, and false when no file is found there.
func (t *Tree) Closed(path string) (string, bool) {
	tg := t.Resolve(path, false)
	if tg.Status != Found {
		return "", false
	}
	t.SetAnchors(tg.Real, nil)
	return tg.Real, true
}

// ReferrersBut returns the paths of the documents that refer to the
// target at real ([Tree.Referrers]), but the one at path.
func (t *Tree) ReferrersBut(real, path string) []string {
	var out []string
	for _, p := range t.Referrers(real) {
		if p != path {
			out = append(out, p)
		}
	}
	return out
}

// Changed tells the tree that the file at path changed on disk; moved
// says it was created or deleted (not only written). The anchors known
// of it are forgotten, unless keep says they stand for it (an editor's
// open document). It returns the real path of the file and whether one
// is found there, and whether the directory listings are to be read again
// ([Tree.Invalidate]): a file created or deleted, or one the tree has
// not found (new to it).
func (t *Tree) Changed(path string, moved, keep bool) (real string, found, relist bool) {
	tg := t.Resolve(path, false)
	found = tg.Status == Found
	relist = moved || !found
	if found {
		real = tg.Real
	}
	if !keep {
		if found {
			t.SetAnchors(tg.Real, nil)
		}
		t.SetAnchors(path, nil)
	}
	return real, found, relist
}
