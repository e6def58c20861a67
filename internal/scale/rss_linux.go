package scale

import (
	"os"
	"syscall"
)

// PeakRSS is the largest resident set of the process that ended, in
// bytes: Linux gives it in kilobytes.
func PeakRSS(s *os.ProcessState) int64 {
	if u, ok := s.SysUsage().(*syscall.Rusage); ok {
		return u.Maxrss << 10
	}
	return 0
}
