//go:build !linux

package scale

import "os"

// PeakRSS is 0, not known: the peak RSS figures of the tree axis and of
// the benchmark report are Linux's.
func PeakRSS(*os.ProcessState) int64 { return 0 }
