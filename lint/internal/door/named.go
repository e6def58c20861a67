package door

import (
	"io/fs"
	"os"
	"path/filepath"
)

// The functions of this file reach paths that no tree holds: a file or a
// directory the user names outside the root of the run (its own choice,
// as it is to run relurl on it), the places a project is looked for
// (FindProject climbs from a path to its configuration and repository),
// and a run's paths with --follow-outside, the person's own choice on the
// command line. Each says so in its name; a tree's files go through a
// [Tree].

// StatNamed returns the information of the file or directory the user
// named, symbolic links followed.
func StatNamed(name string) (fs.FileInfo, error) { return os.Stat(name) }

// LstatNamed returns the information of the path the user named, a
// symbolic link not followed.
func LstatNamed(name string) (fs.FileInfo, error) { return os.Lstat(name) }

// ReadDirNamed lists the directory the user named, sorted by name.
func ReadDirNamed(name string) ([]fs.DirEntry, error) { return os.ReadDir(name) }

// RealNamed returns the path the user named with every symbolic link
// followed, absolute: made absolute first, against the working directory
// as the shell reached it, so that the links of that way are followed too.
func RealNamed(name string) (string, error) {
	abs, err := filepath.Abs(name)
	if err != nil {
		return "", err
	}
	return filepath.EvalSymlinks(abs)
}

// OpenNamedFile opens the file the user named for reading as
// [Tree.OpenNamed] does: a regular file, a FIFO or a character device,
// without waiting for a FIFO's writer; anything else is refused.
func OpenNamedFile(name string) (*File, error) {
	info, err := os.Stat(name)
	if err != nil {
		return nil, err
	}
	if !readable(info.Mode(), true) {
		return nil, &fs.PathError{Op: "open", Path: name, Err: ErrNotRegular}
	}
	f, err := os.OpenFile(name, openFlags, 0)
	if err != nil {
		return nil, err
	}
	file, err := newFile(f, true)
	if err != nil {
		f.Close()
		return nil, &fs.PathError{Op: "open", Path: name, Err: err}
	}
	return file, nil
}

// ReadNamedFile reads the file the user named whole, through
// [OpenNamedFile]: a regular file of more than max bytes is refused
// before it is read, anything else is read up to max.
func ReadNamedFile(name string, max int64) ([]byte, error) {
	f, err := OpenNamedFile(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return f.readAll(max)
}

// DirNamed reports whether the path leads to a directory, symbolic links
// followed: all that a walk looks at of what a link out of its tree leads
// to, to say that a directory leads out (decision L-59).
func DirNamed(name string) bool {
	info, err := os.Stat(name)
	return err == nil && info.IsDir()
}

// Exists reports whether the path the user named exists, and whether it
// is a directory (symbolic links followed).
func Exists(name string) (exists, dir bool) {
	info, err := os.Stat(name)
	return err == nil, err == nil && info.IsDir()
}
