package lsp

import (
	"path/filepath"
	"sync"

	"github.com/relurl/relurl/lint/internal/door"
	"github.com/relurl/relurl/lint/internal/extract"
	"github.com/relurl/relurl/lint/internal/lint"
	"github.com/relurl/relurl/lint/internal/runner"
	"github.com/relurl/relurl/lint/internal/target"
)

// targetIndex is where the workspace's links lead (decision E-7): for each
// root (found from each document's path, decision E-9), a tree of its
// files (package lint/target) made as a run of relurl lint makes its own,
// with the configuration's [targets] table and base. A tree reads the disk
// for what no open document says: directory listings and symbolic links
// once, until a file is created or deleted; the anchors of a document not
// open once, until it changes on disk (the server checks, decision E-10). An
// open document's anchors are those of its text in the editor, set each
// time it is linted. It is safe for concurrent use.
type targetIndex struct {
	mu    sync.Mutex
	trees map[string]*siteTree
	// disks are the roots on disk, by path, each opened once (lint/door)
	// and kept while the server runs: the trees made again for a root
	// share it.
	disks map[string]*door.Tree
}

// siteTree is the tree of one root, and the configuration it was made
// with (nil: none), which it lives as long as.
type siteTree struct {
	root string
	cfg  *runner.Config
	max  int64
	tree *target.Tree
	// seen is what the tree read of the disk (decision E-10), through
	// disk, the root on disk.
	seen *seen
	disk *door.Tree
}

func newTargetIndex() *targetIndex {
	return &targetIndex{trees: map[string]*siteTree{}, disks: map[string]*door.Tree{}}
}

// treeFor returns the tree of set's root, made again when the
// configuration changed; nil when the target rules are off for set (no
// root, [targets] check = false, a base that is no URL).
func (x *targetIndex) treeFor(set setup) *siteTree {
	if set.root == "" || set.cfg != nil && set.cfg.Targets.Check != nil && !*set.cfg.Targets.Check {
		return nil
	}
	x.mu.Lock()
	defer x.mu.Unlock()
	if st := x.trees[set.root]; st != nil && st.cfg == set.cfg && st.max == set.max {
		return st
	}
	disk := x.disks[set.root]
	if disk == nil {
		var err error
		if disk, err = door.Open(set.root); err != nil {
			return nil
		}
		x.disks[set.root] = disk
	}
	st := &siteTree{root: set.root, cfg: set.cfg, max: set.max, seen: newSeen(disk), disk: disk}
	var opts target.Options
	base := ""
	if set.cfg != nil {
		opts, base = set.cfg.TargetOptions(set.root), set.cfg.Base
	}
	slugs := opts.MarkdownAnchors
	opts.Load = func(real string, k extract.Kind) *target.Anchors {
		return st.loadAnchors(real, k, slugs)
	}
	var err error
	if st.tree, err = target.NewTree(seenFS{FS: target.OS(disk), root: set.root, seen: st.seen}, base, opts); err != nil {
		return nil
	}
	x.trees[set.root] = st
	return st
}

// targetsOf returns where the document at path is in st's tree, for
// [lint.Linter.CheckWith]; nil when it is not under the root.
func (st *siteTree) targetsOf(path, name string) *target.Scope {
	rel, ok := st.rel(path)
	if !ok {
		return nil
	}
	return &target.Scope{Tree: st.tree, Paths: []string{rel}, Names: []string{name}, References: true}
}

// rel returns path's place under the root, slash-separated, and false
// when it is not under it.
func (st *siteTree) rel(path string) (string, bool) {
	return target.Rel(st.root, path)
}

// linted records what the lint of the open document at path found: the
// targets its references reach, and its anchors, which stand for the
// file's while it is open. It returns the paths of the documents whose
// references reach it, when its anchors changed: their fragments are to
// be checked again.
func (st *siteTree) linted(path string, res *lint.TargetResult) []string {
	rel, ok := st.rel(path)
	if !ok || res == nil {
		return nil
	}
	real, changed := st.tree.Linted(rel, res.Reals, res.Anchors)
	if !changed {
		return nil
	}
	return st.referrers(rel, real)
}

// closed forgets what the open document at path said of itself: its
// anchors are the file's on disk again. It returns the paths of the
// documents whose references reach it.
func (st *siteTree) closed(path string) []string {
	rel, ok := st.rel(path)
	if !ok {
		return nil
	}
	real, ok := st.tree.Closed(rel)
	if !ok {
		return nil
	}
	return st.referrers(rel, real)
}

// referrers returns the paths of the documents that refer to the target
// at real, but the one at rel.
func (st *siteTree) referrers(rel, real string) []string {
	var out []string
	for _, p := range st.tree.ReferrersBut(real, rel) {
		out = append(out, filepath.Join(st.root, filepath.FromSlash(p)))
	}
	return out
}

// filesChanged tells the trees of the files saved, created, changed or
// deleted on disk (paths, by kind of event: 1 created, 2 changed, 3
// deleted, 0 saved by the editor); the anchors of the documents open,
// whose texts stand for their files', are kept (open).
//
// A file saved that the tree has not found is new to it too (the
// client saved a document it had not saved before): the listings are
// read again.
func (x *targetIndex) filesChanged(paths []string, kinds []int, open map[string]bool) {
	for _, st := range x.all() {
		moved := false
		var forgot []string
		for i, p := range paths {
			rel, ok := st.rel(p)
			if !ok {
				continue
			}
			real, found, relist := st.tree.Changed(rel, kinds[i] == 1 || kinds[i] == 3, open[p])
			if relist {
				moved = true
			}
			forgot = append(forgot, p)
			if found {
				forgot = append(forgot, filepath.Join(st.root, filepath.FromSlash(real)))
			}
		}
		st.seen.forget(moved, forgot)
		if moved {
			st.disk.Forget()
			st.tree.Invalidate()
		}
	}
}

// all returns the trees.
func (x *targetIndex) all() []*siteTree {
	x.mu.Lock()
	defer x.mu.Unlock()
	trees := make([]*siteTree, 0, len(x.trees))
	for _, st := range x.trees {
		trees = append(trees, st)
	}
	return trees
}
