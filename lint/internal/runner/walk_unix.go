//go:build unix

package runner

import (
	"io/fs"
	"os"
	"syscall"
)

// fileID returns the identity of a file: its device and inode.
func fileID(info fs.FileInfo) (any, bool) {
	st, ok := info.Sys().(*syscall.Stat_t)
	if !ok {
		return nil, false
	}
	return [2]uint64{uint64(st.Dev), uint64(st.Ino)}, true
}

// openNonblocking opens a file for reading without waiting for a writer:
// a FIFO that no process writes to reads as empty instead of blocking the
// run. Reads still wait for a writer's data (Go's poller).
func openNonblocking(name string) (*os.File, error) {
	return os.OpenFile(name, openFlags, 0)
}

// openFlags are the flags a file to read is opened with: read only, not
// waiting for a FIFO's writer.
const openFlags = os.O_RDONLY | syscall.O_NONBLOCK
