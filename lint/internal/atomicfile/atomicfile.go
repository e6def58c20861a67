// Package atomicfile replaces the content of a file so that a reader, or
// the file after a crash, sees either the old content or the new, never a
// part: the conformance kit rewrites its data files with it. The files of
// a tree that relurl lint and the language server write go through
// lint/door instead, which holds the tree's edge.
//
// The new content is written to a temporary file in the same directory
// (so that the rename stays on one file system), flushed to the disk with
// fsync, given the old file's permission bits, and renamed over the old
// file; then the directory is synced, so that the rename itself is on the
// disk. A process killed before the rename leaves the old file whole,
// and at most a temporary file named ".NAME.relurl-*" beside it.
//
// What a rename cannot keep is not kept: the file's owner when the caller
// is not the owner, extended attributes, and hard links (the other names
// keep the old content).
//
// A symbolic link is followed: the file it names is replaced, and the
// link stays. [WriteFileUnder] keeps to a root directory: it follows a
// link only to a file under the root, refuses one that leads out of it
// ([ErrOutside]), and does every step of the write through an [os.Root],
// so that no path in it, changed while it writes, leads it out either.
package atomicfile

import (
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// ErrOutside is wrapped by the error of [WriteFileUnder] for a file that
// is not under its root once every symbolic link is followed.
var ErrOutside = errors.New("the file is not under the root")

// WriteFile replaces the content of the existing file name with data,
// atomically (see the package documentation), keeping its permission
// bits. On an error the file is as it was, and no temporary file is left.
func WriteFile(name string, data []byte) error {
	return writeFile(name, data, len(data), nil)
}

// WriteFileUnder is [WriteFile] for a file that must be under the
// directory root: name, once every symbolic link in it is followed, is
// under root's real path, and not in a .git directory below it unless
// name is written there, or nothing is written and the error wraps
// [ErrOutside]. A link under the root to a file under it is written
// through: that file is replaced, the link stays. The temporary file, the
// rename and the sync are made through an [os.Root] of the root, which
// follows no link out of it.
func WriteFileUnder(root, name string, data []byte) error {
	return writeFileUnder(root, name, data, len(data), nil)
}

// writeFile is WriteFile that writes data in chunks of chunk bytes and
// calls after, when not nil, after each, with the bytes written so far;
// an error from after fails the write. The tests kill a process and fail
// a write midway with it.
func writeFile(name string, data []byte, chunk int, after func(written int) error) error {
	real, err := filepath.EvalSymlinks(name)
	if err != nil {
		return err
	}
	return replaceIn(filepath.Dir(real), filepath.Base(real), name, data, chunk, after)
}

// writeFileUnder is WriteFileUnder, with writeFile's chunk and after.
func writeFileUnder(root, name string, data []byte, chunk int, after func(written int) error) error {
	realRoot, err := realAbs(root)
	if err != nil {
		return err
	}
	real, err := realAbs(name)
	if err != nil {
		return err
	}
	rel, err := filepath.Rel(realRoot, real)
	if err != nil || rel == "." || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) || filepath.IsAbs(rel) ||
		inGit(rel) && !writtenInGit(root, name) {
		return &fs.PathError{Op: "replace", Path: name, Err: fmt.Errorf("%w %s (it is %s)", ErrOutside, root, real)}
	}
	return replaceIn(realRoot, rel, name, data, chunk, after)
}

// inGit reports whether the relative path rel is in a directory named
// .git, in any letter case: a repository's metadata (its config, its
// hooks) is not the tree's, and a link there must not turn a fix into a
// hook.
func inGit(rel string) bool {
	for _, seg := range strings.Split(filepath.ToSlash(rel), "/") {
		if strings.EqualFold(seg, ".git") {
			return true
		}
	}
	return false
}

// writtenInGit reports whether name, as written, is in a .git directory
// below root: then it was meant.
func writtenInGit(root, name string) bool {
	absRoot, err1 := filepath.Abs(root)
	abs, err2 := filepath.Abs(name)
	if err1 != nil || err2 != nil {
		return false
	}
	rel, err := filepath.Rel(absRoot, abs)
	return err == nil && inGit(rel)
}

// realAbs returns the absolute path of name with every symbolic link
// followed.
func realAbs(name string) (string, error) {
	real, err := filepath.EvalSymlinks(name)
	if err != nil {
		return "", err
	}
	return filepath.Abs(real)
}

// replaceIn replaces the regular file rel, a path under the directory dir
// that holds no symbolic link, through an os.Root of dir; name is the
// file as the caller named it, for errors.
func replaceIn(dir, rel, name string, data []byte, chunk int, after func(written int) error) (err error) {
	root, err := os.OpenRoot(dir)
	if err != nil {
		return err
	}
	defer root.Close()
	// Lstat: a link put in the file's place since its path was read is
	// not followed, but refused.
	info, err := root.Lstat(rel)
	if err != nil {
		return err
	}
	if !info.Mode().IsRegular() {
		return &fs.PathError{Op: "replace", Path: name, Err: errors.New("not a regular file")}
	}
	sub, base := filepath.Dir(rel), filepath.Base(rel)
	tmp, tmpName, err := createTemp(root, sub, "."+base+".relurl-")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			tmp.Close()
			root.Remove(tmpName)
		}
	}()
	chunk = max(chunk, 1)
	for written := 0; written < len(data); {
		n := min(chunk, len(data)-written)
		if _, err := tmp.Write(data[written : written+n]); err != nil {
			return err
		}
		written += n
		if after != nil {
			if err := after(written); err != nil {
				return fmt.Errorf("writing %s: %w", filepath.Join(dir, tmpName), err)
			}
		}
	}
	if err := tmp.Chmod(info.Mode().Perm()); err != nil {
		return err
	}
	if err := tmp.Sync(); err != nil {
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := root.Rename(tmpName, rel); err != nil {
		return err
	}
	syncDir(root, sub)
	return nil
}

// createTemp creates a new file in the directory sub of root, named
// prefix and a random suffix, for reading and writing by its owner alone,
// as os.CreateTemp does.
func createTemp(root *os.Root, sub, prefix string) (*os.File, string, error) {
	for try := 0; ; try++ {
		name := filepath.Join(sub, prefix+strconv.FormatUint(rand.Uint64(), 36))
		f, err := root.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o600)
		if errors.Is(err, fs.ErrExist) && try < 10000 {
			continue
		}
		return f, name, err
	}
}

// syncDir flushes a directory's entries to the disk, so that a rename in
// it survives a crash. Not every system can (Windows cannot open a
// directory so); a failure leaves the rename done, only not yet durable.
func syncDir(root *os.Root, dir string) {
	if d, err := root.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
}
