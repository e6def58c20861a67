package door

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"time"
)

// File is a file of a tree opened for reading by [Tree.Open], or one the
// user named ([OpenNamed]). It remembers what the file was when it was
// opened ([File.Snapshot]), for a write to tell whether it changed since.
type File struct {
	f    *os.File
	snap Snapshot
	info fs.FileInfo
	tree *Tree
	rel  string
}

// newFile checks the descriptor f opened: a regular file, or for a file
// named a FIFO or a character device; anything else is an error wrapping
// ErrNotRegular (a file swapped in since it was looked at).
func newFile(f *os.File, named bool) (*File, error) {
	info, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !readable(info.Mode(), named) {
		return nil, ErrNotRegular
	}
	return &File{f: f, snap: snapshotOf(info), info: info}, nil
}

// Read reads from the file.
func (f *File) Read(p []byte) (int, error) { return f.f.Read(p) }

// Close closes the file.
func (f *File) Close() error { return f.f.Close() }

// Stat returns the information of the file opened, as it was opened.
func (f *File) Stat() (fs.FileInfo, error) { return f.info, nil }

// Snapshot returns what the file was when it was opened.
func (f *File) Snapshot() Snapshot { return f.snap }

// readAll reads the file whole: a regular file of more than max bytes is
// refused before it is read, anything else is read up to max.
func (f *File) readAll(max int64) ([]byte, error) {
	if f.info.Mode().IsRegular() && f.info.Size() > max {
		return nil, &fs.PathError{Op: "read", Path: f.f.Name(), Err: fmt.Errorf("larger than %d bytes", max)}
	}
	data, err := io.ReadAll(io.LimitReader(f.f, max+1))
	if err == nil && int64(len(data)) > max {
		err = &fs.PathError{Op: "read", Path: f.f.Name(), Err: fmt.Errorf("larger than %d bytes", max)}
	}
	return data, err
}

// Snapshot is what a file was when it was read: its identity (device and
// inode), size, times and owner. A write given it replaces the file only
// while it is still so ([Tree.WriteFile]). The zero Snapshot is a file
// not read.
type Snapshot struct {
	dev, ino   uint64
	size       int64
	mod        time.Time
	change     int64 // the status change time, in nanoseconds; 0 where not known
	mode       fs.FileMode
	uid, gid   int // -1 where not known
	identified bool
}

// IsZero reports whether s is the zero Snapshot.
func (s Snapshot) IsZero() bool { return s == Snapshot{} }

// Same reports whether the file whose information is info is still the
// file s was taken of, unchanged: the same identity, size, modification
// and status change times.
func (s Snapshot) Same(info fs.FileInfo) bool {
	return s.same(snapshotOf(info))
}

func (s Snapshot) same(o Snapshot) bool {
	return s.dev == o.dev && s.ino == o.ino && s.size == o.size && s.mod.Equal(o.mod) && s.change == o.change
}
