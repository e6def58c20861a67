// Package atomicfile replaces the content of a file so that a reader, or
// the file after a crash, sees either the old content or the new, never a
// part: relurl lint --fix rewrites files with it.
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
// keep the old content). A symbolic link is followed: the file it names is
// replaced, and the link stays.
package atomicfile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// WriteFile replaces the content of the existing file name with data,
// atomically (see the package documentation), keeping its permission
// bits. On an error the file is as it was, and no temporary file is left.
func WriteFile(name string, data []byte) error {
	return writeFile(name, data, len(data), nil)
}

// writeFile is WriteFile that writes data in chunks of chunk bytes and
// calls after, when not nil, after each, with the bytes written so far;
// an error from after fails the write. The tests kill a process and fail
// a write midway with it.
func writeFile(name string, data []byte, chunk int, after func(written int) error) (err error) {
	real, err := filepath.EvalSymlinks(name)
	if err != nil {
		return err
	}
	info, err := os.Stat(real)
	if err != nil {
		return err
	}
	if !info.Mode().IsRegular() {
		return &fs.PathError{Op: "replace", Path: name, Err: errors.New("not a regular file")}
	}
	dir, base := filepath.Split(real)
	if dir == "" {
		dir = "."
	}
	tmp, err := os.CreateTemp(dir, "."+base+".relurl-*")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
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
				return fmt.Errorf("writing %s: %w", tmp.Name(), err)
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
	if err := os.Rename(tmp.Name(), real); err != nil {
		return err
	}
	syncDir(dir)
	return nil
}

// syncDir flushes a directory's entries to the disk, so that a rename in
// it survives a crash. Not every system can (Windows cannot open a
// directory so); a failure leaves the rename done, only not yet durable.
func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
}
