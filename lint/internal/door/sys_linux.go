package door

import (
	"os"
	"strconv"
	"syscall"
)

// changeTime returns the status change time of st, in nanoseconds: it
// moves on every write and every change of the file's metadata, and no
// program can set it back.
func changeTime(st *syscall.Stat_t) int64 { return st.Ctim.Nano() }

// fdPath returns the path of the file open as f, as the system knows it
// now, and whether it could be told.
func fdPath(f *os.File) (string, bool) {
	p, err := os.Readlink("/proc/self/fd/" + strconv.FormatUint(uint64(f.Fd()), 10))
	if err != nil || len(p) == 0 || p[0] != '/' {
		return "", false
	}
	return p, true
}
