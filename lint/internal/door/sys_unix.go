//go:build unix

package door

import (
	"io/fs"
	"os"
	"syscall"
)

// openFlags are the flags a file to read is opened with: read only, not
// waiting for a FIFO's writer, never the process's controlling terminal.
const openFlags = os.O_RDONLY | syscall.O_NONBLOCK | syscall.O_NOCTTY

// oDirectory makes an open fail on anything but a directory.
const oDirectory = syscall.O_DIRECTORY

// snapshotOf returns what the file whose information is info is.
func snapshotOf(info fs.FileInfo) Snapshot {
	s := Snapshot{size: info.Size(), mod: info.ModTime(), mode: info.Mode(), uid: -1, gid: -1}
	if st, ok := info.Sys().(*syscall.Stat_t); ok {
		s.dev, s.ino, s.uid, s.gid, s.identified = uint64(st.Dev), uint64(st.Ino), int(st.Uid), int(st.Gid), true
		s.change = changeTime(st)
	}
	return s
}

// canOwn says whether a new file can be given the owner and group of the
// file s, by this process: its own, or any as the superuser; a group
// other than the process's is tried when the file is written (keepOwner).
func canOwn(s Snapshot) error {
	if !s.identified {
		return nil
	}
	if euid := os.Geteuid(); euid != 0 && s.uid != euid {
		return ErrOwner
	}
	return nil
}

// keepOwner gives the new file f the owner and group of the file s where
// they are not its process's already.
func keepOwner(f *os.File, s Snapshot) error {
	if !s.identified || s.uid == os.Geteuid() && s.gid == os.Getegid() {
		return nil
	}
	if err := f.Chown(s.uid, s.gid); err != nil {
		return ErrOwner
	}
	return nil
}
