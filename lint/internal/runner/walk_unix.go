//go:build unix

package runner

import (
	"io/fs"
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
