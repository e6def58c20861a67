//go:build linux

package main

import (
	"bytes"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/relurl/relurl/internal/scale"
)

// The tree axis of the scaling suite (make scale): relurl lint, the
// binary as built, over 1, 4 and 16 copies of a real tree made in a
// temporary directory, so that the time of a run is held to the tree's
// size and its memory to the links still waiting (decisions S-14, S-15),
// by numbers: CPU time and peak RSS of the whole process (decision S-20).

// treeCopies are the rows of the tree axis: how many copies of the tree
// each lints.
var treeCopies = []int{1, 4, 16}

// treeSources are the trees copied, the first found: Debian's
// python3.11-doc, else the pages bundled with the benchmarks.
var treeSources = []string{"/usr/share/doc/python3.11/html", "../../testdata/bench/pydocs"}

// treeRuns is how many runs each row takes: its least CPU time and its
// largest peak RSS count.
const treeRuns = 3

// The bounds of the tree axis: the CPU time per copy at the most copies
// at most treeTimeLimit times that at one copy (the slack scale.Limit
// leaves linear time, a third of the way to quadratic at 8n), and the
// peak RSS at most treeMemoryLimit times that of one copy, for a tree
// treeCopies' last times as large.
const (
	treeTimeLimit   = scale.Limit / 8
	treeMemoryLimit = 4.0
)

// treeRow is one row of the tree axis.
type treeRow struct {
	copies, files int
	bytes         int64
	cpu           time.Duration
	rss           int64
}

// writeTreeTable writes the tree axis's rows as make scale prints them:
// each row's size, CPU time, CPU time per copy over that of the first
// row, and peak RSS.
func writeTreeTable(w io.Writer, source string, runs int, rows []treeRow) {
	fmt.Fprintf(w, "relurl lint over copies of %s (the least CPU of %d runs, the largest peak RSS):\n\n", source, runs)
	fmt.Fprintf(w, "  %6s %8s %10s %10s %14s %12s\n", "copies", "files", "MB", "CPU", "CPU per copy", "peak RSS")
	for _, r := range rows {
		per := float64(r.cpu) / float64(r.copies) / (float64(rows[0].cpu) / float64(rows[0].copies))
		fmt.Fprintf(w, "  %6d %8d %10.1f %9.2fs %13.2f× %9.1f MB\n", r.copies, r.files, float64(r.bytes)/1e6,
			r.cpu.Seconds(), per, float64(r.rss)/(1<<20))
	}
}

// TestTreeTable holds the tree axis's table to its shape: a title naming
// the tree and the runs, a header, and a row a count of copies with each
// figure in its column.
func TestTreeTable(t *testing.T) {
	var b strings.Builder
	writeTreeTable(&b, "/usr/share/doc/python3.11/html", 3, []treeRow{
		{copies: 1, files: 600, bytes: 64_000_000, cpu: 500 * time.Millisecond, rss: 52 << 20},
		{copies: 4, files: 2400, bytes: 256_000_000, cpu: 2200 * time.Millisecond, rss: 80 << 20},
		{copies: 16, files: 9600, bytes: 1_024_000_000, cpu: 9 * time.Second, rss: 120 << 20},
	})
	want := `relurl lint over copies of /usr/share/doc/python3.11/html (the least CPU of 3 runs, the largest peak RSS):

  copies    files         MB        CPU   CPU per copy     peak RSS
       1      600       64.0      0.50s          1.00×      52.0 MB
       4     2400      256.0      2.20s          1.10×      80.0 MB
      16     9600     1024.0      9.00s          1.12×     120.0 MB
`
	if got := b.String(); got != want {
		t.Errorf("the table:\n%s\nwant:\n%s", got, want)
	}
}

// TestScaleTrees measures the tree axis when RELURL_SCALE is set (make
// scale): it builds relurl, copies the tree again for each row up to the
// row's count, runs relurl lint --no-config over the copies treeRuns
// times, prints the table, and fails when the CPU time per copy or the
// peak RSS grows past its bound.
func TestScaleTrees(t *testing.T) {
	if os.Getenv("RELURL_SCALE") == "" {
		t.Skip("the scaling suite runs with RELURL_SCALE=1 (make scale)")
	}
	if scale.Race {
		t.Skip("timings mean little under the race detector")
	}
	source := ""
	for _, s := range treeSources {
		if fi, err := os.Stat(s); err == nil && fi.IsDir() {
			source = s
			break
		}
	}
	if source == "" {
		t.Skipf("none of %v is a directory", treeSources)
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "relurl")
	build := exec.Command("go", "build", "-o", bin, ".")
	build.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	tree := filepath.Join(dir, "tree")
	var rows []treeRow
	var row treeRow
	for _, k := range treeCopies {
		for ; row.copies < k; row.copies++ {
			files, n, err := copyTree(source, filepath.Join(tree, fmt.Sprintf("copy%02d", row.copies)))
			if err != nil {
				t.Fatal(err)
			}
			row.files += files
			row.bytes += n
		}
		row.cpu, row.rss = 0, 0
		for i := range treeRuns {
			cpu, rss, err := lintTree(bin, tree)
			if err != nil {
				t.Fatal(err)
			}
			if i == 0 || cpu < row.cpu {
				row.cpu = cpu
			}
			row.rss = max(row.rss, rss)
		}
		rows = append(rows, row)
	}
	var table bytes.Buffer
	writeTreeTable(&table, source, treeRuns, rows)
	if testing.Verbose() {
		os.Stdout.Write(table.Bytes())
	}
	first, last := rows[0], rows[len(rows)-1]
	if per := float64(last.cpu) / float64(last.copies) / (float64(first.cpu) / float64(first.copies)); per > treeTimeLimit {
		t.Errorf("CPU time per copy grew %.2f× from 1 to %d copies (limit %g×): super-linear\n%s", per, last.copies, treeTimeLimit, table.String())
	}
	if last.rss > 0 && float64(last.rss) > treeMemoryLimit*float64(first.rss) {
		t.Errorf("peak RSS grew %.2f× from 1 to %d copies (limit %g×)\n%s", float64(last.rss)/float64(first.rss), last.copies, treeMemoryLimit, table.String())
	}
}

// lintTree runs relurl lint over tree and returns the CPU time (user and
// system) and the peak RSS of the process. relurl lint exits 1 when it
// finds something: any exit is a run. The kernel counts in the child's
// peak RSS this process's as the child execs (Go starts it with vfork,
// sharing this process's memory until then): the test copies a file at a
// time, so that its own stays well under relurl's.
func lintTree(bin, tree string) (time.Duration, int64, error) {
	cmd := exec.Command(bin, "lint", "--no-config", "--format", "json", tree)
	cmd.Stdout, cmd.Stderr = io.Discard, io.Discard
	if err := cmd.Run(); err != nil && cmd.ProcessState == nil {
		return 0, 0, fmt.Errorf("relurl lint: %w", err)
	}
	if code := cmd.ProcessState.ExitCode(); code != 0 && code != 1 {
		return 0, 0, fmt.Errorf("relurl lint %s: exit status %d", tree, code)
	}
	var rss int64
	if u, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		rss = u.Maxrss << 10 // kilobytes on Linux
	}
	return cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime(), rss, nil
}

// copyTree copies the tree src to dst as cp -r does (a symbolic link as a
// link) and returns the number of regular files and their bytes.
func copyTree(src, dst string) (files int, n int64, err error) {
	err = filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, path)
		if err != nil {
			return err
		}
		to := filepath.Join(dst, rel)
		switch {
		case d.IsDir():
			return os.MkdirAll(to, 0o755)
		case d.Type()&fs.ModeSymlink != 0:
			link, err := os.Readlink(path)
			if err != nil {
				return err
			}
			return os.Symlink(link, to)
		case d.Type().IsRegular():
			data, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			files++
			n += int64(len(data))
			return os.WriteFile(to, data, 0o644)
		}
		return nil
	})
	return files, n, err
}
