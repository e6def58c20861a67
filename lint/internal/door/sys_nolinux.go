//go:build unix && !linux

package door

import (
	"os"
	"syscall"
)

// changeTime returns 0: the status change time's field is named
// differently on each system, and the other fields tell a change.
func changeTime(*syscall.Stat_t) int64 { return 0 }

// fdPath reports that the path of an open file is not told here: the
// os.Root the file was opened through is the edge.
func fdPath(*os.File) (string, bool) { return "", false }
