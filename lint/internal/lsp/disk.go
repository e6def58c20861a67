package lsp

import (
	"path/filepath"
	"sync"
	"time"

	"github.com/relurl/relurl/lint/internal/door"
	"github.com/relurl/relurl/lint/internal/extract"
	"github.com/relurl/relurl/lint/internal/runner"
	"github.com/relurl/relurl/lint/internal/target"
)

// DefaultDiskCheck is how often the server checks the disk for what the
// open documents depend on, unless told otherwise (decision E-10).
const DefaultDiskCheck = 250 * time.Millisecond

// seen is what a tree read of the disk, each with its stamp when it read
// it: the directories it listed and the documents whose anchors it read,
// by their paths on disk. Checking them again (changed) is how the server
// sees what other programs did to the tree without the client's help
// (decision E-10): a file created, deleted or renamed changes its
// directory's stamp, and a document written its own. Nothing else is
// read: a tree lists only the directories its documents' references go
// through, so that the cost follows the references of the open
// documents, not the size of the tree, and needs no watch of the
// operating system (inotify's watches are one per directory, a few
// thousand by default on some systems and shared with every other
// program of the user) nor a walk that a loop of symbolic links could
// trap. It is safe for concurrent use.
type seen struct {
	mu sync.Mutex
	// dirs are the directories listed; files the documents whose
	// anchors were read, with their paths under the root.
	dirs  map[string]stamp
	files map[string]seenFile
	// last is when they were last checked.
	last time.Time
	// tree is the tree they are in, looked at through it.
	tree *door.Tree
	// order holds the paths of dirs and files in the order they were
	// noted, for the checks to take them in turn (a path forgotten may
	// linger, or be there twice, until compact drops it); next is where
	// the next check starts.
	order []string
	next  int
}

// maxChecks is the most stamps one check looks at: whatever the open
// documents reference, a check costs at most so many stats, and the
// server's idle cost does not grow with their links; with more seen, a
// change is seen within a check of each maxChecks (decision E-15).
const maxChecks = 1024

// seenFile is a document whose anchors a tree read.
type seenFile struct {
	stamp stamp
	real  string
}

func newSeen(tree *door.Tree) *seen {
	return &seen{dirs: map[string]stamp{}, files: map[string]seenFile{}, tree: tree}
}

// stampOf returns the stamp of the file or directory at path, under the
// root of s's tree, looked at through it in one look (door.Tree.Look:
// what changed is read again through the door); the zero stamp when it
// cannot be (it does not exist, or leads out of the tree).
func (s *seen) stampOf(path string) stamp {
	rel, ok := s.tree.Rel(path)
	if !ok {
		return stamp{}
	}
	info, err := s.tree.Look(rel)
	if err != nil {
		return stamp{}
	}
	return stamp{size: info.Size(), mod: info.ModTime()}
}

// configStamp returns the stamp of the configuration file at path, a file
// a project was found by; the zero stamp when it cannot be read.
func configStamp(path string) stamp {
	info, err := door.StatNamed(path)
	if err != nil {
		return stamp{}
	}
	return stamp{size: info.Size(), mod: info.ModTime()}
}

// noteDir notes the directory at path, about to be listed.
func (s *seen) noteDir(path string) {
	st := s.stampOf(path)
	s.mu.Lock()
	if _, ok := s.dirs[path]; !ok {
		s.order = append(s.order, path)
	}
	s.dirs[path] = st
	s.mu.Unlock()
}

// noteFile notes the document at path, under the root at real, about to
// be read.
func (s *seen) noteFile(path, real string) {
	st := s.stampOf(path)
	s.mu.Lock()
	if _, ok := s.files[path]; !ok {
		s.order = append(s.order, path)
	}
	s.files[path] = seenFile{stamp: st, real: real}
	s.mu.Unlock()
}

// changed stats what was seen, up to maxChecks stamps from where the last
// check stopped, and returns whether a directory changed (every listing
// is then forgotten: the tree lists them again, and they are seen again)
// and the documents that changed, by their paths under the root,
// forgotten too. Each is forgotten before the tree forgets what it read,
// so that a reading between the two is seen again.
func (s *seen) changed() (dirs bool, files []string) {
	type check struct {
		path string
		dir  bool
		old  stamp
		real string
	}
	s.mu.Lock()
	s.last = time.Now()
	s.compact()
	n := min(maxChecks, len(s.order))
	checks := make([]check, 0, n)
	for range n {
		if s.next >= len(s.order) {
			s.next = 0
		}
		p := s.order[s.next]
		s.next++
		if st, ok := s.dirs[p]; ok {
			checks = append(checks, check{path: p, dir: true, old: st})
		} else if f, ok := s.files[p]; ok {
			checks = append(checks, check{path: p, old: f.stamp, real: f.real})
		}
	}
	s.mu.Unlock()
	// Stat without the lock: a tree may read meanwhile.
	var gone []string
	for _, c := range checks {
		switch {
		case c.dir && !dirs && s.stampOf(c.path) != c.old:
			dirs = true
		case !c.dir && s.stampOf(c.path) != c.old:
			gone = append(gone, c.path)
			files = append(files, c.real)
		}
	}
	s.mu.Lock()
	if dirs {
		clear(s.dirs)
	}
	for _, p := range gone {
		delete(s.files, p)
	}
	s.mu.Unlock()
	return dirs, files
}

// compact drops from order the paths forgotten, and those there twice,
// once they are as many as those seen: a cost spread over the forgetting
// that made them. Called with the lock held.
func (s *seen) compact() {
	live := len(s.dirs) + len(s.files)
	if len(s.order) <= 2*live+64 {
		return
	}
	kept := make(map[string]bool, live)
	order := s.order[:0]
	for _, p := range s.order {
		_, d := s.dirs[p]
		_, f := s.files[p]
		if (d || f) && !kept[p] {
			kept[p] = true
			order = append(order, p)
		}
	}
	clear(s.order[len(order):])
	s.order, s.next = order, 0
}

// forget forgets what was seen: the tree forgets what it read, told by
// the client.
func (s *seen) forget(dirs bool, files []string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if dirs {
		clear(s.dirs)
	}
	for _, p := range files {
		delete(s.files, p)
	}
}

// size returns how many directories and documents are seen.
func (s *seen) size() (dirs, files int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.dirs), len(s.files)
}

// seenFS is the file system of a tree, which notes each directory it
// lists.
type seenFS struct {
	target.FS
	root string
	seen *seen
}

func (f seenFS) ReadDir(dir string) ([]target.Entry, error) {
	f.seen.noteDir(filepath.Join(f.root, filepath.FromSlash(dir)))
	return f.FS.ReadDir(dir)
}

// loadAnchors reads the anchors of the document at real under st's root,
// noting it: the tree's Options.Load.
func (st *siteTree) loadAnchors(real string, k extract.Kind, slugs target.Slugs) *target.Anchors {
	st.seen.noteFile(filepath.Join(st.root, filepath.FromSlash(real)), real)
	return runner.LoadAnchors(st.disk, real, k, st.max, slugs)
}

// lintCheckAge is how old a check of a tree may be when a document is
// linted: a burst of lints (the documents of a project opened at once, a
// change that relints the others) checks the disk once.
const lintCheckAge = 50 * time.Millisecond

// stale reports whether what st read of the disk was last checked longer
// ago than age.
func (st *siteTree) stale(age time.Duration) bool {
	st.seen.mu.Lock()
	defer st.seen.mu.Unlock()
	return time.Since(st.seen.last) > age
}

// refresh checks what st read of the disk, and forgets what changed
// since: the listings, when a directory changed; the anchors of the
// documents that changed, but those open (whose anchors are their
// texts'). It reports whether anything changed: the open documents are
// then to be linted again.
func (st *siteTree) refresh(open map[string]bool) bool {
	dirs, files := st.seen.changed()
	for _, real := range files {
		if !open[filepath.Join(st.root, filepath.FromSlash(real))] {
			st.tree.SetAnchors(real, nil)
		}
	}
	if dirs {
		st.disk.Forget()
		st.tree.Invalidate()
	}
	return dirs || len(files) > 0
}

// checkDisk checks what the trees of the open documents read of the disk,
// and the configuration files, and lints the open documents again when
// any changed (decision E-10).
func (s *server) checkDisk() {
	docs, open := s.openDocuments()
	if len(docs) == 0 {
		return
	}
	changed := s.ws.configsChanged()
	if s.targets != nil {
		for _, st := range s.targets.all() {
			if st.refresh(open) {
				changed = true
			}
		}
	}
	if changed {
		for _, d := range docs {
			d.poke()
		}
	}
}

// watchDisk checks the disk every interval until the server ends.
func (s *server) watchDisk(interval time.Duration) {
	defer s.workers.Done()
	tick := time.NewTicker(interval)
	defer tick.Stop()
	for {
		select {
		case <-s.ctx.Done():
			return
		case <-tick.C:
			s.checkDisk()
		}
	}
}

// configsChanged reports whether a configuration file read changed on
// disk since: the documents it governs are to be linted again (each lint
// reads it again, load).
func (w *workspace) configsChanged() bool {
	w.mu.Lock()
	lds := make(map[string]*loaded, len(w.configs))
	for p, ld := range w.configs {
		lds[p] = ld
	}
	w.mu.Unlock()
	changed := false
	for p, ld := range lds {
		st := configStamp(p)
		w.mu.Lock()
		if st != ld.checked {
			ld.checked, changed = st, true
		}
		w.mu.Unlock()
	}
	return changed
}
