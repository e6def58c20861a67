//go:build !unix

package runner

import (
	"io/fs"
	"os"
)

// fileID reports that files have no identity here but their real path.
func fileID(fs.FileInfo) (any, bool) { return nil, false }

// openNonblocking opens a file for reading.
func openNonblocking(name string) (*os.File, error) { return os.Open(name) }

// openFlags are the flags a file to read is opened with: read only.
const openFlags = os.O_RDONLY
