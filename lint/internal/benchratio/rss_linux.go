package main

import (
	"os"
	"strconv"
	"strings"
)

// selfRSS is the peak resident set of this process's memory, in bytes
// (VmHWM: the figure the kernel carries into a child that execs while
// sharing it), or 0 where /proc does not say.
func selfRSS() int64 {
	data, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, l := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(l, "VmHWM:"); ok {
			kb, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
			if err != nil {
				return 0
			}
			return kb << 10
		}
	}
	return 0
}
