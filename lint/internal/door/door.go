// Package door is the one way relurl lint and its language server reach
// the disk: every read, stat, listing, link reading and write of a file of
// a tree goes through a [Tree], which holds an [os.Root] of the tree's real
// path and the rules of its edge (decision L-57). A test of the repository
// fails on any other call of the operating system's file access in the
// packages the command builds on.
//
// The edge of a tree, whatever a configuration says and whenever a
// symbolic link changes:
//
//   - Nothing outside the root is read, listed, stat'd or written: every
//     operation goes through the os.Root, which follows no link out of it,
//     and a link that leads out is an [*OutsideError] saying where to,
//     never a fallback to a path followed by the system. (A directory the
//     tree holds open and someone moves out of it meanwhile is still
//     looked in, as it held the tree's files: decision S-21.)
//   - A repository's metadata (a directory named .git, in any letter
//     case, below the root) is no part of the tree, whatever link leads
//     there, unless the path as named is in it. On Linux the check is made
//     on the file opened (its descriptor's path), so that a link swapped in
//     between cannot lead a read there either.
//   - Pages and targets are regular files: a FIFO, a device or a socket is
//     refused before it is opened ([ErrNotRegular]), and a file opened is
//     opened without waiting for a writer and checked again by its
//     descriptor, so that one swapped in cannot block the command.
//   - A write replaces a file atomically, through a temporary file in its
//     directory, and loses nothing: a file changed since it was read, a
//     read-only file (unless asked), a set-user-ID or set-group-ID file and
//     one whose owner could not be kept are left alone, with an error
//     saying why ([Tree.WriteFile], decision F-11).
//
// Paths the user names outside every tree (a file named on the command
// line, standard locations) are read with the functions of named.go, which
// say so in their names: they are the only other way to the disk.
package door

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// The errors a tree's operations wrap.
var (
	// ErrOutside is wrapped by an [*OutsideError].
	ErrOutside = errors.New("leads out of the tree")
	// ErrInGit is wrapped by the error for a path that leads into a .git
	// directory below the root without being named there.
	ErrInGit = errors.New("leads into a repository's .git directory, which is no part of the tree")
	// ErrLoop is wrapped by the error for a path that goes round a loop
	// of symbolic links.
	ErrLoop = errors.New("a loop of symbolic links")
	// ErrNotRegular is wrapped by the error for a page, a target or a file
	// to write that is not a regular file: a FIFO, a device, a socket, a
	// directory.
	ErrNotRegular = errors.New("not a regular file")
)

// OutsideError is the error for a path under a tree's root that a
// symbolic link leads out of it.
type OutsideError struct {
	// Path is the path as named; Real where it leads, "" when that could
	// not be told (a loop, a link that vanished).
	Path, Real string
}

func (e *OutsideError) Error() string {
	if e.Real == "" {
		return e.Path + ": " + ErrOutside.Error()
	}
	return e.Path + ": " + ErrOutside.Error() + ", to " + e.Real
}

func (e *OutsideError) Unwrap() error { return ErrOutside }

// maxLinks is the most symbolic links a path is followed through, as
// Linux's own limit for a path (40) is per lookup, not per path.
const maxLinks = 255

// Tree is a directory tree on disk and its edge: the one way to its
// files. Its paths are relative to its root, slash- or
// system-separated ("" and "." are the root itself). It is safe for
// concurrent use.
type Tree struct {
	// abs is the root as named, absolute (a working directory reached
	// through a link keeps the link's path); real the same with every
	// symbolic link followed, where root is open.
	abs, real string
	root      *os.Root
	// wd is the working directory as the shell reached it, wdReal the
	// same with its links followed, when they differ: a path named under
	// the one is under the other (Rel).
	wd, wdReal string
	// dirs is what the tree remembers of its directories (decision S-21).
	dirs dirs
}

// Open opens the tree whose root is the directory dir, as the user names
// it: made absolute against the working directory as the shell reached it
// (os.Getwd keeps a $PWD that leads to it, links and all), then followed
// once to its real path, which the tree holds open. A link on the way to
// the root is part of its name, not of the tree: the tree is what it
// leads to.
func Open(dir string) (*Tree, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	real, err := filepath.EvalSymlinks(abs)
	if err != nil {
		return nil, err
	}
	root, err := os.OpenRoot(real)
	if err != nil {
		return nil, err
	}
	t := &Tree{abs: abs, real: real, root: root}
	t.wd, t.wdReal = WorkingDir()
	return t, nil
}

// WorkingDir returns the working directory as the shell reached it
// (os.Getwd keeps a $PWD that leads to it) and, when symbolic links on
// the way make it differ, its real path; "" for either it cannot tell.
// The working directory is resolved once: a path named relative to it is
// under its real path too (decision L-60).
func WorkingDir() (wd, real string) {
	wd, err := os.Getwd()
	if err != nil {
		return "", ""
	}
	real, err = filepath.EvalSymlinks(wd)
	if err != nil || real == wd {
		return wd, ""
	}
	return wd, real
}

// InWorkingDir returns the absolute path abs with the working directory
// wd, when abs is under it, replaced by its real path real (as
// WorkingDir returns them), and whether it was.
func InWorkingDir(abs, wd, real string) (string, bool) {
	if wd == "" || real == "" {
		return abs, false
	}
	rel, ok := within(wd, abs)
	if !ok {
		return abs, false
	}
	return filepath.Join(real, rel), true
}

// Close closes the tree's root and the directories it holds open.
func (t *Tree) Close() error {
	t.Forget()
	return t.root.Close()
}

// Abs returns the tree's root as named, absolute.
func (t *Tree) Abs() string { return t.abs }

// Real returns the tree's root with every symbolic link followed.
func (t *Tree) Real() string { return t.real }

// Rel returns the path under the root of name, a path as the user or the
// walk names it (relative to the working directory, or absolute),
// lexically: by the root's name or by its real path, the working
// directory taken as its real path where its name does not place it. It
// reports false for a path that is not under the root so.
func (t *Tree) Rel(name string) (string, bool) {
	abs := filepath.Clean(name)
	if !filepath.IsAbs(abs) {
		if t.wd == "" {
			return "", false
		}
		// The working directory, asked for once (filepath.Abs asks the
		// system each time).
		abs = filepath.Join(t.wd, abs)
	}
	if rel, ok := t.rel(abs); ok {
		return rel, true
	}
	if real, ok := InWorkingDir(abs, t.wd, t.wdReal); ok {
		return t.rel(real)
	}
	return "", false
}

func (t *Tree) rel(abs string) (string, bool) {
	for _, r := range [...]string{t.abs, t.real} {
		if rel, ok := within(r, abs); ok {
			return rel, true
		}
	}
	return "", false
}

// Name returns the path of rel under the root as named, for messages.
func (t *Tree) Name(rel string) string { return filepath.Join(t.abs, filepath.FromSlash(rel)) }

// within returns the path of the absolute, clean path p under dir, "."
// for dir itself, and whether it is under it.
func within(dir, p string) (string, bool) {
	rel, err := filepath.Rel(dir, p)
	if err != nil || !filepath.IsLocal(rel) && rel != "." {
		return "", false
	}
	return rel, true
}

// clean returns rel cleaned, system-separated, "." for the root.
func clean(rel string) string {
	rel = filepath.Clean(filepath.FromSlash(rel))
	if rel == "" {
		return "."
	}
	return rel
}

// Resolve returns the real path of rel under the root, every symbolic
// link in it followed (system-separated, "." for the root itself), each
// read through the root. A link that leads out of the root, a loop, or a
// path into a .git directory below the root that rel does not name are
// errors: an [*OutsideError], or one wrapping [ErrInGit]. A path that
// does not exist is resolved as far as it goes, the rest as written, with
// the error of its lookup.
func (t *Tree) Resolve(rel string) (string, error) {
	real, _, err := t.resolve(rel)
	return real, err
}

// resolve is [Tree.Resolve], which also returns the information of the
// file rel leads to (a link not followed: it is none), nil for the root.
// A directory found on the way is remembered (knownDir), and its segments
// are not looked at again when a later path passes through it.
func (t *Tree) resolve(rel string) (string, fs.FileInfo, error) {
	rel = clean(rel)
	if !filepath.IsLocal(rel) && rel != "." {
		return "", nil, &OutsideError{Path: t.Name(rel)}
	}
	// looked is what the look at rel found, when it is a link: the walk
	// below starts from it.
	var looked fs.FileInfo
	if rel != "." {
		// A path in a directory found before (clean leaves no dot
		// segment in it) is one look: at its last segment, unless that
		// is a link, which the walk below follows.
		if dir, base := filepath.Split(rel); dir == "" || t.knownDir(dir[:len(dir)-1]) {
			if dir == "" {
				dir = "."
			} else {
				dir = dir[:len(dir)-1]
			}
			info, err := t.lstatIn(dir, base)
			switch {
			case err != nil:
				return rel, nil, err
			case info.Mode()&fs.ModeSymlink == 0:
				// No link on the way: the path is its real path, in .git
				// only as named.
				if info.IsDir() {
					t.noteDir(rel)
				}
				return rel, info, nil
			}
			looked = info
		}
	}
	var done []string
	// dir is done joined, "." for none; info what the last segment
	// looked at is, nil when it was not looked at.
	dir := "."
	var info fs.FileInfo
	rest := strings.Split(rel, string(filepath.Separator))
	for links := 0; len(rest) > 0; {
		seg := rest[0]
		rest = rest[1:]
		switch seg {
		case "", ".":
			continue
		case "..":
			if len(done) == 0 {
				return "", nil, &OutsideError{Path: t.Name(rel), Real: t.outside(rel)}
			}
			done = done[:len(done)-1]
			dir, info = joinAll(done), nil
			continue
		}
		p := filepath.Join(dir, seg)
		if len(rest) > 0 && t.knownDir(p) {
			done, dir, info = append(done, seg), p, nil
			continue
		}
		var err error
		if looked != nil && p == rel {
			info, looked = looked, nil
		} else {
			info, err = t.lstatIn(dir, seg)
		}
		if err != nil {
			return filepath.Join(append(append(done, seg), rest...)...), nil, err
		}
		if info.Mode()&fs.ModeSymlink == 0 {
			if info.IsDir() {
				t.noteDir(p)
			}
			done, dir = append(done, seg), p
			continue
		}
		if links++; links > maxLinks {
			return "", nil, &fs.PathError{Op: "resolve", Path: t.Name(rel), Err: ErrLoop}
		}
		target, err := t.readlinkIn(dir, seg)
		if err != nil {
			return "", nil, err
		}
		t.linkRead(p, target)
		info = nil
		if filepath.IsAbs(target) {
			in, ok := t.Rel(target)
			if !ok {
				return "", nil, &OutsideError{Path: t.Name(rel), Real: t.outside(rel)}
			}
			done, dir = nil, "."
			target = in
		}
		rest = append(strings.Split(filepath.Clean(target), string(filepath.Separator)), rest...)
	}
	if inGit(dir) && !inGit(rel) {
		return "", nil, fmt.Errorf("%s: %w", t.Name(rel), ErrInGit)
	}
	if info == nil && dir != "." {
		// The path ended in a directory passed through, or went back up.
		var err error
		if info, err = t.lstatIn(filepath.Dir(dir), filepath.Base(dir)); err != nil {
			return dir, nil, err
		}
	}
	return dir, info, nil
}

// resolveDir is Resolve of rel, a directory's path: one found before is
// its real path, with no look.
func (t *Tree) resolveDir(rel string) (string, error) {
	if rel = clean(rel); rel == "." || t.knownDir(rel) {
		return rel, nil
	}
	return t.Resolve(rel)
}

// joinAll returns the segments joined, "." for none.
func joinAll(segs []string) string {
	if len(segs) == 0 {
		return "."
	}
	return filepath.Join(segs...)
}

// outside returns where rel leads out of the root, for a message: the
// system's own reading of the path, which is not used to reach anything.
func (t *Tree) outside(rel string) string {
	real, err := filepath.EvalSymlinks(t.Name(rel))
	if err != nil {
		return ""
	}
	return real
}

// Inside reports whether rel, once its symbolic links are followed, is in
// the tree; an error of its lookup (it does not exist) reports true, as
// the lookup of what it leads to will say.
func (t *Tree) Inside(rel string) bool {
	_, err := t.Resolve(rel)
	return err == nil || !errors.Is(err, ErrOutside) && !errors.Is(err, ErrInGit)
}

// Where returns where rel leads out of the tree, for a message: its real
// path when it could be told, else "?".
func (t *Tree) Where(rel string) string {
	_, err := t.Resolve(rel)
	var oe *OutsideError
	if errors.As(err, &oe) && oe.Real != "" {
		return oe.Real
	}
	if errors.Is(err, ErrInGit) {
		if real, err := filepath.EvalSymlinks(t.Name(rel)); err == nil {
			return real
		}
	}
	return "?"
}

// Stat returns the information of the file rel leads to, inside the tree.
func (t *Tree) Stat(rel string) (fs.FileInfo, error) {
	real, info, err := t.resolve(rel)
	if err != nil {
		return nil, err
	}
	if info == nil {
		return t.root.Lstat(real)
	}
	return info, nil
}

// Lstat returns the information of rel itself, a symbolic link not
// followed; the directories on its way are followed inside the tree.
func (t *Tree) Lstat(rel string) (fs.FileInfo, error) {
	rel = clean(rel)
	dir, err := t.resolveDir(filepath.Dir(rel))
	if err != nil {
		return nil, err
	}
	return t.lstatIn(dir, filepath.Base(rel))
}

// Look returns the information of the file rel leads to, in one look
// through the root: its symbolic links are followed inside the root
// (never out of it), without Resolve's checks of each. For a path a tree
// read, to tell cheaply whether it changed; not for a path to read.
func (t *Tree) Look(rel string) (fs.FileInfo, error) {
	return t.root.Stat(clean(rel))
}

// Readlink returns the text of the symbolic link rel.
func (t *Tree) Readlink(rel string) (string, error) {
	rel = clean(rel)
	dir, err := t.resolveDir(filepath.Dir(rel))
	if err != nil {
		return "", err
	}
	if text, ok := t.handedLink(filepath.Join(dir, filepath.Base(rel))); ok {
		return text, nil
	}
	return t.readlinkIn(dir, filepath.Base(rel))
}

// ReadDir lists the directory rel leads to, sorted by name; on an error,
// the entries read before it.
func (t *Tree) ReadDir(rel string) ([]fs.DirEntry, error) {
	return t.readDir(rel, false)
}

// ReadDirHanded is [Tree.ReadDir] for a walk: when the tree hands
// listings on ([Tree.Hand]), the listing read is kept for the next
// ReadDir of the directory.
func (t *Tree) ReadDirHanded(rel string) ([]fs.DirEntry, error) {
	return t.readDir(rel, true)
}

func (t *Tree) readDir(rel string, hand bool) ([]fs.DirEntry, error) {
	real, err := t.Resolve(rel)
	if err != nil {
		return nil, err
	}
	if !hand {
		if des, ok := t.handed(real); ok {
			return des, nil
		}
	}
	f, err := t.openIn(filepath.Dir(real), filepath.Base(real), os.O_RDONLY|oDirectory)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if err := t.check(f, rel); err != nil {
		return nil, err
	}
	des, err := f.ReadDir(-1)
	slices.SortFunc(des, func(a, b fs.DirEntry) int { return strings.Compare(a.Name(), b.Name()) })
	if hand && err == nil {
		t.handOn(real, des)
	}
	return des, err
}

// Open opens the regular file rel leads to, inside the tree, for reading:
// a page or a target. Anything else is refused before it is opened, and
// again by the descriptor opened (it changed in between), with an error
// wrapping [ErrNotRegular].
func (t *Tree) Open(rel string) (*File, error) {
	return t.open(rel, false)
}

// OpenNamed is [Tree.Open] for a file the user named: a FIFO or a
// character device (a terminal, /dev/stdin) is read too, opened without
// waiting for a writer; a block device, a socket or a directory is not.
func (t *Tree) OpenNamed(rel string) (*File, error) {
	return t.open(rel, true)
}

func (t *Tree) open(rel string, named bool) (*File, error) {
	real, info, err := t.resolve(rel)
	if err != nil {
		return nil, err
	}
	if info == nil || !readable(info.Mode(), named) {
		return nil, &fs.PathError{Op: "open", Path: t.Name(rel), Err: ErrNotRegular}
	}
	f, err := t.openIn(filepath.Dir(real), filepath.Base(real), openFlags)
	if err != nil {
		return nil, err
	}
	file, err := newFile(f, named)
	if err != nil {
		f.Close()
		return nil, &fs.PathError{Op: "open", Path: t.Name(rel), Err: err}
	}
	if err := t.check(f, rel); err != nil {
		f.Close()
		return nil, err
	}
	file.tree, file.rel = t, rel
	return file, nil
}

// readable reports whether a file of mode m is read: a regular file, or
// for a file named a FIFO or a character device.
func readable(m fs.FileMode, named bool) bool {
	return m.IsRegular() || named && m&(fs.ModeNamedPipe|fs.ModeCharDevice) != 0
}

// ReadFile reads the regular file rel whole, through [Tree.Open]: a file
// of more than max bytes is refused before it is read.
func (t *Tree) ReadFile(rel string, max int64) ([]byte, error) {
	f, err := t.Open(rel)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return f.readAll(max)
}

// check verifies, by the descriptor f opened for rel, that the file is in
// the tree and not in a .git directory below the root that rel does not
// name (where a system tells a descriptor's path).
func (t *Tree) check(f *os.File, rel string) error {
	p, ok := fdPath(f)
	if !ok {
		return nil
	}
	in, ok := within(t.real, p)
	if !ok {
		return &OutsideError{Path: t.Name(rel), Real: p}
	}
	if inGit(in) && !inGit(clean(rel)) {
		return fmt.Errorf("%s: %w", t.Name(rel), ErrInGit)
	}
	return nil
}

// inGit reports whether the relative path rel is in a directory named
// .git, in any letter case (some file systems read it so).
func inGit(rel string) bool {
	for _, seg := range strings.Split(filepath.ToSlash(rel), "/") {
		if strings.EqualFold(seg, ".git") {
			return true
		}
	}
	return false
}
