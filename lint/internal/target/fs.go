package target

import (
	"errors"
	"io/fs"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/relurl/relurl/lint/internal/door"
)

// FS is what a [Tree] reads of the files under its root: directory
// listings and symbolic links, by slash-separated paths relative to the
// root ("" is the root itself). Paths are byte strings, as file systems
// keep names: they need not be UTF-8. An FS must be safe for concurrent
// use.
type FS interface {
	// ReadDir lists the directory at dir: each entry's name and whether
	// it is a directory, a symbolic link or another file.
	ReadDir(dir string) ([]Entry, error)
	// ReadLink reads the symbolic link at name.
	ReadLink(name string) (Link, error)
}

// Entry is a name in a directory listing.
type Entry struct {
	Name string
	Type EntryType
}

// EntryType says what a name in a directory is.
type EntryType uint8

// The types of entries.
const (
	// TypeFile is a regular file, or anything but a directory or a
	// symbolic link.
	TypeFile EntryType = iota
	// TypeDir is a directory.
	TypeDir
	// TypeLink is a symbolic link, to be read with FS.ReadLink.
	TypeLink
)

// Link is where a symbolic link leads.
type Link struct {
	// Path, when Outside is false, is the link's target as a path under
	// the root, cleaned ("" the root); symbolic links on the way are not
	// followed yet.
	Path string
	// Outside says that the link leads out of the tree; Target is then
	// what it holds, as written. Whether anything is there is not looked
	// at: nothing outside the root is read, not even its existence
	// (decision L-59).
	Outside bool
	Target  string
}

// OS returns the FS of the tree t on disk, read through it (lint/door):
// nothing outside its root is listed, read or looked at. Absolute link
// targets are read against the root's name and against its real path (a
// root reached through a link still holds the links written with its real
// path).
func OS(t *door.Tree) FS { return osFS{t} }

type osFS struct{ t *door.Tree }

func (o osFS) ReadDir(dir string) ([]Entry, error) {
	if strings.IndexByte(dir, 0) >= 0 {
		return nil, fs.ErrNotExist
	}
	des, err := o.t.ReadDir(dir)
	out := make([]Entry, 0, len(des))
	for _, de := range des {
		t := TypeFile
		switch {
		case de.Type()&fs.ModeSymlink != 0:
			t = TypeLink
		case de.IsDir():
			t = TypeDir
		}
		out = append(out, Entry{Name: de.Name(), Type: t})
	}
	return out, err
}

func (o osFS) ReadLink(name string) (Link, error) {
	target, err := o.t.Readlink(name)
	if err != nil {
		return Link{}, err
	}
	if filepath.IsAbs(target) {
		if rel, ok := o.t.Rel(filepath.Clean(target)); ok {
			if rel == "." {
				rel = ""
			}
			return Link{Path: filepath.ToSlash(rel)}, nil
		}
		return Link{Outside: true, Target: target}, nil
	}
	if p, ok := joinInside(path.Dir(name), filepath.ToSlash(target)); ok {
		return Link{Path: p}, nil
	}
	return Link{Outside: true, Target: target}, nil
}

// joinInside joins a relative link target to the directory that holds
// the link, lexically, and reports whether it stays under the root.
func joinInside(dir, target string) (string, bool) {
	var segs []string
	if dir != "." && dir != "" {
		segs = strings.Split(dir, "/")
	}
	for _, seg := range strings.Split(target, "/") {
		switch seg {
		case "", ".":
		case "..":
			if len(segs) == 0 {
				return "", false
			}
			segs = segs[:len(segs)-1]
		default:
			segs = append(segs, seg)
		}
	}
	return strings.Join(segs, "/"), true
}

// Files returns an FS of the files named by paths (slash-separated,
// relative to the root) and the directories that hold them, in memory:
// a tree whose names alone are known, for the rules' examples and tests.
// A path "name -> target" is a symbolic link to target, read as a link's
// text is: relative to the link's directory, or absolute (outside the
// tree when it is not under "/").
func Files(paths ...string) FS {
	m := memFS{dirs: map[string][]Entry{"": nil}, links: map[string]string{}}
	seen := map[string]bool{}
	for _, p := range paths {
		name, link, isLink := strings.Cut(p, " -> ")
		name = strings.Trim(name, "/")
		dir, typ := "", TypeFile
		if isLink {
			typ = TypeLink
			m.links[name] = link
		}
		parts := strings.Split(name, "/")
		for i, part := range parts {
			t := TypeDir
			if i == len(parts)-1 {
				t = typ
			}
			if key := dir + "/" + part; !seen[key] {
				seen[key] = true
				m.dirs[dir] = append(m.dirs[dir], Entry{Name: part, Type: t})
			}
			if dir != "" {
				dir += "/"
			}
			dir += part
			if t == TypeDir {
				if _, ok := m.dirs[dir]; !ok {
					m.dirs[dir] = nil
				}
			}
		}
	}
	for d := range m.dirs {
		slices.SortFunc(m.dirs[d], func(a, b Entry) int { return strings.Compare(a.Name, b.Name) })
	}
	return m
}

type memFS struct {
	dirs  map[string][]Entry
	links map[string]string
}

func (m memFS) ReadDir(dir string) ([]Entry, error) {
	es, ok := m.dirs[dir]
	if !ok {
		return nil, &fs.PathError{Op: "readdir", Path: dir, Err: fs.ErrNotExist}
	}
	return slices.Clone(es), nil
}

func (m memFS) ReadLink(name string) (Link, error) {
	t, ok := m.links[name]
	if !ok {
		return Link{}, &fs.PathError{Op: "readlink", Path: name, Err: errors.New("not a symbolic link")}
	}
	if strings.HasPrefix(t, "/") {
		return Link{Outside: true, Target: t}, nil
	}
	if p, ok := joinInside(path.Dir(name), t); ok {
		return Link{Path: p}, nil
	}
	return Link{Outside: true, Target: t}, nil
}
