//go:build !linux

package main

import "os"

// peakRSS is 0, not known: the report's peak RSS figures are Linux's.
func peakRSS(*os.ProcessState) int64 { return 0 }

// selfRSS is 0, not known.
func selfRSS() int64 { return 0 }
