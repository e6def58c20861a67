package main

import (
	"syscall"
	"testing"
)

// TestSelfRSS: this process's peak RSS is read from /proc, more than
// nothing and no more than the kernel's count for the process, which
// also holds what it carried over from the process that started it.
func TestSelfRSS(t *testing.T) {
	var u syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &u); err != nil {
		t.Fatal(err)
	}
	if got := selfRSS(); got <= 0 || got > u.Maxrss<<10 {
		t.Errorf("selfRSS() = %d, want in (0, %d]", got, u.Maxrss<<10)
	}
}
