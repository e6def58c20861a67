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

// Parse reads a Go fuzz corpus file whose arguments are of the types
// File writes: a string, a []byte, or a byte (uint8), written as a
// character literal ('a', '\x00') or an integer. It is File's inverse.
func Parse(data []byte) ([]any, error) {
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	if len(lines) < 2 || lines[0] != "go test fuzz v1" {
		return nil, fmt.Errorf("not a Go fuzz corpus file")
	}
	var args []any
	for _, l := range lines[1:] {
		typ, lit, ok := strings.Cut(l, "(")
		if !ok || !strings.HasSuffix(lit, ")") {
			return nil, fmt.Errorf("bad argument %q", l)
		}
		lit = strings.TrimSuffix(lit, ")")
		switch typ {
		case "string", "[]byte":
			s, err := strconv.Unquote(lit)
			if err != nil {
				return nil, fmt.Errorf("argument %q: %w", l, err)
			}
			if typ == "string" {
				args = append(args, s)
			} else {
				args = append(args, []byte(s))
			}
		case "byte", "uint8":
			v, err := parseByte(lit)
			if err != nil {
				return nil, fmt.Errorf("argument %q: %w", l, err)
			}
			args = append(args, v)
		default:
			return nil, fmt.Errorf("argument %q: type %s is not supported", l, typ)
		}
	}
	return args, nil
}

// parseByte reads a byte written as Go's corpus files write one, a
// character literal ('a', '\x00'), or as an integer.
func parseByte(lit string) (byte, error) {
	if strings.HasPrefix(lit, "'") {
		r, _, tail, err := strconv.UnquoteChar(strings.TrimSuffix(lit[1:], "'"), '\'')
		if err != nil || tail != "" || r > 0xff {
			return 0, fmt.Errorf("bad byte %s", lit)
		}
		return byte(r), nil
	}
	v, err := strconv.ParseUint(lit, 0, 8)
	return byte(v), err
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
