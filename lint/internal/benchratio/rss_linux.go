package main

import (
	"os"
	"syscall"
)

// peakRSS is the largest resident set of the process that ended, in
// bytes: Linux gives it in kilobytes.
func peakRSS(s *os.ProcessState) int64 {
	if u, ok := s.SysUsage().(*syscall.Rusage); ok {
		return u.Maxrss << 10
	}
	return 0
}
