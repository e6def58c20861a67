//go:build !unix

package runner

import "io/fs"

// fileID reports that files have no identity here but their real path.
func fileID(fs.FileInfo) (any, bool) { return nil, false }
