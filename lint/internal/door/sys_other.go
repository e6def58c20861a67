//go:build !unix

package door

import (
	"io/fs"
	"os"
)

// openFlags are the flags a file to read is opened with: read only.
const openFlags = os.O_RDONLY

// oDirectory is not needed here: reading a directory's entries fails on
// anything else.
const oDirectory = 0

// snapshotOf returns what the file whose information is info is: its
// size and time, here where it has no identity.
func snapshotOf(info fs.FileInfo) Snapshot {
	return Snapshot{size: info.Size(), mod: info.ModTime(), mode: info.Mode(), uid: -1, gid: -1}
}

// canOwn reports no refusal: files have no owner to keep here.
func canOwn(Snapshot) error { return nil }

// keepOwner does nothing: files have no owner to keep here.
func keepOwner(*os.File, Snapshot) error { return nil }

// fdPath reports that the path of an open file is not told here.
func fdPath(*os.File) (string, bool) { return "", false }
