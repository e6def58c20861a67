package scale

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// The tree axis (decision S-20): relurl lint, a binary as built, over 1,
// 4 and 16 copies of a real tree made in a temporary directory, so that
// the time of a run is held to the tree's size and its memory to the
// links still waiting (decisions S-14, S-15), by numbers: CPU time and
// peak RSS of the whole process. make scale measures it (TestScaleTrees
// in cmd/relurl) and judges it against [TreeTimeLimit] and
// [TreeMemoryLimit]; make bench writes it into the benchmark report
// beside the whole processes (lint/internal/benchratio).

// TreeCopies returns the rows of the tree axis: how many copies of the
// tree each lints, in increasing order.
func TreeCopies() []int { return []int{1, 4, 16} }

// TreeRuns is how many runs each row of the tree axis takes: its least
// CPU time and its largest peak RSS count.
const TreeRuns = 3

// The bounds of the tree axis: the CPU time per copy at the most copies
// at most TreeTimeLimit times that at one copy (the slack [Limit] leaves
// linear time, a third of the way to quadratic at 8n), and the peak RSS
// at most TreeMemoryLimit times that of one copy, for a tree
// [TreeCopies]' last times as large.
const (
	TreeTimeLimit   = Limit / 8
	TreeMemoryLimit = 4.0
)

// TreeSources returns the trees the tree axis copies, in the order they
// are tried: Debian's python3.11-doc, else the pages bundled with the
// benchmarks under root, the repository's root.
func TreeSources(root string) []string {
	return []string{"/usr/share/doc/python3.11/html", filepath.Join(root, "testdata", "bench", "pydocs")}
}

// TreeSource returns the first of [TreeSources] that is a directory, or
// an error naming them all when none is.
func TreeSource(root string) (string, error) {
	sources := TreeSources(root)
	for _, s := range sources {
		if fi, err := os.Stat(s); err == nil && fi.IsDir() {
			return s, nil
		}
	}
	return "", fmt.Errorf("none of %v is a directory", sources)
}

// TreeArgs are the arguments relurl is run with over the copies, the
// tree's path after them: the default settings on one worker, as the
// whole processes of the benchmark report run it, so that the rows
// compare with the floor's.
func TreeArgs() []string { return []string{"lint", "-j", "1", "--no-config"} }

// TreeRow is one row of the tree axis.
type TreeRow struct {
	// Copies is how many copies of the tree were linted; Files and Bytes
	// are their regular files and those files' size.
	Copies, Files int
	Bytes         int64
	// CPU is the least CPU time (user and system) of the runs, RSS the
	// largest peak resident set, in bytes (0 where the system does not
	// say).
	CPU time.Duration
	RSS int64
}

// PerCopy is the CPU time per copy of r over that of first, the row of
// one copy: 1 for time linear in the tree's size.
func (r TreeRow) PerCopy(first TreeRow) float64 {
	return float64(r.CPU) / float64(r.Copies) / (float64(first.CPU) / float64(first.Copies))
}

// MeasureTrees measures the tree axis: it copies source into dir (a
// directory of its own, which it fills) again for each row up to the
// row's count of copies, and runs bin, a relurl as built, with
// [TreeArgs] over the copies [TreeRuns] times. The rows are in the order
// of [TreeCopies].
func MeasureTrees(bin, source, dir string) ([]TreeRow, error) {
	tree := filepath.Join(dir, "tree")
	var rows []TreeRow
	var row TreeRow
	for _, k := range TreeCopies() {
		for ; row.Copies < k; row.Copies++ {
			files, n, err := CopyTree(source, filepath.Join(tree, fmt.Sprintf("copy%02d", row.Copies)))
			if err != nil {
				return nil, err
			}
			row.Files += files
			row.Bytes += n
		}
		row.CPU, row.RSS = 0, 0
		for i := range TreeRuns {
			cpu, rss, err := LintTree(bin, tree)
			if err != nil {
				return nil, err
			}
			if i == 0 || cpu < row.CPU {
				row.CPU = cpu
			}
			row.RSS = max(row.RSS, rss)
		}
		rows = append(rows, row)
	}
	return rows, nil
}

// TreeGrowth is how the last of rows grew over the first: its CPU time
// per copy over the first's ([TreeRow.PerCopy]) and its peak RSS over
// the first's, 0 where the system does not give the peak RSS. ok is
// false when there is nothing to judge: fewer than two rows, or a first
// row without CPU time.
func TreeGrowth(rows []TreeRow) (perCopy, rss float64, ok bool) {
	if len(rows) < 2 || rows[0].CPU <= 0 {
		return 0, 0, false
	}
	first, last := rows[0], rows[len(rows)-1]
	if first.RSS > 0 {
		rss = float64(last.RSS) / float64(first.RSS)
	}
	return last.PerCopy(first), rss, true
}

// TreeBounds judges rows, as [MeasureTrees] gives them, against
// [TreeTimeLimit] and [TreeMemoryLimit]: the CPU time per copy and the
// peak RSS of the last row over those of the first ([TreeGrowth]). It
// returns what passes its bound, a sentence each; none when both are
// within. A peak RSS the system does not give is not judged; a first row
// without CPU time is a failure, since nothing could be judged against
// it.
func TreeBounds(rows []TreeRow) []string {
	if len(rows) < 2 {
		return nil
	}
	perCopy, rss, ok := TreeGrowth(rows)
	if !ok {
		return []string{"the first row has no CPU time: the growth cannot be judged"}
	}
	first, last := rows[0], rows[len(rows)-1]
	var over []string
	if perCopy > TreeTimeLimit {
		over = append(over, fmt.Sprintf("CPU time per copy grew %.2f× from %d to %d copies (limit %g×): super-linear", perCopy, first.Copies, last.Copies, TreeTimeLimit))
	}
	if rss > TreeMemoryLimit {
		over = append(over, fmt.Sprintf("peak RSS grew %.2f× from %d to %d copies (limit %g×)", rss, first.Copies, last.Copies, TreeMemoryLimit))
	}
	return over
}

// WriteTreeTable writes the tree axis's rows as a section of text: its
// title ([TreeTitle]) and an empty line; a header; and a row per count
// of copies, with its size, CPU time, CPU time per copy over that of the
// first row, and peak RSS, in MB of 2^20 bytes. The title's words up to
// its first parenthesis are the same for every tree and run, so that a
// report names the section by them (decision S-19).
func WriteTreeTable(w io.Writer, source, run string, rows []TreeRow) error {
	var b strings.Builder
	b.WriteString(TreeTitle(source, run) + "\n")
	fmt.Fprintf(&b, "  %6s %8s %10s %10s %14s %12s\n", "copies", "files", "MB", "CPU", "CPU per copy", "peak RSS")
	for _, r := range rows {
		fmt.Fprintf(&b, "  %6d %8d %10.1f %9.2fs %13.2f× %9.1f MB\n", r.Copies, r.Files, float64(r.Bytes)/1e6,
			r.CPU.Seconds(), r.PerCopy(rows[0]), float64(r.RSS)/(1<<20))
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// TreeTitle is the title of the tree axis's table, each of its lines
// ended by a line break: the command, the tree source, the runs and run
// ("": none), what says when the rows were measured.
func TreeTitle(source, run string) string {
	if run != "" {
		run = "; " + run
	}
	return fmt.Sprintf("The tree axis (relurl %s over copies of %s,\nthe least CPU of %d runs, the largest peak RSS, in MB of 2^20 bytes%s):\n",
		strings.Join(TreeArgs(), " "), source, TreeRuns, run)
}

// LintTree runs bin with [TreeArgs] over tree and returns the CPU time
// (user and system) and the peak RSS of the process. relurl lint exits 1
// when it finds something: an exit of 0 or 1 is a run, any other an
// error. The kernel counts in the child's peak RSS the parent's as the
// child execs (Go starts it with vfork, sharing the parent's memory
// until then): [CopyTree] copies a file at a time, so that the parent's
// stays well under relurl's.
func LintTree(bin, tree string) (time.Duration, int64, error) {
	cmd := exec.Command(bin, append(TreeArgs(), tree)...)
	cmd.Stdout, cmd.Stderr = io.Discard, io.Discard
	err := cmd.Run()
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		return 0, 0, fmt.Errorf("relurl lint: %w", err)
	}
	if code := cmd.ProcessState.ExitCode(); code != 0 && code != 1 {
		return 0, 0, fmt.Errorf("relurl lint %s: exit status %d", tree, code)
	}
	return cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime(), PeakRSS(cmd.ProcessState), nil
}

// CopyTree copies the tree src to dst as cp -r does (a symbolic link as
// a link, a file as a file of its own, not a hard link) and returns the
// number of regular files and their bytes.
func CopyTree(src, dst string) (files int, n int64, err error) {
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
