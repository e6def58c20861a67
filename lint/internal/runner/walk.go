package runner

import (
	"errors"
	"io/fs"
	"path"
	"path/filepath"
	"strings"

	"github.com/relurl/relurl/lint/internal/door"
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
		case err != nil && w.edge != nil && leadsOut(err):
			w.items = append(w.items, item{name: p, outside: w.edge.real(p)})
		case err != nil:
			w.items = append(w.items, item{name: p, err: err})
		case w.skip != nil && w.skip(p, info.IsDir()):
			w.skipped[report.SkippedExcluded]++
		case w.unchanged(p, info.IsDir()):
			w.skipped[report.SkippedUnchanged]++
		case info.IsDir():
			w.dir(p, info, w.edge.holds(p))
		default:
			w.file(p, info, false)
		}
	}
}

// unchanged reports whether the file or directory p is left out for not
// being changed: a file none of w.changed has, a directory that holds none
// of their files. Only the operating system's files are in a git working
// tree.
func (w *walker) unchanged(p string, isDir bool) bool {
	if _, isOS := w.fsys.(osFS); !isOS && len(w.changed) > 0 {
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
func (w *walker) file(p string, info fs.FileInfo, walked bool) {
	key := w.fsys.Key(p, info)
	if first := w.files[key]; first > 0 {
		w.skipped[report.SkippedDuplicate]++
		if w.aliases && w.items[first-1].name != p {
			w.items = append(w.items, item{name: p, walked: walked, aliasOf: first})
		}
		return
	}
	w.items = append(w.items, item{name: p, walked: walked})
	w.files[key] = len(w.items)
}

// dir walks the directory p, unless it was walked already. A directory
// that cannot be read is a fault in its place; the entries read before it
// are walked, and so is everything else. inside says that p is under the
// root: a symbolic link in it that leads out is not followed, and what it
// leads to is not looked at but to tell a directory from a file
// (decision L-59).
func (w *walker) dir(p string, info fs.FileInfo, inside bool) {
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
		outside := false
		if link {
			// Follow it; one that leads nowhere (or round in circles) is
			// skipped, counted; one that leads out of the tree is said.
			info, err = w.fsys.Stat(sub)
			switch {
			case err != nil && inside && w.edge != nil && leadsOut(err):
				outside, typ = true, 0
				if door.DirNamed(sub) {
					typ = fs.ModeDir
				}
			case err != nil:
				if _, lerr := w.fsys.Lstat(sub); lerr == nil && !errors.Is(err, fs.ErrPermission) {
					w.skipped[report.SkippedBrokenLink]++
				} else {
					w.items = append(w.items, item{name: sub, err: err})
				}
				continue
			default:
				typ = info.Mode().Type()
			}
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
		case outside:
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
			w.dir(sub, info, inside)
		} else {
			w.file(sub, info, true)
		}
	}
}

// edge is the root of a run, as the walk keeps to it: a file or
// directory whose path is under the root but that leads out of it once
// its symbolic links are followed, or into a .git directory below it
// (lint/door), is not read. A nil edge keeps nothing: no root, or
// Run.FollowOutside.
type edge struct {
	tree *door.Tree
	// bound, when not nil, is the project's tree (Run.Bound): a path
	// under it, not under the root, keeps to its edge.
	bound *door.Tree
}

// which returns the tree that holds the path p, as written (made
// absolute, not following links): the root's, else the project's; and
// p's path under it.
func (e *edge) which(p string) (*door.Tree, string, bool) {
	if e == nil {
		return nil, "", false
	}
	for _, t := range [...]*door.Tree{e.tree, e.bound} {
		if t == nil {
			continue
		}
		if rel, ok := t.Rel(p); ok {
			return t, rel, true
		}
	}
	return nil, "", false
}

// holds reports whether the path p is under the root or the project, as
// written: its symbolic links that lead out are not followed.
func (e *edge) holds(p string) bool {
	_, _, ok := e.which(p)
	return ok
}

// real returns where p leads, as the message of a path leading out of
// the root says it; "?" when that cannot be told.
func (e *edge) real(p string) string {
	t, rel, ok := e.which(p)
	if !ok {
		return "?"
	}
	return t.Where(rel)
}

// leadsOut reports whether err is the door's for a path that leads out
// of the tree or into its .git directory.
func leadsOut(err error) bool {
	return errors.Is(err, door.ErrOutside) || errors.Is(err, door.ErrInGit)
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
	// with none reads as empty): a regular file, or one the user named
	// (named) that may be a FIFO or a device.
	Open(name string, named bool) (fs.File, error)
	// Join joins a directory and a name in it.
	Join(dir, name string) string
	// Key returns the identity of the file or directory name, whose
	// information is info: the same for every path to it.
	Key(name string, info fs.FileInfo) any
}

// osFS is the operating system's file system: paths as the command line
// gives them. Those under the root of tree, when it is not nil, are
// reached through it (lint/door), and the others under the project's,
// bound, when it is not nil, through that: nothing a link leads out of
// either to is read, listed or looked at. The others, named outside, are
// read as named.
type osFS struct{ tree, bound *door.Tree }

// which returns the tree that holds name, and its path under it.
func (o osFS) which(name string) (*door.Tree, string, bool) {
	return (&edge{tree: o.tree, bound: o.bound}).which(name)
}

func (o osFS) Stat(name string) (fs.FileInfo, error) {
	if t, rel, ok := o.which(name); ok {
		return t.Stat(rel)
	}
	return door.StatNamed(name)
}

func (o osFS) Lstat(name string) (fs.FileInfo, error) {
	if t, rel, ok := o.which(name); ok {
		return t.Lstat(rel)
	}
	return door.LstatNamed(name)
}

func (o osFS) ReadDir(name string) ([]fs.DirEntry, error) {
	if t, rel, ok := o.which(name); ok {
		return t.ReadDirHanded(rel)
	}
	return door.ReadDirNamed(name)
}

func (o osFS) Open(name string, named bool) (fs.File, error) {
	var f *door.File
	var err error
	t, rel, ok := o.which(name)
	switch {
	case ok && named:
		f, err = t.OpenNamed(rel)
	case ok:
		f, err = t.Open(rel)
	default:
		f, err = door.OpenNamedFile(name)
	}
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
	if abs, err := door.RealNamed(name); err == nil {
		return abs
	}
	return filepath.Clean(name)
}

// fsysFS is an fs.FS: slash-separated paths, symbolic links followed where
// the FS knows them (fs.ReadLinkFS).
type fsysFS struct{ fsys fs.FS }

func (f fsysFS) Stat(name string) (fs.FileInfo, error)      { return fs.Stat(f.fsys, name) }
func (f fsysFS) Lstat(name string) (fs.FileInfo, error)     { return fs.Lstat(f.fsys, name) }
func (f fsysFS) ReadDir(name string) ([]fs.DirEntry, error) { return fs.ReadDir(f.fsys, name) }
func (f fsysFS) Open(name string, _ bool) (fs.File, error)  { return f.fsys.Open(name) }
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
