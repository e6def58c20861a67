// Package fuzzseed keeps the hand-made and generated seeds of the
// module's fuzz targets in step with their sources: the files of a
// target's testdata/fuzz/<target> that a test writes, in Go's corpus
// encoding, beside the ones it leaves alone (inputs the fuzzer found).
// They are files rather than f.Add calls because libFuzzer sees only the
// files (OSS-Fuzz zips them: internal/seedzip).
package fuzzseed

import (
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// File encodes args as a Go fuzz corpus file, "go test fuzz v1" and a
// line each: a string, a []byte or a uint8. Any other type panics.
func File(args ...any) string {
	var b strings.Builder
	b.WriteString("go test fuzz v1\n")
	for _, a := range args {
		switch v := a.(type) {
		case string:
			b.WriteString("string(" + strconv.Quote(v) + ")\n")
		case []byte:
			b.WriteString("[]byte(" + strconv.Quote(string(v)) + ")\n")
		case uint8:
			b.WriteString("byte(" + strconv.QuoteRune(rune(v)) + ")\n")
		default:
			panic(fmt.Sprintf("fuzzseed.File: a %T: not an argument a corpus file holds here", a))
		}
	}
	return b.String()
}

// Sync holds the files of dir whose names owned claims to want, by name
// and content. Without update it fails tb when they differ, saying how
// to rewrite them; with update it rewrites them: it removes the files
// owned claims and writes want's. The files owned does not claim are left
// alone.
func Sync(tb testing.TB, dir string, owned func(name string) bool, want map[string]string, update bool, how string) {
	tb.Helper()
	have := map[string]string{}
	entries, _ := os.ReadDir(dir) // none yet: every seed is missing
	for _, e := range entries {
		if owned(e.Name()) {
			data, err := os.ReadFile(filepath.Join(dir, e.Name()))
			if err != nil {
				tb.Fatal(err)
			}
			have[e.Name()] = string(data)
		}
	}
	if !update {
		if !maps.Equal(have, want) {
			tb.Errorf("%s: the seeds are stale (%d files, want %d): %s", dir, len(have), len(want), how)
		}
		return
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		tb.Fatal(err)
	}
	for name := range have {
		if err := os.Remove(filepath.Join(dir, name)); err != nil {
			tb.Fatal(err)
		}
	}
	for _, name := range slices.Sorted(maps.Keys(want)) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(want[name]), 0o644); err != nil {
			tb.Fatal(err)
		}
	}
}

// Prefixed returns an owned func for Sync that claims the names that
// begin with one of prefixes.
func Prefixed(prefixes ...string) func(name string) bool {
	return func(name string) bool {
		for _, p := range prefixes {
			if strings.HasPrefix(name, p) {
				return true
			}
		}
		return false
	}
}
