package door

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
)

// The most directories a tree holds open, and the most real paths it
// remembers as directories before it forgets them all (decision S-21).
const (
	maxOpenDirs  = 128
	maxKnownDirs = 1 << 16
)

// dirs is what a tree remembers of its directories between lookups
// (decision S-21): the real paths it found to be directories, not links,
// whose segments a later lookup need not look at again, and the last few
// of them held open, each as an os.Root of its own, so that a lookup in
// one is one call of the system rather than one per segment of its path
// (an os.Root opens each directory on the way, one at a time).
//
// What it holds can go stale when the tree changes on disk: a directory
// held open that is then removed, or moved, is still read until
// [Tree.Forget]. A lookup through it never leaves the tree's root by a
// link (each is the os.Root of a directory found inside it), and a file
// opened is still checked by its descriptor (Tree.check). A run reads a
// tree as it was when the run looked; a process that lives on (the
// language server) forgets when it sees a directory change.
type dirs struct {
	mu    sync.Mutex
	known map[string]bool
	open  map[string]*os.Root
	// order is the directories held open, the oldest first.
	order []string
	// handing says that listings and links read are handed on (Hand):
	// listings, by real path, those a walk read for the next reader;
	// links, by real path, the text of each link read.
	handing  bool
	listings map[string][]fs.DirEntry
	links    map[string]string
}

// Hand makes the tree hand on what it reads of its directories, from one
// reader to the next, within a run (decision S-21): a listing read by
// [Tree.ReadDirHanded] is given, once, to the next [Tree.ReadDir] of the
// directory, and the text of a symbolic link read on the way of a lookup
// to the next [Tree.Readlink] of it, rather than each read from the disk
// again. The linter's walk lists every directory and follows every link
// before the target rules read them; a process that lives on does not
// call it.
func (t *Tree) Hand() {
	t.dirs.mu.Lock()
	defer t.dirs.mu.Unlock()
	t.dirs.handing = true
}

// handed returns, once, the listing of the directory real a walk read,
// and whether there is one.
func (t *Tree) handed(real string) ([]fs.DirEntry, bool) {
	return takeOnce(&t.dirs, &t.dirs.listings, real)
}

// handOn keeps the listing des of the directory real for the next reader,
// when the tree hands listings on.
func (t *Tree) handOn(real string, des []fs.DirEntry) {
	handOn(&t.dirs, &t.dirs.listings, real, des)
}

// linkRead keeps the text of the link real for the next Readlink of it,
// when the tree hands links on.
func (t *Tree) linkRead(real, text string) {
	handOn(&t.dirs, &t.dirs.links, real, text)
}

// handedLink returns, once, the text of the link real read before, and
// whether there is one.
func (t *Tree) handedLink(real string) (string, bool) {
	return takeOnce(&t.dirs, &t.dirs.links, real)
}

// handOn keeps v in *m (one of d's, guarded by d.mu) for key, when d
// hands what it reads on.
func handOn[V any](d *dirs, m *map[string]V, key string, v V) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if !d.handing {
		return
	}
	if *m == nil {
		*m = map[string]V{}
	}
	(*m)[key] = v
}

// takeOnce returns what *m (one of d's, guarded by d.mu) keeps for key,
// and forgets it.
func takeOnce[V any](d *dirs, m *map[string]V, key string) (V, bool) {
	d.mu.Lock()
	defer d.mu.Unlock()
	v, ok := (*m)[key]
	if ok {
		delete(*m, key)
	}
	return v, ok
}

// knownDir reports whether the real path real was found to be a
// directory.
func (t *Tree) knownDir(real string) bool {
	t.dirs.mu.Lock()
	defer t.dirs.mu.Unlock()
	return t.dirs.known[real]
}

// noteDir remembers that the real path real is a directory.
func (t *Tree) noteDir(real string) {
	t.dirs.mu.Lock()
	defer t.dirs.mu.Unlock()
	if t.dirs.known == nil || len(t.dirs.known) >= maxKnownDirs {
		t.dirs.known = map[string]bool{}
	}
	t.dirs.known[real] = true
}

// dirRoot returns the directory real, a real path found to be a
// directory, held open: opened now when it is not yet, the oldest held
// closed to make room. It returns nil where it cannot be opened (the
// caller then looks through the tree's root).
func (t *Tree) dirRoot(real string) *os.Root {
	if real == "." {
		return t.root
	}
	t.dirs.mu.Lock()
	defer t.dirs.mu.Unlock()
	if r := t.dirs.open[real]; r != nil {
		return r
	}
	if !t.dirs.known[real] {
		return nil
	}
	r, err := t.root.OpenRoot(real)
	if err != nil {
		return nil
	}
	if t.dirs.open == nil {
		t.dirs.open = map[string]*os.Root{}
	}
	if len(t.dirs.order) >= maxOpenDirs {
		// A lookup under way in the one closed ends with fs.ErrClosed
		// and is made again through the tree's root (in).
		old := t.dirs.order[0]
		t.dirs.order = t.dirs.order[1:]
		t.dirs.open[old].Close()
		delete(t.dirs.open, old)
	}
	t.dirs.open[real] = r
	t.dirs.order = append(t.dirs.order, real)
	return r
}

// Forget drops what the tree remembers of its directories, closing those
// it holds open: a lookup after it looks at every segment of its path
// again. A process that reads a tree for long calls it when the tree's
// directories change on disk.
func (t *Tree) Forget() {
	t.dirs.mu.Lock()
	defer t.dirs.mu.Unlock()
	for _, r := range t.dirs.open {
		r.Close()
	}
	t.dirs.known, t.dirs.open, t.dirs.order = nil, nil, nil
	t.dirs.listings, t.dirs.links = nil, nil
}

// in runs op on name in the directory dir (a real path under the root,
// "." for the root), through dir held open when it is a known directory,
// else through the tree's root; an error names the path under the root,
// dir and name joined, either way.
func in[T any](t *Tree, dir, name string, op func(r *os.Root, name string) (T, error)) (T, error) {
	if r := t.dirRoot(dir); r != nil {
		v, err := op(r, name)
		if !errors.Is(err, fs.ErrClosed) || r == t.root {
			if pe, ok := err.(*fs.PathError); ok && dir != "." {
				pe.Path = filepath.Join(dir, pe.Path)
			}
			return v, err
		}
	}
	return op(t.root, filepath.Join(dir, name))
}

// lstatIn returns the information of name in the directory dir, a link
// not followed.
func (t *Tree) lstatIn(dir, name string) (fs.FileInfo, error) {
	return in(t, dir, name, (*os.Root).Lstat)
}

// readlinkIn returns the text of the link name in the directory dir.
func (t *Tree) readlinkIn(dir, name string) (string, error) {
	return in(t, dir, name, (*os.Root).Readlink)
}

// openIn opens name in the directory dir with flag.
func (t *Tree) openIn(dir, name string, flag int) (*os.File, error) {
	return in(t, dir, name, func(r *os.Root, name string) (*os.File, error) { return r.OpenFile(name, flag, 0) })
}
