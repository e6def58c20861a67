package door

import (
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
)

// The errors of a write the tree refuses, each wrapped in an
// *fs.PathError naming the file (decision F-11).
var (
	// ErrChanged: the file is not what it was when it was read (its
	// content, size, times or identity changed): another program wrote
	// it, and its work would be lost.
	ErrChanged = errors.New("changed since it was read: left as it is")
	// ErrReadOnly: the file has no write permission for anyone, and the
	// write was not asked to replace such files (relurl lint
	// --fix-read-only).
	ErrReadOnly = errors.New("read-only: left as it is (--fix-read-only rewrites such files)")
	// ErrSetID: the file is set-user-ID or set-group-ID; a file rewritten
	// by another program than its maker keeps no such bit.
	ErrSetID = errors.New("set-user-ID or set-group-ID: left as it is")
	// ErrOwner: the file belongs to another user (or group) than the one
	// writing it, who cannot give the new file that owner.
	ErrOwner = errors.New("owned by another user or group, which a rewrite could not keep: left as it is")
)

// Write says how [Tree.WriteFile] writes.
type Write struct {
	// Was, when not zero, is the file as it was read: it is replaced only
	// while it is still so (ErrChanged).
	Was Snapshot
	// ReadOnly replaces a file with no write permission too, keeping its
	// permissions.
	ReadOnly bool
	// Create, when not 0, makes a file that does not exist, with these
	// permission bits (less the process's umask).
	Create fs.FileMode
}

// WriteFile replaces the content of the regular file rel, inside the tree
// and not in a .git directory below the root unless rel names it, with
// data, atomically: through a temporary file in its directory (made,
// written, flushed to the disk, given the old file's permissions and
// owner, checked and renamed through an os.Root of that directory alone,
// so that no link changed meanwhile leads the write elsewhere), then the
// directory is flushed. Just before the rename the file is checked again:
// changed since w.Was (or since the write began), it is left alone with
// an error wrapping ErrChanged. A read-only file (unless w.ReadOnly), a
// set-user-ID or set-group-ID file, a file whose owner cannot be kept are
// left alone too, each with its error. On any error the file is as it
// was, and no temporary file is left.
func (t *Tree) WriteFile(rel string, data []byte, w Write) error {
	name := t.Name(rel)
	fail := func(err error) error { return &fs.PathError{Op: "write", Path: name, Err: err} }
	real, err := t.Resolve(rel)
	if err != nil {
		if !errors.Is(err, fs.ErrNotExist) || w.Create == 0 {
			return err
		}
	}
	if real == "." {
		return fail(ErrNotRegular)
	}
	dir, base := filepath.Dir(real), filepath.Base(real)
	droot, err := t.root.OpenRoot(dir)
	if err != nil {
		return err
	}
	defer droot.Close()
	cur, err := droot.Lstat(base)
	var was Snapshot
	switch {
	case errors.Is(err, fs.ErrNotExist) && w.Create != 0 && w.Was.IsZero():
		cur = nil
	case err != nil:
		return err
	case !cur.Mode().IsRegular():
		return fail(ErrNotRegular)
	default:
		was = snapshotOf(cur)
		if !w.Was.IsZero() && !w.Was.same(was) {
			return fail(ErrChanged)
		}
		if err := keepable(cur.Mode(), was, w.ReadOnly); err != nil {
			return fail(err)
		}
	}
	perm := w.Create // less the umask
	if cur != nil {
		perm = 0o600 // until it has the file's
	}
	tmp, tmpName, err := createTemp(droot, "."+base+".relurl-", perm)
	if err != nil {
		return err
	}
	defer func() {
		if tmp != nil {
			tmp.Close()
			droot.Remove(tmpName)
		}
	}()
	if err := t.check(tmp, filepath.Join(filepath.Dir(clean(rel)), tmpName)); err != nil {
		return err
	}
	if _, err := tmp.Write(data); err != nil {
		return err
	}
	if cur != nil {
		if err := keepOwner(tmp, was); err != nil {
			return fail(err)
		}
		if err := tmp.Chmod(cur.Mode().Perm()); err != nil {
			return err
		}
	}
	if err := tmp.Sync(); err != nil {
		return err
	}
	// The last look: anything written to the file since it was read, or
	// since this write began, is kept, and the fixes are not.
	now, err := droot.Lstat(base)
	switch {
	case cur == nil && err == nil:
		return fail(ErrChanged) // made meanwhile
	case cur == nil && !errors.Is(err, fs.ErrNotExist):
		return err
	case cur != nil && err != nil:
		return fail(fmt.Errorf("%w: %w", ErrChanged, err))
	case cur != nil && !was.Same(now):
		return fail(ErrChanged)
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := droot.Rename(tmpName, base); err != nil {
		return err
	}
	tmp = nil
	if d, err := droot.Open("."); err == nil {
		// The rename, on the disk. Not every system can (Windows cannot
		// open a directory so): the rename is then made, not yet durable.
		d.Sync()
		d.Close()
	}
	return nil
}

// keepable says why a file of mode m, as s, is not rewritten, or nil.
func keepable(m fs.FileMode, s Snapshot, readOnly bool) error {
	switch {
	case m&(fs.ModeSetuid|fs.ModeSetgid) != 0:
		return ErrSetID
	case m.Perm()&0o222 == 0 && !readOnly:
		return ErrReadOnly
	}
	return canOwn(s)
}

// createTemp creates a new file in root, named prefix and a random suffix,
// with the permission bits perm.
func createTemp(root *os.Root, prefix string, perm fs.FileMode) (*os.File, string, error) {
	for try := 0; ; try++ {
		name := prefix + strconv.FormatUint(rand.Uint64(), 36)
		f, err := root.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, perm)
		if errors.Is(err, fs.ErrExist) && try < 10000 {
			continue
		}
		return f, name, err
	}
}
