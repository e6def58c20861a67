// Package benchdata reads the corpora of the module's testdata/bench as
// every benchmark and test that measures or checks on them reads them:
// mix.txt (the 20-URL mix of the targets), realworld.txt, section5.txt
// (RFC 1808 §5's base, then its references), resolve.txt (base and
// reference pairs) and shapes.txt (the long inputs, made here to each
// size rather than committed).
package benchdata

import (
	"bufio"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// Lines returns the inputs of the corpus testdata/bench/name: one a line;
// an empty line, and one beginning "# ", is no input (no URL has a
// space); `""` is the empty string. The module's root is found above the
// working directory, as go test runs a package's tests in its own.
func Lines(tb testing.TB, name string) []string {
	tb.Helper()
	lines, err := read(name)
	if err != nil {
		tb.Fatal(err)
	}
	return lines
}

func read(name string) ([]string, error) {
	dir, err := Dir()
	if err != nil {
		return nil, err
	}
	f, err := os.Open(filepath.Join(dir, name))
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var lines []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		switch line := sc.Text(); {
		case line == "" || strings.HasPrefix(line, "# "):
		case line == `""`:
			lines = append(lines, "")
		default:
			lines = append(lines, line)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("reading %s: %w", name, err)
	}
	return lines, nil
}

// Dir returns the directory testdata/bench of the repository that holds
// the working directory: the first directory above it (or itself) with a
// go.mod file and that directory, so that the packages of the linter's
// module, nested in the repository, read the same corpora.
func Dir() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			bench := filepath.Join(dir, "testdata", "bench")
			if _, err := os.Stat(bench); err == nil {
				return bench, nil
			}
		} else if !errors.Is(err, fs.ErrNotExist) {
			return "", err
		}
		up := filepath.Dir(dir)
		if up == dir {
			return "", errors.New("no go.mod with testdata/bench above the working directory: not in the repository")
		}
		dir = up
	}
}

// Shape is a long input of shapes.txt: Prefix, then Unit repeated, then
// Suffix.
type Shape struct {
	Name                 string
	Prefix, Unit, Suffix string
}

// Make returns the shape at n bytes or just under (one Unit at the
// least), with its prefix.
func (sh Shape) Make(n int) string { return sh.Prefix + sh.Ref(n-len(sh.Prefix)) }

// Ref returns the shape without its prefix, as a reference, at n bytes
// or just under (one Unit at the least).
func (sh Shape) Ref(n int) string {
	k := max(1, (n-len(sh.Suffix))/len(sh.Unit))
	return strings.Repeat(sh.Unit, k) + sh.Suffix
}

// Shapes returns the shapes of shapes.txt, whose lines are a name and
// the prefix, unit and suffix quoted as Go strings, separated by tabs.
func Shapes(tb testing.TB) []Shape {
	tb.Helper()
	var shapes []Shape
	for _, line := range Lines(tb, "shapes.txt") {
		f := strings.Split(line, "\t")
		if len(f) != 4 {
			tb.Fatalf("shapes.txt: %q: want 4 tab-separated fields", line)
		}
		sh := Shape{Name: f[0]}
		for i, p := range []*string{&sh.Prefix, &sh.Unit, &sh.Suffix} {
			s, err := strconv.Unquote(f[i+1])
			if err != nil {
				tb.Fatalf("shapes.txt: %q: %v", line, err)
			}
			*p = s
		}
		if sh.Unit == "" {
			tb.Fatalf("shapes.txt: %q: an empty unit", line)
		}
		shapes = append(shapes, sh)
	}
	return shapes
}
