package runner

import (
	"errors"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/relurl/relurl/lint/internal/report"
)

// item is one input of a run, in the order it is reported: a file, standard
// input, or a fault met while walking.
type item struct {
	name string
	// stdin marks standard input ("-").
	stdin bool
	// walked marks a file found by walking a directory; others were named.
	walked bool
	// err is a fault met while walking: a directory that could not be
	// read, a file that vanished, a named file that does not exist.
	err error
	// aliasOf, when not 0, says that the item is another name of the
	// file of item aliasOf-1, met again by this path (a symbolic link, a
	// hard link): it is not linted again, but the target rules check its
	// references under this name (walker.aliases).
	aliasOf int
	// outside, when not "", says that the path is under the root but
	// leads out of it, through a symbolic link, to this real path: it is
	// not read ([report.SkippedOutside]).
	outside string
	// dir says that the path is a directory.
	dir bool
	// plain says that a walk met the path under the root through
	// directories alone, its own name no symbolic link either: its path
	// under the root is its path under the root's real path (runner.open).
	plain bool
}

// walker turns the arguments of a run into its items: files as named,
// directories walked in lexical order, each real file and directory once.
type walker struct {
	fsys fileSystem
	skip func(path string, isDir bool) bool
	// changed, when not empty, are the changes a file must be among to be
	// linted, and a directory must hold one of to be walked.
	changed []*Changes
	items   []item
	skipped map[string]int
	// files and dirs hold the identities of the files and directories
	// met; files by the index of its item, plus one.
	files map[any]int
	dirs  map[any]bool
	stdin bool
	// aliases says to keep, as items, the other names a file is met by
	// (item.aliasOf): the target rules check each name.
	aliases bool
	// edge, when not nil, is the root whose edge the walk keeps: what a
	// symbolic link leads out of it to is not read.
	edge *edge
}

func (w *walker) add(args []string) {
	for _, p := range args {
		if p == "-" {
			if len(w.changed) > 0 {
				w.skipped[report.SkippedUnchanged]++
				continue
			}
			if w.stdin {
				w.skipped[report.SkippedDuplicate]++
				continue
			}
			w.stdin = true
			w.items = append(w.items, item{name: "-", stdin: true})
			continue
		}
		info, err := w.fsys.Stat(p)
		switch {
		case err != nil:
			w.items = append(w.items, item{name: p, err: err})
		case w.skip != nil && w.skip(p, info.IsDir()):
			w.skipped[report.SkippedExcluded]++
		case w.unchanged(p, info.IsDir()):
			w.skipped[report.SkippedUnchanged]++
		case w.edge.leaves(p, false):
			w.items = append(w.items, item{name: p, outside: w.edge.real(p)})
		case info.IsDir():
			w.dir(p, info, w.edge.holds(p), w.edge.plain(p))
		default:
			w.file(p, info, false, false)
		}
	}
}

// unchanged reports whether the file or directory p is left out for not
// being changed: a file none of w.changed has, a directory that holds none
// of their files. Only the operating system's files are in a git working
// tree.
func (w *walker) unchanged(p string, isDir bool) bool {
	if _, os := w.fsys.(osFS); !os && len(w.changed) > 0 {
		return true
	}
	for _, c := range w.changed {
		if isDir && !c.holds(p) || !isDir && !c.Changed(p) {
			return true
		}
	}
	return false
}

// file adds the file p, unless it was added already.
func (w *walker) file(p string, info fs.FileInfo, walked, plain bool) {
	key := w.fsys.Key(p, info)
	if first := w.files[key]; first > 0 {
		w.skipped[report.SkippedDuplicate]++
		if w.aliases && w.items[first-1].name != p {
			w.items = append(w.items, item{name: p, walked: walked, aliasOf: first})
		}
		return
	}
	w.items = append(w.items, item{name: p, walked: walked, plain: plain})
	w.files[key] = len(w.items)
}

// dir walks the directory p, unless it was walked already. A directory
// that cannot be read is a fault in its place; the entries read before it
// are walked, and so is everything else. inside says that p is under the
// root, its real path too: a symbolic link in it that leads out is not
// followed; plain that its path under the root has no symbolic link
// (item.plain), which the names in it then share but those of links.
func (w *walker) dir(p string, info fs.FileInfo, inside, plain bool) {
	key := w.fsys.Key(p, info)
	if w.dirs[key] {
		w.skipped[report.SkippedLoop]++
		return
	}
	w.dirs[key] = true
	entries, err := w.fsys.ReadDir(p)
	if err != nil {
		w.items = append(w.items, item{name: p, err: err})
	}
	for _, e := range entries {
		sub := w.fsys.Join(p, e.Name())
		typ := e.Type()
		link := typ&fs.ModeSymlink != 0
		var info fs.FileInfo
		if link {
			// Follow it; one that leads nowhere (or round in circles) is
			// skipped, counted.
			info, err = w.fsys.Stat(sub)
			if err != nil {
				if _, lerr := w.fsys.Lstat(sub); lerr == nil && !errors.Is(err, fs.ErrPermission) {
					w.skipped[report.SkippedBrokenLink]++
				} else {
					w.items = append(w.items, item{name: sub, err: err})
				}
				continue
			}
			typ = info.Mode().Type()
		}
		switch {
		case typ.IsDir() && strings.HasPrefix(e.Name(), "."):
			w.skipped[report.SkippedHidden]++
			continue
		case !typ.IsDir() && !typ.IsRegular():
			w.skipped[report.SkippedNotRegular]++
			continue
		case w.skip != nil && w.skip(sub, typ.IsDir()):
			w.skipped[report.SkippedExcluded]++
			continue
		case w.unchanged(sub, typ.IsDir()):
			w.skipped[report.SkippedUnchanged]++
			continue
		case link && inside && w.edge.leaves(sub, true):
			// A link in the tree that leads out of it: not followed.
			w.items = append(w.items, item{name: sub, walked: true, outside: w.edge.real(sub), dir: typ.IsDir()})
			continue
		}
		if info == nil {
			if info, err = e.Info(); err != nil {
				// It vanished since the directory was read.
				w.items = append(w.items, item{name: sub, err: err})
				continue
			}
		}
		if typ.IsDir() {
			w.dir(sub, info, inside, plain && !link)
		} else {
			w.file(sub, info, true, plain && !link)
		}
	}
}

// edge is the root of a run, as the walk keeps to it: a file or
// directory whose path is under the root but whose real path, once every
// symbolic link is followed, is not under the root's, or is in a .git
// directory below it (edge.keeps), leads out of it.
// A nil edge keeps nothing: no root, or Run.FollowOutside.
type edge struct {
	// abs is the root made absolute; realRoot the same with every
	// symbolic link followed.
	abs, realRoot string
}

// newEdge returns the edge of the directory root, or nil when root is ""
// or cannot be resolved (then nothing under it can be read either).
func newEdge(root string) *edge {
	if root == "" {
		return nil
	}
	abs, err := filepath.Abs(root)
	if err != nil {
		return nil
	}
	real, err := filepath.EvalSymlinks(abs)
	if err != nil {
		return nil
	}
	return &edge{abs: abs, realRoot: real}
}

// holds reports whether the path p is under the root, as written (made
// absolute, not following links).
func (e *edge) holds(p string) bool {
	if e == nil {
		return false
	}
	abs, err := filepath.Abs(p)
	return err == nil && within(e.abs, abs)
}

// leaves reports whether p, a path that exists, is under the root as
// written but is not once its symbolic links are followed. held says p
// is known to be under the root (a walk inside it); otherwise a path not
// under the root, as a file named outside it, leaves nothing.
func (e *edge) leaves(p string, held bool) bool {
	if e == nil || !held && !e.holds(p) {
		return false
	}
	real, err := filepath.EvalSymlinks(p)
	if err != nil {
		// A loop or a link that vanished: not followed either.
		return true
	}
	abs, err := filepath.Abs(real)
	return err != nil || !e.keeps(p, abs)
}

// keeps reports whether real, the absolute real path of p, a path
// written under the root, is in the tree: under the root's real path, and
// not in a repository's .git directory below it, unless p is written
// there. A repository's metadata (its config with credentials, its hooks)
// is no part of the tree it holds, whatever links lead there.
func (e *edge) keeps(p, real string) bool {
	if !within(e.realRoot, real) {
		return false
	}
	rel, err := filepath.Rel(e.realRoot, real)
	if err != nil || !inGit(rel) {
		return err == nil
	}
	abs, err := filepath.Abs(p)
	if err != nil {
		return false
	}
	written, err := filepath.Rel(e.abs, abs)
	return err == nil && inGit(written)
}

// inGit reports whether the relative path rel is in a directory named
// .git (in any letter case, as some file systems read it).
func inGit(rel string) bool {
	for _, seg := range strings.Split(filepath.ToSlash(rel), "/") {
		if strings.EqualFold(seg, ".git") {
			return true
		}
	}
	return false
}

// real returns where p leads, every symbolic link followed, as the
// message of a path leading out of the root says it; "" when that
// cannot be told.
func (e *edge) real(p string) string {
	real, err := filepath.EvalSymlinks(p)
	if err != nil {
		return "?"
	}
	abs, err := filepath.Abs(real)
	if err != nil {
		return real
	}
	return abs
}

// plain reports whether the directory p is the root or under it by a
// path with no symbolic link below the root: its path under the root
// is its path under the root's real path (item.plain).
func (e *edge) plain(p string) bool {
	if e == nil {
		return false
	}
	abs, err := filepath.Abs(p)
	if err != nil || !within(e.abs, abs) {
		return false
	}
	real, err := filepath.EvalSymlinks(abs)
	if err != nil {
		return false
	}
	rel, err := filepath.Rel(e.abs, abs)
	return err == nil && real == filepath.Join(e.realRoot, rel)
}

// within reports whether the absolute, clean path p is dir or under it.
func within(dir, p string) bool {
	rel, err := filepath.Rel(dir, p)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}

// fileSystem is what a [Run] reads: the operating system's files, or an
// fs.FS ([Run.FS]), for tests that fake faults.
type fileSystem interface {
	// Stat follows symbolic links; Lstat does not.
	Stat(name string) (fs.FileInfo, error)
	Lstat(name string) (fs.FileInfo, error)
	// ReadDir returns the entries of a directory sorted by name; on an
	// error, those read before it.
	ReadDir(name string) ([]fs.DirEntry, error)
	// Open opens a file for reading without waiting for a writer (a FIFO
	// with none reads as empty).
	Open(name string) (fs.File, error)
	// Join joins a directory and a name in it.
	Join(dir, name string) string
	// Key returns the identity of the file or directory name, whose
	// information is info: the same for every path to it.
	Key(name string, info fs.FileInfo) any
}

// osFS is the operating system's file system: paths as the command line
// gives them.
type osFS struct{}

func (osFS) Stat(name string) (fs.FileInfo, error)      { return os.Stat(name) }
func (osFS) Lstat(name string) (fs.FileInfo, error)     { return os.Lstat(name) }
func (osFS) ReadDir(name string) ([]fs.DirEntry, error) { return os.ReadDir(name) }
func (osFS) Open(name string) (fs.File, error) {
	f, err := openNonblocking(name)
	if err != nil {
		return nil, err // not a typed nil
	}
	return f, nil
}
func (osFS) Join(dir, name string) string { return filepath.Join(dir, name) }

func (osFS) Key(name string, info fs.FileInfo) any {
	if k, ok := fileID(info); ok {
		return k
	}
	if real, err := filepath.EvalSymlinks(name); err == nil {
		if abs, err := filepath.Abs(real); err == nil {
			return abs
		}
	}
	return filepath.Clean(name)
}

// fsysFS is an fs.FS: slash-separated paths, symbolic links followed where
// the FS knows them (fs.ReadLinkFS).
type fsysFS struct{ fsys fs.FS }

func (f fsysFS) Stat(name string) (fs.FileInfo, error)      { return fs.Stat(f.fsys, name) }
func (f fsysFS) Lstat(name string) (fs.FileInfo, error)     { return fs.Lstat(f.fsys, name) }
func (f fsysFS) ReadDir(name string) ([]fs.DirEntry, error) { return fs.ReadDir(f.fsys, name) }
func (f fsysFS) Open(name string) (fs.File, error)          { return f.fsys.Open(name) }
func (f fsysFS) Join(dir, name string) string               { return path.Join(dir, name) }

// Key is the path with every symbolic link in it followed: an fs.FS has no
// file identities.
func (f fsysFS) Key(name string, _ fs.FileInfo) any {
	done, rest := "", strings.Split(path.Clean(name), "/")
	for links := 0; len(rest) > 0; {
		p := path.Join(done, rest[0])
		rest = rest[1:]
		if info, err := fs.Lstat(f.fsys, p); err == nil && info.Mode()&fs.ModeSymlink != 0 && links < 255 {
			if target, err := fs.ReadLink(f.fsys, p); err == nil {
				links++
				if !path.IsAbs(target) {
					target = path.Join(done, target)
				}
				done, rest = "", append(strings.Split(path.Clean(target), "/"), rest...)
				continue
			}
		}
		done = p
	}
	return done
}
